// The German wording of listing-import failures: the server sends a code and the platform, the client words it
// from web/i18n/de.ts (the texts moved here from the server, unchanged unless the form already had its own).
import { describe, expect, it } from 'vitest';
import { SCRAPE_PROPERTY_ERROR_CODES } from '../../../core/contract/scrapeProperty';
import { listingErrorText } from '../../../web/api/listing';

describe('#listingErrorText', () => {
  it.each([
    ['INVALID_URL', undefined, 'Bitte gib eine gültige URL ein'],
    ['UNSUPPORTED_PLATFORM', undefined, 'Bitte nutze einen Link zu Airbnb oder Booking.com.'],
    ['INVALID_LISTING_URL', 'airbnb', 'Der Link führt nicht zu einer gültigen Airbnb-Unterkunft.'],
    ['INVALID_LISTING_URL', 'booking', 'Bitte nutze den Link zu einer Hotelseite auf Booking.com.'],
    ['LISTING_NOT_FOUND', 'booking', 'Der Link führt nicht zu einer gültigen Booking.com-Unterkunft.'],
    ['PAGE_FETCH_FAILED', 'airbnb', 'Die Airbnb-Seite konnte nicht abgerufen werden.'],
    ['NO_IMAGES_FOUND', 'airbnb', 'Auf der Airbnb-Seite wurden keine Bilder gefunden.'],
    ['NO_IMAGES_FOUND', 'booking', 'Keine Bilder gefunden. Tipp: Nutze einen Airbnb-Link.'],
    ['IMAGES_FETCH_FAILED', 'airbnb', 'Von Airbnb konnten keine Bilder geladen werden.'],
    [
      'CAPTCHA_REQUIRED',
      'airbnb',
      'Airbnb verlangt eine manuelle Bestätigung (Captcha). Bitte versuche es später erneut.',
    ],
    [
      'CAPTCHA_REQUIRED',
      'booking',
      'Booking.com verlangt eine manuelle Bestätigung (Captcha). Bitte versuche es später erneut oder nutze einen Airbnb-Link.',
    ],
    ['PAGE_FETCH_FAILED', undefined, 'Fehler beim Abrufen der Bilder'],
  ] as const)('%s (%s)', (code, platform, expected) => {
    expect(listingErrorText(code, platform)).toBe(expected);
  });

  it('has a German text for every code and platform, never a key or a placeholder', () => {
    for (const code of SCRAPE_PROPERTY_ERROR_CODES) {
      for (const platform of ['airbnb', 'booking', undefined] as const) {
        const message = listingErrorText(code, platform);
        expect(message).not.toMatch(/importForm\.|\{|\b(?:the|failed|found|page)\b/i);
        expect(message.length).toBeGreaterThan(10);
      }
    }
  });
});
