// Histograms of an image: one per channel, one of luma and one of each pixel's brightest channel. They are the
// cheap summary every automatic decision starts from (auto exposure, contrast, clipping). Large images are
// sampled on a regular grid, which changes the counts but not the shape.
import type { RgbaImage } from '../imaging/types';
import { assertImage } from '../imaging/types';

/**
 * Histograms with `r.length` bins each: 256 for 8-bit images; denoise.ts produces finer ones (bin i stands for
 * the value i / (bins - 1) on the 0..1 scale).
 */
export interface Histograms {
  r: Uint32Array;
  g: Uint32Array;
  b: Uint32Array;
  /** Rec. 709 luma of the sRGB code values, rounded to a bin. */
  luma: Uint32Array;
  /** max(r, g, b) per pixel: a tone curve applied to all channels maps it exactly, so it predicts clipping. */
  max: Uint32Array;
  /** Pixels counted (each histogram sums to this). */
  count: number;
}

export interface HistogramOptions {
  /** Count about this many pixels at most; 0 counts every pixel. */
  maxSamples: number;
}

export const defaultHistogramOptions: HistogramOptions = { maxSamples: 1_000_000 };

/** Rec. 709 luma of 8-bit R, G, B as an integer 0..255 (weights 54 + 183 + 19 = 256, rounded). */
export function lumaCode(r: number, g: number, b: number): number {
  return (54 * r + 183 * g + 19 * b + 128) >> 8;
}

export function computeHistograms(image: RgbaImage, options: Partial<HistogramOptions> = {}): Histograms {
  assertImage(image);
  const { maxSamples } = { ...defaultHistogramOptions, ...options };
  const { width, height, data } = image;
  const total = width * height;
  // A square grid step keeps the sample spread over both axes.
  const step = maxSamples > 0 && total > maxSamples ? Math.ceil(Math.sqrt(total / maxSamples)) : 1;
  const r = new Uint32Array(256);
  const g = new Uint32Array(256);
  const b = new Uint32Array(256);
  const luma = new Uint32Array(256);
  const max = new Uint32Array(256);
  let count = 0;
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const i = (y * width + x) * 4;
      const rv = data[i];
      const gv = data[i + 1];
      const bv = data[i + 2];
      r[rv]++;
      g[gv]++;
      b[bv]++;
      luma[lumaCode(rv, gv, bv)]++;
      max[rv > gv ? (rv > bv ? rv : bv) : gv > bv ? gv : bv]++;
      count++;
    }
  }
  return { r, g, b, luma, max, count };
}

/** The smallest value v with at least `fraction` of the counts at or below v. */
export function percentile(histogram: Uint32Array, fraction: number): number {
  let total = 0;
  for (let v = 0; v < histogram.length; v++) total += histogram[v];
  if (total === 0) return 0;
  const target = Math.max(1, Math.ceil(fraction * total));
  let seen = 0;
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v];
    if (seen >= target) return v;
  }
  return histogram.length - 1;
}

/** Mean of the values after mapping each bin through `lut` (identity when omitted). */
export function histogramMean(histogram: Uint32Array, lut?: ArrayLike<number>): number {
  let sum = 0;
  let total = 0;
  for (let v = 0; v < histogram.length; v++) {
    const c = histogram[v];
    sum += c * (lut ? lut[v] : v);
    total += c;
  }
  return total === 0 ? 0 : sum / total;
}

/** Fraction of the counts whose (mapped) value is at least `threshold`. */
export function fractionAtLeast(histogram: Uint32Array, threshold: number, lut?: ArrayLike<number>): number {
  let above = 0;
  let total = 0;
  for (let v = 0; v < histogram.length; v++) {
    const c = histogram[v];
    if ((lut ? lut[v] : v) >= threshold) above += c;
    total += c;
  }
  return total === 0 ? 0 : above / total;
}
