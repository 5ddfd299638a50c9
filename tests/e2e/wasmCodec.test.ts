// The image worker's other codecs in real Chromium, bundled by Vite as the app is (bench/page): the session's
// probe measures every codec (our .wasm files load from the build), and a page that forces our WebAssembly codec
// or WebCodecs' decoder (`?codecs=`) turns an EXIF orientation 6 photo upright, decodes a photo to the canvas's
// pixels, writes no metadata from a photo with GPS, and leaves a Display P3 photo to the canvas.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnhanceOutcome } from '../../bench/page/api';
import { startBenchServer, type BenchServer } from '../../bench/pipeline';
import { FIXTURES, openBrowser, type Browser } from './harness';

let server: BenchServer;
let browser: Browser;

const enhance = (url: string, modeIds = ['brighten']): Promise<EnhanceOutcome> =>
  browser.page.evaluate(([u, m]) => window.raumglanzBench.enhance(u, m, { bytes: 'all' }), [
    url,
    modeIds,
  ] as const);

const jpegSegments = (b: Uint8Array): number[] => {
  const found: number[] = [];
  for (let i = 2; i + 4 <= b.length && b[i] === 0xff; i += 2 + ((b[i + 2]! << 8) | b[i + 3]!)) {
    found.push(b[i + 1]!);
    if (b[i + 1] === 0xda) break;
  }
  return found;
};

beforeAll(async () => {
  server = await startBenchServer();
  const input = (name: string, bytes: Buffer) => writeFileSync(join(server.inputDir, name), bytes);
  // 60x40 stored, left half red and right half blue, EXIF orientation 6: shown upright it is 40x60, red on top.
  const halves = Buffer.alloc(60 * 40 * 3);
  for (let p = 0; p < 60 * 40; p++) halves.set(p % 60 < 30 ? [220, 20, 20] : [20, 20, 220], p * 3);
  const raw = { raw: { width: 60, height: 40, channels: 3 as const } };
  input(
    'oriented-6.jpg',
    await sharp(halves, raw).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer(),
  );
  input('p3.jpg', await sharp(halves, raw).withIccProfile('p3').jpeg({ quality: 95 }).toBuffer());
  // The GPS photo made small, with all its metadata (EXIF with GPS, its sRGB profile) kept.
  const gps = readFileSync(join(FIXTURES, 'photos/IMG_20180725_163423.jpg'));
  input('gps-small.jpg', await sharp(gps).resize(640).keepMetadata().jpeg({ quality: 90 }).toBuffer());

  browser = await openBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the WebAssembly codec in Chromium', () => {
  it('measures every codec once per session, our .wasm files loading from the build, before the first photo', async () => {
    await browser.page.goto(`${server.url}/`);
    await browser.page.waitForFunction(() => 'raumglanzBench' in window);
    expect(await browser.page.evaluate(() => window.raumglanzBench.codecs().session)).toBeNull();
    const outcome = await enhance(`${server.url}/input/gps-small.jpg`);
    expect(outcome.ok).toBe(true);
    const { session } = await browser.page.evaluate(() => window.raumglanzBench.codecs());
    const timings = session!.timings!;
    for (const t of [timings.decode.jpeg, timings.decode.png, timings.decode.webp, timings.encode]) {
      expect(t.canvas).toBeGreaterThan(0);
      expect(t.wasm).toBeGreaterThan(0);
    }
    expect(timings.decode.jpeg.webcodecs).toBeGreaterThan(0); // Chromium has ImageDecoder
    // Whatever was chosen, the photo ran on it.
    expect(outcome.ok && outcome.timings.decodedBy).toBe(session!.choice.decode.jpeg);
    expect(outcome.ok && outcome.timings.encodedBy).toBe(session!.choice.encode);
  }, 60_000);

  const decoded = async (outcome: EnhanceOutcome) => {
    if (!outcome.ok) throw new Error(outcome.message);
    const { data, info } = await sharp(Buffer.from(outcome.base64, 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };

  describe.each([
    ['wasm/wasm', 'wasm', 'wasm'],
    ['webcodecs/canvas', 'webcodecs', 'canvas'],
  ])('forced (?codecs=%s)', (forced, decodedBy, encodedBy) => {
    beforeAll(async () => {
      await browser.page.goto(`${server.url}/?codecs=${forced}`);
      await browser.page.waitForFunction(() => 'raumglanzBench' in window);
    });

    it('turns an EXIF orientation 6 photo upright', async () => {
      const outcome = await enhance(`${server.url}/input/oriented-6.jpg`);
      expect(outcome.ok && outcome.timings).toMatchObject({ decodedBy, encodedBy });
      const { data, width, height } = await decoded(outcome);
      expect([width, height]).toEqual([40, 60]);
      const at = (x: number, y: number) => [...data.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)];
      expect(at(20, 10)[0]).toBeGreaterThan(150); // top: red
      expect(at(20, 50)[2]).toBeGreaterThan(150); // bottom: blue
    });

    it("decodes a real photo to the canvas's pixels (within a level on average)", async () => {
      const ours = await decoded(await enhance(`${server.url}/input/gps-small.jpg`, []));
      await browser.page.goto(`${server.url}/?codecs=canvas/canvas`);
      await browser.page.waitForFunction(() => 'raumglanzBench' in window);
      const canvas = await decoded(await enhance(`${server.url}/input/gps-small.jpg`, []));
      await browser.page.goto(`${server.url}/?codecs=${forced}`);
      await browser.page.waitForFunction(() => 'raumglanzBench' in window);
      expect([ours.width, ours.height]).toEqual([canvas.width, canvas.height]);
      let sum = 0;
      for (let i = 0; i < ours.data.length; i++) sum += Math.abs(ours.data[i]! - canvas.data[i]!);
      expect(sum / ours.data.length).toBeLessThan(1);
    });

    it('writes no EXIF, GPS, XMP or profile of the photo', async () => {
      const outcome = await enhance(`${server.url}/input/gps-small.jpg`);
      if (!outcome.ok) throw new Error(outcome.message);
      expect(outcome.timings).toMatchObject({ decodedBy, encodedBy });
      const output = new Uint8Array(Buffer.from(outcome.base64, 'base64'));
      // Our encoder writes JFIF alone; the canvas adds its sRGB profile (APP2), never EXIF or XMP (APP1).
      const apps = jpegSegments(output).filter((m) => m >= 0xe1 && m <= 0xef);
      expect(apps).toEqual(encodedBy === 'wasm' ? [] : apps.filter((m) => m === 0xe2));
      expect(Buffer.from(output.subarray(0, 4096)).toString('latin1')).not.toMatch(/Exif|GPS|xmp/);
    });

    it("leaves a Display P3 photo to the canvas's colour-managed decoder", async () => {
      const outcome = await enhance(`${server.url}/input/p3.jpg`);
      if (!outcome.ok) throw new Error(outcome.message);
      expect(outcome.timings.decodedBy).toBe('canvas');
    });
  });
});
