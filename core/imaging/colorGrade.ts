// Colour grades: exposure, white balance, a tone adjustment and saturation combined into one point operation,
// applied in a single pass (per-channel tables plus a saturation matrix). The room modes' looks (warm lighting,
// golden hour, ...) are presets of these options in grades.ts.
import { createLike, type RgbaImage } from './types';
import {
  applyChannelLuts,
  applyMatrixAndLuts,
  chainCurves,
  curvesToLuts,
  saturationMatrix,
  type ChannelCurves,
} from './lut';
import { exposureCurves } from './exposure';
import { whiteBalanceCurves, type RgbGains } from './whiteBalance';
import { toneAdjustmentCurves, type ToneAdjustment } from './toneCurve';

export interface ColorGradeOptions {
  /** Exposure change in stops. */
  ev: number;
  /** Colour-temperature shift in mireds (positive warms), see whiteBalance.ts. */
  mired: number;
  /** Green-magenta tint, see whiteBalance.ts. */
  tint: number;
  /** Linear channel gains applied with the white balance; like the shift, they fade out in the whites. */
  gains: RgbGains;
  tone: ToneAdjustment;
  /** 1 keeps colours, 1.15 is 15 % more saturated, 0.9 slightly muted. Applied to the input, before the curves. */
  saturation: number;
}

export const defaultColorGradeOptions: ColorGradeOptions = {
  ev: 0,
  mired: 0,
  tint: 0,
  gains: [1, 1, 1],
  tone: {},
  saturation: 1,
};

/** The point-operation chain of a grade: exposure, then white balance, then the tone adjustment. */
export function colorGradeCurves(options: Partial<ColorGradeOptions> = {}): ChannelCurves {
  const o = { ...defaultColorGradeOptions, ...options };
  return chainCurves(
    exposureCurves(o.ev),
    // A look keeps white white (whiteBalance.ts, keepWhites).
    whiteBalanceCurves({ mired: o.mired, tint: o.tint, gains: o.gains, keepWhites: true }),
    toneAdjustmentCurves(o.tone),
  );
}

/**
 * Curves and saturation in one pass, into a new image. Saturation 1 takes the faster table-only path.
 * Saturation runs first, on the input values, so the curves still decide the final tones.
 */
export function applyCurvesAndSaturation(
  image: RgbaImage,
  curves: ChannelCurves,
  saturation: number,
  out: RgbaImage = createLike(image),
): RgbaImage {
  const luts = curvesToLuts(curves);
  return Math.abs(saturation - 1) < 1e-3
    ? applyChannelLuts(image, luts, out)
    : applyMatrixAndLuts(image, saturationMatrix(saturation), luts, out);
}

/** Returns a new image. */
export function colorGrade(image: RgbaImage, options: Partial<ColorGradeOptions> = {}): RgbaImage {
  const o = { ...defaultColorGradeOptions, ...options };
  return applyCurvesAndSaturation(image, colorGradeCurves(o), o.saturation);
}

/**
 * Like colorGrade, but overwrites `image` (for pipelines that own their buffer); returns it.
 * @internal The whole-image form, for tests; the pipelines run the fused curves.
 */
export function colorGradeInPlace(image: RgbaImage, options: Partial<ColorGradeOptions> = {}): RgbaImage {
  const o = { ...defaultColorGradeOptions, ...options };
  return applyCurvesAndSaturation(image, colorGradeCurves(o), o.saturation, image);
}
