import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../../core/imaging/types';
import { inpaint } from '../../../core/inpaint/fill';
import { seededRandom } from '../../../core/inpaint/random';
import { SURFACE_DETAIL_DEFAULTS, surfaceDetail } from '../../../core/inpaint/surfaceDetail';

const W = 96;
const H = 64;
const OPTIONS = SURFACE_DETAIL_DEFAULTS;

/** A two-surface crop: left of x = 48 a smooth dark surface, right of it a bright one with a fine speckle. */
function surfaces(): Float32Array {
  const data = new Float32Array(W * H * 3);
  const random = seededRandom(7);
  for (let i = 0; i < W * H; i++) {
    const x = i % W;
    const v = x < 48 ? 60 : 180 + (random() - 0.5) * 40;
    data.set([v, v, v], i * 3);
  }
  return data;
}

/** A rectangle hole across the two surfaces. */
function hole(): Uint8Array {
  const h = new Uint8Array(W * H);
  for (let y = 20; y < 44; y++) for (let x = 30; x < 66; x++) h[y * W + x] = 1;
  return h;
}

/** The structure a smooth fill would give: each side's own level. */
function structureOf(): Float32Array {
  const s = new Float32Array(W * H * 3);
  for (let i = 0; i < W * H; i++) s.fill(i % W < 48 ? 60 : 180, i * 3, i * 3 + 3);
  return s;
}

/** Mean |horizontal step| of channel 0 over hole pixels with x in [x0, x1). */
function detailLevel(values: Float32Array, mask: Uint8Array, x0: number, x1: number): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < H; y++)
    for (let x = x0; x < x1 - 1; x++) {
      const i = y * W + x;
      if (!mask[i] || !mask[i + 1]) continue;
      sum += Math.abs(values[(i + 1) * 3]! - values[i * 3]!);
      n++;
    }
  return sum / n;
}

describe('#surfaceDetail', () => {
  it('copies each surface’s own detail: speckle where the structure is the speckled surface, none on the smooth one', () => {
    const data = surfaces();
    const mask = hole();
    for (let i = 0; i < mask.length; i++) if (mask[i]) data.fill(0, i * 3, i * 3 + 3);
    const detail = surfaceDetail(data, structureOf(), mask, W, H, { ...OPTIONS, random: seededRandom(1) });
    const filled = structureOf().map((v, k) => v + detail[k]!);
    const truthLevel = detailLevel(surfaces(), new Uint8Array(W * H).fill(1), 50, 96);
    // Away from the surfaces' boundary, whose tiles straddle both.
    expect(detailLevel(filled, mask, 54, 66)).toBeGreaterThan(0.75 * truthLevel);
    expect(detailLevel(filled, mask, 54, 66)).toBeLessThan(1.25 * truthLevel);
    expect(detailLevel(filled, mask, 30, 42)).toBeLessThan(0.1 * truthLevel);
  });

  it('copies no busier thing beside the hole (a tap, a rack) as texture of a plain surface', () => {
    // A plain surface with a light speckle (±4 levels)...
    const random = seededRandom(5);
    const data = new Float32Array(W * H * 3).map(() => 120 + (random() - 0.5) * 8);
    // ...and a checkerboard of the surface's mean colour right beside the hole.
    for (let y = 16; y < 48; y++)
      for (let x = 66; x < 80; x++) data.fill((x + y) % 2 ? 60 : 180, (y * W + x) * 3, (y * W + x) * 3 + 3);
    const mask = hole();
    const structure = new Float32Array(W * H * 3).fill(120);
    const detail = surfaceDetail(data, structure, mask, W, H, { ...OPTIONS, random: seededRandom(1) });
    expect(Math.max(...detail.map(Math.abs))).toBeLessThan(12);
  });

  it('is zero outside the hole, and everywhere when no known tile exists', () => {
    const data = surfaces();
    const mask = hole();
    const detail = surfaceDetail(data, structureOf(), mask, W, H, { ...OPTIONS, random: seededRandom(1) });
    for (let i = 0; i < mask.length; i++) if (!mask[i]) expect(detail[i * 3]).toBe(0);
    const all = new Uint8Array(W * H).fill(1);
    const none = surfaceDetail(data, structureOf(), all, W, H, { ...OPTIONS, random: seededRandom(1) });
    expect(none.every((v) => v === 0)).toBe(true);
  });
});

describe('#inpaint with surface detail', () => {
  const image = (): RgbaImage => {
    const data = surfaces();
    const rgba = new Uint8ClampedArray(W * H * 4);
    for (let i = 0; i < W * H; i++) rgba.set([data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!, 255], i * 4);
    return { width: W, height: H, data: rgba };
  };

  it('leaves the pixels outside the mask as they were and gives the same pixels for the same seed', () => {
    const mask = hole();
    const a = inpaint(image(), mask, { detail: 1, seed: 3 });
    const b = inpaint(image(), mask, { detail: 1, seed: 3 });
    expect(a.data).toEqual(b.data);
    const original = image();
    for (let i = 0; i < mask.length; i++)
      if (!mask[i])
        expect(a.data.subarray(i * 4, i * 4 + 4)).toEqual(original.data.subarray(i * 4, i * 4 + 4));
  });

  it('gives the speckled side of the hole texture where the grain-free fill is flat', () => {
    const mask = hole();
    // Without the patch fill, which this stationary speckle would earn trust for.
    const flat = inpaint(image(), mask, { grain: 0, patchTrust: 0 });
    const detailed = inpaint(image(), mask, { grain: 0, patchTrust: 0, detail: 1 });
    const level = (im: RgbaImage) =>
      detailLevel(Float32Array.from({ length: W * H * 3 }, (_, k) => im.data[Math.floor(k / 3) * 4 + (k % 3)]!), mask, 54, 66); // prettier-ignore
    expect(level(detailed)).toBeGreaterThan(3 * level(flat));
  });
});
