// Geometric resampling: an inverse-mapped bilinear homography. For every output pixel the 3x3 matrix gives the
// source position; along a row the homogeneous coordinates change by constant increments, so the inner loop
// is three additions, one division and a bilinear blend. The blend works on two 8-bit channels at once inside
// one 32-bit word (R and B, then G and A), which keeps it exact and fast. Positions outside the source repeat
// the border pixel (perspective.ts crops so that this never shows).
import type { RowRange } from './planes';
import { assertImage, type RgbaImage } from './types';
import { kernelBackend } from './wasm/backend';
import { warpBandWasm } from './wasm/warp';

/** A row-major 3x3 matrix acting on column vectors (x, y, 1). */
export type Matrix3 = readonly [number, number, number, number, number, number, number, number, number];

/** @internal The identity, for tests. */
export const IDENTITY: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

export function multiply(a: Matrix3, b: Matrix3): Matrix3 {
  const m = new Array<number>(9);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      m[r * 3 + c] = a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!;
    }
  }
  return m as unknown as Matrix3;
}

export function invert(m: Matrix3): Matrix3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-12) throw new RangeError('singular matrix');
  const s = 1 / det;
  return [
    A * s,
    -(b * i - c * h) * s,
    (b * f - c * e) * s,
    B * s,
    (a * i - c * g) * s,
    -(a * f - c * d) * s,
    C * s,
    -(a * h - b * g) * s,
    (a * e - b * d) * s,
  ];
}

