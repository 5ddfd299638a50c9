// The room segmenter's tensors (models/deeplabv3-ade20k, see its README): a photo becomes the model's input,
// uint8 RGB 512x512 in NHWC order, and its ArgMax output becomes a LabelMap. Pure, so the browser, a worker
// and Node prepare and read the model the same way; running it is web/staging/segmenter.ts's business.
import type { LabelMap } from './types';

/** The model's fixed input and output size (square; the photo is stretched, its aspect ratio not kept). */
export const SEGMENTER_SIZE = 512;

/** Pixels as canvas ImageData, sharp's raw output or core/imaging's RgbaImage hold them: RGBA, row-major. */
export interface RgbaPixels {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** Per destination index: the first source index and the weights (summing to 1) of the next source pixels. */
interface Span {
  start: number;
  weights: Float32Array;
}

/**
 * Area average when shrinking (every source pixel counts, so thin chair legs and window bars survive as a
 * tint instead of aliasing away), linear interpolation between the two nearest pixels when enlarging.
 */
function spans(srcSize: number, dstSize: number): Span[] {
  const scale = srcSize / dstSize;
  const out: Span[] = [];
  for (let d = 0; d < dstSize; d++) {
    if (scale >= 1) {
      const a = d * scale;
      const b = Math.min(srcSize, (d + 1) * scale);
      const start = Math.floor(a);
      const end = Math.ceil(b);
      const weights = new Float32Array(end - start);
      for (let s = start; s < end; s++) weights[s - start] = (Math.min(s + 1, b) - Math.max(s, a)) / (b - a);
      out.push({ start, weights });
    } else {
      const centre = Math.max(0, Math.min(srcSize - 1, (d + 0.5) * scale - 0.5));
      const start = Math.min(srcSize - 1, Math.floor(centre));
      const t = centre - start;
      out.push({ start, weights: start + 1 < srcSize ? Float32Array.of(1 - t, t) : Float32Array.of(1) });
    }
  }
  return out;
}

/**
 * The model's input for one photo: RGB bytes (alpha dropped) of the photo stretched to 512x512, NHWC
 * ([1, 512, 512, 3] row by row, three bytes a pixel).
 */
export function segmenterInput(rgba: RgbaPixels): Uint8Array {
  const { width, height, data } = rgba;
  if (width < 1 || height < 1 || data.length < width * height * 4) {
    throw new RangeError(
      `segmenterInput: ${width}x${height} needs ${width * height * 4} bytes, got ${data.length}`,
    );
  }
  const size = SEGMENTER_SIZE;
  const xs = spans(width, size);
  const ys = spans(height, size);
  // Rows first (every source row shrunk to 512 wide, in floats), then columns: each source byte is read once.
  const mid = new Float32Array(size * height * 3);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < size; x++) {
      const { start, weights } = xs[x];
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < weights.length; k++) {
        const i = (row + start + k) * 4;
        const w = weights[k];
        r += data[i] * w;
        g += data[i + 1] * w;
        b += data[i + 2] * w;
      }
      const o = (y * size + x) * 3;
      mid[o] = r;
      mid[o + 1] = g;
      mid[o + 2] = b;
    }
  }
  const out = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    const { start, weights } = ys[y];
    for (let x = 0; x < size; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < weights.length; k++) {
        const i = ((start + k) * size + x) * 3;
        const w = weights[k];
        r += mid[i] * w;
        g += mid[i + 1] * w;
        b += mid[i + 2] * w;
      }
      const o = (y * size + x) * 3;
      // Rounded and clamped: float sums of weights may land a hair outside 0-255.
      out[o] = Math.min(255, Math.max(0, Math.round(r)));
      out[o + 1] = Math.min(255, Math.max(0, Math.round(g)));
      out[o + 2] = Math.min(255, Math.max(0, Math.round(b)));
    }
  }
  return out;
}

/** The model's ArgMax output (int32 class ids, [1, height, width]) as a LabelMap of ADE20K ids. */
export function labelMapFromArgmax(
  out: Int32Array,
  width: number = SEGMENTER_SIZE,
  height: number = SEGMENTER_SIZE,
): LabelMap {
  if (out.length !== width * height) {
    throw new RangeError(
      `labelMapFromArgmax: ${width}x${height} needs ${width * height} ids, got ${out.length}`,
    );
  }
  const labels = new Uint8Array(out.length);
  // The model knows 32 classes; anything outside a byte would be a broken output, kept as 0 ('other').
  for (let i = 0; i < out.length; i++) {
    const id = out[i];
    labels[i] = id >= 0 && id <= 255 ? id : 0;
  }
  return { width, height, labels };
}
