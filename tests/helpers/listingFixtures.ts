// Test support for the listing import: the saved real pages in ../shared/fixtures/listings with their expected
// photo lists, and a local http server on 127.0.0.1 that plays Airbnb, Booking.com and their image hosts for
// the real fetcher (through its test origin). Every image it serves is a small real JPEG whose comment
// segment names the URL it was served for, so tests can check which photo arrived where.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

const LISTINGS_DIR = new URL('../../../shared/fixtures/listings/', import.meta.url);

export interface ListingFixture {
  name: string;
  platform: 'airbnb' | 'booking';
  /** Path of the HTML below fixtures/listings. */
  file: string;
  /** The listing URL the page was saved from. */
  url: string;
  /** The full ordered photo list of the expected JSON (empty for the NEGATIVE pages). */
  expected: string[];
}

interface ExpectedFile {
  fixture: string;
  listing_url?: string;
  hotel_url?: string;
  og_url?: string;
  requested_url?: string;
  expected_count: number;
  expected_urls_hero_order?: string[];
  expected_urls_highres?: string[];
}

function loadExpected(name: string): ExpectedFile {
  const url = new URL(`expected/${name}.expected.json`, LISTINGS_DIR);
  return JSON.parse(readFileSync(url, 'utf8')) as ExpectedFile;
}

function fixture(name: string): ListingFixture {
  const expected = loadExpected(name);
  const url = expected.listing_url ?? expected.hotel_url ?? expected.og_url ?? expected.requested_url;
  if (url === undefined) throw new Error(`${name}: the expected file names no URL`);
  const photos = expected.expected_urls_hero_order ?? expected.expected_urls_highres ?? [];
  if (photos.length !== expected.expected_count) throw new Error(`${name}: expected_count does not match`);
  return {
    name,
    platform: expected.fixture.startsWith('airbnb/') ? 'airbnb' : 'booking',
    file: expected.fixture,
    url,
    expected: photos,
  };
}

export const AIRBNB_SSR = fixture('airbnb_it_rooms_1438101512728990114_ssr');
export const AIRBNB_NEGATIVE = fixture('airbnb_com_br_rooms_53801777_homepage_dom_NEGATIVE');
export const BOOKING_2026 = fixture('booking_hotel_in_the-taj-mahal-palace-mumbai_2026');
export const BOOKING_404 = fixture('booking_hotel_in_taj-mahal-palace_hi_error404_NEGATIVE');
export const LISTING_FIXTURES: readonly ListingFixture[] = [
  AIRBNB_SSR,
  AIRBNB_NEGATIVE,
  BOOKING_2026,
  BOOKING_404,
];

/** The absolute path of a fixture's saved page. */
export const fixtureFilePath = (f: ListingFixture): string => fileURLToPath(new URL(f.file, LISTINGS_DIR));

const htmlCache = new Map<string, string>();
export function readFixtureHtml(f: ListingFixture): string {
  let html = htmlCache.get(f.file);
  if (html === undefined) {
    html = readFileSync(new URL(f.file, LISTINGS_DIR), 'utf8');
    htmlCache.set(f.file, html);
  }
  return html;
}

let baseJpeg: Promise<Buffer> | undefined;

/** A real 8x8 JPEG with a COM segment holding `label`, right after the start-of-image marker. */
export async function labelledJpeg(label: string): Promise<Buffer> {
  baseJpeg ??= sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 180, g: 140, b: 90 } } })
    .jpeg()
    .toBuffer();
  const base = await baseJpeg;
  const text = Buffer.from(label, 'utf8');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([base.subarray(0, 2), segment, text, base.subarray(2)]);
}

/** The label of a JPEG made by labelledJpeg, read back from a data URL. */
export function jpegLabelOfDataUrl(dataUrl: string): string | null {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes[2] !== 0xff || bytes[3] !== 0xfe) return null;
  return bytes.subarray(6, 4 + bytes.readUInt16BE(4)).toString('utf8');
}

export interface RecordedRequest {
  /** host + path + query as the fetcher asked for it, e.g. a0.muscache.com/im/pictures/… */
  target: string;
  headers: http.IncomingHttpHeaders;
}

/** Handles a request itself (returns true) or leaves it to the default routes (returns false). */
export type Override = (req: http.IncomingMessage, res: http.ServerResponse, target: string) => boolean;

export interface ListingServer {
  origin: string;
  requests: RecordedRequest[];
  /** Replace the overrides (checked before the fixture pages and images). */
  setOverride(override: Override | null): void;
  close(): Promise<void>;
}

const IMAGE_PATH = /\.(?:jpe?g|png|webp)$/i;

/**
 * Serves each fixture page at its listing URL's host and path (any Airbnb host serves the Airbnb pages),
 * and a labelled JPEG for every image path. Everything else is a 404.
 */
export async function startListingServer(): Promise<ListingServer> {
  const requests: RecordedRequest[] = [];
  let override: Override | null = null;
  const pages = new Map(LISTING_FIXTURES.map((f) => [new URL(f.url).pathname, f]));

  const server = http.createServer((req, res) => {
    const target = `${req.headers.host ?? ''}${req.url ?? ''}`;
    requests.push({ target, headers: req.headers });
    if (override?.(req, res, target)) return;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const page = pages.get(path);
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(readFixtureHtml(page));
    } else if (IMAGE_PATH.test(path)) {
      void labelledJpeg(target).then((jpeg) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': jpeg.length });
        res.end(jpeg);
      });
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    setOverride: (next) => {
      override = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The URL without its scheme, as the listing server records it. */
export const targetOf = (url: string): string => url.replace(/^https:\/\//, '');
