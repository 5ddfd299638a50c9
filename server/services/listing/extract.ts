// One entry point over the per-platform extractors: picks the extractor and applies the platform's photo cap.
// The importer and the operators' CLI (scripts/listing-extract.ts) both call this, so the CLI prints exactly
// the list the API would download.
import { AIRBNB_IMPORT_MAX, BOOKING_IMPORT_MAX } from '../../../core/catalog';
import type { ListingPlatform } from '../../../core/listing/detectPlatform';
import { extractAirbnbImages } from './airbnb';
import { extractBookingImages } from './booking';
import type { ExtractedImages, ExtractFailure } from './types';

/** Photos per import and platform, after removing duplicates (core/catalog, SPEC section 9). */
export const MAX_IMAGES: Record<ListingPlatform, number> = {
  airbnb: AIRBNB_IMPORT_MAX,
  booking: BOOKING_IMPORT_MAX,
};

export type ListingExtract = ExtractedImages & {
  /** How many photos the page holds before the cap. */
  found: number;
};

/** The photos the importer would download from this page (capped), or why there are none. */
export function extractListing(
  platform: ListingPlatform,
  html: string,
  pageUrl: string,
): ListingExtract | ExtractFailure {
  const result =
    platform === 'airbnb' ? extractAirbnbImages(html, pageUrl) : extractBookingImages(html, pageUrl);
  if ('problem' in result) return result;
  return {
    images: result.images.slice(0, MAX_IMAGES[platform]),
    sources: result.sources,
    found: result.images.length,
  };
}
