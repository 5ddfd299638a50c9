// The limits of core/catalog/limits.ts through the code that enforces them: each test reads the constant and
// drives the function or schema that applies it, so it fails when the code and the number drift apart (a
// regex or a cap written down a second time), not when a number is changed on purpose. Limits that only
// screens read (timings, slider clamps) act in React components and are left to the e2e journeys.
import { describe, it, expect } from 'vitest';
import {
  ACCEPTED_FILE_EXTENSIONS,
  ACCEPTED_MIME_TYPES,
  AIRBNB_MAX_ID_DIGITS,
  AIRBNB_MIN_ID_DIGITS,
  BOOKING_IMPORT_MAX,
  MAX_FILE_BYTES,
  MAX_RECOMMENDED_MODES,
  MAX_UPLOAD_FILES,
  SLIDER_MAX_PERCENT,
  SLIDER_MIN_PERCENT,
  SLIDER_START_PERCENT,
  STAGING_BUDGET_DEFAULT_EUR,
  STAGING_BUDGET_MAX_EUR,
  STAGING_BUDGET_MIN_EUR,
  STAGING_BUDGET_STEP_EUR,
  STAGING_CREDITS,
  STAGING_IMAGE_COUNT,
} from '../../../core/catalog/limits';
import { priceUniform } from '../../../core/catalog';
import { PricingError } from '../../../core/catalog/pricing';
import { ImageDataUrl, ImageDataUrlList } from '../../../core/contract/enhance';
import { parseAirbnbInput, readListingInput } from '../../../core/listing/detectPlatform';
import { sniffImageType } from '../../../core/upload/sniffImageType';
import { validateUploads, type UploadCandidate } from '../../../core/upload/validateUploads';

const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const WEBP_HEAD = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);
const APP_LIMITS = { maxFileBytes: MAX_FILE_BYTES, maxFiles: MAX_UPLOAD_FILES };

/** A data: URL whose base64 payload stands for `bytes` bytes (its content is irrelevant to the size check). */
const dataUrlOfBytes = (bytes: number) => `data:image/webp;base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`;

describe('MAX_FILE_BYTES', () => {
  it('lets validateUploads accept a file of exactly the limit and refuse one byte more', () => {
    const files: UploadCandidate[] = [
      { name: 'genau.jpg', size: MAX_FILE_BYTES, head: JPEG_HEAD },
      { name: 'zu-gross.jpg', size: MAX_FILE_BYTES + 1, head: JPEG_HEAD },
    ];
    const decision = validateUploads(files, [], APP_LIMITS);
    expect(decision.accepted.map((a) => a.index)).toEqual([0]);
    expect(decision.rejected).toEqual([{ index: 1, name: 'zu-gross.jpg', reason: 'tooLarge' }]);
  });

  it('lets the request contract carry a data: URL of a file at the limit but not of a much larger one', () => {
    expect(ImageDataUrl.safeParse(dataUrlOfBytes(MAX_FILE_BYTES)).success).toBe(true);
    expect(ImageDataUrl.safeParse(dataUrlOfBytes(MAX_FILE_BYTES + 1024)).success).toBe(false);
  });
});

describe('MAX_UPLOAD_FILES', () => {
  const photo = (i: number): UploadCandidate => ({ name: `foto-${i}.jpg`, size: 1000 + i, head: JPEG_HEAD });

  it('lets validateUploads take a batch of exactly the limit and refuse the next photo as too many', () => {
    const files = Array.from({ length: MAX_UPLOAD_FILES + 1 }, (_, i) => photo(i));
    const decision = validateUploads(files, [], APP_LIMITS);
    expect(decision.accepted).toHaveLength(MAX_UPLOAD_FILES);
    expect(decision.rejected).toEqual([
      { index: MAX_UPLOAD_FILES, name: `foto-${MAX_UPLOAD_FILES}.jpg`, reason: 'tooMany' },
    ]);
  });

  it('counts the photos already held', () => {
    const held = Array.from({ length: MAX_UPLOAD_FILES }, (_, i) => ({ name: `alt-${i}.jpg`, size: i + 1 }));
    expect(validateUploads([photo(0)], held, APP_LIMITS).rejected.map((r) => r.reason)).toEqual(['tooMany']);
  });

  it('bounds the data: URL list of one request', () => {
    const url = dataUrlOfBytes(3);
    expect(ImageDataUrlList.safeParse(Array(MAX_UPLOAD_FILES).fill(url)).success).toBe(true);
    expect(ImageDataUrlList.safeParse(Array(MAX_UPLOAD_FILES + 1).fill(url)).success).toBe(false);
  });

  it('holds a whole Booking.com import', () => {
    expect(MAX_UPLOAD_FILES).toBeGreaterThanOrEqual(BOOKING_IMPORT_MAX);
  });
});

