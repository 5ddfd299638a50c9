// Neutral white after the learned retouch. The model keeps the yellow of tungsten light on white things (sinks,
// ceilings, appliances): it learned from daylight photos. The cast is measured on the white things of the
// retouched photo (L* >= 70, C* <= 20); a warm cast is removed (up to MAX_SHIFT) by a von Kries gain in linear
// light that fades out for vivid colours, so wood, fabrics and plants keep their colour, and what is left of the
// colour of bright near-whites is reduced (walls in the lamp's bounce light). A cool cast only gets the latter.
// Being a function of colour alone, it is folded into the photo's 3D LUT (no extra pass).
import { linearToSrgb, srgbToLinear } from '../imaging/color';
import type { ColorSample } from './colorSample';
import { fastLinear, labToLinear, linearToLab } from './lab';
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
const TOLERATED = 1;
/**
 * Most of a warm cast (b* units) the gain removes: a scene whose light-coloured things are all strongly warm is
 * more likely sand, stone or a beige wall than white under a lamp, and keeps part of its warmth.
 */
const MAX_SHIFT = 5;
/**
 * Share of the near-white chroma removed after a warm cast (see nearWhiteChroma), and after a cool one; in full
 * from a cast of TOLERATED, in proportion below it: white things that are neutral on average (daylight) say the
 * light is right, and the pale colours beside them (an overcast sky, a cream wall) are the scene's own.
 */
const WARM_DESATURATION = 0.85;
const COOL_DESATURATION = 0.35;

/** The near-white desaturation after a cast (see WARM_DESATURATION). */
export function desaturationAfter(cast: { a: number; b: number }): number {
  return (
    (cast.b > 0 ? WARM_DESATURATION : COOL_DESATURATION) * Math.min(1, Math.hypot(cast.a, cast.b) / TOLERATED)
  );
}

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
  // Below the tolerated cast only the near-white chroma is reduced (mixed light: warm and cool whites).
  // The gain only for the warm casts of artificial light: a bluish white is daylight or shade, whose blue the
  // expert retouches keep in the sky and snow; there only the near-white chroma is reduced.
  const y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
  const part = b > 0 && cast > TOLERATED ? Math.min(1 - TOLERATED / cast, MAX_SHIFT / cast) : 0;
  const gains = [y / lin[0], y / lin[1], y / lin[2]].map((g) => g ** part) as [number, number, number];
  return { a, b, share, gains };
}

function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

/** How much of the neutral-white gain a colour gets: all for near-neutrals, fading out for vivid colours. */
export function whiteWeight(L: number, C: number): number {
  return smoothstep(30, 55, L) * (1 - smoothstep(WHITE_MAX_C + 5, WHITE_MAX_C + 25, C));
}

/**
 * Chroma kept by a bright near-white after the gain: the warm light's bounce leaves walls and ceilings in the
 * shade still cream, so what is left of the colour of bright, nearly neutral things is halved; vivid colours
 * (wood, fabrics, plants: C* above ~30) and darker tones keep theirs.
 */
export function nearWhiteChroma(L: number, C: number, desaturation: number): number {
  const t = smoothstep(55, WHITE_MIN_L, L) * (1 - smoothstep(WHITE_MAX_C - 4, WHITE_MAX_C + 10, C));
  return 1 - desaturation * t;
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
    const [L2, A2, B2] = linearToLab(lr * gain(0), lg * gain(1), lb * gain(2));
    const k = nearWhiteChroma(L2, Math.hypot(A2, B2), desaturationAfter(cast));
    const [fr, fg, fb] = labToLinear(L2, A2 * k, B2 * k);
    // Values beyond [0, 1] (the model's overshoot) keep their overshoot on top of the corrected colour.
    out[0] = linearToSrgb(fr) + (r - Math.min(1, Math.max(0, r)));
    out[1] = linearToSrgb(fg) + (g - Math.min(1, Math.max(0, g)));
    out[2] = linearToSrgb(fb) + (b - Math.min(1, Math.max(0, b)));
  });
}
