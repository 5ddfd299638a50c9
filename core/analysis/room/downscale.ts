// Shrinks a photo before analysis: the detector looks at 512x512 anyway, and a 12-megapixel tensor would cost
// hundreds of megabytes for nothing. Area averaging (not point sampling) so fine tile patterns don't alias.
import type { RgbaImage } from '../../imaging/types';

/** The longest side a photo is analysed at, on every platform, so browser and server see the same picture. */
export const ANALYSIS_MAX_SIDE = 768;

/** The size an image of width x height is analysed at: the same aspect ratio, longest side <= maxSide. */
export function analysisSize(width: number, height: number, maxSide = ANALYSIS_MAX_SIDE): [number, number] {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}

/** The image itself when it already fits, else an area-averaged copy whose longest side is maxSide. */
export function downscaleRgba(image: RgbaImage, maxSide = ANALYSIS_MAX_SIDE): RgbaImage {
  const [w, h] = analysisSize(image.width, image.height, maxSide);
  if (w === image.width && h === image.height) return image;
  const out = { width: w, height: h, data: new Uint8ClampedArray(w * h * 4) };
  areaAverageRows(image, out, 0, h);
  return out;
}

/**
 * Rows [from, to) of `out`, a smaller copy of `image`: each pixel the mean of the source pixels it covers. Apart
 * so a caller on a server's thread can work in bands and yield between them.
 */
export function areaAverageRows(image: RgbaImage, out: RgbaImage, from: number, to: number): void {
  const { width: w, height: h, data } = out;
  const sx = image.width / w;
  const sy = image.height / h;
  for (let y = from; y < to; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let yy = y0; yy < y1; yy++) {
        let i = (yy * image.width + x0) * 4;
        for (let xx = x0; xx < x1; xx++, i += 4) {
          r += image.data[i];
          g += image.data[i + 1];
          b += image.data[i + 2];
          a += image.data[i + 3];
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * w + x) * 4;
      data[o] = r / n;
      data[o + 1] = g / n;
      data[o + 2] = b / n;
      data[o + 3] = a / n;
    }
  }
}
