// Puts the rendered layer (pieces and their shadows on transparent black) over the photo so it looks taken with
// the same camera: softened as much as the photo is soft, given the photo's grain, then drawn source-over, which
// leaves every photo pixel under alpha 0 exactly as it was. Works on the layer's covered box only, in plain JS
// (a canvas blur filter on a 2048 px WebGL canvas costs seconds under a software renderer).
import { estimateBlurSigma, estimateNoiseSigma, type Pixels } from './photoStats';

/** How the render must be degraded to match the photo; measured once per photo and output size. */
export interface PhotoLook {
  /** Grain sigma in 8-bit steps. */
  noiseSigma: number;
  /** Gaussian blur sigma to put on the render, pixels (0: leave sharp). */
  softenPx: number;
  /** Output pixels per photo pixel (> 1 when the photo is upscaled; the grain then grows coarser). */
  grainScale: number;
}

/** The antialiased render's own softness, as a Gaussian sigma in pixels. */
const RENDER_SIGMA_PX = 0.6;
const MAX_SOFTEN_PX = 2.5;

/** Measures the photo as drawn at the output size. */
export function measurePhotoLook(photoAtOutput: Pixels, photoWidth: number): PhotoLook {
  const blur = estimateBlurSigma(photoAtOutput);
  const soften = Math.sqrt(Math.max(0, blur * blur - RENDER_SIGMA_PX * RENDER_SIGMA_PX));
  return {
    noiseSigma: estimateNoiseSigma(photoAtOutput),
    softenPx: soften < 0.3 ? 0 : Math.min(MAX_SOFTEN_PX, soften),
    grainScale: Math.max(1, photoAtOutput.width / photoWidth),
  };
}

/** Standard normal numbers from a small fast generator (the grain needs no cryptographic quality). */
function gaussianField(count: number, seed: number): Float32Array {
  const out = new Float32Array(count);
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) + 0.5) / 4294967296;
  };
  for (let i = 0; i < count; i += 2) {
    const r = Math.sqrt(-2 * Math.log(next()));
    const t = 2 * Math.PI * next();
    out[i] = r * Math.cos(t);
    if (i + 1 < count) out[i + 1] = r * Math.sin(t);
  }
  return out;
}

/** A 3×3 box blur scaled back to unit sigma: grain for a photo that was upscaled about twofold. */
function coarsen(field: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(field.length);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += field[(y + dy) * w + x + dx]!;
      out[y * w + x] = sum / 3;
    }
  }
  return out;
}

/** The layer's pixels straight from the renderer's drawing buffer: premultiplied RGBA, rows top-down. */
export function readLayer(
  gl: WebGL2RenderingContext | WebGLRenderingContext,
  width: number,
  height: number,
): Pixels {
  const raw = new Uint8Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, raw);
  const data = new Uint8ClampedArray(raw.length);
  const row = width * 4;
  for (let y = 0; y < height; y++)
    data.set(raw.subarray((height - 1 - y) * row, (height - y) * row), y * row);
  return { width, height, data };
}

/** The box [x0, y0, x1) × [y0, y1) of the pixels with any alpha, grown by `margin`; null when all are clear. */
function coverage(layer: Pixels, margin: number): [number, number, number, number] | null {
  const { width: w, height: h, data } = layer;
  let [x0, y0, x1, y1] = [w, h, 0, 0];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!data[(y * w + x) * 4 + 3]) continue;
      if (x < x0) x0 = x;
      if (x >= x1) x1 = x + 1;
      if (y < y0) y0 = y;
      if (y >= y1) y1 = y + 1;
    }
  }
  if (x1 <= x0) return null;
  return [
    Math.max(0, x0 - margin),
    Math.max(0, y0 - margin),
    Math.min(w, x1 + margin),
    Math.min(h, y1 + margin),
  ];
}

