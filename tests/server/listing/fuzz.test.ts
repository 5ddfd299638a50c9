// Hostile and broken HTML never crashes an extractor, and whatever comes out still obeys the extractor's
// promises (only this listing's photo URLs, https, one per photo). Seeded, so a failure can be replayed.
import { describe, expect, it } from 'vitest';
import { extractListing } from '../../../server/services/listing/extract';
import { AIRBNB_SSR, BOOKING_2026, LISTING_FIXTURES, readFixtureHtml } from '../../helpers/listingFixtures';

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOKENS = [
  '<',
  '>',
  '"',
  "'",
  '`',
  '[',
  ']',
  '{',
  '}',
  '\\',
  '/',
  ':',
  ',',
  '&amp;',
  '<script>',
  '</script>',
  '<!--',
  '-->',
  '\u0000',
  '\uffff',
  'hotelPhotos: [',
  'Hosting-',
  'data-original-uri="',
  'srcset="',
  '%',
  'é',
];

function mutate(text: string, rand: () => number, edits: number): string {
  let out = text;
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(rand() * (out.length + 1));
    const choice = rand();
    if (choice < 0.4) {
      out = out.slice(0, at) + (TOKENS[Math.floor(rand() * TOKENS.length)] as string) + out.slice(at);
    } else if (choice < 0.7) {
      out = out.slice(0, at) + out.slice(at + 1 + Math.floor(rand() * 40));
    } else if (choice < 0.85) {
      const from = Math.floor(rand() * out.length);
      out = out.slice(0, at) + out.slice(from, from + Math.floor(rand() * 200)) + out.slice(at);
    } else {
      out = out.slice(0, at) + String.fromCharCode(Math.floor(rand() * 0xd7ff)) + out.slice(at + 1);
    }
  }
  return out;
}

/** Runs the extractor and checks the promises of its result. */
function checkExtract(
  platform: 'airbnb' | 'booking',
  html: string,
  pageUrl: string,
  listingId?: string,
): void {
  const result = extractListing(platform, html, pageUrl);
  if ('problem' in result) {
    expect(['captcha', 'notFound', 'noImages']).toContain(result.problem);
    return;
  }
  expect(result.images.length).toBeGreaterThan(0);
  expect(result.images.length).toBeLessThanOrEqual(platform === 'airbnb' ? 10 : 20);
  expect(result.sources.length).toBeGreaterThan(0);
  for (const url of result.images) {
    const parsed = new URL(url);
    expect(parsed.protocol).toBe('https:');
    if (platform === 'airbnb') {
      expect(parsed.hostname).toMatch(/\.muscache\.com$/);
      expect(parsed.search).toBe('');
      if (result.sources[0] !== 'deferred-state-untagged')
        expect(parsed.pathname).toContain(`/Hosting-${listingId}/`);
    } else {
      expect(parsed.pathname).toMatch(/^\/xdata\/images\/hotel\/[a-z0-9]+\/\d+\./i);
    }
  }
  if (platform === 'booking') {
    const ids = result.images.map((url) => /\/(\d+)\.[a-z]+\?/i.exec(url)?.[1] ?? url);
    expect(new Set(ids).size).toBe(ids.length);
  }
}

/** The part of a fixture the extractor really reads, so that many variants stay fast to parse. */
function excerpt(html: string, marker: string, before: number, after: number): string {
  const at = html.indexOf(marker);
  expect(at).toBeGreaterThan(-1);
  return html.slice(Math.max(0, at - before), at + after);
}

const AIRBNB_ID = '1438101512728990114';
const airbnbCore = () =>
  excerpt(readFixtureHtml(AIRBNB_SSR), '<script id="data-deferred-state-0"', 200, 160_000);
const bookingCore = () => excerpt(readFixtureHtml(BOOKING_2026), 'hotelPhotos: [', 2_000, 36_000);

