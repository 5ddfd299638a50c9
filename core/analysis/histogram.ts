// Channel and luma histograms of an RGBA image, the raw material of every global statistic (exposure, clipping,
// colour cast). Large photos are sampled on a regular grid: a million samples pin every percentile and mean
// far below one code value, at a fraction of the cost of reading all 48 MB of a 12 MP frame.
import type { RgbaImage } from '../imaging/types';

export interface Histograms {
  r: Uint32Array;
  g: Uint32Array;
  b: Uint32Array;
  /** Gamma-encoded Rec. 709 luma, rounded to a code value. */
  luma: Uint32Array;
  /** Number of pixels counted (every histogram sums to this). */
  count: number;
}

export interface HistogramOptions {
  /** Upper bound on counted pixels; the image is sampled on a regular grid above it. 0 = count every pixel. */
  maxSamples: number;
}

export const defaultHistogramOptions: HistogramOptions = { maxSamples: 1_000_000 };

/** Integer luma of an sRGB pixel: 0.2109 R + 0.7148 G + 0.0742 B (Rec. 709 in 8-bit fixed point), rounded. */
export function lumaCode(r: number, g: number, b: number): number {
  return (54 * r + 183 * g + 19 * b + 128) >> 8;
}

export function histograms(image: RgbaImage, options: Partial<HistogramOptions> = {}): Histograms {
  const { maxSamples } = { ...defaultHistogramOptions, ...options };
  const { width, height, data } = image;
  const r = new Uint32Array(256);
  const g = new Uint32Array(256);
  const b = new Uint32Array(256);
  const luma = new Uint32Array(256);
  const pixels = width * height;
  // A square grid step keeps the sample spread evenly over the frame.
  const step = maxSamples > 0 && pixels > maxSamples ? Math.ceil(Math.sqrt(pixels / maxSamples)) : 1;
  let count = 0;
  for (let y = 0; y < height; y += step) {
    let i = y * width * 4;
    const inc = step * 4;
    for (let x = 0; x < width; x += step, i += inc) {
      const R = data[i]!;
      const G = data[i + 1]!;
      const B = data[i + 2]!;
      r[R]!++;
      g[G]!++;
      b[B]!++;
      luma[lumaCode(R, G, B)]!++;
      count++;
    }
  }
  return { r, g, b, luma, count };
}

/** The code value below which fraction `q` (0..1) of the counted pixels lie (nearest-rank). */
export function percentile(hist: Uint32Array, count: number, q: number): number {
  if (count === 0) return 0;
  const rank = Math.max(1, Math.ceil(q * count));
  let seen = 0;
  for (let i = 0; i < 256; i++) {
    seen += hist[i]!;
    if (seen >= rank) return i;
  }
  return 255;
}

/** Mean code value of a histogram. */
export function histogramMean(hist: Uint32Array, count: number): number {
  if (count === 0) return 0;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  return sum / count;
}
