// Local contrast ("details", clarity): an unsharp mask with a large radius on luma. It brings out texture and
// material (wood, fabric, tiles) without changing the overall tone. Large differences are compressed before
// they are added back, so strong edges (a window against a wall) do not grow a bright or dark halo.
import type { RgbaImage } from './types';
import { assertImage, createLike } from './types';
import { addLumaResponse, boxBlurPlane, boxRadiusForSigma, buildResponseLut, lumaPlane } from './planes';

export interface LocalContrastOptions {
  /** Blur sigma as a fraction of the shorter image side, so the look does not depend on resolution. */
  radius: number;
  /** Strength: 0.3 adds 30 % of the (compressed) local detail. */
  amount: number;
  /** Detail of this many levels is added at half strength, larger detail ever less (halo control). */
  halfAt: number;
}

export const defaultLocalContrastOptions: LocalContrastOptions = { radius: 0.012, amount: 0.35, halfAt: 40 };

export function localContrastResponse(
  options: Partial<LocalContrastOptions> = {},
): (detail: number) => number {
  const { amount, halfAt } = { ...defaultLocalContrastOptions, ...options };
  return (detail) => (amount * detail) / (1 + Math.abs(detail) / halfAt);
}

/** Returns a new image. */
export function localContrast(image: RgbaImage, options: Partial<LocalContrastOptions> = {}): RgbaImage {
  assertImage(image);
  const o = { ...defaultLocalContrastOptions, ...options };
  const { width, height } = image;
  const luma = lumaPlane(image);
  const sigma = Math.max(1, o.radius * Math.min(width, height));
  const blurred = boxBlurPlane(luma, width, height, boxRadiusForSigma(sigma));
  return addLumaResponse(image, luma, blurred, buildResponseLut(localContrastResponse(o)), createLike(image));
}
