// Importing a listing in real Chromium against `npm start`: the saved Airbnb and Booking.com pages are served
// from 127.0.0.1 (through the importer's test origin, honoured only with NODE_ENV=test), so the whole path runs:
// form -> /api/scrape-property -> SSRF-safe fetcher -> extractor -> image downloads -> upload grid.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startListingServer, type ListingServer } from '../helpers/listingFixtures';
import { expectText, openBrowser, startApp, toastText, type Browser, type RunningApp } from './harness';

let listings: ListingServer;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  listings = await startListingServer();
  app = await startApp({ NODE_ENV: 'test', LISTING_TEST_ORIGIN: listings.origin });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await listings?.close();
});

async function importLink(url: string) {
  const { page } = browser;
  await page.getByLabel('Link zu deinem Inserat').fill(url);
  await page.getByRole('button', { name: 'Bilder importieren' }).click();
}

describe('listing import', () => {
  it('imports the Airbnb listing into the upload grid as airbnb-N.jpg', async () => {
    const { page } = browser;
    await page.goto(app.url);
    await importLink('https://www.airbnb.it/rooms/1438101512728990114');
    expect(await toastText(page, 'Bilder erfolgreich importiert')).toContain('10 Bilder');
    await expectText(page.getByRole('heading', { name: /^Deine Bilder/ }), 'Deine Bilder (10)');
    const names = await page.locator('.thumb__name').allInnerTexts();
    expect(names).toEqual(Array.from({ length: 10 }, (_, i) => `airbnb-${i + 1}.jpg`));
    // The server asked the platform's image host for the photos, never any other host.
    const imageHosts = new Set(
      listings.requests.filter((r) => /\.jpe?g/.test(r.target)).map((r) => r.target.split('/')[0]),
    );
    expect([...imageHosts]).toEqual(['a0.muscache.com']);
  });

  it('shows the German error in an alert titled Fehler for a page without this listing, with the way out', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Alle löschen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ja, alle löschen' }).click();
    await importLink('https://www.airbnb.com.br/rooms/53801777');
    const alert = page.getByRole('alert').filter({ hasText: 'Fehler' });
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toMatch(/Airbnb/);
    expect(text).not.toMatch(/[A-Z][a-z]+ (?:the|to|of|found|failed)\b/); // German, not the spec's English
    // The way out: uploading works whatever the listing does, and the button opens the file picker.
    expect(text).toContain('Das Hochladen funktioniert trotzdem');
    expect(await toastText(page, 'Fehler')).toContain('Lade deine Fotos stattdessen direkt hoch.');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      alert.getByRole('button', { name: 'Fotos direkt hochladen' }).click(),
    ]);
    expect(chooser.isMultiple()).toBe(true);
    expect(await page.locator('.thumb').count()).toBe(0);
  });

  it('imports up to 20 Booking.com photos', async () => {
    const { page } = browser;
    await importLink('https://www.booking.com/hotel/in/the-taj-mahal-palace-mumbai.html');
    await expectText(page.getByRole('heading', { name: /^Deine Bilder/ }), 'Deine Bilder (20)');
    expect(await page.locator('.thumb__name').first().innerText()).toBe('booking-1.jpg');
  });
});