/** Apply a homography to a point. */
export function transformPoint(m: Matrix3, x: number, y: number): [number, number] {
  const w = m[6] * x + m[7] * y + m[8];
  return [(m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w];
}

export function translation(tx: number, ty: number): Matrix3 {
  return [1, 0, tx, 0, 1, ty, 0, 0, 1];
}

/** A 32-bit view of the pixels; copies when the bytes are not 4-aligned (e.g. a Node Buffer slice). */
function words(data: Uint8ClampedArray): Uint32Array {
  if (data.byteOffset % 4 === 0) return new Uint32Array(data.buffer, data.byteOffset, data.length >> 2);
  return new Uint32Array(new Uint8ClampedArray(data).buffer);
}

/**
 * Longest span: the exact projective division is done at span ends, positions are interpolated between. The
 * step is truncated to 1/65536 pixel, so a span's last position is off by at most 128/65536 = 0.002 pixel (the
 * blend's weights have steps of 1/128).
 */
const SPAN = 128;

/**
 * Resample `image` into a new `width` x `height` image. `outputToInput` maps output pixel centres (integer
 * coordinates) to source coordinates (pixel centres are integers there, too).
 *
 * Speed comes from three choices: the projective division happens once per span of up to 128 pixels and
 * positions are interpolated linearly in between (for the gentle homographies of perspective correction the
 * error is far below 1/100 pixel); positions are 16.16 fixed point, so the inner loop is int32 arithmetic
 * only; and the bilinear blend handles two channels per multiply with 7-bit weights, small enough that no lane
 * overflows. Where WebAssembly runs, wasm/warp.ts blends the same spans tile by tile with SIMD.
 */
export function warpHomography(
  image: RgbaImage,
  outputToInput: Matrix3,
  width: number,
  height: number,
): RgbaImage {
  const out = { width, height, data: new Uint8ClampedArray(width * height * 4) };
  return warpHomographyBand(image, outputToInput, out, { from: 0, to: height });
}

/**
 * Output rows `rows.from` to `rows.to` (exclusive) of the warp, into `out` (its size is the output size; a
 * 4-byte-aligned buffer, e.g. shared memory another thread fills with the other rows). Every output row depends
 * only on the source, so bands need no halo and together give exactly warpHomography's result.
 */
export function warpHomographyBand(
  image: RgbaImage,
  outputToInput: Matrix3,
  out: RgbaImage,
  rows: RowRange,
): RgbaImage {
  assertImage(image);
  assertImage(out);
  const { width } = out;
  const dst = new Uint32Array(out.data.buffer, out.data.byteOffset, out.data.length >> 2);
  const src = words(image.data);
  const sw = image.width;
  // A one-pixel source has no neighbour to blend with; repeat it.
  if (image.width < 2 || image.height < 2) {
    dst.fill(src[0] ?? 0, rows.from * width, rows.to * width);
    return out;
  }
  // Clamp just inside the last column and row, so the right and lower neighbours always exist.
  const maxXF = (image.width - 1) * 65536 - 1;
  const maxYF = (image.height - 1) * 65536 - 1;
  const plan = (y: number, spans: Int32Array, first: number) =>
    planSpans(outputToInput, y, width, maxXF, maxYF, spans, first);
  // WebAssembly does what it can (all rows unless memory runs out), JavaScript the rest.
  let y = rows.from;
  if (kernelBackend() === 'wasm') {
    y = warpBandWasm(image.data, sw, image.height, out.data, width, rows, plan, maxXF, maxYF);
    if (y === rows.to) return out;
  }
  const spans = new Int32Array(SPAN_FIELDS * width);
  for (; y < rows.to; y++) {
    const count = plan(y, spans, 0);
    let p = y * width;
    for (let r = 0; r < count * SPAN_FIELDS; r += SPAN_FIELDS) {
      let fx = spans[r]!;
      let fy = spans[r + 1]!;
      const dx = spans[r + 2]!;
      const dy = spans[r + 3]!;
      const n = spans[r + 4]!;
      if (spans[r + 5]) {
        for (let k = 0; k < n; k++, p++, fx += dx, fy += dy) dst[p] = bilinear(src, sw, fx, fy);
      } else {
        for (let k = 0; k < n; k++, p++, fx += dx, fy += dy) {
          dst[p] = bilinear(
            src,
            sw,
            fx < 0 ? 0 : fx > maxXF ? maxXF : fx,
            fy < 0 ? 0 : fy > maxYF ? maxYF : fy,
          );
        }
      }
    }
  }
  return out;
}

/** Fields of a span record: 16.16 start position fx, fy, step dx, dy, pixel count n, inside (1: no clamping). */
const SPAN_FIELDS = 6;

/**
 * The spans of output row `y`, written into `spans` as records (see SPAN_FIELDS); returns their number. The
 * projective division happens at span ends only, and each span is the longest (up to SPAN) whose midpoint the
 * straight interpolation gets within 1/100 pixel; strong projective terms (never needed by perspective
 * correction) fall back towards exact per-pixel division.
 */
function planSpans(
  m: Matrix3,
  y: number,
  width: number,
  maxXF: number,
  maxYF: number,
  spans: Int32Array,
  first: number,
): number {
  const [h0, , , h3, , , h6] = m;
  const X0 = m[1] * y + m[2];
  const Y0 = m[4] * y + m[5];
  const W0 = m[7] * y + m[8];
  let sxStart = (X0 / W0) * 65536;
  let syStart = (Y0 / W0) * 65536;
  let count = 0;
  for (let x0 = 0; x0 < width;) {
    let n = Math.min(SPAN, width - x0);
    let sxEnd = 0;
    let syEnd = 0;
    for (;;) {
      const xEnd = x0 + n;
      const wEnd = W0 + h6 * xEnd;
      sxEnd = ((X0 + h0 * xEnd) / wEnd) * 65536;
      syEnd = ((Y0 + h3 * xEnd) / wEnd) * 65536;
      if (n === 1) break;
      const xMid = x0 + n / 2;
      const wMid = W0 + h6 * xMid;
      const errX = ((X0 + h0 * xMid) / wMid) * 65536 - (sxStart + sxEnd) / 2;
      const errY = ((Y0 + h3 * xMid) / wMid) * 65536 - (syStart + syEnd) / 2;
      if (Math.abs(errX) < 655 && Math.abs(errY) < 655) break;
      n = n >> 1;
    }
    // Fixed-point position and step; clamped to a safe range first so `| 0` cannot wrap.
    const fx = clampFixed(sxStart) | 0;
    const fy = clampFixed(syStart) | 0;
    const dx = ((clampFixed(sxEnd) - fx) / n) | 0;
    const dy = ((clampFixed(syEnd) - fy) / n) | 0;
    // Spans that stay inside the source (almost all of them) skip the clamping.
    const fxLast = fx + dx * (n - 1);
    const fyLast = fy + dy * (n - 1);
    const inside =
      fx >= 0 &&
      fy >= 0 &&
      fxLast >= 0 &&
      fyLast >= 0 &&
      fx <= maxXF &&
      fy <= maxYF &&
      fxLast <= maxXF &&
      fyLast <= maxYF;
    const r = (first + count) * SPAN_FIELDS;
    spans[r] = fx;
    spans[r + 1] = fy;
    spans[r + 2] = dx;
    spans[r + 3] = dy;
    spans[r + 4] = n;
    spans[r + 5] = inside ? 1 : 0;
    count += 1;
    sxStart = sxEnd;
    syStart = syEnd;
    x0 += n;
  }
  return count;
}

const LOW = 0x00ff00ff;
const HALF = 0x00400040; // one half in each lane, for rounding

/**
 * The bilinear blend at 16.16 position (sx, sy) of a pixel and its right, lower and lower-right neighbours.
 * Even bytes (R, B) and odd bytes (G, A) are blended as two 16-bit lanes of one word: across, then down.
 */
function bilinear(src: Uint32Array, sw: number, sx: number, sy: number): number {
  const i = (sy >> 16) * sw + (sx >> 16);
  const wx = (sx >> 9) & 127;
  const wy = (sy >> 9) & 127;
  const vx = 128 - wx;
  const vy = 128 - wy;
  const a = src[i]!;
  const b = src[i + 1]!;
  const c = src[i + sw]!;
  const d = src[i + sw + 1]!;
  const top0 = (((a & LOW) * vx + (b & LOW) * wx + HALF) >>> 7) & LOW;
  const bot0 = (((c & LOW) * vx + (d & LOW) * wx + HALF) >>> 7) & LOW;
  const top1 = ((((a >>> 8) & LOW) * vx + ((b >>> 8) & LOW) * wx + HALF) >>> 7) & LOW;
  const bot1 = ((((c >>> 8) & LOW) * vx + ((d >>> 8) & LOW) * wx + HALF) >>> 7) & LOW;
  const even = ((top0 * vy + bot0 * wy + HALF) >>> 7) & LOW;
  const odd = ((top1 * vy + bot1 * wy + HALF) >>> 7) & LOW;
  return even | (odd << 8);
}

/** Keep a 16.16 position inside +-2^30 so integer conversion cannot overflow (far outside any image anyway). */
function clampFixed(v: number): number {
  return v < -1073741824 ? -1073741824 : v > 1073741824 ? 1073741824 : v;
}
