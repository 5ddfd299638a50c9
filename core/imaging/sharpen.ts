// Sharpen: an unsharp mask on luminance. The luma is blurred with a 5x5 binomial (a Gaussian of sigma 1 px);
// the difference (the detail) is amplified and added back to R, G and B alike, so colours do not fringe. A soft
// threshold leaves noise-sized differences alone, and a halo limit caps how far any edge can overshoot.
// The radius is fixed at 1 px on purpose: that is the scale of detail a listing photo loses, and the fixed
// kernel lets the whole filter run in one cache-friendly pass (planes.ts). Larger structure is localContrast's.
import type { RgbaImage } from './types';
import { assertImage, createLike } from './types';
import { binomialLumaResponse, buildResponseLut, type RowRange } from './planes';

export interface SharpenOptions {
  /** Gain on the detail: 0.5 is gentle, 1 strong, above 1.5 crunchy. */
  amount: number;
  /** Differences below about this many 8-bit levels are treated as noise and left alone (soft ramp). */
  threshold: number;
  /**
   * The most (in 8-bit levels) a pixel may be pushed, so bright or dark rims beside edges (halos) stay below it.
   * 20 levels is ~8 % of the range: enough for crisp edges, below where a rim starts to read as a glow on
   * a white wall next to a dark door frame (an unlimited unsharp mask at amount 1 would push such an edge ~70).
   */
  haloLimit: number;
}

export const defaultSharpenOptions: SharpenOptions = { amount: 0.8, threshold: 2, haloLimit: 20 };

/** Change (8-bit levels) added to a pixel whose luma is `detail` levels above its blurred neighbourhood. */
export function sharpenResponse(options: Partial<SharpenOptions> = {}): (detail: number) => number {
  const { amount, threshold, haloLimit } = { ...defaultSharpenOptions, ...options };
  return (detail) => {
    const size = Math.abs(detail);
    // Ramp from 0 at threshold/2 to full strength at 3 threshold/2: no visible step where sharpening starts.
    const weight = threshold <= 0 ? 1 : Math.min(1, Math.max(0, (size - threshold / 2) / threshold));
    const push = amount * detail * weight;
    // tanh is linear for small pushes and levels off at haloLimit for large ones.
    return haloLimit > 0 ? haloLimit * Math.tanh(push / haloLimit) : push;
  };
}

/** Returns a new image. */
export function sharpen(image: RgbaImage, options: Partial<SharpenOptions> = {}): RgbaImage {
  assertImage(image);
  return binomialLumaResponse(image, buildResponseLut(sharpenResponse(options)), createLike(image));
}

/**
 * Like sharpen, but overwrites `image` (for pipelines that own their buffer); returns it. Possible because the
 * streaming filter reads each row before it writes it (planes.ts).
 */
export function sharpenInPlace(image: RgbaImage, options: Partial<SharpenOptions> = {}): RgbaImage {
  assertImage(image);
  return binomialLumaResponse(image, buildResponseLut(sharpenResponse(options)), image);
}

/**
 * One band of a sharpened image, written into `out` (not `image`: neighbouring bands read their halo from it).
 * Bands that together cover every row give exactly sharpen()'s result, whichever thread runs which.
 */
export function sharpenBand(
  image: RgbaImage,
  out: RgbaImage,
  rows: RowRange,
  options: Partial<SharpenOptions> = {},
): RgbaImage {
  assertImage(image);
  return binomialLumaResponse(image, buildResponseLut(sharpenResponse(options)), out, rows);
}
