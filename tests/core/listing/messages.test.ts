import { describe, expect, it } from 'vitest';
import { SCRAPE_PROPERTY_ERROR_CODES } from '../../../core/contract/scrapeProperty';
import { imageProblemMessage, listingErrorMessage } from '../../../core/listing/messages';

describe('#listingErrorMessage', () => {
  it.each([
    ['INVALID_URL', undefined, 'Bitte geben Sie eine gültige URL ein.'],
    ['INVALID_LISTING_URL', 'airbnb', 'Der Link führt nicht zu einer gültigen Airbnb-Unterkunft.'],
    ['LISTING_NOT_FOUND', 'booking', 'Der Link führt nicht zu einer gültigen Booking.com-Unterkunft.'],
    ['PAGE_FETCH_FAILED', 'airbnb', 'Die Airbnb-Seite konnte nicht abgerufen werden.'],
    ['NO_IMAGES_FOUND', 'airbnb', 'Auf der Airbnb-Seite wurden keine Bilder gefunden.'],
    ['NO_IMAGES_FOUND', 'booking', 'Keine Bilder gefunden. Tipp: Nutze einen Airbnb-Link.'],
    ['IMAGES_FETCH_FAILED', 'airbnb', 'Von Airbnb konnten keine Bilder geladen werden.'],
    [
      'CAPTCHA_REQUIRED',
      'booking',
      'Booking.com verlangt eine manuelle Bestätigung (Captcha). Bitte versuche es später erneut oder nutze einen Airbnb-Link.',
    ],
  ] as const)('%s (%s)', (code, platform, expected) => {
    expect(listingErrorMessage(code, platform)).toBe(expected);
  });

  it('has a German text for every code and platform, without English scraper wording', () => {
    for (const code of SCRAPE_PROPERTY_ERROR_CODES) {
      for (const platform of ['airbnb', 'booking', undefined] as const) {
        const message = listingErrorMessage(code, platform);
        expect(message.length).toBeGreaterThan(10);
        expect(message).not.toMatch(/\b(?:the|failed|found|page)\b/i);
      }
    }
  });
});

describe('#imageProblemMessage', () => {
  it.each([
    [3, { kind: 'tooLarge', bytes: 13_002_342 }, 'Bild 3 ist zu groß (12,4 MB). Maximal erlaubt: 10 MB'],
    [1, { kind: 'tooLarge', bytes: null }, 'Bild 1 ist zu groß (über 10 MB). Maximal erlaubt: 10 MB'],
    [2, { kind: 'empty' }, 'Bild 2 ist leer'],
    [5, { kind: 'status', status: 404 }, 'Bild 5 konnte nicht geladen werden (Status 404)'],
    [7, { kind: 'failed' }, 'Bild 7 konnte nicht geladen werden'],
    [4, { kind: 'unsupportedFormat' }, 'Bild 4 hat kein unterstütztes Format (JPG, PNG oder WEBP)'],
  ] as const)('photo %i %j', (n, problem, expected) => {
    expect(imageProblemMessage(n, problem)).toBe(expected);
  });
});
