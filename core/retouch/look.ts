// The photographer's look: which photos are composed as they are, and how much of the learned retouch they get.
// The model restyles every photo toward its experts' taste (brighter, more colour). A room is corrected in full;
// outdoors, and in a deliberate low-key shot (a lit subject in a dark surround, no room around it), the look is
// the point: there the table is applied in part, in full only where the photo has a fault to fix (dark, clipped).
// A low-key shot under a warm lamp still loses half of the lamp's cast, as the experts' retouches do.
import { detectVerticals } from '../analysis/verticals';
import { linearToSrgb, srgbToLinear } from '../imaging/color';
import type { RgbaImage } from '../imaging/types';
import type { ColorSample } from './colorSample';
import { fastLinear, labToLinear, linearToLab, srgbToLab } from './lab';
import { identityLut, mapLut, type Lut3d } from './lut3d';

/** Exposure facts of a photo, from its colour sample (luma 0..1, Rec. 709 weights on the sRGB values). */
export interface Exposure {
  p50: number;
  p99: number;
  /** Share of pixels with a channel at 254/255 or above (the project's 'clipped', analysis/luminance.ts). */
  clipped: number;
}

const CLIP = 254 / 255;

export function exposureOf(sample: ColorSample): Exposure {
  const luma = new Float32Array(sample.count);
  let clipped = 0;
  for (let i = 0, k = 0; k < sample.count; i += 3, k++) {
    const r = sample.rgb[i]!;
    const g = sample.rgb[i + 1]!;
    const b = sample.rgb[i + 2]!;
    luma[k] = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    if (r >= CLIP || g >= CLIP || b >= CLIP) clipped++;
  }
  luma.sort();
  const at = (q: number) =>
    sample.count ? luma[Math.min(sample.count - 1, Math.floor(q * sample.count))]! : 0;
  return { p50: at(0.5), p99: at(0.99), clipped: clipped / Math.max(1, sample.count) };
}

function ramp(x: number, from: number, to: number): number {
  return Math.min(1, Math.max(0, (x - from) / (to - from)));
}

/** Share of the learned change a well-exposed photo outdoors gets; the rest of it is its photographer's look. */
export const OUTDOOR_SHARE = 0.5;
/** Median luma below which an outdoor photo counts as dark (fully dark from DARK_P50_FULL down). */
const DARK_P50 = 0.3;
const DARK_P50_FULL = 0.2;
/** Clipped share from which blown highlights count as a fault (a fault in full from CLIPPED_FULL). */
const CLIPPED_FROM = 0.002;
const CLIPPED_FULL = 0.008;

/**
 * How much of the learned table a photo outdoors gets: OUTDOOR_SHARE when it is well exposed, up to all of it
 * when it is dark (median luma under 0.3) or has blown highlights (from 0.2 % clipped), the faults the model
 * learned to fix. At dusk the lamps and lit windows are meant to glow: there clipping is no fault. On the dev
 * pairs' two exteriors the expert is closest at about half the model's change.
 */
export function outdoorShare(exposure: Exposure, dusk = false): number {
  const dark = ramp(DARK_P50 - exposure.p50, 0, DARK_P50 - DARK_P50_FULL);
  const blown = dusk ? 0 : ramp(exposure.clipped, CLIPPED_FROM, CLIPPED_FULL);
  return OUTDOOR_SHARE + (1 - OUTDOOR_SHARE) * Math.max(dark, blown);
}

/** Share of the learned change a low-key photo gets (and never more colour than it had, see keepChroma). */
export const LOW_KEY_SHARE = 0.5;
/** A photo whose brightest percent stays below this is underexposed as a whole (the DSLR photo), not low-key. */
const LOW_KEY_MIN_P99 = 0.3;
/**
 * Fewer verticals than this: no walls, door frames or furniture edges, so not a room. Each of the 80 room photos
 * of the fixtures shows at least 6 at this gradient (those darker than L* 40 at least 11); a portrait against a
 * blurred background shows none.
 */
const ROOM_MIN_LINES = 4;
const LINES_OPTIONS = { analysisSize: 512, minGradient: 20 };

/**
 * A deliberate low-key photo: dark on the whole, but its subject is lit (its brightest percent reaches the
 * midtones) and there is no room around it (no straight verticals). The lifts for dim rooms would turn it into a
 * bright, orange snapshot. Call only for photos that are dark (the caller's threshold) and have no open sky.
 */
export function isLowKey(image: RgbaImage, exposure: Exposure): boolean {
  if (exposure.p99 < LOW_KEY_MIN_P99) return false;
  return detectVerticals(image, LINES_OPTIONS).length < ROOM_MIN_LINES;
}

/**
 * The table with no colour more saturated than it came in (its lightness and hue kept). Under lamp light the
 * model's learned boost of colour deepens the lamp's cast, which a low-key photo keeps as it is.
 */
export function keepChroma(lut: Lut3d): Lut3d {
  const identity = identityLut();
  const data = new Float32Array(lut.data);
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  for (let n = 0; n < data.length; n += 3) {
    const [, A, B] = srgbToLab(identity.data[n]!, identity.data[n + 1]!, identity.data[n + 2]!);
    const [L2, A2, B2] = srgbToLab(clamp(lut.data[n]!), clamp(lut.data[n + 1]!), clamp(lut.data[n + 2]!));
    const C = Math.hypot(A, B);
    const C2 = Math.hypot(A2, B2);
    if (C2 <= C) continue;
    const k = C / C2;
    const [r, g, b] = labToLinear(L2, A2 * k, B2 * k);
    data[n] = linearToSrgb(Math.max(0, r));
    data[n + 1] = linearToSrgb(Math.max(0, g));
    data[n + 2] = linearToSrgb(Math.max(0, b));
  }
  return { data };
}

/** Share of a low-key photo's warm lamp cast (in stops per channel) that is removed: the light stays warm. */
const LAMP_CAST_SHARE = 0.5;
/** A cast whose mean colour's b* is below this is the scene's own colour, not lamp light. */
const LAMP_CAST_MIN_B = 8;

/**
 * Gains (linear light, luminance kept) that take part of a warm lamp cast out of a low-key photo, or null when it
 * has none. Such a photo has no white things to judge the light by (whites.ts), so the photo's mean colour stands
 * in for grey (grey world): a portrait by lamp light is orange all over, and its retouch keeps the light warm but
 * takes the skin and the shirt back toward their own colours.
 */
export function lampCastGains(sample: ColorSample): [number, number, number] | null {
  const lin = [0, 0, 0];
  for (let i = 0; i < sample.rgb.length; i += 3) {
    lin[0] += fastLinear(sample.rgb[i]!);
    lin[1] += fastLinear(sample.rgb[i + 1]!);
    lin[2] += fastLinear(sample.rgb[i + 2]!);
  }
  if (Math.min(...lin) <= 0) return null;
  const [, , b] = linearToLab(lin[0]! / sample.count, lin[1]! / sample.count, lin[2]! / sample.count);
  if (b < LAMP_CAST_MIN_B) return null;
  const y = 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
  return lin.map((l) => (y / l) ** LAMP_CAST_SHARE) as [number, number, number];
}

/** The table followed by linear-light gains (a von Kries step on every colour alike). */
export function withGains(lut: Lut3d, gains: readonly [number, number, number]): Lut3d {
  return mapLut(lut, (r, g, b, out) => {
    [r, g, b].forEach((v, k) => {
      const clamped = Math.min(1, Math.max(0, v));
      out[k] = linearToSrgb(Math.min(1, srgbToLinear(clamped) * gains[k]!)) + (v - clamped);
    });
  });
}
