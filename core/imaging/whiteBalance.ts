// White balance: per-channel gains in linear light, normalised so a neutral grey keeps its luminance. Two ways
// to ask for gains: a colour-temperature shift in mireds along the Planckian locus ("warmer tones", the grades)
// and explicit gains (the cast correction of auto-enhance). Highlights roll off instead of clipping a channel.
import { LUMA_B, LUMA_G, LUMA_R, linearToSrgb, srgbToLinear } from './color';
import { exposureTransfer } from './exposure';
import { applyCurves, curveFromFunction, type ChannelCurves } from './lut';
import type { RgbaImage } from './types';

export type RgbGains = readonly [number, number, number];

export interface WhiteBalanceOptions {
  /**
   * Colour-temperature shift in mireds (1e6 / kelvin). Positive warms: the light is rendered as if it were
   * lower in kelvin (+30 mired takes 6500 K to about 5400 K). Negative cools.
   */
  mired: number;
  /** Green-magenta shift: positive adds magenta, negative adds green; 0.1 is a clearly visible tint. */
  tint: number;
  /** Extra linear gains (R, G, B) multiplied in before normalising, e.g. a cast correction. */
  gains: RgbGains;
  /** Linear level where a channel pushed above 1x starts to roll off (see exposure.ts). */
  shoulder: number;
}

export const defaultWhiteBalanceOptions: WhiteBalanceOptions = {
  mired: 30,
  tint: 0,
  gains: [1, 1, 1],
  shoulder: 0.8,
};

const REFERENCE_KELVIN = 6500;

/** Chromaticity (x, y) of a black body at `kelvin`, Kim et al. (2002) cubic fit, valid 1667 K to 25000 K. */
export function planckianXy(kelvin: number): [number, number] {
  const t = Math.min(Math.max(kelvin, 1667), 25000);
  const t1 = 1e3 / t;
  const x =
    t <= 4000
      ? -0.2661239 * t1 ** 3 - 0.2343589 * t1 ** 2 + 0.8776956 * t1 + 0.17991
      : -3.0258469 * t1 ** 3 + 2.1070379 * t1 ** 2 + 0.2226347 * t1 + 0.24039;
  const y =
    t <= 2222
      ? -1.1063814 * x ** 3 - 1.3481102 * x ** 2 + 2.18555832 * x - 0.20219683
      : t <= 4000
        ? -0.9549476 * x ** 3 - 1.37418593 * x ** 2 + 2.09137015 * x - 0.16748867
        : 3.081758 * x ** 3 - 5.8733867 * x ** 2 + 3.75112997 * x - 0.37001483;
  return [x, y];
}

/** Linear sRGB of a black body's light at luminance Y = 1. */
export function planckianRgb(kelvin: number): [number, number, number] {
  const [x, y] = planckianXy(kelvin);
  const X = x / y;
  const Z = (1 - x - y) / y;
  return [
    3.2406 * X - 1.5372 - 0.4986 * Z,
    -0.9689 * X + 1.8758 + 0.0415 * Z,
    0.0557 * X - 0.204 + 1.057 * Z,
  ];
}

/** Normalise gains so that grey keeps its luminance: 0.2126 r + 0.7152 g + 0.0722 b = 1. */
export function normaliseGains(gains: RgbGains): [number, number, number] {
  const y = LUMA_R * gains[0] + LUMA_G * gains[1] + LUMA_B * gains[2];
  return [gains[0] / y, gains[1] / y, gains[2] / y];
}

/** The normalised linear gains of a white-balance change. */
export function whiteBalanceGains(options: Partial<WhiteBalanceOptions> = {}): [number, number, number] {
  const o = { ...defaultWhiteBalanceOptions, ...options };
  const target = 1e6 / (1e6 / REFERENCE_KELVIN + o.mired);
  const ref = planckianRgb(REFERENCE_KELVIN);
  const warm = planckianRgb(target);
  const magenta = Math.pow(2, o.tint);
  return normaliseGains([
    (warm[0] / ref[0]) * o.gains[0],
    ((warm[1] / ref[1]) * o.gains[1]) / magenta,
    (warm[2] / ref[2]) * o.gains[2],
  ]);
}

/** Per-channel curves applying linear gains, with a highlight roll-off for gains above 1. */
export function gainCurves(gains: RgbGains, shoulder = defaultWhiteBalanceOptions.shoulder): ChannelCurves {
  const curve = (gain: number) => {
    const transfer = exposureTransfer(gain, shoulder);
    return curveFromFunction((v) => linearToSrgb(transfer(srgbToLinear(v))));
  };
  return { r: curve(gains[0]), g: curve(gains[1]), b: curve(gains[2]) };
}

export function whiteBalanceCurves(options: Partial<WhiteBalanceOptions> = {}): ChannelCurves {
  const o = { ...defaultWhiteBalanceOptions, ...options };
  return gainCurves(whiteBalanceGains(o), o.shoulder);
}

/** Shift the colour temperature (and tint, and explicit gains). Returns a new image. */
export function whiteBalance(image: RgbaImage, options: Partial<WhiteBalanceOptions> = {}): RgbaImage {
  return applyCurves(image, whiteBalanceCurves(options));
}
