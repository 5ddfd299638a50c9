// The German texts of the listing import (SPEC section 8, translated from the original English scraper
// messages). Defined once here so the server's answers and the web client's fallbacks say the same thing.
import type { ScrapePropertyErrorCode } from '../contract/scrapeProperty';
import type { ListingPlatform } from './detectPlatform';

export const PLATFORM_NAMES: Record<ListingPlatform, string> = { airbnb: 'Airbnb', booking: 'Booking.com' };

/** Imported photos may be at most this large (SPEC section 9: 10 MB = 10,485,760 bytes). */
export const MAX_IMPORT_IMAGE_BYTES = 10 * 1024 * 1024;

/** The German message for an import error; `platform` is unknown only for the first two codes. */
export function listingErrorMessage(code: ScrapePropertyErrorCode, platform?: ListingPlatform): string {
  const name = platform === undefined ? 'der Plattform' : PLATFORM_NAMES[platform];
  switch (code) {
    case 'INVALID_URL':
      return 'Bitte geben Sie eine gültige URL ein.';
    case 'UNSUPPORTED_PLATFORM':
      return 'Dieser Link wird nicht unterstützt. Bitte nutze einen Link von Airbnb oder Booking.com.';
    case 'INVALID_LISTING_URL':
      return platform === 'booking'
        ? 'Der Link führt nicht zu einer Hotelseite auf Booking.com. Bitte nutze den Link der Unterkunft.'
        : 'Der Link führt nicht zu einer gültigen Airbnb-Unterkunft.';
    case 'LISTING_NOT_FOUND':
      return `Der Link führt nicht zu einer gültigen ${name}-Unterkunft.`;
    case 'NO_IMAGES_FOUND':
      return platform === 'booking'
        ? 'Keine Bilder gefunden. Tipp: Nutze einen Airbnb-Link.'
        : `Auf der ${name}-Seite wurden keine Bilder gefunden.`;
    case 'CAPTCHA_REQUIRED':
      return platform === 'booking'
        ? 'Booking.com verlangt eine manuelle Bestätigung (Captcha). Bitte versuche es später erneut oder nutze einen Airbnb-Link.'
        : `${name} verlangt eine manuelle Bestätigung (Captcha). Bitte versuche es später erneut.`;
    case 'PAGE_FETCH_FAILED':
      return `Die ${name}-Seite konnte nicht abgerufen werden.`;
    case 'IMAGES_FETCH_FAILED':
      return `Von ${name} konnten keine Bilder geladen werden.`;
  }
}

/** Why one photo of an otherwise working import was skipped. */
export type ImageProblem =
  | { kind: 'tooLarge'; bytes: number | null }
  | { kind: 'empty' }
  | { kind: 'status'; status: number }
  | { kind: 'failed' }
  | { kind: 'unsupportedFormat' };

const megabytes = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The German warning for photo number `n` (1-based, in the listing's order). */
export function imageProblemMessage(n: number, problem: ImageProblem): string {
  switch (problem.kind) {
    case 'tooLarge': {
      const size =
        problem.bytes === null ? 'über 10 MB' : `${megabytes.format(problem.bytes / 1024 / 1024)} MB`;
      return `Bild ${n} ist zu groß (${size}). Maximal erlaubt: 10 MB`;
    }
    case 'empty':
      return `Bild ${n} ist leer`;
    case 'status':
      return `Bild ${n} konnte nicht geladen werden (Status ${problem.status})`;
    case 'failed':
      return `Bild ${n} konnte nicht geladen werden`;
    case 'unsupportedFormat':
      return `Bild ${n} hat kein unterstütztes Format (JPG, PNG oder WEBP)`;
  }
}
