// Colour-noise removal for photos lifted from near black: their few 8-bit levels turn into coloured blotches
// once lifted. The eye resolves colour far more coarsely than brightness, so the chroma (red and blue minus luma)
// is blurred at a radius of about one percent of the image while luma keeps every detail. The chroma is blurred
// on a grid 4 times coarser and interpolated back (it is smooth after the blur anyway), which keeps the cost to
// two passes over the full photo. In place.
import { LUMA_B, LUMA_G, LUMA_R } from './color';
import { assertImage, type RgbaImage } from './types';

const CELL = 4;

/**
 * Blurs the chroma of `image` in place with a box of half-width radius (full-resolution pixels), two passes, and
 * keeps `keep` of it (1: all): a photo lifted from one or two 8-bit levels has lost its colour, and a muted
 * honest colour reads better than invented blotches.
 */
export function chromaDenoiseInPlace(image: RgbaImage, radius: number, keep = 1): RgbaImage {
  assertImage(image);
  const { width, height, data } = image;
  const cw = Math.ceil(width / CELL);
  const ch = Math.ceil(height / CELL);
  const cr = new Float32Array(cw * ch);
  const cb = new Float32Array(cw * ch);
  const count = new Float32Array(cw * ch);
  for (let y = 0; y < height; y++) {
    const rowCell = ((y / CELL) | 0) * cw;
    for (let x = 0, p = y * width * 4; x < width; x++, p += 4) {
      const c = rowCell + ((x / CELL) | 0);
      const yv = LUMA_R * data[p] + LUMA_G * data[p + 1] + LUMA_B * data[p + 2];
      cr[c] += data[p] - yv;
      cb[c] += data[p + 2] - yv;
      count[c]++;
    }
  }
  for (let c = 0; c < cr.length; c++) {
    cr[c] = (cr[c] / count[c]) * keep;
    cb[c] = (cb[c] / count[c]) * keep;
  }
  const r = Math.max(1, Math.round(radius / CELL));
  const tmp = new Float32Array(Math.max(cw, ch));
  for (const plane of [cr, cb]) {
    for (let pass = 0; pass < 2; pass++) {
      for (let y = 0; y < ch; y++) boxLine(plane, y * cw, 1, cw, r, tmp);
      for (let x = 0; x < cw; x++) boxLine(plane, x, cw, ch, r, tmp);
    }
  }
  // Bilinear back to full resolution (cell centres at (i + 0.5) * CELL - 0.5), keeping each pixel's luma.
  for (let y = 0; y < height; y++) {
    const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) / CELL - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(ch - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0, p = y * width * 4; x < width; x++, p += 4) {
      const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) / CELL - 0.5));
      const x0 = fx | 0;
      const x1 = x0 + 1 < cw ? x0 + 1 : x0;
      const tx = fx - x0;
      const i00 = y0 * cw + x0;
      const i01 = y0 * cw + x1;
      const i10 = y1 * cw + x0;
      const i11 = y1 * cw + x1;
      const red = (cr[i00] * (1 - tx) + cr[i01] * tx) * (1 - ty) + (cr[i10] * (1 - tx) + cr[i11] * tx) * ty;
      const blue = (cb[i00] * (1 - tx) + cb[i01] * tx) * (1 - ty) + (cb[i10] * (1 - tx) + cb[i11] * tx) * ty;
      const yv = LUMA_R * data[p] + LUMA_G * data[p + 1] + LUMA_B * data[p + 2];
      const rv = yv + red;
      const bv = yv + blue;
      data[p] = rv;
      data[p + 1] = (yv - LUMA_R * rv - LUMA_B * bv) / LUMA_G;
      data[p + 2] = bv;
    }
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
  const last = length - 1;
  let sum = 0;
  for (let i = -r; i <= r; i++) sum += tmp[i < 0 ? 0 : i > last ? last : i];
  const norm = 1 / (2 * r + 1);
  let at = start;
  for (let i = 0; i < length; i++, at += stride) {
    v[at] = sum * norm;
    const add = i + r + 1;
    const drop = i - r;
    sum += tmp[add > last ? last : add] - tmp[drop < 0 ? 0 : drop];
  }
}
