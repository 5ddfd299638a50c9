// Resizes a product picture to the size it has in the room photo. Works on premultiplied colour, so the
// transparent background's black never bleeds into a piece's edge, and averages every source pixel under a
// destination pixel when shrinking, so thin legs and lines stay visible instead of aliasing away.
import type { RgbaImage } from '../imaging/types';

/** Source spans per destination index: first source index and the weights of consecutive source pixels. */
function spans(srcSize: number, dstSize: number): { start: number; weights: number[] }[] {
  const scale = srcSize / dstSize;
  const out: { start: number; weights: number[] }[] = [];
  for (let d = 0; d < dstSize; d++) {
    if (scale >= 1) {
      const a = d * scale;
      const b = Math.min(srcSize, (d + 1) * scale);
      const start = Math.floor(a);
      const weights: number[] = [];
      for (let s = start; s < b; s++) weights.push(Math.min(s + 1, b) - Math.max(s, a));
      const sum = weights.reduce((x, y) => x + y, 0);
      out.push({ start, weights: weights.map((w) => w / sum) });
    } else {
      // Enlarging: linear interpolation between the two nearest source pixels.
      const centre = Math.max(0, Math.min(srcSize - 1, (d + 0.5) * scale - 0.5));
      const start = Math.min(srcSize - 1, Math.floor(centre));
      const t = centre - start;
      out.push(start + 1 < srcSize ? { start, weights: [1 - t, t] } : { start, weights: [1] });
    }
  }
  return out;
}

/** A new image of width x height (each at least 1) showing `src` stretched to fit. */
export function resizeRgba(src: RgbaImage, width: number, height: number): RgbaImage {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  const xs = spans(src.width, w);
  const ys = spans(src.height, h);
  // Horizontal pass into premultiplied floats, then vertical pass.
  const mid = new Float32Array(w * src.height * 4);
  for (let y = 0; y < src.height; y++) {
    for (let x = 0; x < w; x++) {
      const { start, weights } = xs[x];
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0; k < weights.length; k++) {
        const i = (y * src.width + start + k) * 4;
        const alpha = (src.data[i + 3] / 255) * weights[k];
        r += src.data[i] * alpha;
        g += src.data[i + 1] * alpha;
        b += src.data[i + 2] * alpha;
        a += alpha;
      }
      const o = (y * w + x) * 4;
      mid[o] = r;
      mid[o + 1] = g;
      mid[o + 2] = b;
      mid[o + 3] = a;
    }
  }
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    const { start, weights } = ys[y];
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0; k < weights.length; k++) {
        const i = ((start + k) * w + x) * 4;
        r += mid[i] * weights[k];
        g += mid[i + 1] * weights[k];
        b += mid[i + 2] * weights[k];
        a += mid[i + 3] * weights[k];
      }
      const o = (y * w + x) * 4;
      if (a > 1e-6) {
        data[o] = r / a;
        data[o + 1] = g / a;
        data[o + 2] = b / a;
        data[o + 3] = a * 255;
      }
    }
  }
  return { width: w, height: h, data };
}
