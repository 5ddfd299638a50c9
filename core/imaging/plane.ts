// Single-channel planes for the neighbourhood kernels: sharpening, local contrast and denoising all work on
// luma only (colour noise and colour fringes are what sharpening RGB separately would add), so they extract an
// 8-bit luma plane once and add the change back to R, G and B equally.
import type { RgbaImage } from './types';

/** Integer Rec. 709 luma (0..255) of every pixel, the same weights as analysis/histogram's lumaCode. */
export function lumaPlane(image: RgbaImage): Uint8Array {
  const { data } = image;
  const n = image.width * image.height;
  const out = new Uint8Array(n);
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    out[p] = (54 * data[i]! + 183 * data[i + 1]! + 19 * data[i + 2]! + 128) >> 8;
  }
  return out;
}
