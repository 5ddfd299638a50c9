// The importer end to end: the saved real pages and generated JPEGs served from 127.0.0.1 through the real
// SSRF-safe fetcher (its test origin plays the platform hosts), down to the data URLs and the
// error codes (worded here as the web client words them).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../../../server/env';
import { createSafeFetcher, type Resolver } from '../../../server/services/listing/fetcher';
import { createListingImporterFromEnv } from '../../../server/services/listing/fromEnv';
import {
  createListingImporter,
  ListingImportError,
  type ListingImporter,
} from '../../../server/services/listing/importListing';
import { listingErrorText } from '../../../web/api/listing';
import {
  AIRBNB_NEGATIVE,
  AIRBNB_SSR,
  BOOKING_2026,
  BOOKING_404,
  jpegLabelOfDataUrl,
  readFixtureHtml,
  startListingServer,
  targetOf,
  type ListingServer,
  type Override,
} from '../../helpers/listingFixtures';

const resolveToPrivate: Resolver = async () => [{ address: '10.0.0.5', family: 4 }];
const PLATFORM_HOST = /(?:^|\.)(?:airbnb\.[a-z.]+|booking\.com|muscache\.com|bstatic\.com)$/;

let server: ListingServer;
let importer: ListingImporter;

beforeAll(async () => {
  server = await startListingServer();
  const fetcher = createSafeFetcher({
    resolve: resolveToPrivate,
    // Every platform host except evil.airbnb.de is served by the local fixture server.
    testOriginFor: (host) =>
      host !== 'evil.airbnb.de' && PLATFORM_HOST.test(host) ? server.origin : undefined,
  });
  importer = createListingImporter({ fetcher });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.setOverride(null);
});

/** The failure as the user meets it: its code, platform and details, and the German text the client shows. */
async function importError(url: string, signal?: AbortSignal) {
  const error: unknown = await importer.importListing(url, signal).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ListingImportError))
    throw new Error(`expected a ListingImportError, got ${String(error)}`);
  const { code, platform, details } = error;
  return { code, platform, details, message: listingErrorText(code, platform) };
}

const imageRequests = () => server.requests.filter((r) => /\.(?:jpe?g|png|webp)(?:\?|$)/.test(r.target));

/** Answers the n-th photo of a page (1-based, in the expected order) with a handler of the test's choice. */
function photoOverride(expected: string[], handlers: Record<number, Override>): Override {
  return (req, res, target) => {
    const n = expected.findIndex((url) => targetOf(url) === target) + 1;
    return handlers[n]?.(req, res, target) ?? false;
  };
}

describe('fixture pages import with exactly the expected photos', () => {
  it('Airbnb: the first 10 of the 17 photos, in order, as JPEG data URLs', async () => {
    const result = await importer.importListing(AIRBNB_SSR.url);
    expect(result.platform).toBe('airbnb');
    expect(result.warnings).toBeUndefined();
    expect(result.images).toHaveLength(10);
    expect(result.images.every((url) => url.startsWith('data:image/jpeg;base64,'))).toBe(true);
    expect(result.images.map(jpegLabelOfDataUrl)).toEqual(AIRBNB_SSR.expected.slice(0, 10).map(targetOf));
    expect(server.requests[0]?.target).toBe('www.airbnb.it/rooms/1438101512728990114');
    expect(imageRequests()).toHaveLength(10);
  });

  it('Airbnb by bare room id: fetched from airbnb.de', async () => {
    const result = await importer.importListing(' 1438101512728990114 ');
    expect(server.requests[0]?.target).toBe('www.airbnb.de/rooms/1438101512728990114');
    expect(result.images.map(jpegLabelOfDataUrl)).toEqual(AIRBNB_SSR.expected.slice(0, 10).map(targetOf));
  });

  it('Booking.com: the first 20 of the 45 photos at max1280x900, in order', async () => {
    const result = await importer.importListing(BOOKING_2026.url);
    expect(result.platform).toBe('booking');
    expect(result.images.map(jpegLabelOfDataUrl)).toEqual(BOOKING_2026.expected.slice(0, 20).map(targetOf));
    expect(imageRequests()).toHaveLength(20);
  });

  it('Airbnb NEGATIVE page: no images, and no photo of another listing is downloaded', async () => {
    const error = await importError(AIRBNB_NEGATIVE.url);
    expect(error).toMatchObject({
      code: 'NO_IMAGES_FOUND',
      message: 'Auf der Airbnb-Seite wurden keine Bilder gefunden.',
    });
    expect(imageRequests()).toEqual([]);
  });

  it('Booking.com error 404 page: not a valid listing, whether served with 200 or 404', async () => {
    const error = await importError(BOOKING_404.url);
    expect(error).toMatchObject({
      code: 'LISTING_NOT_FOUND',
      message: 'Der Link führt nicht zu einer gültigen Booking.com-Unterkunft.',
    });
    server.setOverride((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end(readFixtureHtml(BOOKING_404));
      return true;
    });
    expect(await importError(BOOKING_404.url)).toMatchObject({
      code: 'LISTING_NOT_FOUND',
      details: { status: 404 },
    });
  });
});

