// The retouch brush in real Chromium against `npm start`: after an on-device enhancement the host paints over a
// picture on the kitchen wall, undoes a second stroke, applies, and the downloaded photo changed under the kept
// stroke and nowhere else (the JPEG's re-encoding aside); all of it with the network cut off after the first
// load, and the retouched photo is still the result after a reload.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURES,
  openBrowser,
  startApp,
  toastText,
  waitForServiceWorker,
  type Browser,
  type RunningApp,
} from './harness';
import { clearModes, openModes, pickModes, uploadPhotos } from '../helpers/e2eJourney';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.context.setOffline(false);
  await browser?.close();
  await app?.stop();
});

// 580 x 436: a framed picture on the wall at about (270, 140), a clock at about (230, 22).
const KITCHEN = join(FIXTURES, 'rooms', 'kitchen', '69_kitchen.jpg');
/** The kept stroke, across the picture, and the undone one, across the clock (fractions of the photo). */
const KEPT = { from: { x: 0.43, y: 0.32 }, to: { x: 0.5, y: 0.32 } };
const UNDONE = { from: { x: 0.37, y: 0.05 }, to: { x: 0.42, y: 0.05 } };
/** The brush's starting radius: 20 thousandths of the longer side. */
const RADIUS = 0.02;

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function download(page: Page): Promise<Raw> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Herunterladen' }).click(),
  ]);
  const bytes = readFileSync((await file.path())!);
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Distance (in pixels) of (x, y) from a stroke segment given in fractions. */
function distance(x: number, y: number, s: typeof KEPT, width: number, height: number): number {
  const ax = s.from.x * width, ay = s.from.y * height, bx = s.to.x * width, by = s.to.y * height; // prettier-ignore
  const dx = bx - ax, dy = by - ay; // prettier-ignore
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}

/** Mean absolute difference per channel, and the share of pixels off by more than 12, where `where` holds. */
function compare(a: Raw, b: Raw, where: (x: number, y: number) => boolean): { mean: number; far: number } {
  let sum = 0;
  let count = 0;
  let far = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!where(x + 0.5, y + 0.5)) continue;
      const i = (y * a.width + x) * 3;
      let worst = 0;
      for (let c = 0; c < 3; c++) {
        const d = Math.abs(a.data[i + c]! - b.data[i + c]!);
        sum += d;
        worst = Math.max(worst, d);
      }
      if (worst > 12) far++;
      count++;
    }
  }
  return { mean: sum / (count * 3), far: far / count };
}

async function paint(page: Page, stroke: typeof KEPT): Promise<void> {
  const box = (await page.getByTestId('retouch-canvas').boundingBox())!;
  const at = (p: { x: number; y: number }) => [box.x + p.x * box.width, box.y + p.y * box.height] as const;
  await page.mouse.move(...at(stroke.from));
  await page.mouse.down();
  await page.mouse.move(...at(stroke.to), { steps: 8 });
  await page.mouse.up();
}

describe('retouch brush', () => {
  let before: Raw;
  let after: Raw;

  it('fills a painted stroke on the device, offline, and changes nothing else', async () => {
    const { page, context } = browser;
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Bilder auswählen' }).waitFor();
    await waitForServiceWorker(page);
    await uploadPhotos(page, [KITCHEN]);
    await openModes(page, 1);
    await clearModes(page);
    await pickModes(page, ['Wärmere Töne']);
    await page.getByRole('button', { name: 'Optimierungen anwenden' }).click();
    await toastText(page, 'Optimierung abgeschlossen');
    before = await download(page);

    await context.setOffline(true);
    await page.getByRole('button', { name: '69_kitchen.jpg retuschieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retuschieren: 69_kitchen.jpg' });
    await dialog.waitFor();
    await page.getByText('Noch nichts markiert.').waitFor();
    await expect
      .poll(async () => (await page.getByTestId('retouch-canvas').boundingBox())?.height ?? 0)
      .toBeGreaterThan(100);
    await paint(page, KEPT);
    await page.getByText('Markierte Striche: 1').waitFor();
    await paint(page, UNDONE);
    await page.getByText('Markierte Striche: 2').waitFor();
    await dialog.getByRole('button', { name: 'Rückgängig' }).click();
    await page.getByText('Markierte Striche: 1').waitFor();
    await dialog.getByRole('button', { name: 'Anwenden' }).click();
    await toastText(page, 'Retusche übernommen');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/Retuschiert: 1 markierte Stelle/).waitFor();

    after = await download(page);
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    const { width, height } = before;
    const longer = Math.max(width, height);
    const radius = RADIUS * longer;
    // Under the stroke (its inner half): the picture is gone.
    const under = compare(before, after, (x, y) => distance(x, y, KEPT, width, height) < radius / 2);
    expect(under.mean).toBeGreaterThan(8);
    // Away from it (a JPEG block and the fill's blend beyond its edge): only the re-encoding's noise.
    const rest = compare(before, after, (x, y) => distance(x, y, KEPT, width, height) > radius + 16);
    expect(rest.mean).toBeLessThan(1.5);
    expect(rest.far).toBeLessThan(0.002);
    // The undone stroke left the clock alone.
    const undone = compare(before, after, (x, y) => distance(x, y, UNDONE, width, height) < radius);
    expect(undone.mean).toBeLessThan(1.5);
  });

  it('keeps the retouched photo across a reload', async () => {
    const { page, context } = browser;
    await page.reload();
    await page.getByRole('heading', { name: 'Deine optimierten Bilder' }).waitFor();
    await page.getByText(/Retuschiert: 1 markierte Stelle/).waitFor();
    const again = await download(page);
    expect(Buffer.compare(again.data, after.data)).toBe(0);
    await context.setOffline(false);
  });
});
