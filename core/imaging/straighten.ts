// Straighten: rotate a photo by a small angle about its centre and crop to the largest clean rectangle of the
// same aspect ratio. Perspective correction covers the automatic case (a common lean of the verticals is its
// roll term); this is the manual operation for a known angle.
import { warpAndCrop } from './perspective';
import type { RgbaImage } from './types';
import { multiply, translation, type Matrix3 } from './warp';

export interface StraightenOptions {
  /** Clockwise rotation in degrees (what the photo needs, e.g. 2 turns a horizon that drops to the left level). */
  degrees: number;
  /** Crop to the original aspect ratio. */
  keepAspect: boolean;
}

export const defaultStraightenOptions: StraightenOptions = { degrees: 0, keepAspect: true };

/** Rotate and crop. Returns a new image; the input is not changed. */
export function straighten(image: RgbaImage, options: Partial<StraightenOptions> = {}): RgbaImage {
  const o = { ...defaultStraightenOptions, ...options };
  const t = (o.degrees * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  // y points down, so this matrix turns the picture clockwise on screen for positive angles.
  const rotate: Matrix3 = [c, -s, 0, s, c, 0, 0, 0, 1];
  const cx = (image.width - 1) / 2;
  const cy = (image.height - 1) / 2;
  const forward = multiply(translation(cx, cy), multiply(rotate, translation(-cx, -cy)));
  return warpAndCrop(image, forward, o.keepAspect);
}
