// POST /api/scrape-property over real HTTP on 127.0.0.1: the router on a tiny app of its own, once with the
// real importer and fixture server, once with a fake importer to pin every status code.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SCRAPE_PROPERTY_ERROR_CODES,
  ScrapePropertyErrorBody,
  ScrapePropertyResponse,
  type ScrapePropertyErrorCode,
} from '../../../core/contract/scrapeProperty';
import { createScrapePropertyRouter } from '../../../server/routes/scrapeProperty';
import { createSafeFetcher } from '../../../server/services/listing/fetcher';
import {
  createListingImporter,
  ListingImportError,
  type ListingImporter,
} from '../../../server/services/listing/importListing';
import { listingErrorText } from '../../../web/api/listing';
import {
  AIRBNB_NEGATIVE,
  BOOKING_2026,
  jpegLabelOfDataUrl,
  startListingServer,
  targetOf,
  type ListingServer,
} from '../../helpers/listingFixtures';

async function startApp(importer: ListingImporter): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.use('/api', createScrapePropertyRouter({ importer }));
  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    const status = typeof err?.status === 'number' ? err.status : 500;
    res.status(status).json({ error: 'test handler', code: status === 500 ? 'INTERNAL' : 'INVALID_JSON' });
  };
  app.use(onError);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/scrape-property`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const post = (url: string, body: unknown, raw = false) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: raw ? (body as string) : JSON.stringify(body),
  });

describe('with the real importer and the fixture pages', () => {
  let platforms: ListingServer;
  let app: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    platforms = await startListingServer();
    const fetcher = createSafeFetcher({ testOriginFor: () => platforms.origin });
    app = await startApp(createListingImporter({ fetcher }));
  });
  afterAll(async () => {
    await app.close();
    await platforms.close();
  });

  it('200 with the photos of a Booking.com hotel', async () => {
    const res = await post(app.url, { url: BOOKING_2026.url });
    expect(res.status).toBe(200);
    const body = ScrapePropertyResponse.parse(await res.json());
    expect(body.platform).toBe('booking');
    expect(body.images.map(jpegLabelOfDataUrl)).toEqual(BOOKING_2026.expected.slice(0, 20).map(targetOf));
  });

  it('422 with the code and platform the client words for the Airbnb page without this listing', async () => {
    const res = await post(app.url, { url: AIRBNB_NEGATIVE.url });
    expect(res.status).toBe(422);
    const body = ScrapePropertyErrorBody.parse(await res.json());
    expect(body).toEqual({
      error: 'The listing page holds no photos',
      code: 'NO_IMAGES_FOUND',
      details: { platform: 'airbnb' },
    });
    expect(listingErrorText(body.code, 'airbnb')).toBe('Auf der Airbnb-Seite wurden keine Bilder gefunden.');
  });

  it.each([
    [{ url: 'https://www.example.com/x' }, 400, 'UNSUPPORTED_PLATFORM'],
    [{ url: 'keine url' }, 400, 'INVALID_URL'],
    [{ url: '' }, 400, 'INVALID_URL'],
    [{ url: 42 }, 400, 'INVALID_URL'],
    [{ propertyUrl: BOOKING_2026.url }, 400, 'INVALID_URL'],
    [[], 400, 'INVALID_URL'],
  ])('%j -> %i %s', async (body, status, code) => {
    const res = await post(app.url, body);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ code });
  });

  it('leaves malformed JSON to the app error handler', async () => {
    const res = await post(app.url, '{"url": ', true);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_JSON' });
  });
});

describe('with a fake importer', () => {
  let outcome: (signal: AbortSignal) => Promise<never>;
  let app: Awaited<ReturnType<typeof startApp>>;
  const importer: ListingImporter = { importListing: (_url, signal) => outcome(signal as AbortSignal) };

  beforeAll(async () => {
    app = await startApp(importer);
  });
  afterAll(() => app.close());

  const EXPECTED_STATUS: Record<ScrapePropertyErrorCode, number> = {
    INVALID_URL: 400,
    UNSUPPORTED_PLATFORM: 400,
    INVALID_LISTING_URL: 400,
    LISTING_NOT_FOUND: 422,
    NO_IMAGES_FOUND: 422,
    CAPTCHA_REQUIRED: 503,
    PAGE_FETCH_FAILED: 502,
    IMAGES_FETCH_FAILED: 502,
  };

  it.each(SCRAPE_PROPERTY_ERROR_CODES.map((code) => [code, EXPECTED_STATUS[code]] as const))(
    '%s -> %i with its code, platform and an English error for programs',
    async (code, status) => {
      const error = new ListingImportError(code, 'booking', { reason: 'TEST' });
      outcome = () => Promise.reject(error);
      const res = await post(app.url, { url: BOOKING_2026.url });
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({
        error: error.message,
        code,
        details: { reason: 'TEST', platform: 'booking' },
      });
      // German lives only in the client (web/i18n/de.ts); the server's text is for programs and logs.
      expect(error.message).not.toMatch(/[äöüß]|Bitte|Bilder/);
      expect(error.message.length).toBeGreaterThan(10);
    },
  );

  it('an unexpected error goes to the app error handler as a 500', async () => {
    outcome = () => Promise.reject(new TypeError('bug'));
    const res = await post(app.url, { url: BOOKING_2026.url });
    expect(res.status).toBe(500);
  });

  it('aborts the import when the client goes away', async () => {
    let seen: AbortSignal | undefined;
    outcome = (signal) => {
      seen = signal;
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    };
    const req = http.request(app.url, { method: 'POST', headers: { 'content-type': 'application/json' } });
    req.on('error', () => {});
    req.end(JSON.stringify({ url: BOOKING_2026.url }));
    await vi.waitFor(() => expect(seen).toBeDefined());
    expect(seen?.aborted).toBe(false);
    req.destroy();
    await vi.waitFor(() => expect(seen?.aborted).toBe(true));
  });
});
