// Exposure (brightness): a gain in linear light with a soft highlight shoulder, as one lookup table. The automatic
// mode reads the histogram and picks the gain that brings the photo's mean luminance to a natural level, while the
// shoulder and a clipping check keep windows and lamps from burning out.
import type { RgbaImage } from './types';
import { applyCurves, uniformCurves, type ChannelCurves, type ToneFn } from './lut';
import { gainWithShoulder, linearToSrgb, srgbToLinear } from './color';
import { computeHistograms, type Histograms } from '../analysis/histogram';
import { predictedClipped, predictedMean, statsFromHistograms } from '../analysis/luminance';

export interface ExposureOptions {
  /** Exposure change in stops (+1 doubles the light), or 'auto' to choose it from the histogram. */
  ev: number | 'auto';
  /** Auto: mean luma (0..1) to aim for. 0.46 is a bright, natural interior; above ~0.55 rooms look washed out. */
  targetMean: number;
  /** Auto leaves a photo alone whose mean already lies in this band. */
  comfortBand: readonly [number, number];
  /** Auto stays within these; the upper bound is high because a night shot can be 8 stops under. */
  minEv: number;
  maxEv: number;
  /** Auto: the most clipped pixels (any channel >= 254) it may add to those already clipped. */
  maxClipped: number;
}

export const defaultExposureOptions: ExposureOptions = {
  ev: 'auto',
  targetMean: 0.46,
  comfortBand: [0.4, 0.58],
  minEv: -1.5,
  maxEv: 10,
  maxClipped: 0.005,
};

/** The tone function of an exposure change, sRGB in -> sRGB out, both 0..1. */
export function exposureFn(ev: number): ToneFn {
  const gain = Math.pow(2, ev);
  return (x) => linearToSrgb(gainWithShoulder(srgbToLinear(x), gain));
}

export function exposureCurves(ev: number): ChannelCurves {
  return uniformCurves(exposureFn(ev));
}

/**
 * The exposure change (stops) auto mode picks for these histograms: none inside the comfort band, otherwise
 * the one that reaches the target mean. `after` adds the operations that will follow the exposure (white
 * balance, contrast) so the target holds for the whole chain; by default nothing follows.
 */
export function autoExposureEv(
  h: Histograms,
  options: Partial<ExposureOptions> = {},
  after: (exposure: ChannelCurves) => ChannelCurves = (c) => c,
): number {
  const o = { ...defaultExposureOptions, ...options };
  const { mean } = statsFromHistograms(h);
  if (mean >= o.comfortBand[0] && mean <= o.comfortBand[1]) return 0;
  return solveExposureEv(h, o.targetMean, after, o);
}

/**
 * The exposure change (stops, within minEv..maxEv, to 1/100 stop) after which the chain gives the target mean
 * luma, reduced while it would clip more than maxClipped beyond the pixels clipped already.
 */
export function solveExposureEv(
  h: Histograms,
  targetMean: number,
  after: (exposure: ChannelCurves) => ChannelCurves = (c) => c,
  limits: Partial<Pick<ExposureOptions, 'minEv' | 'maxEv' | 'maxClipped'>> = {},
): number {
  const { minEv, maxEv, maxClipped } = { ...defaultExposureOptions, ...limits };
  const chain = (ev: number) => after(exposureCurves(ev));
  let lo = minEv;
  let hi = maxEv;
  let ev: number;
  if (predictedMean(h, chain(hi)) <= targetMean) ev = hi;
  else if (predictedMean(h, chain(lo)) >= targetMean) ev = lo;
  else {
    // Mean luma rises monotonically with ev, so bisection finds the target; 20 steps resolve 1/100 stop.
    for (let i = 0; i < 20; i++) {
      const mid = (lo + hi) / 2;
      if (predictedMean(h, chain(mid)) < targetMean) lo = mid;
      else hi = mid;
    }
    ev = Math.round(((lo + hi) / 2) * 100) / 100;
  }
  // Back off while a lift would clip more than allowed (the shoulder rarely lets this happen).
  const allowed = statsFromHistograms(h).clippedHighlights + maxClipped;
  while (ev > 0.1 && predictedClipped(h, chain(ev)) > allowed) ev -= 0.1;
  return ev;
}

/**
 * Returns a new image; `options.ev` 'auto' (the default) measures the image first.
 * @internal The whole-image form, for tests; the pipelines run the fused curves.
 */
export function exposure(image: RgbaImage, options: Partial<ExposureOptions> = {}): RgbaImage {
  return applyCurves(image, exposureCurves(resolveEv(image, options)));
}

/**
 * Like exposure, but overwrites `image` (for pipelines that own their buffer); returns it.
 * @internal The whole-image form, for tests; the pipelines run the fused curves.
 */
export function exposureInPlace(image: RgbaImage, options: Partial<ExposureOptions> = {}): RgbaImage {
  return applyCurves(image, exposureCurves(resolveEv(image, options)), image);
}

function resolveEv(image: RgbaImage, options: Partial<ExposureOptions>): number {
  const o = { ...defaultExposureOptions, ...options };
  return o.ev === 'auto' ? autoExposureEv(computeHistograms(image), o) : o.ev;
}
