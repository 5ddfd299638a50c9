// Colour-space helpers shared by the kernels: the sRGB transfer curve (exposure and white balance work in linear
// light, where "twice the light" means a factor of two) and the luminance weights used everywhere.
// Only scalar functions and 256-entry tables here; the kernels build lookup tables from them.

/** Rec. 709 / sRGB luminance weights for linear RGB. */
export const LUMA_R = 0.2126;
export const LUMA_G = 0.7152;
export const LUMA_B = 0.0722;

/** sRGB-encoded value in [0, 1] to linear light in [0, 1]. */
export function srgbToLinear(v: number): number {
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
}

/** Linear light in [0, 1] to an sRGB-encoded value in [0, 1] (values outside are clamped). */
export function linearToSrgb(v: number): number {
  if (v <= 0) return 0;
  if (v >= 1) return 1;
  return v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;
}

/** Linear light of every 8-bit sRGB code value, computed once. */
export const SRGB_TO_LINEAR: Float32Array = (() => {
  const table = new Float32Array(256);
  for (let i = 0; i < 256; i++) table[i] = srgbToLinear(i / 255);
  return table;
})();

/** Gamma-encoded luma (0..255) of one pixel with the Rec. 709 weights, the measure the quality tests use. */
export function luma(r: number, g: number, b: number): number {
  return LUMA_R * r + LUMA_G * g + LUMA_B * b;
}

/** Clamp to [lo, hi]. */
export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
