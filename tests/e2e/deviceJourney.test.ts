// A visitor's whole journey with on-device modes only, in real Chromium against `npm start`: upload, analysis,
// mode selection, processing in the worker engine, results, download — and the same again with the network cut
// off. Nothing of the photo leaves the device, so nothing here needs the server after the first visit.

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
import { startOver } from '../helpers/e2eJourney';

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

const BEDROOM = join(FIXTURES, 'rooms', 'bedroom', '56_bedroom.jpg');

async function chooseDeviceModesAndApply() {
  const { page } = browser;
  await page.getByRole('heading', { name: 'Wähle deine Optimierungen' }).waitFor({ timeout: 60_000 });
  // Start from a clean selection, then pick two free device modes.
  const checked = page.getByRole('checkbox', { checked: true });
  while ((await checked.count()) > 0) await checked.first().click();
  await page.getByText('Keine Optimierung ausgewählt').waitFor();
  expect(await page.getByRole('button', { name: 'Optimierungen anwenden' }).isDisabled()).toBe(true);
  const more = page.getByRole('button', { name: 'weitere Optimierungen anzeigen' });
  if (await more.count()) await more.click();
  await page
    .getByRole('checkbox', { name: /Aufhellen/ })
    .first()
    .click();
  await page.getByRole('checkbox', { name: /Wärmere Töne/ }).click();
  await page.getByText('Kostenlos – läuft auf deinem Gerät').waitFor();
  await page.getByRole('button', { name: 'Optimierungen anwenden' }).click();
}

describe('on-device journey', () => {
  it('enhances an uploaded photo on the device and downloads it as optimiertes-bild-1-56_bedroom.jpg', async () => {
    const { page } = browser;
    await page.goto(app.url);
    await page.locator('[data-testid="file-input"]').setInputFiles(BEDROOM);
    await page.getByRole('button', { name: '1 Bild optimieren' }).click();
    await chooseDeviceModesAndApply();
    expect(await toastText(page, 'Optimierung abgeschlossen')).toContain(
      '1 von 1 Bildern erfolgreich optimiert',
    );
    await expectText(page.getByRole('heading', { level: 2 }).first(), 'Deine optimierten Bilder');
    const slider = page.getByRole('slider').first();
    expect(await slider.getAttribute('aria-valuenow')).toBe('50');
    await slider.focus();
    await page.keyboard.press('End');
    expect(await slider.getAttribute('aria-valuenow')).toBe('90');
    await page.keyboard.press('Home');
    expect(await slider.getAttribute('aria-valuenow')).toBe('10');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('optimiertes-bild-1-56_bedroom.jpg');
    const file = readFileSync((await download.path())!);
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    const input = await sharp(BEDROOM).metadata();
    // The result keeps the photo's size, or less where perspective correction cropped it.
    expect(meta.width).toBeLessThanOrEqual(input.width!);
    expect(meta.width).toBeGreaterThan(input.width! * 0.8);
  });

  it('keeps the results across a reload', async () => {
    const { page } = browser;
    await page.reload();
    await expectText(page.getByRole('heading', { level: 2 }).first(), 'Deine optimierten Bilder');
    await expect.poll(() => page.locator('.compare__after').count()).toBe(1);
  });

  it('does the same with the network cut off', async () => {
    const { page, context } = browser;
    await startOver(page);
    await page.getByRole('button', { name: 'Bilder auswählen' }).waitFor();
    await waitForServiceWorker(page);
    await context.setOffline(true);
    try {
      await page.reload();
      await page
        .locator('[data-testid="file-input"]')
        .setInputFiles(join(FIXTURES, 'rooms', 'kitchen', '69_kitchen.jpg'));
      await page.getByRole('button', { name: '1 Bild optimieren' }).click();
      await chooseDeviceModesAndApply();
      await toastText(page, 'Optimierung abgeschlossen');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Herunterladen' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('optimiertes-bild-1-69_kitchen.jpg');
    } finally {
      await context.setOffline(false);
    }
  });
});
