// Our WebAssembly codec (web/engine/wasmCodec.ts) in Node, against sharp (libvips, libjpeg-turbo): a fixture
// photo decodes to sharp's pixels within a level; every EXIF orientation comes out as sharp's auto-orientation;
// photos with a colour profile other than sRGB are left to the browser; transparent PNGs land on white; and what
// it encodes carries no metadata segment at all, even from a photo full of EXIF and GPS.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { init as initJpegDecoder } from '@jsquash/jpeg/decode.js';
import { init as initJpegEncoder } from '@jsquash/jpeg/encode.js';
import { init as initPngDecoder } from '@jsquash/png/decode.js';
import { init as initWebpDecoder } from '@jsquash/webp/decode.js';
import { decodeNeeds } from '../../../web/engine/imageMeta';
import { decodeWithWasm, encodeWithWasm } from '../../../web/engine/wasmCodec';
import type { RgbaImage } from '../../../core/imaging/types';

const FIXTURES = join(import.meta.dirname, '../../../../shared/fixtures');
const require = createRequire(import.meta.url);
const wasm = (pkg: string, file: string) =>
  new WebAssembly.Module(readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), file)));

beforeAll(async () => {
  // In the worker the packages fetch their .wasm next to them (Vite's assets); Node gets the modules handed in.
  await initJpegDecoder(wasm('@jsquash/jpeg', 'codec/dec/mozjpeg_dec.wasm'));
  await initJpegEncoder(wasm('@jsquash/jpeg', 'codec/enc/mozjpeg_enc.wasm'));
  await initPngDecoder(wasm('@jsquash/png', 'codec/pkg/squoosh_png_bg.wasm'));
  await initWebpDecoder(wasm('@jsquash/webp', 'codec/dec/webp_dec.wasm'));
});

const blob = (bytes: Uint8Array, type: string) => new Blob([bytes as Uint8Array<ArrayBuffer>], { type });

/** sharp's decoding, auto-oriented, flattened on white, as RGBA. */
async function sharpRgba(bytes: Uint8Array): Promise<RgbaImage> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

function meanAbsDiff(a: RgbaImage, b: RgbaImage): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}

/** A small photo whose every corner differs, so a wrong turn or mirror cannot match. */
async function asymmetricJpeg(orientation: number): Promise<Uint8Array> {
  const width = 48;
  const height = 32;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = x < width / 3 ? 230 : 30;
      raw[i + 1] = y < height / 4 ? 220 : 40;
      raw[i + 2] = (x * 5 + y * 3) % 256;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .withMetadata({ orientation })
    .toBuffer();
}

/** The marker codes of a JPEG's segments before its scan. */
function segments(b: Uint8Array): number[] {
  const found: number[] = [];
  for (let i = 2; i + 4 <= b.length && b[i] === 0xff; i += 2 + ((b[i + 2]! << 8) | b[i + 3]!)) {
    found.push(b[i + 1]!);
    if (b[i + 1] === 0xda) break;
  }
  return found;
}