describe('ACCEPTED_MIME_TYPES / ACCEPTED_FILE_EXTENSIONS', () => {
  it('are exactly the types the byte sniffer recognises', () => {
    const sniffed = [JPEG_HEAD, PNG_HEAD, WEBP_HEAD].map(sniffImageType);
    expect([...sniffed].sort()).toEqual([...ACCEPTED_MIME_TYPES].sort());
  });

  it('offer a file extension for every accepted type and no other', () => {
    const subtypeOf = (ext: string) => (ext === '.jpg' ? 'jpeg' : ext.slice(1));
    const fromExtensions = new Set(ACCEPTED_FILE_EXTENSIONS.map((ext) => `image/${subtypeOf(ext)}`));
    expect([...fromExtensions].sort()).toEqual([...ACCEPTED_MIME_TYPES].sort());
  });
});

describe('AIRBNB_MIN_ID_DIGITS / AIRBNB_MAX_ID_DIGITS', () => {
  const id = (digits: number) => '1234567890'.repeat(3).slice(0, digits);

  it('bound the bare room ids and room links the listing input accepts', () => {
    expect(parseAirbnbInput(id(AIRBNB_MAX_ID_DIGITS))).toBe(id(AIRBNB_MAX_ID_DIGITS));
    expect(parseAirbnbInput(id(AIRBNB_MAX_ID_DIGITS + 1))).toBeNull();
    expect(parseAirbnbInput(`https://www.airbnb.de/rooms/plus/${id(AIRBNB_MAX_ID_DIGITS + 1)}`)).toBeNull();
  });

  it('is the shortest bare room id the listing input accepts', () => {
    expect(parseAirbnbInput(id(AIRBNB_MIN_ID_DIGITS))).toBe(id(AIRBNB_MIN_ID_DIGITS));
    expect(parseAirbnbInput(id(AIRBNB_MIN_ID_DIGITS - 1))).toBeNull();
  });

  it('is the shortest room id of a room link', () => {
    const link = (digits: number) => `https://www.airbnb.de/rooms/${id(digits)}`;
    expect(readListingInput(link(AIRBNB_MIN_ID_DIGITS))).toMatchObject({
      ok: true,
      listingId: id(AIRBNB_MIN_ID_DIGITS),
    });
    expect(readListingInput(link(AIRBNB_MIN_ID_DIGITS - 1))).toMatchObject({
      ok: false,
      error: 'INVALID_LISTING_URL',
    });
  });
});

describe('STAGING_CREDITS / STAGING_IMAGE_COUNT', () => {
  it('is what staging costs on the one image it works on', () => {
    expect(priceUniform(['cozyFurnishing'], STAGING_IMAGE_COUNT).total).toBe(STAGING_CREDITS);
  });

  it('refuses staging on more images', () => {
    expect(() => priceUniform(['cozyFurnishing'], STAGING_IMAGE_COUNT + 1)).toThrow(PricingError);
  });
});

describe('limits that must agree with each other', () => {
  it('starts the before/after slider between its clamps', () => {
    expect(SLIDER_MIN_PERCENT).toBeLessThan(SLIDER_START_PERCENT);
    expect(SLIDER_START_PERCENT).toBeLessThan(SLIDER_MAX_PERCENT);
  });

  it('puts the staging budget default inside the slider, on its steps', () => {
    const { min, max } = STAGING_BUDGET_DEFAULT_EUR;
    expect(min).toBeLessThanOrEqual(max);
    for (const v of [min, max]) {
      expect(v).toBeGreaterThanOrEqual(STAGING_BUDGET_MIN_EUR);
      expect(v).toBeLessThanOrEqual(STAGING_BUDGET_MAX_EUR);
      expect(v % STAGING_BUDGET_STEP_EUR).toBe(0);
    }
  });

  it('recommends at least two modes', () => {
    expect(MAX_RECOMMENDED_MODES).toBeGreaterThanOrEqual(2);
  });
});
