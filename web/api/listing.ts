// The client of POST /api/scrape-property: sends the listing link, parses the answer with the shared contract,
// and words every failure as one German sentence for the import form (SPEC section 8, 'Import'): the server sends
// a code and the platform, the texts live in web/i18n/de.ts.

import {
  ListingPlatformSchema,
  ScrapePropertyErrorBody,
  ScrapePropertyResponse,
  type ScrapePropertyErrorCode,
} from '../../core/contract/scrapeProperty';
import { ApiErrorBody } from '../../core/contract/errors';
import type { ListingPlatform } from '../../core/listing/detectPlatform';
import { t } from '../i18n/de';
import { failureMessage } from './errors';

export type ImportOutcome = { ok: true; value: ScrapePropertyResponse } | { ok: false; message: string };

/** The German sentence for an import error; `platform` is unknown only before the link was recognised. */
export function listingErrorText(code: ScrapePropertyErrorCode, platform?: ListingPlatform): string {
  const booking = platform === 'booking';
  const values = { platform: platform === undefined ? '' : t(`importForm.${platform}`) };
  // The codes after the first three always come with a platform; without one, the generic text is honest.
  const known = platform !== undefined;
  switch (code) {
    case 'INVALID_URL':
      return t('importForm.invalidUrl');
    case 'UNSUPPORTED_PLATFORM':
      return t('importForm.unsupported');
    case 'INVALID_LISTING_URL':
      return booking ? t('importForm.invalidBooking') : t('importForm.invalidAirbnb');
    case 'LISTING_NOT_FOUND':
      return known ? t('importForm.listingNotFound', values) : t('importForm.fetchFailed');
    case 'NO_IMAGES_FOUND':
      if (booking) return t('importForm.noImagesTryAirbnb');
      return known ? t('importForm.noImagesOnPage', values) : t('importForm.noImages');
    case 'CAPTCHA_REQUIRED':
      if (booking) return t('importForm.captchaTryAirbnb');
      return known ? t('importForm.captchaRequired', values) : t('importForm.fetchFailed');
    case 'PAGE_FETCH_FAILED':
      return known ? t('importForm.pageFetchFailed', values) : t('importForm.fetchFailed');
    case 'IMAGES_FETCH_FAILED':
      return known ? t('importForm.imagesFetchFailed', values) : t('importForm.fetchFailed');
  }
}

function platformOf(details: Record<string, unknown> | undefined): ListingPlatform | undefined {
  const parsed = ListingPlatformSchema.safeParse(details?.platform);
  return parsed.success ? parsed.data : undefined;
}

export async function scrapeProperty(url: string, signal?: AbortSignal): Promise<ImportOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/scrape-property', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url }),
      signal,
    });
  } catch {
    return { ok: false, message: t('importForm.fetchFailed') };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, message: response.ok ? t('importForm.unknownError') : t('importForm.fetchFailed') };
  }
  if (!response.ok) {
    // An import failure is worded from its code, the API's other errors (rate limit, …) by web/api/errors.ts.
    const failure = ScrapePropertyErrorBody.safeParse(body);
    if (failure.success) {
      return { ok: false, message: listingErrorText(failure.data.code, platformOf(failure.data.details)) };
    }
    const apiError = ApiErrorBody.safeParse(body);
    const message = apiError.success
      ? failureMessage(response.status, apiError.data.code, apiError.data.details)
      : t('importForm.fetchFailed');
    return { ok: false, message };
  }
  if (
    Array.isArray((body as { images?: unknown })?.images) &&
    (body as { images: unknown[] }).images.length === 0
  ) {
    return { ok: false, message: t('importForm.noImages') };
  }
  const parsed = ScrapePropertyResponse.safeParse(body);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: t('importForm.unknownError') };
}
