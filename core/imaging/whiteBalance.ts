// White balance and warm tones: per-channel gains in linear light, as lookup tables. A colour-temperature shift
// follows the black-body (Planckian) locus in mireds, the unit photographers' gels are rated in; gains are
// normalised so a neutral grey keeps its luminance, which is what lets "warmer" not also mean "brighter".
// Explicit gains (a measured colour cast) go through the same path.
import type { RgbaImage } from './types';
import { applyCurves, type ChannelCurves, type ToneFn } from './lut';
import {
  gainWithShoulder,
  kelvinToMired,
  linearToSrgb,
  miredToKelvin,
  normaliseToLuminance,
  planckianRgb,
  srgbToLinear,
} from './color';

export type RgbGains = readonly [number, number, number];

export interface WhiteBalanceOptions {
  /**
   * Colour-temperature shift in mireds; positive is warmer (the light is rendered as if it were lower in kelvin).
   * +30 is a gentle warm-up (about a quarter CTO gel, 6500 K -> 5400 K), +80 a strong one. Negative cools.
   */
  mired: number;
  /** Green-magenta axis; positive adds magenta (removes a fluorescent green cast). 0.1 is clearly visible. */
  tint: number;
  /** Extra linear gains (R, G, B) multiplied in before normalising, e.g. a cast correction. */
  gains: RgbGains;
  /**
   * Fade the shift out over the brightest tones so white stays white (bed linen, a white wall): right for a
   * look such as "warmer", wrong for neutralising a cast, whose point is to make the whites white.
   */
  keepWhites: boolean;
}

export const defaultWhiteBalanceOptions: WhiteBalanceOptions = {
  mired: 30,
  tint: 0,
  gains: [1, 1, 1],
  keepWhites: false,
};

/** Where keepWhites starts to fade the shift out (sRGB value); above it the tone moves back toward white. */
const WHITES_FROM = 0.8;

/** Neutral reference: a mired shift moves away from the colour of 6500 K light. */
const REFERENCE_KELVIN = 6500;

/** Linear per-channel gains of the options, normalised to keep the luminance of neutral greys. */
export function whiteBalanceGains(options: Partial<WhiteBalanceOptions> = {}): [number, number, number] {
  const o = { ...defaultWhiteBalanceOptions, ...options };
  const ref = planckianRgb(REFERENCE_KELVIN);
  // Clamp at 1667 K (600 mired), the end of the locus fit; nobody wants a warmer photo than candle light.
  const targetMired = Math.min(600, Math.max(40, kelvinToMired(REFERENCE_KELVIN) + o.mired));
  const target = planckianRgb(miredToKelvin(targetMired));
  const green = Math.pow(2, -o.tint);
  return normaliseToLuminance([
    (target[0] / ref[0]) * o.gains[0],
    (target[1] / ref[1]) * green * o.gains[1],
    (target[2] / ref[2]) * o.gains[2],
  ]);
}

/**
 * A linear-light gain as a tone function; a channel pushed above 1x rolls off like exposure's shoulder, so
 * white stays white. A channel held back below 1x would turn white cream (or blue); with keepWhites the gain
 * fades out above WHITES_FROM (smoothstep, so the curve stays smooth and monotone).
 */
export function gainFn(gain: number, keepWhites = false): ToneFn {
  const plain = (x: number) => linearToSrgb(gainWithShoulder(srgbToLinear(x), gain));
  if (!keepWhites || gain >= 1) return plain;
  return (x) => {
    const t = Math.min(1, Math.max(0, (x - WHITES_FROM) / (1 - WHITES_FROM)));
    const fade = t * t * (3 - 2 * t);
    const y = plain(x);
    return y + (x - y) * fade;
  };
}

export function gainCurves(gains: RgbGains, keepWhites = false): ChannelCurves {
  return {
    r: gainFn(gains[0], keepWhites),
    g: gainFn(gains[1], keepWhites),
    b: gainFn(gains[2], keepWhites),
  };
}

export function whiteBalanceCurves(options: Partial<WhiteBalanceOptions> = {}): ChannelCurves {
  const o = { ...defaultWhiteBalanceOptions, ...options };
  return gainCurves(whiteBalanceGains(o), o.keepWhites);
}

/**
 * Returns a new image (default: a gentle warm-up of +30 mired).
 * @internal The whole-image form, for tests; the pipelines run the fused curves.
 */
export function whiteBalance(image: RgbaImage, options: Partial<WhiteBalanceOptions> = {}): RgbaImage {
  return applyCurves(image, whiteBalanceCurves(options));
}

/**
 * Like whiteBalance, but overwrites `image` (for pipelines that own their buffer); returns it.
 * @internal The whole-image form, for tests; the pipelines run the fused curves.
 */
export function whiteBalanceInPlace(image: RgbaImage, options: Partial<WhiteBalanceOptions> = {}): RgbaImage {
  return applyCurves(image, whiteBalanceCurves(options), image);
}