describe('extractors on broken input', () => {
  it('the excerpts alone still yield the expected photos (so the fuzzing below starts from working input)', () => {
    expect(extractListing('airbnb', airbnbCore(), AIRBNB_SSR.url)).toMatchObject({
      images: AIRBNB_SSR.expected.slice(0, 10),
    });
    expect(extractListing('booking', bookingCore(), BOOKING_2026.url)).toMatchObject({
      images: BOOKING_2026.expected.slice(0, 20),
    });
  });

  it('every fixture page truncated at 6 points', () => {
    for (const f of LISTING_FIXTURES) {
      const html = readFixtureHtml(f);
      for (let i = 1; i <= 6; i++) {
        checkExtract(f.platform, html.slice(0, Math.floor((html.length * i) / 7)), f.url, AIRBNB_ID);
      }
    }
  });

  it('the Airbnb deferred state truncated at 60 points', () => {
    const core = airbnbCore();
    for (let i = 0; i < 60; i++)
      checkExtract('airbnb', core.slice(0, Math.floor((core.length * i) / 60)), AIRBNB_SSR.url, AIRBNB_ID);
  });

  it('the Booking hotelPhotos literal truncated at 150 points', () => {
    const core = bookingCore();
    for (let i = 0; i < 150; i++)
      checkExtract('booking', core.slice(0, Math.floor((core.length * i) / 150)), BOOKING_2026.url);
  });

  it('random mutations of both excerpts (seeded)', () => {
    const rand = random(20260504);
    const airbnb = airbnbCore();
    const booking = bookingCore();
    for (let i = 0; i < 40; i++) {
      checkExtract('airbnb', mutate(airbnb, rand, 1 + Math.floor(rand() * 30)), AIRBNB_SSR.url, AIRBNB_ID);
      checkExtract('booking', mutate(booking, rand, 1 + Math.floor(rand() * 30)), BOOKING_2026.url);
    }
  });

  it('random bytes and token soup (seeded)', () => {
    const rand = random(7);
    for (let i = 0; i < 150; i++) {
      const length = Math.floor(rand() * 3000);
      let soup = '';
      while (soup.length < length) {
        soup +=
          rand() < 0.5
            ? TOKENS[Math.floor(rand() * TOKENS.length)]
            : String.fromCharCode(Math.floor(rand() * 256));
      }
      checkExtract('airbnb', soup, 'https://www.airbnb.de/rooms/12345678', '12345678');
      checkExtract('booking', soup, 'https://www.booking.com/hotel/de/x.html');
    }
  });

  it('pathological shapes: deep nesting, an endless array, huge attributes, a lone NUL', () => {
    const deep = '['.repeat(200_000) + '"x"' + ']'.repeat(200_000);
    const cases: ['airbnb' | 'booking', string][] = [
      ['airbnb', `<script id="data-deferred-state-0" type="application/json">${deep}</script>`],
      ['airbnb', `<script id="data-deferred-state-0" type="application/json">{"a":${deep}}</script>`],
      ['booking', `<script>hotelPhotos: ${'['.repeat(300_000)}</script>`],
      ['booking', `<script>hotelPhotos: ['${"\\'".repeat(100_000)}</script>`],
      ['airbnb', `<img data-original-uri="${'x'.repeat(2_000_000)}">`],
      ['booking', `<div id="photo_wrapper"><img srcset="${', '.repeat(500_000)}"></div>`],
      ['booking', `<title>${'robot '.repeat(300_000)}`],
      ['booking', `<div class="${'g-recaptcha '.repeat(100_000)}`],
      ['booking', `hotelPhotos: [ 'https://${'a'.repeat(1_000_000)}`],
      ['airbnb', '\u0000'],
      ['booking', ''],
    ];
    for (const [platform, html] of cases) {
      checkExtract(
        platform,
        html,
        platform === 'airbnb'
          ? 'https://www.airbnb.de/rooms/12345678'
          : 'https://www.booking.com/hotel/de/x.html',
        '12345678',
      );
    }
  });
});
