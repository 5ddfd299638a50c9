// Colour-noise removal for photos lifted from near black: their few 8-bit levels turn into coloured blotches
// once lifted. The eye resolves colour far more coarsely than brightness, so the chroma (each channel minus luma)
// is box-blurred at a radius of about one percent of the image while luma keeps every detail. In place.
import { LUMA_B, LUMA_G, LUMA_R } from './color';
import { assertImage, type RgbaImage } from './types';

/** Blurs the chroma of `image` in place with a box of half-width radius (pixels), three passes (near Gaussian). */
export function chromaDenoiseInPlace(image: RgbaImage, radius: number): RgbaImage {
  assertImage(image);
  const { width, height, data } = image;
  const n = width * height;
  const cr = new Float32Array(n);
  const cb = new Float32Array(n);
  const luma = new Float32Array(n);
  for (let i = 0, p = 0; i < n; i++, p += 4) {
    const y = LUMA_R * data[p] + LUMA_G * data[p + 1] + LUMA_B * data[p + 2];
    luma[i] = y;
    cr[i] = data[p] - y;
    cb[i] = data[p + 2] - y;
  }
  const r = Math.max(1, Math.round(radius));
  const tmp = new Float32Array(Math.max(width, height));
  for (const plane of [cr, cb]) {
    for (let pass = 0; pass < 3; pass++) {
      for (let y = 0; y < height; y++) boxLine(plane, y * width, 1, width, r, tmp);
      for (let x = 0; x < width; x++) boxLine(plane, x, width, height, r, tmp);
    }
  }
  for (let i = 0, p = 0; i < n; i++, p += 4) {
    const y = luma[i];
    const red = y + cr[i];
    const blue = y + cb[i];
    data[p] = red;
    data[p + 2] = blue;
    data[p + 1] = (y - LUMA_R * red - LUMA_B * blue) / LUMA_G;
  }
  return image;
}

/** Running-sum box filter along one line (edges clamped). */
function boxLine(
  v: Float32Array,
  start: number,
  stride: number,
  length: number,
  r: number,
  tmp: Float32Array,
): void {
  for (let i = 0; i < length; i++) tmp[i] = v[start + i * stride];
  const at = (i: number) => tmp[i < 0 ? 0 : i >= length ? length - 1 : i];
  let sum = 0;
  for (let i = -r; i <= r; i++) sum += at(i);
  const norm = 1 / (2 * r + 1);
  for (let i = 0; i < length; i++) {
    v[start + i * stride] = sum * norm;
    sum += at(i + r + 1) - at(i - r);
  }
}
