// The on-device engine in real Chromium: real module workers built by Vite (bench/page, the same bundling as the
// app), real photos in, real JPEGs out. Checks what only a browser can show: no EXIF/GPS in the output, EXIF
// orientation applied, a decompression bomb refused before decoding, one broken photo failing alone, and a
// cancelled job's worker terminated while the next job still runs.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnhanceOutcome } from '../../bench/page/api';
import { startBenchServer, type BenchServer } from '../../bench/pipeline';
import { readImageSize } from '../../core/upload/imageSize';
import { FIXTURES, openBrowser, type Browser } from './harness';

const GPS_PHOTO = '/fixtures/photos/IMG_20180725_163423.jpg';
const BEDROOM = '/fixtures/rooms/bedroom/1_bedroom.jpg';

let server: BenchServer;
let browser: Browser;

/** The marker segments of a JPEG up to its scan: [marker, payload]. */
function segments(jpeg: Uint8Array): [number, Uint8Array][] {
  const found: [number, Uint8Array][] = [];
  expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
  let i = 2;
  while (i + 4 <= jpeg.length) {
    expect(jpeg[i]).toBe(0xff);
    const marker = jpeg[i + 1]!;
    const length = (jpeg[i + 2]! << 8) | jpeg[i + 3]!;
    found.push([marker, jpeg.subarray(i + 4, i + 2 + length)]);
    if (marker === 0xda) return found;
    i += 2 + length;
  }
  throw new Error('no start of scan in the header bytes');
}
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** True when an EXIF APP1 payload holds the GPS IFD pointer (tag 0x8825) in IFD0. */
function hasGpsPointer(app1: Uint8Array): boolean {
  const tiff = Buffer.from(app1.subarray(6)); // after "Exif\0\0"
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let k = 0; k < u16(ifd0); k++) if (u16(ifd0 + 2 + k * 12) === 0x8825) return true;
  return false;
}

const enhance = (url: string, modeIds: string[], bytes: 'head' | 'all' = 'head'): Promise<EnhanceOutcome> =>
  browser.page.evaluate(([u, m, b]) => window.raumglanzBench.enhance(u, m, { bytes: b }), [
    url,
    modeIds,
    bytes,
  ] as const);
const stats = () => browser.page.evaluate(() => window.raumglanzBench.workerStats());
const outputOf = (outcome: EnhanceOutcome): Uint8Array => {
  if (!outcome.ok) throw new Error(`expected a result, got ${outcome.code}: ${outcome.message}`);
  return new Uint8Array(Buffer.from(outcome.base64, 'base64'));
};

