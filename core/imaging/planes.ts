// Neighbourhood filters on luminance (sharpen, local contrast, luma denoise) all have one shape: blur the luma,
// take the difference ("detail"), map it through a response table, add the result to R, G and B alike.
// This module owns that shape: luma planes in fixed point, the blurs, the response tables, and the pass that
// writes pixels. Adding the same amount to R, G and B changes luma by that amount and leaves colour alone.
import { createLike, type RgbaImage } from './types';
import { ALPHA_MASK, CLAMP8, CLAMP8_OFFSET, pixelWords } from './pixels';
import { kernelBackend } from './wasm/backend';
import { binomialLumaResponseWasm } from './wasm/sharpen';

/** Fixed-point scale of luma planes and detail values: 16 units per 8-bit level. */
export const LUMA_SCALE = 16;
export const LUMA_MAX = 255 * LUMA_SCALE;

/**
 * Rec. 709 luma of every pixel, in 1/16 levels (0..4080). Integer weights 218 + 732 + 74 = 1024 = 16 * 64.
 */
export function lumaPlane(image: RgbaImage, out = new Uint16Array(image.width * image.height)): Uint16Array {
  const words = pixelWords(image.data);
  const n = words.length;
  for (let p = 0; p < n; p++) {
    const w = words[p];
    out[p] = (218 * (w & 255) + 732 * ((w >> 8) & 255) + 74 * ((w >> 16) & 255) + 32) >> 6;
  }
  return out;
}

/**
 * Approximate Gaussian blur of large radius: box blurs by running sums, so the cost does not grow with the
 * radius. Three passes of half-width r give sigma = sqrt(r (r + 1)). Edges repeat the border pixel. The
 * vertical pass keeps one running sum per column and walks rows, so memory is read in order.
 */
export function boxBlurPlane(
  src: Uint16Array,
  width: number,
  height: number,
  radius: number,
  passes = 3,
): Uint16Array {
  const a = src.slice();
  const b = new Uint16Array(width * height);
  const r = Math.max(1, Math.round(radius));
  for (let pass = 0; pass < passes; pass++) {
    boxHorizontal(a, b, width, height, r);
    boxVertical(b, a, width, height, r);
  }
  return a;
}

/** Half-width of the box that, used three times, blurs like a Gaussian of this sigma. */
export function boxRadiusForSigma(sigma: number): number {
  return Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2));
}

function boxHorizontal(src: Uint16Array, dst: Uint16Array, width: number, height: number, r: number): void {
  const scale = 1 / (2 * r + 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const first = src[row];
    const last = src[row + width - 1];
    let sum = 0;
    for (let k = -r; k <= r; k++) sum += src[row + Math.min(width - 1, Math.max(0, k))];
    for (let x = 0; x < width; x++) {
      dst[row + x] = sum * scale + 0.5;
      const add = x + r + 1;
      const drop = x - r;
      sum += (add < width ? src[row + add] : last) - (drop >= 0 ? src[row + drop] : first);
    }
  }
}

function boxVertical(src: Uint16Array, dst: Uint16Array, width: number, height: number, r: number): void {
  const scale = 1 / (2 * r + 1);
  const sum = new Float64Array(width);
  const rowAt = (y: number) => Math.min(height - 1, Math.max(0, y)) * width;
  for (let k = -r; k <= r; k++) {
    const row = rowAt(k);
    for (let x = 0; x < width; x++) sum[x] += src[row + x];
  }
  for (let y = 0; y < height; y++) {
    const out = y * width;
    const add = rowAt(y + r + 1);
    const drop = rowAt(y - r);
    for (let x = 0; x < width; x++) {
      dst[out + x] = sum[x] * scale + 0.5;
      sum[x] += src[add + x] - src[drop + x];
    }
  }
}

/**
 * A response table: index = detail in 1/16 levels + LUMA_MAX, value = change in 8-bit levels to add to R, G
 * and B. Sharpening, local contrast and luma denoising differ only in this table.
 */
export function buildResponseLut(response: (detailLevels: number) => number): Int16Array {
  const lut = new Int16Array(2 * LUMA_MAX + 1);
  for (let i = 0; i < lut.length; i++) lut[i] = Math.round(response((i - LUMA_MAX) / LUMA_SCALE));
  return lut;
}

/** out = image + response(luma - blurred) on R, G and B; alpha copied. Planes in 1/16 levels. */
export function addLumaResponse(
  image: RgbaImage,
  luma: Uint16Array,
  blurred: Uint16Array,
  response: Int16Array,
  out: RgbaImage,
): RgbaImage {
  const src = pixelWords(image.data);
  const dst = pixelWords(out.data);
  const n = src.length;
  for (let p = 0; p < n; p++) {
    const d = response[luma[p] - blurred[p] + LUMA_MAX] + CLAMP8_OFFSET;
    const w = src[p];
    dst[p] =
      CLAMP8[(w & 255) + d] |
      (CLAMP8[((w >> 8) & 255) + d] << 8) |
      (CLAMP8[((w >> 16) & 255) + d] << 16) |
      (w & ALPHA_MASK);
  }
  return out;
}

/**
 * Rows `from` (inclusive) to `to` (exclusive): the band of the image one thread works on when several share a
 * photo. A band reads two rows beyond each of its ends (the halo), so bands must write to another buffer than
 * the one they read, or the halo of one would already be sharpened by its neighbour.
 */
export interface RowRange {
  from: number;
  to: number;
}

