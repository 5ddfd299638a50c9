// Image statistics the builtin provider reasons with: exposure and colour balance (from core/analysis's
// histograms, the same numbers auto-enhance uses), colourfulness, sharpness, and the share of foliage and sky (an
// outdoor photo has both). Pure, so the thresholds are tested on synthetic images. These are measurements, not
// understanding: the provider says so.
import { computeHistograms, histogramMean } from '../../../core/analysis/histogram';
import { statsFromHistograms } from '../../../core/analysis/luminance';
import { LUMA_B, LUMA_G, LUMA_R } from '../../../core/imaging/color';
import type { RgbaImage } from '../types';

export interface ImageStats {
  /** Mean luminance, 0 (black) to 1 (white). */
  meanLuma: number;
  /** 5th and 95th percentile of luminance, 0 to 1. */
  p05: number;
  p95: number;
  /** Share of pixels with a blown channel (core/analysis's clipped highlights). */
  clipped: number;
  /** Mean red minus mean blue, -1 to 1: above 0 warm, below 0 cool. */
  warmth: number;
  /** Mean green minus the mean of red and blue, -1 to 1: above 0 green tint, below 0 magenta. */
  tint: number;
  /** Mean chroma (max - min channel), 0 to 1. */
  saturation: number;
  /** Mean absolute Laplacian of luminance, 0 to 1; below about 0.02 a photo looks soft. */
  sharpness: number;
  /** Share of pixels that are foliage green. */
  green: number;
  /** Share of the top third that is sky (bright blue, or bright and nearly grey above a horizon). */
  sky: number;
}

export function imageStats(image: RgbaImage): ImageStats {
  const { width, height, data } = image;
  const count = width * height;
  if (count === 0) throw new RangeError('imageStats needs at least one pixel');
  // Every pixel: the provider already works on a small copy.
  const histograms = computeHistograms(image, { maxSamples: 0 });
  const luminance = statsFromHistograms(histograms);
  const meanR = histogramMean(histograms.r) / 255;
  const meanG = histogramMean(histograms.g) / 255;
  const meanB = histogramMean(histograms.b) / 255;

  const lumas = new Float32Array(count);
  let sumChroma = 0;
  let green = 0;
  let sky = 0;
  const skyRows = Math.max(1, Math.floor(height / 3));
  for (let p = 0, i = 0; p < count; p++, i += 4) {
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    const y = LUMA_R * r + LUMA_G * g + LUMA_B * b;
    lumas[p] = y;
    const chroma = Math.max(r, g, b) - Math.min(r, g, b);
    sumChroma += chroma;
    // Foliage: green leads clearly and is not too dark.
    if (g > r * 1.08 && g > b * 1.08 && chroma > 25 && g > 40) green++;
    if (p < skyRows * width) {
      const blueSky = b > r * 1.1 && b >= g && y > 110 && chroma > 20;
      const greySky = y > 190 && chroma < 25;
      if (blueSky || greySky) sky++;
    }
  }

  // Sharpness: 4-neighbour Laplacian of luminance over the inner pixels.
  let laplacian = 0;
  let inner = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const around = lumas[p - 1] + lumas[p + 1] + lumas[p - width] + lumas[p + width];
      laplacian += Math.abs(4 * lumas[p] - around);
      inner++;
    }
  }

  return {
    meanLuma: luminance.mean,
    p05: luminance.p05,
    p95: luminance.p95,
    clipped: luminance.clippedHighlights,
    warmth: meanR - meanB,
    tint: meanG - (meanR + meanB) / 2,
    saturation: sumChroma / count / 255,
    sharpness: inner > 0 ? laplacian / inner / 255 / 4 : 0,
    green: green / count,
    sky: sky / (skyRows * width),
  };
}

/** Thresholds the builtin provider's judgements use, named so tests and texts agree. */
export const JUDGE = {
  /** Below this mean luminance a listing photo looks dark. */
  dark: 0.4,
  /** Warmth below this reads as a cool/blue cast, above `warm` as a yellow cast. */
  cool: -0.03,
  warm: 0.12,
  /** Mean Laplacian below this looks soft. */
  soft: 0.012,
  /** Colourfulness below this looks dull. */
  dull: 0.12,
  /** An outdoor photo: this much sky in the top third, or this much foliage with some sky. */
  skyOutdoor: 0.35,
  greenOutdoor: 0.2,
  skyWithGreen: 0.1,
} as const;

export const isDark = (s: ImageStats): boolean => s.meanLuma < JUDGE.dark;
export const isCool = (s: ImageStats): boolean => s.warmth < JUDGE.cool;
export const isYellow = (s: ImageStats): boolean => s.warmth > JUDGE.warm;
export const isSoft = (s: ImageStats): boolean => s.sharpness < JUDGE.soft;
export const isDull = (s: ImageStats): boolean => s.saturation < JUDGE.dull;
export const looksOutdoor = (s: ImageStats): boolean =>
  s.sky >= JUDGE.skyOutdoor || (s.green >= JUDGE.greenOutdoor && s.sky >= JUDGE.skyWithGreen);