beforeAll(async () => {
  server = await startBenchServer();
  const input = (name: string, bytes: Buffer) => writeFileSync(join(server.inputDir, name), bytes);

  // A real, decodable 60 MP JPEG of under a megabyte: a decompression bomb as a user could upload it.
  input(
    'bomb-60mp.jpg',
    await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#ddd' } })
      .jpeg({ quality: 50 })
      .toBuffer(),
  );
  // A bedroom photo cut off right after its headers: the frame header is fine, the picture data is missing.
  const bedroom = await sharp(join(FIXTURES, 'rooms/bedroom/1_bedroom.jpg')).jpeg().toBuffer();
  input('corrupt.jpg', bedroom.subarray(0, bedroom.indexOf(Buffer.from([0xff, 0xda])) + 14));
  // 60x40 stored, left half red and right half blue, EXIF orientation 6: shown upright it is 40x60, red on top.
  const halves = Buffer.alloc(60 * 40 * 3);
  for (let p = 0; p < 60 * 40; p++) halves.set(p % 60 < 30 ? [220, 20, 20] : [20, 20, 220], p * 3);
  const raw = { raw: { width: 60, height: 40, channels: 3 as const } };
  input(
    'oriented-6.jpg',
    await sharp(halves, raw).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer(),
  );
  input('oriented-1.jpg', await sharp(halves, raw).jpeg({ quality: 95 }).toBuffer());
  // Transparent everywhere but a blue middle: a JPEG cannot say "transparent", so that must become white.
  input(
    'transparent.png',
    await sharp({
      create: { width: 30, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: { create: { width: 10, height: 10, channels: 4, background: '#1414dc' } },
          left: 10,
          top: 10,
        },
      ])
      .png()
      .toBuffer(),
  );

  browser = await openBrowser();
  await browser.page.goto(`${server.url}/`);
  await browser.page.waitForFunction(() => 'raumglanzBench' in window);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('engine in Chromium', () => {
  it('strips EXIF and GPS: the 12 MP photo with GPS comes out as a JPEG without any metadata segment', async () => {
    const input = new Uint8Array(readFileSync(join(FIXTURES, 'photos/IMG_20180725_163423.jpg')));
    const inputExif = segments(input).find(
      ([marker, body]) => marker === 0xe1 && latin1(body).startsWith('Exif'),
    );
    expect(inputExif && hasGpsPointer(inputExif[1])).toBe(true); // the test means something only if GPS goes in

    const outcome = await enhance(GPS_PHOTO, ['autoOptimize']);
    const output = outputOf(outcome);
    expect(outcome).toMatchObject({ type: 'image/jpeg', width: 4048, height: 3036 });
    expect(readImageSize(output)).toEqual({ type: 'image/jpeg', width: 4048, height: 3036 });
    // Chromium writes JFIF (APP0) and its sRGB colour profile (APP2 ICC_PROFILE); nothing else, above all no APP1
    // (EXIF with GPS, XMP).
    const apps = segments(output).filter(([marker]) => marker >= 0xe0 && marker <= 0xef);
    expect(apps.filter(([marker]) => marker === 0xe1)).toEqual([]);
    for (const [marker, body] of apps) {
      expect(['e0 JFIF', 'e2 ICC_PROFILE']).toContain(
        `${marker.toString(16)} ${latin1(body).split('\0')[0]}`,
      );
    }
    const header = latin1(
      output.subarray(
        0,
        segments(output).reduce((n, [, body]) => n + body.length + 4, 2),
      ),
    );
    expect(header).not.toMatch(/Exif|GPS|xmp|IMG_2018/);
    expect(outcome.ok && outcome.stages).toEqual(['queued', 'decoding', 'processing', 'encoding', 'done']);
  });

  it('refuses a real 60 MP JPEG with the German message before decoding it', async () => {
    const before = await stats();
    const outcome = await enhance('/input/bomb-60mp.jpg', ['brighten']);
    expect(outcome).toMatchObject({
      ok: false,
      code: 'tooManyPixels',
      germanMessage: 'Das Foto ist zu groß (über 50 Megapixel). Bitte verkleinere es vor dem Hochladen.',
    });
    expect(outcome.stages).toEqual(['queued']); // never reached 'decoding'
    expect((await stats()).terminated).toBe(before.terminated);
  });

  it('a corrupt JPEG fails alone: the photo queued behind it on the same worker succeeds', async () => {
    const before = await stats();
    const [corrupt, fine] = await browser.page.evaluate(
      ([urls]) => window.raumglanzBench.enhanceAll(urls, ['brighten', 'sharpen']),
      [['/input/corrupt.jpg', BEDROOM]] as const,
    );
    expect(corrupt).toMatchObject({
      ok: false,
      code: 'decodeFailed',
      germanMessage: 'Das Foto konnte nicht gelesen werden. Vielleicht ist die Datei beschädigt.',
    });
    expect(fine).toMatchObject({ ok: true, width: 720, height: 480 });
    const after = await stats();
    expect(after.terminated).toBe(before.terminated); // the worker survived the bad photo
  });

  it("one photo on both cores: the page is cross-origin isolated and the idle worker runs rows of the photo's kernels", async () => {
    expect(await browser.page.evaluate(() => window.crossOriginIsolated)).toBe(true);
    const before = await stats();
    // Alone in the engine, each photo offers its 3D table's (and a warp's) rows; the other worker takes some.
    for (let i = 0; i < 2; i++)
      expect(await enhance(GPS_PHOTO, ['autoOptimize'])).toMatchObject({ ok: true });
    const after = await stats();
    expect(after.bandsLent).toBeGreaterThan(before.bandsLent);
  });

  it.each(['decoding', 'processing'] as const)(
    'cancelling while %s terminates that worker and the next photo runs on another one',
    async (stage) => {
      // The next photo's size is whatever its perspective check decides (1_bedroom is near the threshold).
      const alone = await enhance(BEDROOM, ['autoOptimize']);
      const { cancelled, next, before, after } = await browser.page.evaluate(
        ([url, at, nextUrl]) => window.raumglanzBench.cancelThenNext(url, at, nextUrl, ['autoOptimize']),
        [GPS_PHOTO, stage, BEDROOM] as const,
      );
      expect(cancelled).toMatchObject({
        ok: false,
        code: 'cancelled',
        germanMessage: 'Die Bearbeitung wurde abgebrochen.',
      });
      expect(cancelled.stages.at(-1)).toBe(stage);
      expect(after.terminated).toBe(before.terminated + 1);
      // The pool takes a warm worker before it starts one (one per core): the cancelled photo started a worker
      // only if none was alive, and the next one only if the cancelled worker had been the last. The next photo
      // runs alone, so the free slot may start one more worker to take rows of its kernels (lendIdle).
      const starts = (before.live === 0 ? 1 : 0) + (Math.max(1, before.live) - 1 === 0 ? 1 : 0);
      expect(after.started - before.started - starts).toBeGreaterThanOrEqual(0);
      expect(after.started - before.started - starts).toBeLessThanOrEqual(1);
      if (!alone.ok || !next.ok)
        throw new Error(`expected results, got ${alone.ok || alone.code}, ${next.ok || next.code}`);
      expect([next.width, next.height]).toEqual([alone.width, alone.height]);
    },
  );

  it('applies the EXIF orientation: a photo stored 60x40 with orientation 6 comes out 40x60, upright', async () => {
    const upright = await enhance('/input/oriented-6.jpg', [], 'all');
    const asStored = await enhance('/input/oriented-1.jpg', [], 'all');
    expect(upright).toMatchObject({ ok: true, width: 40, height: 60 });
    expect(asStored).toMatchObject({ ok: true, width: 60, height: 40 });
    const { data, info } = await sharp(outputOf(upright)).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([40, 60]);
    const pixel = (x: number, y: number) => [...data.subarray((y * 40 + x) * 3, (y * 40 + x) * 3 + 3)];
    // Orientation 6 turns the stored left (red) half to the top and the right (blue) half to the bottom.
    for (const [x, y, colour] of [
      [5, 5, 'red'],
      [34, 20, 'red'],
      [5, 40, 'blue'],
      [34, 55, 'blue'],
    ] as const) {
      const [r, , b] = pixel(x, y);
      expect(colour === 'red' ? r! - b! : b! - r!, `${colour} at ${x},${y}`).toBeGreaterThan(120);
    }
    expect((await sharp(outputOf(upright)).metadata()).orientation).toBeUndefined();
  });

  it('lays transparent parts of a PNG on white', async () => {
    const outcome = await enhance('/input/transparent.png', [], 'all');
    const { data } = await sharp(outputOf(outcome)).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 30 + x) * 3, (y * 30 + x) * 3 + 3)];
    expect(at(2, 2).every((v) => v > 245)).toBe(true);
    const [r, , b] = at(15, 15);
    expect(b! - r!).toBeGreaterThan(150);
  });

  it('logged no errors in the page or the workers', () => {
    expect(browser.errors).toEqual([]);
  });
});