describe('#decodeWithWasm', () => {
  it("decodes a fixture photo (18 MP DSLR) to sharp's pixels within a level", async () => {
    const bytes = readFileSync(join(FIXTURES, 'photos/canon-dslr.jpg'));
    const ours = await decodeWithWasm(blob(bytes, 'image/jpeg'), 'image/jpeg');
    expect(ours).not.toBeNull();
    expect(meanAbsDiff(ours!, await sharpRgba(bytes))).toBeLessThan(1);
  });

  it('decodes into the frame it is given (a shared frame in the worker)', async () => {
    const bytes = await asymmetricJpeg(1);
    let made: RgbaImage | undefined;
    const into = (width: number, height: number) =>
      (made = { width, height, data: new Uint8ClampedArray(new SharedArrayBuffer(width * height * 4)) });
    const ours = await decodeWithWasm(blob(bytes, 'image/jpeg'), 'image/jpeg', { into });
    expect(ours).toBe(made);
    expect(meanAbsDiff(ours!, await sharpRgba(bytes))).toBeLessThan(1);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    "applies EXIF orientation %i as sharp's auto-orientation does",
    async (orientation) => {
      const bytes = await asymmetricJpeg(orientation);
      expect(decodeNeeds(bytes, 'image/jpeg').orientation).toBe(orientation);
      const ours = await decodeWithWasm(blob(bytes, 'image/jpeg'), 'image/jpeg');
      const expected = await sharpRgba(bytes);
      expect([ours!.width, ours!.height]).toEqual(orientation >= 5 ? [32, 48] : [48, 32]);
      expect(meanAbsDiff(ours!, expected)).toBeLessThan(1.5);
    },
  );

  it('turns a photo with orientation 6 upright (a phone held upright): its top row becomes the right column', async () => {
    const bytes = await asymmetricJpeg(6);
    const ours = (await decodeWithWasm(blob(bytes, 'image/jpeg'), 'image/jpeg'))!;
    // Turned clockwise: stored top-left (red and green high) lands top-right, stored bottom-left (red high,
    // green low) top-left, stored bottom-right (both low) bottom-left.
    const topRight = (ours.width - 1) * 4;
    const bottomLeft = (ours.height - 1) * ours.width * 4;
    expect(ours.data[topRight]).toBeGreaterThan(200);
    expect(ours.data[topRight + 1]).toBeGreaterThan(200);
    expect(ours.data[0]).toBeGreaterThan(200);
    expect(ours.data[1]).toBeLessThan(60);
    expect(ours.data[bottomLeft]).toBeLessThan(60);
    expect(ours.data[bottomLeft + 1]).toBeLessThan(60);
  });

  it('leaves a photo with a Display P3 profile to the browser (null), decodes one with an sRGB profile', async () => {
    const base = sharp(await asymmetricJpeg(1));
    const p3 = await base.clone().withIccProfile('p3').jpeg().toBuffer();
    const srgb = await base.clone().withIccProfile('srgb').jpeg().toBuffer();
    expect(decodeNeeds(p3, 'image/jpeg').browserOnly).toBe(true);
    expect(await decodeWithWasm(blob(p3, 'image/jpeg'), 'image/jpeg')).toBeNull();
    expect(decodeNeeds(srgb, 'image/jpeg').browserOnly).toBe(false);
    expect(await decodeWithWasm(blob(srgb, 'image/jpeg'), 'image/jpeg')).not.toBeNull();
  });

  it('lays a transparent PNG on white, as the canvas decoder does', async () => {
    const width = 40;
    const height = 20;
    const raw = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) raw.set([200, 40, 90, (i * 7) % 256], i * 4);
    const png = await sharp(raw, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
    const ours = await decodeWithWasm(blob(png, 'image/png'), 'image/png', { onWhite: true });
    expect(ours!.data.every((v, i) => i % 4 !== 3 || v === 255)).toBe(true);
    expect(meanAbsDiff(ours!, await sharpRgba(png))).toBeLessThan(1);
  });

  it("decodes a WebP to sharp's pixels", async () => {
    const webp = await sharp(await asymmetricJpeg(1))
      .webp({ quality: 90 })
      .toBuffer();
    const ours = await decodeWithWasm(blob(webp, 'image/webp'), 'image/webp');
    expect(meanAbsDiff(ours!, await sharpRgba(webp))).toBeLessThan(2);
  });

  it('rejects a file that is no JPEG', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0, 4, 1, 2, 3, 4]);
    await expect(decodeWithWasm(blob(bytes, 'image/jpeg'), 'image/jpeg')).rejects.toThrow();
  });
});

describe('#encodeWithWasm', () => {
  it('writes a JPEG with no EXIF, XMP, ICC or IPTC segment, even from a photo with GPS', async () => {
    const bytes = readFileSync(join(FIXTURES, 'photos/IMG_20180725_163423.jpg'));
    expect(segments(bytes)).toContain(0xe1); // the fixture's EXIF (with its GPS position)
    const small = await sharp(bytes).resize(400).keepMetadata().jpeg().toBuffer();
    const image = (await decodeWithWasm(blob(small, 'image/jpeg'), 'image/jpeg'))!;
    const out = new Uint8Array(await (await encodeWithWasm(image, 0.92)).arrayBuffer());
    const markers = segments(out);
    expect(markers.filter((m) => m >= 0xe1 && m <= 0xef)).toEqual([]);
    expect(markers.filter((m) => m === 0xfe)).toEqual([]); // no comment either
    const meta = await sharp(out).metadata();
    expect([meta.exif, meta.icc, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined, undefined]);
    // Baseline (SOF0) with 4:2:0, as the canvas writes; and the pixels survive.
    expect(markers).toContain(0xc0);
    expect(meta.chromaSubsampling).toBe('4:2:0');
    expect(meanAbsDiff(await sharpRgba(out), image)).toBeLessThan(2.5);
  });

  it('encodes from shared memory (the engine’s frames)', async () => {
    const width = 64;
    const height = 48;
    const data = new Uint8ClampedArray(new SharedArrayBuffer(width * height * 4)).fill(128);
    const out = await encodeWithWasm({ width, height, data }, 0.9);
    const meta = await sharp(new Uint8Array(await out.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', width, height]);
  });
});