/**
 * The small-radius version in one streaming pass: luma, a 5x5 binomial blur ([1 4 6 4 1] / 16 both ways, a
 * Gaussian of sigma 1 px), the response, and the output pixels, row by row. Only five rows of luma and of
 * horizontal sums are alive at a time, so everything stays in the CPU cache; this is what makes sharpening
 * several times faster than separate full-image passes. Edges repeat the border pixel.
 * `out` may be `image` itself: row y is written only after rows up to y + 2 have been read into the rings.
 * `rows` limits the work to a band (see RowRange); edges still repeat the border pixel of the whole image.
 */
export function binomialLumaResponse(
  image: RgbaImage,
  response: Int16Array,
  out: RgbaImage,
  rows: RowRange = { from: 0, to: image.height },
): RgbaImage {
  const { width, height } = image;
  if (out.data.byteOffset % 4 !== 0) {
    // Writing through a word view needs aligned memory; a misaligned buffer takes a detour through a new one.
    out.data.set(binomialLumaResponse(image, response, createLike(image), rows).data);
    return out;
  }
  const { from, to } = rows;
  if (
    kernelBackend() === 'wasm' &&
    binomialLumaResponseWasm(image.data, out.data, width, height, response, rows)
  ) {
    return out;
  }
  const src = pixelWords(image.data);
  const dst = pixelWords(out.data);
  // Ring buffers of five rows: 8-bit luma (with two replicated pixels of padding at each end, so the
  // horizontal pass needs no edge cases) and its horizontal [1 4 6 4 1] sums (16 x luma).
  if (width <= RING_WIDTH) {
    // The module's own rings, named at the call: see RING_WIDTH for why that is worth the repetition below.
    for (let y = from - 2; y <= from + 2; y++) prepareRow(src, width, height, y, LUMA_RING, SUMS_RING);
    for (let y = from; y < to; y++) {
      writeRow(src, dst, width, y, LUMA_RING, SUMS_RING, response);
      prepareRow(src, width, height, y + 3, LUMA_RING, SUMS_RING);
    }
  } else {
    const luma = new Int32Array(5 * (width + 4));
    const sums = new Int32Array(5 * width);
    for (let y = from - 2; y <= from + 2; y++) prepareRow(src, width, height, y, luma, sums);
    for (let y = from; y < to; y++) {
      writeRow(src, dst, width, y, luma, sums, response);
      prepareRow(src, width, height, y + 3, luma, sums);
    }
  }
  return out;
}

/**
 * Rings for images up to this width (every photo but a wide panorama) are allocated once, at module level
 * (650 KB). Beside saving the allocation, V8 builds the address and length of a constant typed array into the
 * optimised loop when the call passes the constant itself, instead of loading them for every read: measured
 * 15-20 % faster for the whole filter. One call runs at a time per thread, so sharing the rings is safe.
 */
const RING_WIDTH = 16384;
const LUMA_RING = new Int32Array(5 * (RING_WIDTH + 4));
const SUMS_RING = new Int32Array(5 * RING_WIDTH);

/** Ring slot (0..4) of row y; rows outside the image still get a slot (they hold a clamped copy). */
const slot = (y: number) => ((y % 5) + 5) % 5;

/** Luma (8-bit, rounded) and horizontal binomial sums of row `y` (clamped into the image) into its ring slot. */
function prepareRow(
  src: Int32Array,
  width: number,
  height: number,
  y: number,
  luma: Int32Array,
  sums: Int32Array,
): void {
  const stride = width + 4;
  const l = slot(y) * stride; // luma[l + 2 + x] is pixel x
  const s = slot(y) * width;
  const base = Math.min(height - 1, Math.max(0, y)) * width;
  for (let x = 0; x < width; x++) {
    const w = src[base + x];
    luma[l + 2 + x] = (54 * (w & 255) + 183 * ((w >> 8) & 255) + 19 * ((w >> 16) & 255) + 128) >> 8;
  }
  luma[l] = luma[l + 1] = luma[l + 2];
  luma[l + width + 2] = luma[l + width + 3] = luma[l + width + 1];
  // Rolling window a b c d e centred on pixel x: one new load per pixel.
  let a = luma[l];
  let b = luma[l + 1];
  let c = luma[l + 2];
  let d = luma[l + 3];
  for (let x = 0; x < width; x++) {
    const e = luma[l + x + 4];
    sums[s + x] = a + 4 * (b + d) + 6 * c + e;
    a = b;
    b = c;
    c = d;
    d = e;
  }
}

/** Vertical binomial over the ring, detail = luma * 256 - blur (1/256 levels) -> 1/16 levels -> response. */
function writeRow(
  src: Int32Array,
  dst: Int32Array,
  width: number,
  y: number,
  luma: Int32Array,
  sums: Int32Array,
  response: Int16Array,
): void {
  const r0 = slot(y - 2) * width;
  const r1 = slot(y - 1) * width;
  const r2 = slot(y) * width;
  const r3 = slot(y + 1) * width;
  const r4 = slot(y + 2) * width;
  const l = slot(y) * (width + 4) + 2;
  const base = y * width;
  for (let x = 0; x < width; x++) {
    const blur = sums[r0 + x] + 4 * (sums[r1 + x] + sums[r3 + x]) + 6 * sums[r2 + x] + sums[r4 + x];
    const d = response[(((luma[l + x] << 8) - blur) >> 4) + LUMA_MAX] + CLAMP8_OFFSET;
    const w = src[base + x];
    dst[base + x] =
      CLAMP8[(w & 255) + d] |
      (CLAMP8[((w >> 8) & 255) + d] << 8) |
      (CLAMP8[((w >> 16) & 255) + d] << 16) |
      (w & ALPHA_MASK);
  }
}
