// Luminance statistics of a photo: how bright it is, how much of it is crushed or blown out, how much contrast
// it has. Auto-exposure and auto-enhance decide from these numbers, and the quality tests measure with them, so
// "mean luminance" means the same thing everywhere: mean gamma-encoded Rec. 709 luma, scaled to 0..1.
import type { RgbaImage } from '../imaging/types';
import { histogramMean, histograms, percentile, type Histograms } from './histogram';

export interface LumaStats {
  /** Mean luma, 0..1. */
  mean: number;
  /** Luma percentiles, 0..1. */
  p01: number;
  p05: number;
  median: number;
  p95: number;
  p99: number;
  /** Fraction of pixels whose luma is at least 254 (blown out). */
  clippedHighlights: number;
  /** Fraction of pixels whose luma is at most 1 (crushed). */
  clippedShadows: number;
}

export function lumaStatsFromHistograms(h: Histograms): LumaStats {
  const { luma, count } = h;
  let high = 0;
  for (let i = 254; i < 256; i++) high += luma[i]!;
  const low = luma[0]! + luma[1]!;
  return {
    mean: histogramMean(luma, count) / 255,
    p01: percentile(luma, count, 0.01) / 255,
    p05: percentile(luma, count, 0.05) / 255,
    median: percentile(luma, count, 0.5) / 255,
    p95: percentile(luma, count, 0.95) / 255,
    p99: percentile(luma, count, 0.99) / 255,
    clippedHighlights: count ? high / count : 0,
    clippedShadows: count ? low / count : 0,
  };
}

/** Luma statistics of an image (sampled on a grid for large images; see histogram.ts). */
export function lumaStats(image: RgbaImage, maxSamples?: number): LumaStats {
  return lumaStatsFromHistograms(histograms(image, maxSamples === undefined ? {} : { maxSamples }));
}

/** Exact mean luma (0..1) over every pixel, with the floating-point Rec. 709 weights. */
export function meanLuma(image: RgbaImage): number {
  const { data } = image;
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0; i < data.length; i += 4) {
    r += data[i]!;
    g += data[i + 1]!;
    b += data[i + 2]!;
  }
  const n = data.length / 4 || 1;
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / n / 255;
}

/** Exact fraction of pixels with at least one colour channel at 255 (a blown highlight loses its colour). */
export function clippedHighlightFraction(image: RgbaImage): number {
  const { data } = image;
  let clipped = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] === 255 || data[i + 1] === 255 || data[i + 2] === 255) clipped++;
  }
  return clipped / (data.length / 4 || 1);
}

/** Mean of each colour channel, 0..255, over every pixel. */
export function channelMeans(image: RgbaImage): { r: number; g: number; b: number } {
  const { data } = image;
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0; i < data.length; i += 4) {
    r += data[i]!;
    g += data[i + 1]!;
    b += data[i + 2]!;
  }
  const n = data.length / 4 || 1;
  return { r: r / n, g: g / n, b: b / n };
}
