// Local contrast ("details", clarity): an unsharp mask with a large radius on luma. It brings out textures and
// material (wood, fabric, tiles) without changing the overall tone. Large differences are compressed before
// they are added back, so strong edges (a window against a wall) do not grow a bright or dark halo.
import { boxRadiusForSigma, tripleBoxBlurPlane } from './blur';
import { lumaPlane } from './plane';
import { assertImage, type RgbaImage } from './types';

export interface LocalContrastOptions {
  /** Blur radius as a fraction of the shorter image side (so the look does not depend on resolution). */
  radius: number;
  /** Strength: 0.3 adds 30 % of the (compressed) local detail. */
  amount: number;
  /** Detail of this size (code values) is added at half strength; larger detail ever less, for halo control. */
  halfAt: number;
}

export const defaultLocalContrastOptions: LocalContrastOptions = { radius: 0.012, amount: 0.35, halfAt: 40 };

/** Increase local contrast. Returns a new image; the input is not changed. */
export function localContrast(image: RgbaImage, options: Partial<LocalContrastOptions> = {}): RgbaImage {
  assertImage(image);
  const o = { ...defaultLocalContrastOptions, ...options };
  const { width, height, data } = image;
  const out = new Uint8ClampedArray(data.length);
  if (width === 0 || height === 0) return { width, height, data: out };
  const luma = lumaPlane(image);
  const sigma = Math.max(1, o.radius * Math.min(width, height));
  const blurred = tripleBoxBlurPlane(luma, width, height, boxRadiusForSigma(sigma));
  // Detail d (in 1/16 code values) becomes amount * d / (1 + |d| / halfAt): a table over all possible d.
  const half = o.halfAt * 16;
  const table = new Int16Array(2 * 4096 + 1);
  for (let d = -4096; d <= 4096; d++) {
    table[d + 4096] = Math.round((o.amount * d) / (1 + Math.abs(d) / half) / 16);
  }
  const n = width * height;
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    const delta = table[(luma[p]! << 4) - blurred[p]! + 4096]!;
    out[i] = data[i]! + delta;
    out[i + 1] = data[i + 1]! + delta;
    out[i + 2] = data[i + 2]! + delta;
    out[i + 3] = data[i + 3]!;
  }
  return { width, height, data: out };
}
