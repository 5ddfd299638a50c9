// What the learned retouch needs around it for dark photos. It learned from photos that were never nearly black,
// so a very dark photo is first denoised and lifted (gain in linear light with a highlight shoulder, so lamps and
// windows keep their detail) to a level like those it learned from; and a dark room that the model leaves dim is
// lifted after it to the brightness at which a room reads as lit. Ordinary and bright photos pass untouched.
import { gainWithShoulder, linearToSrgb, srgbToLinear } from '../imaging/color';
import type { ColorSample } from './colorSample';
import { srgbToLab } from './lab';
import { mapLut, type Lut3d } from './lut3d';

/** Mean L* below which a photo is lifted before the model: darker than anything in its training photos. */
export const PRE_LIFT_BELOW_L = 30;
/** Mean L* the pre-lift aims for. */
export const PRE_LIFT_TARGET_L = 40;
/** A photo that started darker than this must end at least at LIT_ROOM_L (a room that reads as lit). */
export const DARK_INPUT_L = 40;
export const LIT_ROOM_L = 48;

export function meanLightness(sample: ColorSample, map?: (v: number) => number): number {
  let sum = 0;
  for (let i = 0; i < sample.rgb.length; i += 3) {
    const r = sample.rgb[i];
    const g = sample.rgb[i + 1];
    const b = sample.rgb[i + 2];
    sum += map ? srgbToLab(map(r), map(g), map(b))[0] : srgbToLab(r, g, b)[0];
  }
  return sum / Math.max(1, sample.count);
}

/** The sRGB tone function of a linear gain with shoulder. */
export function liftFn(gain: number): (v: number) => number {
  return (v) => linearToSrgb(gainWithShoulder(srgbToLinear(Math.min(1, Math.max(0, v))), gain));
}

/** The gain (>= 1, by bisection in log2) after which the sample's mean L* reaches target; 1 if it already does. */
export function gainToLightness(sample: ColorSample, target: number, maxStops = 11): number {
  if (meanLightness(sample) >= target) return 1;
  let lo = 0;
  let hi = maxStops;
  for (let i = 0; i < 14; i++) {
    const mid = (lo + hi) / 2;
    if (meanLightness(sample, liftFn(2 ** mid)) < target) lo = mid;
    else hi = mid;
  }
  return 2 ** hi;
}

/** The table followed by a lift (values beyond [0, 1] are clamped first: the output will be). */
export function liftAfter(lut: Lut3d, gain: number): Lut3d {
  const f = liftFn(gain);
  return mapLut(lut, (r, g, b, out) => {
    out[0] = f(r);
    out[1] = f(g);
    out[2] = f(b);
  });
}
