// Moves a decoded photo's pixels into the engine's frame in display orientation (EXIF 1..8, what
// createImageBitmap's imageOrientation 'from-image' does) and lays transparent pixels on white, in one pass over
// the rows, so the WebAssembly decoder needs no second whole frame for either.

import type { RgbaImage } from '../../core/imaging/types';

/** Width and height as displayed: orientations 5-8 turn the photo a quarter. */
export function orientedSize(width: number, height: number, orientation: number): [number, number] {
  return orientation >= 5 && orientation <= 8 ? [height, width] : [width, height];
}

/**
 * Where output pixel (x, y) of the displayed photo is in the stored one, as (start, step along x, step along y)
 * over stored pixel indices: each orientation is an affine map of pixel indices.
 */
function sourceWalk(width: number, height: number, orientation: number): [number, number, number] {
  const last = width * height - 1;
  switch (orientation) {
    case 2: // mirrored left-right
      return [width - 1, -1, width];
    case 3: // turned 180 degrees
      return [last, -1, -width];
    case 4: // mirrored top-bottom
      return [last - (width - 1), 1, -width];
    case 5: // transposed: output x runs down the stored columns
      return [0, width, 1];
    case 6: // to be turned 90 degrees clockwise: output row y is stored column y, read bottom-up
      return [(height - 1) * width, -width, 1];
    case 7: // transversed
      return [last, -width, -1];
    case 8: // to be turned 90 degrees counter-clockwise: output row y is stored column width-1-y, top-down
      return [width - 1, width, -1];
    default:
      return [0, 1, width];
  }
}

/**
 * Writes `pixels` (stored size width x height, RGBA) into `target` (already of the oriented size), turned by
 * `orientation`; with `onWhite`, every pixel is composed over white and made opaque.
 */
export function copyOriented(
  pixels: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  orientation: number,
  target: RgbaImage,
  onWhite = false,
): void {
  const [outWidth, outHeight] = orientedSize(width, height, orientation);
  if (target.width !== outWidth || target.height !== outHeight)
    throw new RangeError(`target is ${target.width}x${target.height}, not ${outWidth}x${outHeight}`);
  const out = target.data;
  if (orientation === 1 || orientation < 1 || orientation > 8) {
    if (out !== pixels) out.set(pixels.subarray(0, width * height * 4));
  } else {
    // Whole pixels as 32-bit words: a quarter of the loads and stores of a byte loop.
    const src = new Uint32Array(pixels.buffer, pixels.byteOffset, width * height);
    const dst = new Uint32Array(out.buffer, out.byteOffset, outWidth * outHeight);
    const [start, stepX, stepY] = sourceWalk(width, height, orientation);
    for (let y = 0, o = 0; y < outHeight; y++) {
      let s = start + y * stepY;
      for (let x = 0; x < outWidth; x++, o++, s += stepX) dst[o] = src[s]!;
    }
  }
  if (onWhite) layOnWhite(out);
}

/** Composes every pixel over white (as canvas draws an image on a white fill), alpha 255; the clamped array rounds. */
function layOnWhite(data: Uint8ClampedArray): void {
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    if (alpha === 255) continue;
    const white = 255 * (255 - alpha);
    data[i] = (data[i]! * alpha + white) / 255;
    data[i + 1] = (data[i + 1]! * alpha + white) / 255;
    data[i + 2] = (data[i + 2]! * alpha + white) / 255;
    data[i + 3] = 255;
  }
}
