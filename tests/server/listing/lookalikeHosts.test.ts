// The server refuses every look-alike host before any network work: no DNS lookup, no connection, for the
// listing page itself, a redirect from a real listing page, and a photo. The fetcher is the real one; its resolver
// and test origin are spies, so a request that got as far as the network would show up in them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetcher, FetchError, type Resolver } from '../../../server/services/listing/fetcher';
import { createListingImporter, ListingImportError } from '../../../server/services/listing/importListing';
import { LOOKALIKE_HOSTS } from '../../helpers/lookalikeHosts';

const resolved: string[] = [];
const connected: string[] = [];
let redirectTo = '';
let local: Server;
let origin = '';

const resolver: Resolver = async (hostname) => {
  resolved.push(hostname);
  return [{ address: '127.0.0.1', family: 4 }];
};

beforeAll(async () => {
  // Stands for www.airbnb.de: every page redirects to the current look-alike.
  local = createServer((_req, res) => res.writeHead(302, { location: redirectTo }).end());
  await new Promise<void>((done) => local.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => local.close(() => done())));

const fetcher = createSafeFetcher({
  resolve: resolver,
  testOriginFor: (host) => {
    connected.push(host);
    return host === 'www.airbnb.de' ? origin : undefined;
  },
});
const importer = createListingImporter({ fetcher });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (error instanceof ListingImportError || error instanceof FetchError) return error.code;
  throw new Error(`expected a refusal, got ${String(error)}`);
}

describe('look-alike hosts on the server', () => {
  it.each(LOOKALIKE_HOSTS)(
    '%s: refused as page, redirect and photo, with no network request',
    async (host) => {
      resolved.length = 0;
      connected.length = 0;
      const link = `https://${host}/rooms/12345678`;
      expect(await codeOf(importer.importListing(link))).toBe('INVALID_LISTING_URL');
      expect(await codeOf(fetcher.fetch(link, { kind: 'page' }))).toBe('HOST_NOT_ALLOWED');
      expect(await codeOf(fetcher.fetch(`https://${host}/im/pictures/1.jpg`, { kind: 'image' }))).toBe(
        'HOST_NOT_ALLOWED',
      );
      expect(connected).toEqual([]);

      redirectTo = link;
      expect(await codeOf(importer.importListing('https://www.airbnb.de/rooms/12345678'))).toBe(
        'INVALID_LISTING_URL',
      );
      // Only the real page was asked for; the look-alike it pointed at never was.
      expect(connected).toEqual(['www.airbnb.de']);
      expect(resolved).toEqual([]);
    },
  );
});
