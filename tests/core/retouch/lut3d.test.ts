// The 3D LUT kernel's identities: the identity table and strength 0 return every 8-bit colour exactly, strength 1
// is the table itself, and a colour function folded in after the table equals applying it afterwards.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyLut3d,
  applyLut3dRows,
  blendLuts,
  identityLut,
  mapLut,
  sampleLut,
  withStrength,
  type Lut3d,
} from '../../../core/retouch';
import type { RgbaImage } from '../../../core/imaging/types';
import { setKernelBackend } from '../../../core/imaging/wasm/backend';
import { loadRetoucher } from './modelFiles';

// The classifier and 16.7 M-colour passes take seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

/** All 16.7 M colours, 4096 x 4096, with a varying alpha. */
function everyColour(): RgbaImage {
  const size = 4096;
  const data = new Uint8ClampedArray(size * size * 4);
  for (let i = 0, p = 0; i < size * size; i++, p += 4) {
    data[p] = i & 255;
    data[p + 1] = (i >> 8) & 255;
    data[p + 2] = (i >> 16) & 255;
    data[p + 3] = (i * 7) & 255;
  }
  return { width: size, height: size, data };
}

function firstDifference(a: RgbaImage, b: RgbaImage): number {
  for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) return i;
  return -1;
}

const retoucher = loadRetoucher();

describe('applyLut3d', () => {
  const all = everyColour();

  it(
    'returns every 8-bit colour (and alpha) unchanged through the identity table',
    { timeout: 60_000 },
    () => {
      expect(firstDifference(applyLut3d(all, identityLut()), all)).toBe(-1);
    },
  );

  it('returns every colour unchanged at strength 0 of a learned table', { timeout: 60_000 }, () => {
    const learned = retoucher.lutFor(all);
    expect(firstDifference(applyLut3d(all, withStrength(learned, 0)), all)).toBe(-1);
    // ...and the learned table itself does change colours, so the check above can fail.
    expect(firstDifference(applyLut3d(all, learned), all)).toBeGreaterThanOrEqual(0);
  });

  it('writes in place when given the input as output', () => {
    const image: RgbaImage = {
      width: 2,
      height: 1,
      data: new Uint8ClampedArray([10, 200, 30, 255, 250, 5, 128, 9]),
    };
    const expected = applyLut3d(image, retoucher.lutFor(image));
    expect(applyLut3d(image, retoucher.lutFor(image), image).data).toEqual(expected.data);
  });
});

/** Nodes drawn from a fixed sequence in [-0.25, 1.25): every cell different, results clamped at both ends. */
function randomLut(): Lut3d {
  const data = new Float32Array(identityLut().data.length);
  let seed = 987654321;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = (seed / 2 ** 32) * 1.5 - 0.25;
  }
  return { data };
}

const sha256 = (bytes: Uint8ClampedArray): string => createHash('sha256').update(bytes).digest('hex');

describe('the WebAssembly kernel (imaging/wasm/lut3d.wat)', () => {
  afterEach(() => setKernelBackend('wasm'));
  const all = everyColour();

  // The hashes of the kernel's output before it was rewritten (the blend in a helper function, four pixels a
  // turn); any change to the .wat or its wrapper must keep them, not just stay within 1 level of the reference.
  it('gives the bytes it always gave for all 16.7 M colours', { timeout: 60_000 }, () => {
    setKernelBackend('wasm');
    const learned = blendLuts(retoucher.weights.luts, [0.6, 0.3, 0.25]);
    expect(sha256(applyLut3d(all, learned).data)).toBe(
      'd9cc6624bc30eda4f64c5c58b0f86c66259450e62996c43b1fa21b45da19e4de',
    );
    expect(sha256(applyLut3d(all, randomLut()).data)).toBe(
      '3eb544a894ccb07e3af24e2a45e12ce6bdc5172b62b32027ad70c0daad34c72c',
    );
  });

  it('keeps a table between calls only while the same one comes', () => {
    setKernelBackend('wasm');
    const image: RgbaImage = { width: 1000, height: 64, data: all.data.subarray(0, 1000 * 64 * 4) };
    const random = randomLut();
    const once = applyLut3d(image, random);
    // Another table in between, then the first again: each call applies its own table.
    expect(firstDifference(applyLut3d(image, identityLut()), image)).toBe(-1);
    expect(firstDifference(applyLut3d(image, random), once)).toBe(-1);
    // Rows in bands (one call each, the same table) at byte offsets 0, 4000, 8000 and 28000, which move the
    // module's chunk to different places.
    const banded: RgbaImage = { ...image, data: new Uint8ClampedArray(image.data.length) };
    for (const [from, to] of [
      [0, 1],
      [1, 2],
      [2, 7],
      [7, 64],
    ] as const)
      applyLut3dRows(image, random.data, banded, from, to);
    expect(firstDifference(banded, once)).toBe(-1);
  });
});

describe('withStrength and mapLut', () => {
  const learned: Lut3d = retoucher.lutFor({ width: 4, height: 4, planes: new Float32Array(48).fill(0.3) });

  it('strength 1 is the table, 0.5 halfway between identity and table', () => {
    expect(withStrength(learned, 1).data).toEqual(learned.data);
    const half = sampleLut(withStrength(learned, 0.5), 0.2, 0.5, 0.8);
    const full = sampleLut(learned, 0.2, 0.5, 0.8);
    [0.2, 0.5, 0.8].forEach((x, c) => expect(half[c]).toBeCloseTo((x + full[c]) / 2, 4));
  });

  it('folds a colour function in after the table', () => {
    const swapped = mapLut(learned, (r, g, b, out) => {
      out[0] = b;
      out[1] = g;
      out[2] = r;
    });
    const a = sampleLut(learned, 0.31, 0.62, 0.13);
    const b = sampleLut(swapped, 0.31, 0.62, 0.13);
    expect(b[0]).toBeCloseTo(a[2], 5);
    expect(b[2]).toBeCloseTo(a[0], 5);
  });
});