/** A separable Gaussian blur of premultiplied RGBA, in place, inside the box only. */
function blurBox(layer: Pixels, box: [number, number, number, number], sigma: number): void {
  const radius = Math.ceil(sigma * 2.5);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, i) =>
    Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)),
  );
  const sum = kernel.reduce((a, b) => a + b, 0);
  const k = kernel.map((v) => v / sum);
  const [x0, y0, x1, y1] = box;
  const { width: w, data } = layer;
  const bw = x1 - x0;
  const bh = y1 - y0;
  const tmp = new Float32Array(bw * bh * 4);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      for (let c = 0; c < 4; c++) {
        let acc = 0;
        for (let i = -radius; i <= radius; i++) {
          const xx = Math.min(bw - 1, Math.max(0, x + i));
          acc += k[i + radius]! * data[((y0 + y) * w + x0 + xx) * 4 + c]!;
        }
        tmp[(y * bw + x) * 4 + c] = acc;
      }
    }
  }
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      for (let c = 0; c < 4; c++) {
        let acc = 0;
        for (let i = -radius; i <= radius; i++) {
          const yy = Math.min(bh - 1, Math.max(0, y + i));
          acc += k[i + radius]! * tmp[(yy * bw + x) * 4 + c]!;
        }
        data[((y0 + y) * w + x0 + x) * 4 + c] = acc;
      }
    }
  }
}

/**
 * The box's pixels un-premultiplied with grain: mostly luminance with a little chroma, as a camera's noise
 * looks, scaled by coverage so the soft shadow edges stay clean. Alpha 0 stays exactly 0.
 */
function grainedPatch(layer: Pixels, box: [number, number, number, number], look: PhotoLook): ImageData {
  const [x0, y0, x1, y1] = box;
  const bw = x1 - x0;
  const bh = y1 - y0;
  const out = new ImageData(bw, bh);
  const sigma = look.noiseSigma >= 0.2 ? look.noiseSigma : 0;
  let luma = sigma ? gaussianField(bw * bh, 7) : null;
  if (luma && look.grainScale >= 1.5) luma = coarsen(luma, bw, bh);
  const chroma = sigma ? gaussianField(bw * bh, 222) : null;
  const { width: w, data } = layer;
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const i = y * bw + x;
      const j = ((y0 + y) * w + x0 + x) * 4;
      const a = data[j + 3]!;
      if (!a) continue;
      const scale = 255 / a;
      const g = luma && chroma ? (a / 255) * sigma : 0;
      const n = g ? luma![i]! * g : 0;
      const c = g ? chroma![i]! * g * 0.25 : 0;
      out.data[i * 4] = data[j]! * scale + n + c;
      out.data[i * 4 + 1] = data[j + 1]! * scale + n;
      out.data[i * 4 + 2] = data[j + 2]! * scale + n - c;
      out.data[i * 4 + 3] = a;
    }
  }
  return out;
}

/**
 * The finished image: the photo at the output size with the layer (premultiplied pieces and shadows on
 * transparent black, covering the output or the part of it from `at` on) softened, grained and drawn over it. Only the layer's covered box is
 * touched, so the rest of the photo is copied as it is.
 */
export function compositeOverPhoto(
  photoAtOutput: HTMLCanvasElement,
  layer: Pixels,
  look: PhotoLook,
  /** Where the layer's top-left pixel lies in the output (a layer rendered for a part of it). */
  at: { x: number; y: number } = { x: 0, y: 0 },
): HTMLCanvasElement {
  const out = document.createElement('canvas');
  out.width = photoAtOutput.width;
  out.height = photoAtOutput.height;
  const ctx = out.getContext('2d')!;
  ctx.drawImage(photoAtOutput, 0, 0);
  const box = coverage(layer, look.softenPx > 0 ? Math.ceil(look.softenPx * 3) : 0);
  if (!box) return out;
  if (look.softenPx > 0) blurBox(layer, box, look.softenPx);
  const patch = document.createElement('canvas');
  patch.width = box[2] - box[0];
  patch.height = box[3] - box[1];
  patch.getContext('2d')!.putImageData(grainedPatch(layer, box, look), 0, 0);
  ctx.drawImage(patch, box[0] + at.x, box[1] + at.y);
  return out;
}

/** The photo drawn at the output size, and its pixels for measuring. */
export function photoAtSize(
  photo: CanvasImageSource,
  width: number,
  height: number,
): { canvas: HTMLCanvasElement; pixels: ImageData } {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(photo, 0, 0, width, height);
  return { canvas, pixels: ctx.getImageData(0, 0, width, height) };
}
