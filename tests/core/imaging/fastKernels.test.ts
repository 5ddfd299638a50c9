// The fast kernels against the reference kernels: the WebAssembly point operations, sharpening and the warp
// give the bytes of the JavaScript loops (within 1 level is the bound; they are identical, and tested
// so), the learned retouch's table (f32 SIMD against the f64 loop) within 1 level and its classifier within
// 1e-5, on a real photo and on random pixels; and the committed .wasm and its base64 module are what the .wat
// source compiles to.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { colorGradeCurves } from '../../../core/imaging/colorGrade';
import { exposureCurves } from '../../../core/imaging/exposure';
import { GRADES } from '../../../core/imaging/grades';
import {
  applyChannelLuts,
  applyMatrixAndLuts,
  curvesToLuts,
  saturationMatrix,
  type ChannelLuts,
  type ColorMatrix,
} from '../../../core/imaging/lut';
import { createSharedImage, type RgbaImage } from '../../../core/imaging/types';
import { setKernelBackend } from '../../../core/imaging/wasm/backend';
import { frameMemoryOf, takeTableArea } from '../../../core/imaging/wasm/frames';
import { sharpen, sharpenBand, sharpenInPlace } from '../../../core/imaging/sharpen';
import { warpHomography, warpHomographyBand, type Matrix3 } from '../../../core/imaging/warp';
import { whiteBalanceCurves } from '../../../core/imaging/whiteBalance';
import { downscaledLuma } from '../../../core/analysis/verticals';
import { applyLut3d, identityLut } from '../../../core/retouch/lut3d';
import { bytesModule, compileWat, WASM_DIR, WASM_KERNELS } from '../../../scripts/build-wasm';
import { loadRetoucher } from '../retouch/modelFiles';

const PHOTO = resolve(import.meta.dirname, '../../../../shared/fixtures/photos/canon-dslr.jpg');

async function photo(): Promise<RgbaImage> {
  const { data, info } = await sharp(PHOTO)
    .resize(1201, 803) // odd sizes: a chunk's last pixels and a pixel count not divisible by the unrolling
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

function noise(width: number, height: number): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 12345;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = seed >>> 24;
  }
  return { width, height, data };
}

/** 256 x 256 pixels holding every (R, G) pair once (the module's combined R-G table), B and alpha varied. */
function everyRedGreen(): RgbaImage {
  const data = new Uint8ClampedArray(256 * 256 * 4);
  for (let i = 0; i < 65536; i++)
    data.set([i & 255, i >> 8, (i * 7 + (i >> 8) * 13) & 255, (i ^ (i >> 8)) & 255], i * 4);
  return { width: 256, height: 256, data };
}

function maxDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

/** A point operation into `out` (a new image unless given). */
type Op = (image: RgbaImage, out?: RgbaImage) => RgbaImage;
const tables =
  (luts: ChannelLuts): Op =>
  (image, out) =>
    applyChannelLuts(image, luts, out);
const matrix =
  (m: ColorMatrix, luts: ChannelLuts): Op =>
  (image, out) =>
    applyMatrixAndLuts(image, m, luts, out);

const CASES: [string, Op][] = [
  ['exposure +1.5', tables(curvesToLuts(exposureCurves(1.5)))],
  ['white balance +60 mired', tables(curvesToLuts(whiteBalanceCurves({ mired: 60 })))],
  [
    'golden hour with saturation',
    matrix(saturationMatrix(1.15), curvesToLuts(colorGradeCurves(GRADES.goldenHour))),
  ],
  ['saturation 2 (widest matrix)', matrix(saturationMatrix(2), curvesToLuts(colorGradeCurves({ ev: 0.5 })))],
  ['saturation 0 (grey)', matrix(saturationMatrix(0), curvesToLuts(colorGradeCurves({ mired: -40 })))],
];

