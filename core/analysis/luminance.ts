// Luminance statistics of an image (mean, percentiles, clipped fractions) on the 0..1 scale that the quality
// tests and auto-enhance speak in, and predictions of those numbers after a tone change, computed from the
// histograms alone. "Clipped" means a channel at 254 or above (of 255): detail or colour is lost there.
import type { RgbaImage } from '../imaging/types';
import type { ChannelCurves, ToneFn } from '../imaging/lut';
import { LUMA_B, LUMA_G, LUMA_R } from '../imaging/color';
import { computeHistograms, fractionAtLeast, histogramMean, percentile, type Histograms } from './histogram';

export interface LuminanceStats {
  /** Mean Rec. 709 luma of the sRGB values, 0..1. */
  mean: number;
  p01: number;
  p05: number;
  p50: number;
  p95: number;
  p99: number;
  /** Fraction of pixels with any channel >= 254/255. */
  clippedHighlights: number;
  /** Fraction of pixels whose luma is below 2/255. */
  crushedShadows: number;
}

/** 254 of 255. */
export const CLIP_LEVEL = 254 / 255;

export function luminanceStats(image: RgbaImage, maxSamples = 1_000_000): LuminanceStats {
  return statsFromHistograms(computeHistograms(image, { maxSamples }));
}

export function statsFromHistograms(h: Histograms): LuminanceStats {
  const top = h.r.length - 1;
  const p = (fraction: number) => percentile(h.luma, fraction) / top;
  return {
    // Exact mean of the weighted channel sum, consistent with predictedMean (the luma bins are rounded).
    mean: (LUMA_R * histogramMean(h.r) + LUMA_G * histogramMean(h.g) + LUMA_B * histogramMean(h.b)) / top,
    p01: p(0.01),
    p05: p(0.05),
    p50: p(0.5),
    p95: p(0.95),
    p99: p(0.99),
    clippedHighlights: fractionAtLeast(h.max, Math.ceil(CLIP_LEVEL * top - 1e-9)),
    crushedShadows: 1 - fractionAtLeast(h.luma, Math.ceil((2 / 255) * top - 1e-9)),
  };
}

/** A tone function tabulated at every bin of a histogram with `bins` bins, in 0..1. */
function tabulate(fn: ToneFn, bins: number): Float64Array {
  const table = new Float64Array(bins);
  for (let i = 0; i < bins; i++) table[i] = fn(i / (bins - 1));
  return table;
}

/**
 * Mean luma (0..1) the image would have after `curves`, computed exactly from the channel histograms: luma is a
 * weighted sum of channels, so its mean is the weighted sum of the channel means. No pass over the pixels.
 * The curves' output is rounded to 8 bits, as the final image will be.
 */
export function predictedMean(h: Histograms, curves: ChannelCurves): number {
  const bins = h.r.length;
  const rounded = (fn: ToneFn) =>
    tabulate((x) => Math.round(Math.min(1, Math.max(0, fn(x))) * 255) / 255, bins);
  return (
    LUMA_R * histogramMean(h.r, rounded(curves.r)) +
    LUMA_G * histogramMean(h.g, rounded(curves.g)) +
    LUMA_B * histogramMean(h.b, rounded(curves.b))
  );
}

/**
 * Clipped fraction after `curves`, from the brightest-channel histogram: exact when all channels share one
 * curve (a monotone curve maps the brightest channel to the brightest channel), an estimate otherwise.
 */
export function predictedClipped(h: Histograms, curves: ChannelCurves): number {
  const bins = h.r.length;
  const brightest = tabulate((x) => Math.max(curves.r(x), curves.g(x), curves.b(x)), bins);
  return fractionAtLeast(h.max, CLIP_LEVEL - 0.5 / 255, brightest);
}

/**
 * A luma percentile (0..1) after `curves`, estimated by passing the luma histogram through the green curve
 * (exact for neutral pixels; green carries 72 % of luma, so close for the rest). Used to place a black point.
 */
export function predictedPercentile(h: Histograms, curves: ChannelCurves, fraction: number): number {
  const top = h.luma.length - 1;
  return curves.g(percentile(h.luma, fraction) / top);
}