describe('page problems', () => {
  const servePage = (status: number, body: string, headers: Record<string, string> = {}) =>
    server.setOverride((_req, res) => {
      res.writeHead(status, { 'content-type': 'text/html', ...headers });
      res.end(body);
      return true;
    });
  const CAPTCHA_DE =
    'Booking.com verlangt eine manuelle Bestätigung (Captcha). Bitte versuche es später erneut oder nutze einen Airbnb-Link.';

  it.each([
    ['an empty 202 (AWS WAF challenge)', 202, '', {}],
    ['the x-amzn-waf-action header', 405, '<html></html>', { 'x-amzn-waf-action': 'captcha' }],
    ['a challenge page', 200, '<html><script>window.gokuProps = {};</script></html>', {}],
  ])('Booking.com bot wall: %s', async (_name, status, body, headers) => {
    servePage(status, body, headers);
    expect(await importError(BOOKING_2026.url)).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
      message: CAPTCHA_DE,
    });
  });

  it('a Booking.com page without photos: the hint to use an Airbnb link', async () => {
    servePage(200, '<html><body>Ein Hotel ohne Fotos</body></html>');
    expect(await importError(BOOKING_2026.url)).toMatchObject({
      code: 'NO_IMAGES_FOUND',
      message: 'Keine Bilder gefunden. Tipp: Nutze einen Airbnb-Link.',
    });
  });

  it('a server error is a failed page fetch with its status', async () => {
    servePage(500, 'kaputt');
    expect(await importError(AIRBNB_SSR.url)).toMatchObject({
      code: 'PAGE_FETCH_FAILED',
      message: 'Die Airbnb-Seite konnte nicht abgerufen werden.',
      details: { status: 500 },
    });
  });

  it('a room that redirects to the home page is not a valid listing', async () => {
    server.setOverride((req, res) => {
      if (!req.url?.startsWith('/rooms/')) return false;
      res.writeHead(301, { location: '/' });
      res.end();
      return true;
    });
    expect(await importError(AIRBNB_SSR.url)).toMatchObject({
      code: 'LISTING_NOT_FOUND',
      message: 'Der Link führt nicht zu einer gültigen Airbnb-Unterkunft.',
    });
  });

  it('a listing host that resolves to a private address is never contacted', async () => {
    expect(await importError('https://evil.airbnb.de/rooms/12345678')).toMatchObject({
      code: 'PAGE_FETCH_FAILED',
      details: { reason: 'ADDRESS_NOT_ALLOWED' },
    });
    expect(server.requests).toEqual([]);
  });

  it.each([
    ['kein Link', 'INVALID_URL', 'Bitte gib eine gültige URL ein'],
    [
      'https://www.example.com/rooms/12345678',
      'UNSUPPORTED_PLATFORM',
      'Bitte nutze einen Link zu Airbnb oder Booking.com.',
    ],
    [
      'https://www.airbnb.de/s/Berlin/homes',
      'INVALID_LISTING_URL',
      'Der Link führt nicht zu einer gültigen Airbnb-Unterkunft.',
    ],
    [
      'https://www.airbnb.de/rooms/1234567',
      'INVALID_LISTING_URL',
      'Der Link führt nicht zu einer gültigen Airbnb-Unterkunft.',
    ],
    [
      'https://www.booking.com/searchresults.de.html?ss=Berlin',
      'INVALID_LISTING_URL',
      expect.stringContaining('Hotelseite'),
    ],
  ])('input %s -> %s before any fetch', async (url, code, message) => {
    expect(await importError(url)).toMatchObject({ code, message });
    expect(server.requests).toEqual([]);
  });
});

