// The tone curve: levels (black and white point), a shadow lift, a highlight pull and an S-shaped contrast,
// all on gamma-encoded values and the same on every channel. Built analytically (no control points to get
// wrong) and forced monotone, so no setting can invert tones.
import { applyCurves, curveFromFunction, uniformCurves, type ChannelCurves } from './lut';
import type { RgbaImage } from './types';

export interface ToneCurveOptions {
  /** Input level (0..1) that becomes black. */
  blackPoint: number;
  /** Input level (0..1) that becomes white. */
  whitePoint: number;
  /** Shadow lift, -1..1: +1 raises a quarter-tone (0.25) by about 0.1. */
  shadows: number;
  /** Highlight change, -1..1: -1 lowers a three-quarter tone (0.75) by about 0.1. */
  highlights: number;
  /** S-curve contrast, -1..1: positive steepens the midtones, negative flattens them. */
  contrast: number;
}

export const defaultToneCurveOptions: ToneCurveOptions = {
  blackPoint: 0,
  whitePoint: 1,
  shadows: 0,
  highlights: 0,
  contrast: 0.15,
};

const smoothstep = (x: number) => x * x * (3 - 2 * x);
/** Inverse of smoothstep on [0, 1]. */
const inverseSmoothstep = (y: number) => 0.5 - Math.sin(Math.asin(1 - 2 * y) / 3);
// x(1-x)^3 peaks at x = 0.25 with 0.1055; the mirror for highlights peaks at 0.75. Scaled so 1 means 0.1.
const SHADOW_SCALE = 0.1 / 0.10546875;

/** The tone function on normalised values (not yet made monotone). */
export function toneFunction(options: Partial<ToneCurveOptions> = {}): (x: number) => number {
  const o = { ...defaultToneCurveOptions, ...options };
  const range = Math.max(o.whitePoint - o.blackPoint, 1e-3);
  const c = Math.min(Math.max(o.contrast, -1), 1);
  return (v) => {
    let x = (v - o.blackPoint) / range;
    x = x < 0 ? 0 : x > 1 ? 1 : x;
    x += o.shadows * SHADOW_SCALE * x * (1 - x) ** 3;
    x += o.highlights * SHADOW_SCALE * x ** 3 * (1 - x);
    x = x < 0 ? 0 : x > 1 ? 1 : x;
    return c >= 0 ? (1 - c) * x + c * smoothstep(x) : (1 + c) * x - c * inverseSmoothstep(x);
  };
}

export function toneCurveCurves(options: Partial<ToneCurveOptions> = {}): ChannelCurves {
  const curve = curveFromFunction(toneFunction(options));
  // Strong settings can bend the sum of the terms backwards; a running maximum keeps the order of tones.
  for (let i = 1; i < 256; i++) if (curve[i]! < curve[i - 1]!) curve[i] = curve[i - 1]!;
  return uniformCurves(curve);
}

/** Apply the tone curve. Returns a new image. */
export function toneCurve(image: RgbaImage, options: Partial<ToneCurveOptions> = {}): RgbaImage {
  return applyCurves(image, toneCurveCurves(options));
}
