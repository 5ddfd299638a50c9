// Tone curve: a smooth, monotone curve through control points (sRGB in -> sRGB out), as one lookup table.
// Monotone cubic interpolation (Fritsch-Carlson) never overshoots between points, so a curve can never invert
// tones or create bands; plus two helpers for the curves the modes need most (contrast S-curve, levels).
import type { RgbaImage } from './types';
import { applyCurves, uniformCurves, type ChannelCurves, type ToneFn } from './lut';

export type CurvePoint = readonly [x: number, y: number];

export interface ToneCurveOptions {
  /** Control points in 0..1, sorted by x; the first should have x = 0 and the last x = 1. */
  points: readonly CurvePoint[];
}

export const defaultToneCurveOptions: ToneCurveOptions = {
  points: [
    [0, 0],
    [1, 1],
  ],
};

/** The interpolating function of the points; outside the first/last x it is flat. */
export function monotoneCurve(points: readonly CurvePoint[]): ToneFn {
  if (points.length < 2) throw new RangeError('a tone curve needs at least two points');
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  for (let i = 1; i < xs.length; i++) {
    if (!(xs[i] > xs[i - 1])) throw new RangeError('tone curve points must have increasing x');
  }
  const n = xs.length;
  const slopes: number[] = [];
  for (let i = 0; i < n - 1; i++) slopes.push((ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i]));
  // Tangents: the average of neighbouring secant slopes, zero at a local extremum, then limited so that the
  // cubic stays monotone (Fritsch & Carlson 1980).
  const m: number[] = new Array<number>(n);
  m[0] = slopes[0];
  m[n - 1] = slopes[n - 2];
  for (let i = 1; i < n - 1; i++) m[i] = slopes[i - 1] * slopes[i] <= 0 ? 0 : (slopes[i - 1] + slopes[i]) / 2;
  for (let i = 0; i < n - 1; i++) {
    if (slopes[i] === 0) {
      m[i] = 0;
      m[i + 1] = 0;
      continue;
    }
    const a = m[i] / slopes[i];
    const b = m[i + 1] / slopes[i];
    const h = a * a + b * b;
    if (h > 9) {
      const t = 3 / Math.sqrt(h);
      m[i] = t * a * slopes[i];
      m[i + 1] = t * b * slopes[i];
    }
  }
  return (x) => {
    if (x <= xs[0]) return ys[0];
    if (x >= xs[n - 1]) return ys[n - 1];
    let i = 0;
    while (x > xs[i + 1]) i++;
    const h = xs[i + 1] - xs[i];
    const t = (x - xs[i]) / h;
    const t2 = t * t;
    const t3 = t2 * t;
    return (
      (2 * t3 - 3 * t2 + 1) * ys[i] +
      (t3 - 2 * t2 + t) * h * m[i] +
      (-2 * t3 + 3 * t2) * ys[i + 1] +
      (t3 - t2) * h * m[i + 1]
    );
  };
}

export function toneCurveCurves(points: readonly CurvePoint[]): ChannelCurves {
  return uniformCurves(monotoneCurve(points));
}

/**
 * The tone adjustments the modes and auto-enhance use, as one curve. Each is 0 (no change) by default:
 * `inBlack`/`inWhite` stretch the input range (levels: a hazy photo's darkest tone becomes black), `contrast`
 * (-1..1) steepens or flattens the mid-tones around 0.5, `shadows` lifts (+) or deepens (-) the quarter tones,
 * `highlights` brightens (+) or holds back (-) the three-quarter tones, and `outBlack`/`outWhite` set where the
 * ends land (a slightly lifted black looks soft and airy).
 */
export interface ToneAdjustment {
  inBlack?: number;
  inWhite?: number;
  contrast?: number;
  shadows?: number;
  highlights?: number;
  outBlack?: number;
  outWhite?: number;
}

/** Control points of the shaping part (contrast, shadows, highlights, output ends) of an adjustment. */
export function toneAdjustmentPoints(a: ToneAdjustment): CurvePoint[] {
  const c = (a.contrast ?? 0) * 0.08;
  const black = a.outBlack ?? 0;
  const span = (a.outWhite ?? 1) - black;
  const at = (x: number, y: number): CurvePoint => [x, black + span * y];
  return [
    at(0, 0),
    at(0.25, 0.25 - c + (a.shadows ?? 0) * 0.08),
    at(0.5, 0.5),
    at(0.75, 0.75 + c + (a.highlights ?? 0) * 0.06),
    at(1, 1),
  ];
}

export function toneAdjustmentFn(a: ToneAdjustment): ToneFn {
  const inBlack = a.inBlack ?? 0;
  const inSpan = Math.max(1e-3, (a.inWhite ?? 1) - inBlack);
  const shape = monotoneCurve(toneAdjustmentPoints(a));
  return (x) => shape(Math.min(1, Math.max(0, (x - inBlack) / inSpan)));
}

export function toneAdjustmentCurves(a: ToneAdjustment): ChannelCurves {
  return uniformCurves(toneAdjustmentFn(a));
}

/**
 * Returns a new image.
 * @internal The whole-image form, for tests; the pipelines run the fused curves.
 */
export function toneCurve(image: RgbaImage, options: Partial<ToneCurveOptions> = {}): RgbaImage {
  const { points } = { ...defaultToneCurveOptions, ...options };
  return applyCurves(image, toneCurveCurves(points));
}

/**
 * Like toneCurve, but overwrites `image` (for pipelines that own their buffer); returns it.
 * @internal The whole-image form, for tests; the pipelines run the fused curves.
 */
export function toneCurveInPlace(image: RgbaImage, options: Partial<ToneCurveOptions> = {}): RgbaImage {
  const { points } = { ...defaultToneCurveOptions, ...options };
  return applyCurves(image, toneCurveCurves(points), image);
}
