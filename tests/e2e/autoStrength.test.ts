// 'Automatisch optimieren' with its 'Stärke' in the app, in real Chromium against `npm start`: the nearly black
// DSLR interior comes out lit by the learned retouch at 100 % and untouched at 0 %; the slider is labelled,
// moves by keyboard, and keeps its value across a reload and a new run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { srgb8ToLab } from '../../core/retouch/lab';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clearModes,
  modesHeading,
  openModes,
  pickModes,
  startOver,
  uploadPhotos,
  waitForSnapshot,
} from '../helpers/e2eJourney';
import {
  FIXTURES,
  openBrowser,
  startApp,
  toastText,
  waitForServiceWorker,
  type Browser,
  type RunningApp,
} from './harness';

let app: RunningApp;
let browser: Browser;
let dir: string;
let dark: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'raumglanz-strength-'));
  // The DSLR interior (mean luma under 1 of 255), smaller so upload and analysis stay quick.
  dark = join(dir, 'wohnzimmer-dunkel.jpg');
  await sharp(join(FIXTURES, 'photos/canon-dslr.jpg'))
    .rotate()
    .resize(1600, 1600, { fit: 'inside' })
    .jpeg({ quality: 95 })
    .toFile(dark);
  app = await startApp();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Mean Rec. 709 luma (0..255). */
async function meanLuma(file: Buffer | string): Promise<number> {
  const { data } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let i = 0; i < data.length; i += 3)
    sum += 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
  return sum / (data.length / 3);
}

/** Mean |b*| of the white things (L* >= 70, C* <= 20): the yellow a lamp leaves on them. */
async function whitesYellow(file: Buffer): Promise<number> {
  const { data } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let count = 0;
  for (let i = 0; i < data.length; i += 3) {
    const [L, a, b] = srgb8ToLab(data[i]!, data[i + 1]!, data[i + 2]!);
    if (L >= 70 && Math.hypot(a, b) <= 20) {
      sum += Math.abs(b);
      count += 1;
    }
  }
  expect(count).toBeGreaterThan(data.length / 3 / 1000);
  return sum / count;
}

const strengthSlider = (page: Page) => page.getByRole('slider', { name: /^Stärke/ });

async function applyAndDownload(page: Page): Promise<Buffer> {
  await page.getByRole('button', { name: 'Optimierungen anwenden' }).click();
  await toastText(page, 'Optimierung abgeschlossen');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Herunterladen' }).click(),
  ]);
  return readFileSync((await download.path())!);
}

describe("'Stärke' of 'Automatisch optimieren'", () => {
  it('is shown with the mode, moves by keyboard, survives a reload, and 0 % leaves the photo as it was', async () => {
    const { page } = browser;
    await page.goto(app.url);
    await uploadPhotos(page, [dark]);
    await openModes(page, 1);
    await clearModes(page);
    await expect.poll(() => strengthSlider(page).count()).toBe(0);
    await pickModes(page, ['Automatisch optimieren']);

    const slider = strengthSlider(page);
    expect(await slider.inputValue()).toBe('100');
    expect(await slider.getAttribute('aria-valuetext')).toBe('100 %');
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await slider.inputValue()).toBe('95');
    await page.keyboard.press('Home');
    expect(await slider.inputValue()).toBe('0');
    expect(await slider.getAttribute('aria-valuetext')).toBe('0 %');

    await waitForSnapshot(page, (snapshot) => JSON.stringify(snapshot).includes('autoOptimize'));
    await page.reload();
    await modesHeading(page).waitFor({ timeout: 60_000 });
    expect(await strengthSlider(page).inputValue()).toBe('0');

    const before = await meanLuma(dark);
    const result = await applyAndDownload(page);
    expect(before).toBeLessThan(3);
    expect(await meanLuma(result)).toBeLessThan(3);
  });

  it('at 100 % (the kept value raised again) the learned retouch lights the dark room', async () => {
    const { page } = browser;
    await startOver(page);
    await uploadPhotos(page, [dark]);
    await openModes(page, 1);
    await clearModes(page);
    await pickModes(page, ['Automatisch optimieren']);
    const slider = strengthSlider(page);
    expect(await slider.inputValue()).toBe('0');
    await slider.focus();
    await page.keyboard.press('End');
    expect(await slider.inputValue()).toBe('100');

    const result = await applyAndDownload(page);
    const lit = await meanLuma(result);
    // bench/QUALITY.md: the learned default ends this photo near L* 48 (luma ~ 115).
    expect(lit).toBeGreaterThan(90);
    expect(lit).toBeLessThan(160);
    // What only the learned default does: its steps in the description, and white things without the lamps'
    // yellow (|b*| about 2 here; the old rules leave about 7.6).
    await page
      .getByText(/Farben und Licht ausgewogen/)
      .first()
      .waitFor();
    expect(await whitesYellow(result)).toBeLessThan(4);
  });

  it('runs offline: the service worker precached the weights on the first visit', async () => {
    const { page, context } = browser;
    await startOver(page);
    await page.getByRole('button', { name: 'Bilder auswählen' }).waitFor();
    await waitForServiceWorker(page);
    await context.setOffline(true);
    try {
      await page.reload();
      await uploadPhotos(page, [dark]);
      await openModes(page, 1);
      await clearModes(page);
      await pickModes(page, ['Automatisch optimieren']);
      expect(await strengthSlider(page).inputValue()).toBe('100');
      const lit = await meanLuma(await applyAndDownload(page));
      expect(lit).toBeGreaterThan(90);
      await page
        .getByText(/Farben und Licht ausgewogen/)
        .first()
        .waitFor();
    } finally {
      await context.setOffline(false);
    }
  });
});
