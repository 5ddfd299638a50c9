// Neutral white after the learned retouch. The model keeps the yellow of tungsten light on white things (sinks,
// ceilings, appliances): it learned from daylight photos. The cast is measured on the white things of the
// retouched photo (L* >= 70, C* <= 20) and removed by a von Kries gain in linear light that acts fully on
// near-neutral bright colours and fades out with chroma and darkness, so beige walls, wood and fabrics keep
// their colour. Being a function of colour alone, it is folded into the photo's 3D LUT (no extra pass).
import { linearToSrgb, srgbToLinear } from '../imaging/color';
import type { ColorSample } from './colorSample';
import { fastLinear, linearToLab } from './lab';
import { mapLut, type Lut3d } from './lut3d';

export const WHITE_MIN_L = 70;
export const WHITE_MAX_C = 20;

export interface WhiteCast {
  /** Mean a* and b* of the white things. */
  a: number;
  b: number;
  /** Their share of the photo. */
  share: number;
  /** Linear-light gains that bring that mean to the tolerated cast at the same luminance. */
  gains: [number, number, number];
}

/** Fewer white pixels than this share: no white things to judge the light by. */
const MIN_SHARE = 0.005;
/**
 * Cast (a*, b* distance of the white things' mean from neutral) that is left in place: it reads as neutral and
 * spares what is genuinely beige a little more.
 */
const TOLERATED = 2;

/** The cast of the white things in a (retouched) sample, or null when there is none to correct. */
export function measureWhiteCast(sample: ColorSample): WhiteCast | null {
  let n = 0;
  const lin = [0, 0, 0];
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < sample.rgb.length; i += 3) {
    const r = sample.rgb[i];
    const g = sample.rgb[i + 1];
    const b = sample.rgb[i + 2];
    const lr = fastLinear(r);
    const lg = fastLinear(g);
    const lb = fastLinear(b);
    const [L, A, B] = linearToLab(lr, lg, lb);
    // Clipped pixels say nothing about the light's colour.
    if (L < WHITE_MIN_L || Math.hypot(A, B) > WHITE_MAX_C || Math.max(r, g, b) >= 0.995) continue;
    n++;
    sa += A;
    sb += B;
    lin[0] += lr;
    lin[1] += lg;
    lin[2] += lb;
  }
  const share = n / Math.max(1, sample.count);
  if (share < MIN_SHARE) return null;
  const a = sa / n;
  const b = sb / n;
  const cast = Math.hypot(a, b);
  // Only the warm casts of artificial light: a bluish white is daylight or shade, which the model handles.
  if (cast < TOLERATED || b <= 0) return null;
  const y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
  const part = 1 - TOLERATED / cast;
  const gains = [y / lin[0], y / lin[1], y / lin[2]].map((g) => g ** part) as [number, number, number];
  return { a, b, share, gains };
}

function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

/** How much of the neutral-white gain a colour gets: all for bright near-neutrals, none for vivid or dark ones. */
export function whiteWeight(L: number, C: number): number {
  return smoothstep(50, WHITE_MIN_L, L) * (1 - smoothstep(WHITE_MAX_C, WHITE_MAX_C + 12, C));
}

/** The table followed by the neutral-white gain, weighted per colour by whiteWeight. */
export function neutraliseWhites(lut: Lut3d, cast: WhiteCast): Lut3d {
  return mapLut(lut, (r, g, b, out) => {
    const lr = srgbToLinear(Math.min(1, Math.max(0, r)));
    const lg = srgbToLinear(Math.min(1, Math.max(0, g)));
    const lb = srgbToLinear(Math.min(1, Math.max(0, b)));
    const [L, A, B] = linearToLab(lr, lg, lb);
    const w = whiteWeight(L, Math.hypot(A, B));
    if (w === 0) {
      out[0] = r;
      out[1] = g;
      out[2] = b;
      return;
    }
    // Gains interpolated in the log domain, so half the weight is half the correction in stops.
    const gain = (k: number) => Math.pow(cast.gains[k], w);
    // Values beyond [0, 1] (the model's overshoot) keep their overshoot on top of the corrected colour.
    out[0] = linearToSrgb(lr * gain(0)) + (r - Math.min(1, Math.max(0, r)));
    out[1] = linearToSrgb(lg * gain(1)) + (g - Math.min(1, Math.max(0, g)));
    out[2] = linearToSrgb(lb * gain(2)) + (b - Math.min(1, Math.max(0, b)));
  });
}
