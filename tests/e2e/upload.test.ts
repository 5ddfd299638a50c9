// The upload page in real Chromium against the app as `npm start` runs it: real fixture photos, the exact
// German rejection messages, persistence across reloads, clearing, and starting with the network cut off.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURES,
  expectText,
  openBrowser,
  startApp,
  toastText,
  waitForServiceWorker,
  type Browser,
  type RunningApp,
} from './harness';

const PHOTOS = ['bedroom/1_bedroom.jpg', 'kitchen/15_kitchen.jpg', 'bathroom/28_bathroom.jpg'].map((p) =>
  join(FIXTURES, 'rooms', p),
);

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function elevenMegabytePng(): Promise<Buffer> {
  const width = 2000;
  const height = 1900;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const fileInput = () => browser.page.locator('[data-testid="file-input"]');
const gridTitle = () => browser.page.getByRole('heading', { name: /^Deine Bilder/ });

describe('upload page', () => {
  it('shows the German landing page with its upload area, import form and side column', async () => {
    const { page } = browser;
    await page.goto(app.url);
    await expectText(page.getByRole('heading', { level: 1 }), 'Raumfotos, die Gäste überzeugen');
    await page.getByRole('button', { name: 'Bilder auswählen' }).waitFor();
    await page.getByRole('heading', { name: 'Was dich erwartet' }).waitFor();
    await page.getByText('Ohne Anmeldung').first().waitFor();
    await page.getByRole('heading', { name: 'Bilder aus deinem Inserat übernehmen' }).waitFor();
    expect(await page.getByRole('separator').innerText()).toBe('oder');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  });

  it('accepts three real photos and says so', async () => {
    await fileInput().setInputFiles(PHOTOS);
    expect(await toastText(browser.page, 'Bilder hochgeladen')).toContain('3 Bilder erfolgreich hinzugefügt');
    await expectText(gridTitle(), 'Deine Bilder (3)');
    await browser.page.getByRole('button', { name: '3 Bilder optimieren' }).waitFor();
  });

  it('refuses a fake image, an 11 MB image and a duplicate with the exact German messages', async () => {
    const bedroom = readFileSync(PHOTOS[0]!);
    await fileInput().setInputFiles([
      {
        name: 'notiz.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('Das ist kein Foto, sondern Text.\n'),
      },
      { name: 'riesig.png', mimeType: 'image/png', buffer: await elevenMegabytePng() },
      { name: '1_bedroom.jpg', mimeType: 'image/jpeg', buffer: bedroom },
    ]);
    // The 11 MB photo is read and hashed before the toast: 5 s on a quiet machine, over 15 s during a full run.
    const text = await toastText(browser.page, 'Nicht unterstütztes Format', 60_000);
    expect(text).toContain(
      'notiz.jpg: Nicht unterstütztes Format, riesig.png: Datei zu groß (max 10MB), 1_bedroom.jpg: Bereits hochgeladen',
    );
    await expectText(gridTitle(), 'Deine Bilder (3)');
  });

  it('keeps the photos, with their previews, across a reload', async () => {
    const { page } = browser;
    await page.reload();
    await expectText(gridTitle(), 'Deine Bilder (3)');
    const thumbs = page.locator('.thumbs > li img:not([alt=""])');
    await expect.poll(() => thumbs.count()).toBe(3);
    await expect
      .poll(() =>
        thumbs.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
  });

  it('removes one photo, and the removal survives a reload', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: '15_kitchen.jpg entfernen' }).click();
    await expectText(gridTitle(), 'Deine Bilder (2)');
    await page.getByRole('button', { name: '2 Bilder optimieren' }).waitFor();
    await page.reload();
    await expectText(gridTitle(), 'Deine Bilder (2)');
  });

  it("asks before 'Alle löschen' deletes: cancelling (button or Escape) keeps the photos", async () => {
    const { page } = browser;
    const clearAll = page.getByRole('button', { name: 'Alle löschen', exact: true });
    const question = page.getByRole('alertdialog', { name: 'Alle Bilder löschen?' });
    await clearAll.click();
    await question.waitFor();
    await question.getByText('Alle 2 Bilder werden von diesem Gerät gelöscht.').waitFor();
    // The safe answer has the focus; Escape cancels and gives the focus back to 'Alle löschen'.
    expect(
      await question
        .getByRole('button', { name: 'Abbrechen' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await clearAll.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectText(gridTitle(), 'Deine Bilder (2)');
    await clearAll.click();
    await question.getByRole('button', { name: 'Abbrechen' }).click();
    await question.waitFor({ state: 'detached' });
    await expectText(gridTitle(), 'Deine Bilder (2)');
  });

  it("empties the grid with 'Alle löschen' once confirmed, also after a reload", async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Alle löschen', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ja, alle löschen' }).click();
    await page.getByRole('button', { name: 'Bilder auswählen' }).waitFor();
    expect(await gridTitle().count()).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Bilder auswählen' }).waitFor();
    expect(await gridTitle().count()).toBe(0);
  });

  it('checks the listing link as the user types', async () => {
    const { page } = browser;
    const input = page.getByLabel('Link zu deinem Inserat');
    const submit = page.getByRole('button', { name: 'Bilder importieren' });
    await input.fill('kein link');
    await input.blur();
    await page.getByText('Bitte gib eine gültige URL ein').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await input.fill('https://www.airbnb.de/rooms/12345678');
    await page.getByText('Erkannt: Airbnb').waitFor();
    expect(await submit.isDisabled()).toBe(false);
    await input.fill('https://www.booking.com/hotel/de/adlon.de.html');
    await page.getByText('Erkannt: Booking.com').waitFor();
    await input.fill('');
  });

  it('moves the testimonial slider with the keyboard', async () => {
    const slider = browser.page.getByRole('slider', { name: 'Vorher-Nachher-Vergleich' });
    expect(await slider.getAttribute('aria-valuenow')).toBe('50');
    await slider.focus();
    await browser.page.keyboard.press('ArrowRight');
    expect(Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(50);
    await browser.page.keyboard.press('Home');
    expect(await slider.getAttribute('aria-valuenow')).toBe('0');
  });

  it('shows the credit packages in euros on /preise', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/preise`);
    await page.getByText('4,99 €', { exact: true }).waitFor();
    await page.getByText('20% Ersparnis').waitFor();
    await page.getByRole('button', { name: 'Credits kaufen' }).first().click();
    await toastText(page, 'Diese Funktion kommt bald!');
  });

  it('starts and accepts photos with the network cut off after the first visit', async () => {
    const { page, context } = browser;
    await page.goto(app.url);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    try {
      await page.reload();
      await expectText(page.getByRole('heading', { level: 1 }), 'Raumfotos, die Gäste überzeugen');
      await fileInput().setInputFiles(PHOTOS[0]!);
      await expectText(gridTitle(), 'Deine Bilder (1)');
    } finally {
      await context.setOffline(false);
    }
  });

  it('logged no errors in the browser (no CSP violations, no crashes)', () => {
    const unexpected = browser.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e));
    expect(unexpected).toEqual([]);
  });
});
