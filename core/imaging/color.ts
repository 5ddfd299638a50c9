// Colour science shared by the kernels: the sRGB transfer curve, Rec. 709 luminance weights, a gain with a soft
// highlight shoulder (so brightening never hard-clips), and the colour of black-body light for white balance.
// Everything here is scalar maths used to build lookup tables; nothing here loops over pixels.

/** Rec. 709 / sRGB luminance weights. They sum to 1. */
export const LUMA_R = 0.2126;
export const LUMA_G = 0.7152;
export const LUMA_B = 0.0722;

/** sRGB-encoded value in [0, 1] to linear light in [0, 1]. */
export function srgbToLinear(v: number): number {
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
}

/** Linear light in [0, 1] to sRGB-encoded value in [0, 1]. */
export function linearToSrgb(l: number): number {
  if (l <= 0) return 0;
  if (l >= 1) return 1;
  return l <= 0.0031308 ? l * 12.92 : 1.055 * Math.pow(l, 1 / 2.4) - 0.055;
}

/** Linear light of each 8-bit code value. */
export const SRGB_TO_LINEAR: Float64Array = (() => {
  const table = new Float64Array(256);
  for (let v = 0; v < 256; v++) table[v] = srgbToLinear(v / 255);
  return table;
})();

/**
 * Multiplies linear light by `gain`, but lets values above `knee` roll off smoothly so that 1 still maps to 1.
 * Below the knee it is an exact gain (so "+1 EV" means twice the light in the mid-tones); above it an
 * extended-Reinhard shoulder with matching slope compresses the rest. For gain <= 1 nothing can clip, so the plain
 * product is returned. This is what keeps an auto-brightened photo from burning out its windows and lamps.
 */
export function gainWithShoulder(linear: number, gain: number, knee = 0.5): number {
  const lifted = linear * gain;
  if (gain <= 1 || lifted <= knee) return lifted;
  const room = 1 - knee; // output range left above the knee
  const t = (lifted - knee) / room; // distance past the knee, in units of `room`
  const white = (gain - knee) / room; // where input 1.0 lands on the same scale
  const s = (t * (1 + t / (white * white))) / (1 + t); // s(0) = 0, s'(0) = 1, s(white) = 1
  return knee + room * s;
}

/** Mireds (micro reciprocal degrees): equal steps look like equal colour shifts, which kelvin steps do not. */
export function kelvinToMired(kelvin: number): number {
  return 1e6 / kelvin;
}

export function miredToKelvin(mired: number): number {
  return 1e6 / mired;
}

/**
 * Linear-sRGB colour (normalised to luminance 1) of a black body at `kelvin`, from the CIE 1931 chromaticity of
 * the Planckian locus (Kim et al. cubic spline, valid 1667 K to 25000 K; inputs are clamped to that range).
 */
export function planckianRgb(kelvin: number): [number, number, number] {
  const t = Math.min(25000, Math.max(1667, kelvin));
  const t2 = t * t;
  const t3 = t2 * t;
  const x =
    t <= 4000
      ? -0.2661239e9 / t3 - 0.2343589e6 / t2 + 0.8776956e3 / t + 0.17991
      : -3.0258469e9 / t3 + 2.1070379e6 / t2 + 0.2226347e3 / t + 0.24039;
  const x2 = x * x;
  const x3 = x2 * x;
  const y =
    t <= 2222
      ? -1.1063814 * x3 - 1.3481102 * x2 + 2.18555832 * x - 0.20219683
      : t <= 4000
        ? -0.9549476 * x3 - 1.37418593 * x2 + 2.09137015 * x - 0.16748867
        : 3.081758 * x3 - 5.8733867 * x2 + 3.75112997 * x - 0.37001483;
  // xyY with Y = 1 to XYZ, then XYZ to linear sRGB (D65 matrix).
  const X = x / y;
  const Z = (1 - x - y) / y;
  const r = 3.2406 * X - 1.5372 - 0.4986 * Z;
  const g = -0.9689 * X + 1.8758 + 0.0415 * Z;
  const b = 0.0557 * X - 0.204 + 1.057 * Z;
  return [r, g, b];
}

/** Scales gains so that a neutral grey keeps its luminance: the "keeps luminance" promise of colour shifts. */
export function normaliseToLuminance(gains: readonly [number, number, number]): [number, number, number] {
  const y = LUMA_R * gains[0] + LUMA_G * gains[1] + LUMA_B * gains[2];
  return [gains[0] / y, gains[1] / y, gains[2] / y];
}
