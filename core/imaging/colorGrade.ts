// A colour grade: exposure, white balance and tone curve composed into one set of lookup tables, plus a
// saturation change, all in a single pass over the pixels. The on-device room modes (warm lighting, golden
// hour, ...) are presets of this operation (grades.ts), which keeps each of them as fast as one table lookup.
import { exposureCurves } from './exposure';
import { applyByteLutsInto, chainCurves, toByteLut, type ChannelCurves } from './lut';
import { toneCurveCurves, type ToneCurveOptions } from './toneCurve';
import { assertImage, type RgbaImage } from './types';
import { whiteBalanceCurves, type RgbGains } from './whiteBalance';

export interface ColorGradeOptions {
  /** Exposure change in stops (linear light, with the highlight shoulder). */
  stops: number;
  /** Colour-temperature shift in mireds; positive is warmer. */
  mired: number;
  /** Green-magenta tint; positive is magenta. */
  tint: number;
  /** Extra linear channel gains, e.g. a cast correction. */
  gains: RgbGains;
  /** The tone curve applied after exposure and white balance. */
  tone: Partial<ToneCurveOptions>;
  /** Saturation factor around each pixel's luma: 1 keeps colours, 0 is grey, 1.2 is 20 % more colourful. */
  saturation: number;
}

export const defaultColorGradeOptions: ColorGradeOptions = {
  stops: 0,
  mired: 0,
  tint: 0,
  gains: [1, 1, 1],
  tone: { contrast: 0 },
  saturation: 1,
};

/** The point-operation part of a grade as composed curves. */
export function colorGradeCurves(options: Partial<ColorGradeOptions> = {}): ChannelCurves {
  const o = { ...defaultColorGradeOptions, ...options };
  return chainCurves(
    exposureCurves(o.stops),
    whiteBalanceCurves({ mired: o.mired, tint: o.tint, gains: o.gains }),
    toneCurveCurves({ contrast: 0, ...o.tone }),
  );
}

/**
 * Apply curves and then a saturation factor in one pass. Saturation works in 8-bit fixed point around the
 * integer luma, so the loop stays a few integer operations per pixel.
 */
export function applyCurvesAndSaturation(image: RgbaImage, curves: ChannelCurves, saturation: number): RgbaImage {
  assertImage(image);
  const src = image.data;
  const dst = new Uint8ClampedArray(src.length);
  const lutR = toByteLut(curves.r);
  const lutG = toByteLut(curves.g);
  const lutB = toByteLut(curves.b);
  const s = Math.round(saturation * 256);
  if (s === 256) {
    applyByteLutsInto(src, dst, lutR, lutG, lutB);
  } else {
    const n = src.length;
    for (let i = 0; i < n; i += 4) {
      const r = lutR[src[i]!]!;
      const g = lutG[src[i + 1]!]!;
      const b = lutB[src[i + 2]!]!;
      const y = (54 * r + 183 * g + 19 * b) >> 8;
      // Uint8ClampedArray clamps the stores to 0..255.
      dst[i] = y + (((r - y) * s) >> 8);
      dst[i + 1] = y + (((g - y) * s) >> 8);
      dst[i + 2] = y + (((b - y) * s) >> 8);
      dst[i + 3] = src[i + 3]!;
    }
  }
  return { width: image.width, height: image.height, data: dst };
}

/** Apply a colour grade. Returns a new image. */
export function colorGrade(image: RgbaImage, options: Partial<ColorGradeOptions> = {}): RgbaImage {
  const o = { ...defaultColorGradeOptions, ...options };
  return applyCurvesAndSaturation(image, colorGradeCurves(o), o.saturation);
}
