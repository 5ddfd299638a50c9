// Sharpening: an unsharp mask on luma. The detail layer (luma minus its Gaussian blur) is soft-thresholded so
// fine noise stays untouched, scaled, and added equally to R, G and B, which sharpens edges without colour
// fringes. Overshoot is limited to a few code values beyond the local 3x3 range, which bounds the halos.
import { gaussianBlurPlane } from './blur';
import { lumaPlane } from './plane';
import { assertImage, type RgbaImage } from './types';

export interface SharpenOptions {
  /** Gaussian sigma of the blur in pixels: the size of the detail that gets crisper. */
  sigma: number;
  /** Strength: 1 adds the full detail layer once more. */
  amount: number;
  /** Detail smaller than this (code values) is treated as noise and left alone; larger detail is reduced by it. */
  threshold: number;
  /** How far (code values) sharpened luma may go beyond the min/max of its 3x3 neighbourhood; Infinity = no limit. */
  overshoot: number;
}

export const defaultSharpenOptions: SharpenOptions = { sigma: 1, amount: 0.8, threshold: 2, overshoot: 12 };

/** Sharpen a photo. Returns a new image; the input is not changed. */
export function sharpen(image: RgbaImage, options: Partial<SharpenOptions> = {}): RgbaImage {
  assertImage(image);
  const o = { ...defaultSharpenOptions, ...options };
  const { width, height, data } = image;
  const out = new Uint8ClampedArray(data.length);
  if (width === 0 || height === 0) return { width, height, data: out };
  const luma = lumaPlane(image);
  const blurred = gaussianBlurPlane(luma, width, height, o.sigma);
  const amount = Math.round(o.amount * 256);
  const threshold = Math.round(o.threshold * 256);
  const limit = Number.isFinite(o.overshoot);
  const overshoot = limit ? Math.round(o.overshoot) : 0;
  const last = width - 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const up = (y > 0 ? y - 1 : 0) * width;
    const down = (y < height - 1 ? y + 1 : y) * width;
    for (let x = 0; x < width; x++) {
      const p = row + x;
      const v = luma[p]!;
      // Detail in 1/256 code values, soft-thresholded.
      let d = (v << 8) - blurred[p]!;
      if (d > threshold) d -= threshold;
      else if (d < -threshold) d += threshold;
      else d = 0;
      const i = p << 2;
      if (d === 0) {
        out[i] = data[i]!;
        out[i + 1] = data[i + 1]!;
        out[i + 2] = data[i + 2]!;
        out[i + 3] = data[i + 3]!;
        continue;
      }
      let delta = (d * amount) >> 16;
      if (limit) {
        const xl = x > 0 ? x - 1 : 0;
        const xr = x < last ? x + 1 : last;
        let lo = v;
        let hi = v;
        for (const r of [up, row, down]) {
          const a = luma[r + xl]!;
          const b = luma[r + x]!;
          const c = luma[r + xr]!;
          if (a < lo) lo = a;
          if (b < lo) lo = b;
          if (c < lo) lo = c;
          if (a > hi) hi = a;
          if (b > hi) hi = b;
          if (c > hi) hi = c;
        }
        const target = v + delta;
        if (target > hi + overshoot) delta = hi + overshoot - v;
        else if (target < lo - overshoot) delta = lo - overshoot - v;
      }
      out[i] = data[i]! + delta;
      out[i + 1] = data[i + 1]! + delta;
      out[i + 2] = data[i + 2]! + delta;
      out[i + 3] = data[i + 3]!;
    }
  }
  return { width, height, data: out };
}