describe('WebAssembly point operations against the JavaScript reference', () => {
  afterEach(() => setKernelBackend('wasm'));

  it.each(CASES)('%s: identical on a photo, on noise and on every R, G pair', async (_name, op) => {
    for (const image of [await photo(), noise(333, 211), everyRedGreen()]) {
      setKernelBackend('js');
      const reference = op(image);
      setKernelBackend('wasm');
      const fast = op(image);
      expect(maxDifference(fast.data, reference.data)).toBe(0);
      expect(maxDifference(fast.data, image.data)).toBeGreaterThan(0); // the operation did something
    }
  });

  it.each(CASES)('%s: identical in place in a frame memory, where the pixels lie', async (_name, op) => {
    const image = await photo();
    setKernelBackend('js');
    const reference = op(image);
    setKernelBackend('wasm');
    const frame = createSharedImage(image.width, image.height);
    expect(frameMemoryOf(frame.data)).toBeDefined();
    frame.data.set(image.data);
    expect(op(frame, frame)).toBe(frame);
    expect(maxDifference(frame.data, reference.data)).toBe(0);
    expect(takeTableArea(frameMemoryOf(frame.data)!)).toBeGreaterThan(0); // the kernel took the first area
  });

  it.each(CASES)("%s: a band of a frame in place leaves the next band's pixels alone", (_name, op) => {
    const image = noise(301, 40); // 301 x 13 rows: a pixel count the loops' turns of four do not divide
    setKernelBackend('js');
    const reference = op(image);
    setKernelBackend('wasm');
    const frame = createSharedImage(image.width, image.height);
    frame.data.set(image.data);
    const cut = 301 * 13 * 4;
    const band = { width: 301, height: 13, data: frame.data.subarray(0, cut) };
    op(band, band);
    expect(maxDifference(band.data, reference.data.subarray(0, cut))).toBe(0);
    expect(maxDifference(frame.data.subarray(cut), image.data.subarray(cut))).toBe(0);
  });

  it("copies through chunks once a frame's table areas are all taken, with the same bytes", async () => {
    const image = await photo();
    const [, op] = CASES[3]!; // the matrix: both table kinds
    setKernelBackend('js');
    const reference = op(image);
    setKernelBackend('wasm');
    const frame = createSharedImage(image.width, image.height);
    frame.data.set(image.data);
    const memory = frameMemoryOf(frame.data)!;
    const areas = [0, 1, 2, 3].map(() => takeTableArea(memory));
    expect(new Set(areas).size).toBe(4); // four threads, four areas
    expect(takeTableArea(memory)).toBeNull();
    op(frame, frame);
    expect(maxDifference(frame.data, reference.data)).toBe(0);
  });

  it('gives the same bytes for frames that start anywhere in their buffer (the chunk follows the output)', () => {
    const m = saturationMatrix(1.15);
    const luts = curvesToLuts(colorGradeCurves(GRADES.goldenHour));
    const whole = noise(301, 40);
    setKernelBackend('js');
    const reference = applyMatrixAndLuts(whole, m, luts);
    setKernelBackend('wasm');
    for (const offset of [0, 4, 2032, 2048, 4000, 4092]) {
      const data = new Uint8ClampedArray(offset + whole.data.length);
      data.set(whole.data, offset);
      const image = { ...whole, data: data.subarray(offset) };
      expect(maxDifference(applyMatrixAndLuts(image, m, luts, image).data, reference.data)).toBe(0);
    }
  });

  it.each([
    ['default', {}],
    ['strong, no threshold', { amount: 2, threshold: 0, haloLimit: 0 }],
  ])('sharpen (%s): identical on a photo and on noise, new image and in place', async (_name, options) => {
    for (const image of [await photo(), noise(333, 211), noise(1, 7), noise(9, 1)]) {
      setKernelBackend('js');
      const reference = sharpen(image, options);
      setKernelBackend('wasm');
      expect(maxDifference(sharpen(image, options).data, reference.data)).toBe(0);
      const copy = { ...image, data: image.data.slice() };
      expect(maxDifference(sharpenInPlace(copy, options).data, reference.data)).toBe(0);
    }
  });

  it.each([
    ['gentle rotation and keystone', [0.9994, -0.0349, 20, 0.0349, 0.9994, -10, 0, 1e-5, 1]],
    ['mostly outside the source (clamped edges)', [1.3, 0.2, -300, -0.1, 1.2, 150, 0, 0, 1]],
    ['strong projective term (short spans)', [1, 0.05, 0, 0.02, 1, 0, 8e-4, 3e-4, 1]],
    // Tiles of the WebAssembly form: a steep turn and a shrink read large source rectangles per tile.
    ['30 degree turn', [0.866, -0.5, 400, 0.5, 0.866, -200, 0, 0, 1]],
    ['shrunk to a third', [3, 0.1, 0, -0.05, 3, 0, 0, 0, 1]],
    ['mirrored and enlarged', [-0.4, 0, 1100, 0, 0.5, 100, 0, 0, 1]],
  ] as [string, Matrix3][])('the warp (%s): identical on a photo', async (_name, m) => {
    const image = await photo();
    setKernelBackend('js');
    const reference = warpHomography(image, m, 917, 611);
    setKernelBackend('wasm');
    expect(maxDifference(warpHomography(image, m, 917, 611).data, reference.data)).toBe(0);
  });

  it('works in place', async () => {
    const image = await photo();
    const luts = curvesToLuts(exposureCurves(1));
    setKernelBackend('js');
    const reference = applyChannelLuts(image, luts);
    setKernelBackend('wasm');
    applyChannelLuts(image, luts, image);
    expect(maxDifference(image.data, reference.data)).toBe(0);
  });
});