describe('photo downloads', () => {
  it('one bad photo becomes a warning naming its problem; the others still arrive', async () => {
    const chunkedTooLarge: Override = (_req, res) => {
      res.writeHead(200);
      const mb = Buffer.alloc(1024 * 1024, 0xff);
      for (let i = 0; i < 11; i++) res.write(mb);
      res.end();
      return true;
    };
    server.setOverride(
      photoOverride(AIRBNB_SSR.expected, {
        2: (_req, res) => (res.writeHead(404).end(), true),
        3: (_req, res) => (res.writeHead(200, { 'content-length': 0 }).end(), true),
        4: (_req, res) => (
          res.writeHead(200, { 'content-length': 12 * 1024 * 1024 }).end(Buffer.alloc(12 * 1024 * 1024)),
          true
        ),
        5: chunkedTooLarge,
        6: (_req, res) => (
          res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>kein Bild</html>'),
          true
        ),
      }),
    );
    const result = await importer.importListing(AIRBNB_SSR.url);
    expect(result.warnings).toEqual([
      { image: 2, kind: 'status', status: 404 },
      { image: 3, kind: 'empty' },
      { image: 4, kind: 'tooLarge', bytes: 12 * 1024 * 1024 },
      { image: 5, kind: 'tooLarge', bytes: null },
      { image: 6, kind: 'unsupportedFormat' },
    ]);
    const kept = [1, 7, 8, 9, 10].map((n) => targetOf(AIRBNB_SSR.expected[n - 1] as string));
    expect(result.images.map(jpegLabelOfDataUrl)).toEqual(kept);
  });

  it('a photo of exactly 10 MB is accepted', async () => {
    const png = Buffer.alloc(10 * 1024 * 1024);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    server.setOverride(
      photoOverride(BOOKING_2026.expected, { 1: (_req, res) => (res.writeHead(200).end(png), true) }),
    );
    const result = await importer.importListing(BOOKING_2026.url);
    expect(result.warnings).toBeUndefined();
    expect(result.images[0]?.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true);
    expect(Buffer.from((result.images[0] as string).split(',')[1] as string, 'base64')).toHaveLength(
      png.length,
    );
  });

  it('the type comes from the bytes, never from the header', async () => {
    const webp = Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1');
    server.setOverride(
      photoOverride(AIRBNB_SSR.expected, {
        1: (_req, res) => (res.writeHead(200, { 'content-type': 'image/jpeg' }).end(webp), true),
      }),
    );
    const result = await importer.importListing(AIRBNB_SSR.url);
    expect(result.images[0]).toBe(`data:image/webp;base64,${webp.toString('base64')}`);
  });

  it('when no photo arrives at all, the import fails and lists why', async () => {
    server.setOverride((req, res) => {
      if (!req.url?.includes('/im/pictures/')) return false;
      res.writeHead(503).end();
      return true;
    });
    const error = await importError(AIRBNB_SSR.url);
    expect(error).toMatchObject({
      code: 'IMAGES_FETCH_FAILED',
      message: 'Von Airbnb konnten keine Bilder geladen werden.',
    });
    expect(error.details.warnings).toHaveLength(10);
    expect((error.details.warnings as unknown[])[9]).toEqual({ image: 10, kind: 'status', status: 503 });
  });

  it('downloads at most 4 photos at the same time', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    server.setOverride((req, res) => {
      if (!req.url?.includes('/xdata/')) return false;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(200).end(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
      }, 15);
      return true;
    });
    const result = await importer.importListing(BOOKING_2026.url);
    expect(result.images).toHaveLength(20);
    expect(maxInFlight).toBe(4);
  });

  it('stops downloading when the caller aborts', async () => {
    const controller = new AbortController();
    server.setOverride((req) => {
      if (!req.url?.includes('/xdata/')) return false;
      controller.abort(); // the first photo request: the client has gone away
      return true; // and never answer
    });
    const outcome = await importer.importListing(BOOKING_2026.url, controller.signal).then(
      () => 'resolved',
      (e: unknown) => (e as { code?: string }).code,
    );
    expect(outcome).toBe('ABORTED');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(imageRequests().length).toBeLessThanOrEqual(4);
  });
});

describe('#createListingImporterFromEnv', () => {
  it('with NODE_ENV=test and LISTING_TEST_ORIGIN, imports from the local server', async () => {
    const fromEnv = createListingImporterFromEnv({ NODE_ENV: 'test', LISTING_TEST_ORIGIN: server.origin });
    const result = await fromEnv.importListing(BOOKING_2026.url);
    expect(result.images.map(jpegLabelOfDataUrl)).toEqual(BOOKING_2026.expected.slice(0, 20).map(targetOf));
  });

  it('refuses to start in production with a test origin', () => {
    expect(() =>
      createListingImporterFromEnv({ NODE_ENV: 'production', LISTING_TEST_ORIGIN: server.origin }),
    ).toThrow(/production/);
  });

  it('reads the process environment through the parsed env', () => {
    vi.stubEnv('LISTING_TEST_ORIGIN', 'http://127.0.0.1:1');
    vi.stubEnv('NODE_ENV', 'production');
    try {
      expect(() => createListingImporterFromEnv(parseEnv(process.env))).toThrow(/production/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
