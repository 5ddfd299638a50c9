// The portal export presets in real Chromium: one photo enhanced on the device, then downloaded once per
// preset chosen under 'Exportieren für'; each file is measured (sharp) against its portal's rules. A photo
// smaller than a portal's minimum keeps its size, and the toast says so.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_PRESETS, type PortalPresetId } from '../../core/export/portalPresets';
import { clearModes, openModes, pickModes, startOver, uploadPhotos } from '../helpers/e2eJourney';
import {
  expectText,
  FIXTURES,
  openBrowser,
  startApp,
  toastText,
  type Browser,
  type RunningApp,
} from './harness';

let app: RunningApp;
let browser: Browser;
/** A 12 MP phone photo: every preset has to scale it. */
const PHOTO = join(FIXTURES, 'photos', 'IMG_20180725_163423.jpg');

beforeAll(async () => {
  app = await startApp();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('export presets', () => {
  it('writes each portal file within its size, aspect and file-size rules, and remembers the choice', async () => {
    const { page } = browser;
    await page.goto(app.url);
    await uploadPhotos(page, [PHOTO]);
    await openModes(page, 1);
    await clearModes(page);
    await pickModes(page, ['Aufhellen']);
    await page.getByRole('button', { name: 'Optimierungen anwenden' }).click();
    await expectText(page.getByRole('heading', { level: 2 }).first(), 'Deine optimierten Bilder');
    const source = await sharp(PHOTO).rotate().metadata();

    const select = page.getByLabel('Exportieren für');
    for (const id of ['airbnb', 'booking', 'vrbo', 'immoscout24', 'original'] as PortalPresetId[]) {
      const preset = PORTAL_PRESETS[id];
      await select.selectOption(id);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Herunterladen' }).first().click(),
      ]);
      expect(download.suggestedFilename()).toBe('optimiertes-bild-1-IMG_20180725_163423.jpg');
      const file = readFileSync((await download.path())!);
      const meta = await sharp(file).metadata();
      expect(meta.format, id).toBe('jpeg');
      expect(file.length, id).toBeLessThanOrEqual(preset.maxBytes);
      const long = Math.max(meta.width!, meta.height!);
      const short = Math.min(meta.width!, meta.height!);
      expect(long, id).toBeGreaterThanOrEqual(preset.minWidth);
      expect(short, id).toBeGreaterThanOrEqual(preset.minHeight);
      if (preset.maxLongSide !== null) expect(long, id).toBeLessThanOrEqual(preset.maxLongSide);
      if (preset.aspect !== null) {
        expect(Math.abs(meta.width! / meta.height! - preset.aspect), id).toBeLessThan(0.01);
      } else {
        expect(Math.abs(meta.width! / meta.height! - source.width! / source.height!), id).toBeLessThan(0.02);
      }
    }

    // The choice is remembered on this device.
    await select.selectOption('vrbo');
    await page.reload();
    await expectText(page.getByRole('heading', { level: 2 }).first(), 'Deine optimierten Bilder');
    expect(await page.getByLabel('Exportieren für').inputValue()).toBe('vrbo');
  });

  it('never enlarges a photo smaller than the portal asks for, and says so', async () => {
    const { page } = browser;
    await startOver(page);
    // The case: a 256 px photo, which the Airbnb preset used to blow up to 1025 px.
    const small = join(mkdtempSync(join(tmpdir(), 'raumglanz-small-')), 'kleines Bad.jpg');
    await sharp(PHOTO).rotate().resize(256, 171, { fit: 'fill' }).jpeg().toFile(small);
    await uploadPhotos(page, [small]);
    await openModes(page, 1);
    await clearModes(page);
    await pickModes(page, ['Aufhellen']);
    await page.getByRole('button', { name: 'Optimierungen anwenden' }).click();
    await expectText(page.getByRole('heading', { level: 2 }).first(), 'Deine optimierten Bilder');
    await page.getByLabel('Exportieren für').selectOption('airbnb');
    await page.getByText('Mindestens 1024 × 683 px. Kleinere Fotos werden nicht vergrößert').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Herunterladen' }).first().click(),
    ]);
    expect(download.suggestedFilename()).toBe('optimiertes-bild-1-kleines-Bad.jpg');
    const meta = await sharp(readFileSync((await download.path())!)).metadata();
    expect([meta.width, meta.height]).toEqual([256, 171]);
    const toast = await toastText(page, 'Nicht vergrößert');
    expect(toast).toContain('Download gestartet');
    expect(toast).toContain('Airbnb verlangt mindestens 1024 × 683 px');
    expect(toast).toContain('optimiertes-bild-1-kleines-Bad.jpg: 256 × 171 px');
    await page.getByLabel('Exportieren für').selectOption('original');
  });
});
