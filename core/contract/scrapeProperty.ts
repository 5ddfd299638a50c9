// POST /api/scrape-property: import the photos of an Airbnb or Booking.com listing (SPEC section 7).
// Parsed by the server route and by the web client. Failures carry a stable `code` (with `details.platform` where
// known) that the client words in German (web/api/listing.ts, web/i18n/de.ts), a short English `error` for
// programs and logs, and a real HTTP status (see SCRAPE_PROPERTY_STATUS).
import { z } from 'zod';

export const ScrapePropertyRequest = z.object({
  url: z.string().trim().min(1).max(2048),
});
export type ScrapePropertyRequest = z.infer<typeof ScrapePropertyRequest>;

export const ListingPlatformSchema = z.enum(['airbnb', 'booking']);

const imageNumber = z.number().int().positive();

/** Why one photo of an otherwise working import was skipped; `image` is its 1-based place in the listing. */
export const ImportImageProblem = z.discriminatedUnion('kind', [
  /** Over MAX_FILE_BYTES; `bytes` is null when the size was not announced and the download was cut off. */
  z.object({ image: imageNumber, kind: z.literal('tooLarge'), bytes: z.number().nullable() }),
  z.object({ image: imageNumber, kind: z.literal('empty') }),
  /** The photo's host answered this HTTP status. */
  z.object({ image: imageNumber, kind: z.literal('status'), status: z.number().int() }),
  z.object({ image: imageNumber, kind: z.literal('failed') }),
  /** Not a JPEG, PNG or WEBP. */
  z.object({ image: imageNumber, kind: z.literal('unsupportedFormat') }),
]);
export type ImportImageProblem = z.infer<typeof ImportImageProblem>;

export const ScrapePropertyResponse = z.object({
  /** data: URLs whose MIME type was sniffed from the image bytes, in the listing's order. */
  images: z.array(z.string().regex(/^data:image\/(?:jpeg|png|webp);base64,/)).min(1),
  platform: ListingPlatformSchema,
  /** The photos that could not be imported; absent when all of them worked. */
  warnings: z.array(ImportImageProblem).optional(),
});
export type ScrapePropertyResponse = z.infer<typeof ScrapePropertyResponse>;

export const SCRAPE_PROPERTY_ERROR_CODES = [
  /** The text is not a URL (or a bare Airbnb id). */
  'INVALID_URL',
  /** A URL, but neither Airbnb nor Booking.com. */
  'UNSUPPORTED_PLATFORM',
  /** The right platform, but not a room page (Airbnb) or hotel page (Booking.com). */
  'INVALID_LISTING_URL',
  /** The platform answered that the listing does not exist, or sent us elsewhere. */
  'LISTING_NOT_FOUND',
  /** The page was read, but it holds no photos of this listing. */
  'NO_IMAGES_FOUND',
  /** The platform shows a captcha or bot check instead of the page. */
  'CAPTCHA_REQUIRED',
  /** The page could not be fetched (network, timeout, status, refused address). */
  'PAGE_FETCH_FAILED',
  /** Photos were found, but not a single one could be downloaded. */
  'IMAGES_FETCH_FAILED',
] as const;

export const ScrapePropertyErrorCode = z.enum(SCRAPE_PROPERTY_ERROR_CODES);
export type ScrapePropertyErrorCode = z.infer<typeof ScrapePropertyErrorCode>;

/** The HTTP status the server answers for each code. */
export const SCRAPE_PROPERTY_STATUS: Record<ScrapePropertyErrorCode, number> = {
  INVALID_URL: 400,
  UNSUPPORTED_PLATFORM: 400,
  INVALID_LISTING_URL: 400,
  LISTING_NOT_FOUND: 422,
  NO_IMAGES_FOUND: 422,
  CAPTCHA_REQUIRED: 503,
  PAGE_FETCH_FAILED: 502,
  IMAGES_FETCH_FAILED: 502,
};

export const ScrapePropertyErrorBody = z.object({
  /** English, for programs and logs; the client words `code` itself. */
  error: z.string(),
  code: ScrapePropertyErrorCode,
  /** e.g. `{ platform, reason, status }` or `{ platform, warnings }`. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ScrapePropertyErrorBody = z.infer<typeof ScrapePropertyErrorBody>;