describe('the learned retouch in WebAssembly against the JavaScript reference', () => {
  const retoucher = loadRetoucher();
  afterEach(() => setKernelBackend('wasm'));

  it('the classifier gives the same blend weights (within 1e-5) on a photo and on noise', async () => {
    for (const image of [await photo(), noise(333, 211)]) {
      setKernelBackend('js');
      const reference = retoucher.blendWeights(image);
      setKernelBackend('wasm');
      const fast = retoucher.blendWeights(image);
      fast.forEach((w, i) => expect(Math.abs(w - reference[i]!)).toBeLessThan(1e-5));
    }
  });

  it('the 3D table: within 1 level on a photo and on noise, identical through the identity, in place', async () => {
    for (const image of [await photo(), noise(333, 211), noise(1, 3)]) {
      const lut = retoucher.lutFor(image);
      setKernelBackend('js');
      const reference = applyLut3d(image, lut);
      setKernelBackend('wasm');
      const fast = applyLut3d(image, lut);
      expect(maxDifference(fast.data, reference.data)).toBeLessThanOrEqual(1);
      expect(maxDifference(fast.data, image.data)).toBeGreaterThan(0); // the table did something
      expect(maxDifference(applyLut3d(image, identityLut()).data, image.data)).toBe(0);
      const copy = { ...image, data: image.data.slice() };
      expect(maxDifference(applyLut3d(copy, lut, copy).data, fast.data)).toBe(0);
    }
  });
});

describe("the line detector's luma in WebAssembly", () => {
  afterEach(() => setKernelBackend('wasm'));

  it.each([1024, 400, 101, 5000])('gives the floats of the JavaScript loop (long side %i)', async (side) => {
    for (const image of [await photo(), noise(333, 211)]) {
      setKernelBackend('js');
      const reference = downscaledLuma(image, side);
      setKernelBackend('wasm');
      const fast = downscaledLuma(image, side);
      expect([fast.width, fast.height, fast.factor]).toEqual([
        reference.width,
        reference.height,
        reference.factor,
      ]);
      expect(fast.plane.length).toBe(reference.plane.length);
      expect(fast.plane.findIndex((v, i) => v !== reference.plane[i])).toBe(-1);
    }
  });
});

describe('bands (the rows one thread of several does) give the whole-image result', () => {
  // Cuts at odd rows and a one-row band: the halo must come from the neighbours' rows, not from an edge.
  const cuts = [0, 1, 2, 333, 334, 800, 803];
  const bands = cuts.slice(1).map((to, i) => ({ from: cuts[i]!, to }));

  it('sharpen', async () => {
    const image = await photo();
    const whole = sharpen(image, { amount: 1.2 });
    const out = { ...image, data: new Uint8ClampedArray(image.data.length) };
    for (const rows of [...bands].reverse()) sharpenBand(image, out, rows, { amount: 1.2 });
    expect(maxDifference(out.data, whole.data)).toBe(0);
    expect(maxDifference(whole.data, image.data)).toBeGreaterThan(0);
  });

  it('the warp', async () => {
    const image = await photo();
    const t = 0.03;
    const m: Matrix3 = [Math.cos(t), -Math.sin(t), 20, Math.sin(t), Math.cos(t), -10, 0, 1e-5, 1];
    const whole = warpHomography(image, m, image.width, image.height);
    const out = { ...image, data: new Uint8ClampedArray(image.data.length) };
    for (const rows of bands) warpHomographyBand(image, m, out, rows);
    expect(maxDifference(out.data, whole.data)).toBe(0);
  });
});

describe('the committed WebAssembly', () => {
  it.each(WASM_KERNELS)('%s.wasm and %sWasm.ts are what the .wat compiles to', async (name) => {
    const bytes = await compileWat(name);
    expect(Buffer.from(await readFile(resolve(WASM_DIR, `${name}.wasm`))).equals(Buffer.from(bytes))).toBe(
      true,
    );
    expect(await readFile(resolve(WASM_DIR, `${name}Wasm.ts`), 'utf8')).toBe(bytesModule(name, bytes));
  });
});
