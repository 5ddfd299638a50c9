// CIELAB (D65) of 8-bit and float sRGB colours, the space in which the retouch's own steps decide what a white
// thing is (L* >= 70, C* <= 20) and how far its cast is from neutral. Scalar maths plus an 8-bit linear table.
import { SRGB_TO_LINEAR, srgbToLinear } from '../imaging/color';

const XN = 0.95047;
const ZN = 1.08883;

function f(t: number): number {
  return t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116;
}

/** Lab of linear-light RGB in [0, 1]. */
export function linearToLab(r: number, g: number, b: number): [number, number, number] {
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / XN;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / ZN;
  const fy = f(y);
  return [116 * fy - 16, 500 * (f(x) - fy), 200 * (fy - f(z))];
}

/** Lab of an 8-bit sRGB colour. */
export function srgb8ToLab(r: number, g: number, b: number): [number, number, number] {
  return linearToLab(SRGB_TO_LINEAR[r], SRGB_TO_LINEAR[g], SRGB_TO_LINEAR[b]);
}

/** Lab of an sRGB colour in [0, 1] (values outside are clamped). */
export function srgbToLab(r: number, g: number, b: number): [number, number, number] {
  return linearToLab(fastLinear(r), fastLinear(g), fastLinear(b));
}

// The sRGB curve tabulated at 4096 steps and interpolated: statistics over many samples call it millions of
// times, and Math.pow dominated them. Error below 1e-5, far under what any decision here resolves.
const STEPS = 4096;
const LINEAR = (() => {
  const t = new Float64Array(STEPS + 2);
  for (let i = 0; i <= STEPS + 1; i++) t[i] = srgbToLinear(Math.min(1, i / STEPS));
  return t;
})();

/** srgbToLinear for [0, 1] (clamped) through the table: for statistics over many colours. */
export function fastLinear(v: number): number {
  const x = (v <= 0 ? 0 : v >= 1 ? 1 : v) * STEPS;
  const i = Math.floor(x);
  return LINEAR[i] + (LINEAR[i + 1] - LINEAR[i]) * (x - i);
}

function fInv(t: number): number {
  return t > 6 / 29 ? t * t * t : (((t - 16 / 116) * 27) / 24389) * 116;
}

/** Linear-light RGB of a Lab colour (may leave [0, 1] for colours outside sRGB). */
export function labToLinear(L: number, a: number, b: number): [number, number, number] {
  const fy = (L + 16) / 116;
  const x = fInv(fy + a / 500) * XN;
  const y = fInv(fy);
  const z = fInv(fy - b / 200) * ZN;
  return [
    3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
    -0.969266 * x + 1.8760108 * y + 0.041556 * z,
    0.0556434 * x - 0.2040259 * y + 1.0572252 * z,
  ];
}
