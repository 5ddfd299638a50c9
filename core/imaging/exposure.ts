// Exposure (brightness): a gain in linear light with a highlight shoulder, so brightening a photo lifts it the
// way more light would and rolls bright areas off towards white instead of clipping them. The automatic mode
// reads the channel histograms and picks the gain that brings mean luma to a natural level.
import { histograms, type Histograms } from '../analysis/histogram';
import { linearToSrgb, LUMA_B, LUMA_G, LUMA_R, srgbToLinear } from './color';
import { applyCurves, curveFromFunction, uniformCurves, type ChannelCurves } from './lut';
import type { RgbaImage } from './types';

export interface ExposureOptions {
  /** Exposure change in stops (EV): +1 doubles the light. 'auto' picks it from the histogram. */
  stops: number | 'auto';
  /**
   * Linear-light level where the highlight shoulder starts. Above it the curve bends so that white stays white
   * and nothing below white clips. 1 turns the shoulder off (plain gain, hard clip).
   */
  shoulder: number;
  /** For 'auto': the mean luma (0..1) to aim for. */
  targetMean: number;
  /** For 'auto': the range of stops it may choose. */
  minStops: number;
  maxStops: number;
}

export const defaultExposureOptions: ExposureOptions = {
  stops: 'auto',
  shoulder: 0.5,
  targetMean: 0.46,
  minStops: 0,
  maxStops: 4,
};

/**
 * The tone function in linear light: x -> gain * x up to the shoulder, then an extended-Reinhard roll-off
 * that has slope 1 where it starts and maps the brightest input (gain) exactly to 1.
 */
export function exposureTransfer(gain: number, shoulder: number): (linear: number) => number {
  const k = Math.min(Math.max(shoulder, 0), 1);
  if (gain <= 1 || k >= 1) return (x) => Math.min(1, x * gain);
  const white = (gain - k) / (1 - k);
  const w2 = white * white;
  return (x) => {
    const v = x * gain;
    if (v <= k) return v;
    const u = (v - k) / (1 - k);
    return k + (1 - k) * ((u * (1 + u / w2)) / (1 + u));
  };
}

/** The curves of an exposure change by `stops` (same curve on every channel). */
export function exposureCurves(stops: number, shoulder = defaultExposureOptions.shoulder): ChannelCurves {
  const transfer = exposureTransfer(Math.pow(2, stops), shoulder);
  return uniformCurves(curveFromFunction((v) => linearToSrgb(transfer(srgbToLinear(v)))));
}

/**
 * Mean luma (0..1) the image would have after applying `curves`, computed exactly from the channel histograms:
 * luma is linear in the channels, so its mean is the weighted sum of the channel means.
 */
export function predictedMeanLuma(h: Histograms, curves: ChannelCurves): number {
  if (h.count === 0) return 0;
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0; i < 256; i++) {
    r += h.r[i]! * curves.r[i]!;
    g += h.g[i]! * curves.g[i]!;
    b += h.b[i]! * curves.b[i]!;
  }
  return (LUMA_R * r + LUMA_G * g + LUMA_B * b) / h.count / 255;
}

/**
 * The stops in [minStops, maxStops] whose result (optionally followed by `after`) has mean luma closest to
 * `targetMean`. Bisection works because every curve here is monotone in the gain.
 */
export function autoExposureStops(
  h: Histograms,
  options: Partial<ExposureOptions> = {},
  after?: (curves: ChannelCurves) => ChannelCurves,
): number {
  const o = { ...defaultExposureOptions, ...options };
  const meanAt = (stops: number) => {
    const curves = exposureCurves(stops, o.shoulder);
    return predictedMeanLuma(h, after ? after(curves) : curves);
  };
  let lo = o.minStops;
  let hi = o.maxStops;
  if (meanAt(lo) >= o.targetMean) return lo;
  if (meanAt(hi) <= o.targetMean) return hi;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (meanAt(mid) < o.targetMean) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Brighten or darken a photo. Returns a new image; the input is not changed. */
export function exposure(image: RgbaImage, options: Partial<ExposureOptions> = {}): RgbaImage {
  const o = { ...defaultExposureOptions, ...options };
  const stops = o.stops === 'auto' ? autoExposureStops(histograms(image), o) : o.stops;
  return applyCurves(image, exposureCurves(stops, o.shoulder));
}
