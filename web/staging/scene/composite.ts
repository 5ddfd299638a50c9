// Puts the rendered layer (pieces and their shadows on transparent black) over the photo so it looks taken with
// the same camera: softened as much as the photo is soft, given the photo's grain (and no colour when the photo
// has none), then drawn source-over, which leaves every photo pixel under alpha 0 exactly as it was. Works on the
// layer's covered box only, in plain JS (a canvas blur filter on a 2048 px WebGL canvas costs seconds under a
// software renderer).
import { estimateBlurSigma, estimateNoiseSigma, type Pixels } from './photoStats';

/** How the render must be degraded to match the photo; measured once per photo and output size. */
export interface PhotoLook {
  /** Grain sigma in 8-bit steps. */
  noiseSigma: number;
  /** Gaussian blur sigma to put on the render, pixels (0: leave sharp). */
  softenPx: number;
  /** Output pixels per photo pixel (> 1 when the photo is upscaled; the grain then grows coarser). */
  grainScale: number;
  /** A black-and-white photo: the pieces lose their colour too. */
  monochrome: boolean;
}

/** The mean spread between a pixel's channels (8-bit levels) below which a photo is black and white. */
const MONOCHROME_SPREAD = 3;

/** Whether the photo has no colour: its channels agree everywhere, give or take the JPEG's rounding. */
export function isMonochrome(photo: Pixels): boolean {
  const { data } = photo;
  let spread = 0;
  let n = 0;
  // Every 7th pixel is plenty for a mean, and 7 does not line up with 8×8 JPEG blocks.
  for (let i = 0; i < data.length; i += 28) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    spread += Math.max(r, g, b) - Math.min(r, g, b);
    n++;
  }
  return n > 0 && spread / n < MONOCHROME_SPREAD;
}

/** The antialiased render's own softness, as a Gaussian sigma in pixels. */
const RENDER_SIGMA_PX = 0.6;
const MAX_SOFTEN_PX = 2.5;

/**
 * Measures the photo as drawn at the output size: `photoAtOutput` is all of it or a part (the part the pieces
 * cover is where the look must match, and measuring less costs less); `outputWidth` is the whole output's width.
 */
export function measurePhotoLook(
  photoAtOutput: Pixels,
  photoWidth: number,
  outputWidth = photoAtOutput.width,
): PhotoLook {
  const blur = estimateBlurSigma(photoAtOutput);
  const soften = Math.sqrt(Math.max(0, blur * blur - RENDER_SIGMA_PX * RENDER_SIGMA_PX));
  return {
    noiseSigma: estimateNoiseSigma(photoAtOutput),
    softenPx: soften < 0.3 ? 0 : Math.min(MAX_SOFTEN_PX, soften),
    grainScale: Math.max(1, outputWidth / photoWidth),
    monochrome: isMonochrome(photoAtOutput),
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

/** A 3×3 box blur scaled back to unit sigma, wrapping at the edges (it makes a tile): grain for a photo that was
 * upscaled about twofold. */
function coarsen(field: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(field.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) sum += field[((y + dy + h) % h) * w + ((x + dx + w) % w)]!;
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

/** One pass of a separable Gaussian along a line of `n` RGBA pixels (`step` and `dstStep` apart), clamped. */
function blurLine(
  src: ArrayLike<number>,
  srcAt: number,
  dst: Float32Array | Uint8ClampedArray,
  dstAt: number,
  n: number,
  step: number,
  dstStep: number,
  k: Float32Array,
  radius: number,
  line: Float32Array,
): void {
  // The line copied once with its clamped ends, so the taps need no bounds checks.
  for (let i = -radius; i < n + radius; i++) {
    const from = srcAt + Math.min(n - 1, Math.max(0, i)) * step;
    const o = (i + radius) * 4;
    line[o] = src[from]!;
    line[o + 1] = src[from + 1]!;
    line[o + 2] = src[from + 2]!;
    line[o + 3] = src[from + 3]!;
  }
  const taps = 2 * radius + 1;
  for (let x = 0; x < n; x++) {
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 0;
    for (let t = 0, o = x * 4; t < taps; t++, o += 4) {
      const w = k[t]!;
      r += w * line[o]!;
      g += w * line[o + 1]!;
      b += w * line[o + 2]!;
      a += w * line[o + 3]!;
    }
    const to = dstAt + x * dstStep;
    dst[to] = r;
    dst[to + 1] = g;
    dst[to + 2] = b;
    dst[to + 3] = a;
  }
}

/** A separable Gaussian blur of premultiplied RGBA, in place, inside the box only. */
function blurBox(layer: Pixels, box: [number, number, number, number], sigma: number): void {
  const radius = Math.ceil(sigma * 2.5);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, i) =>
    Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)),
  );
  const sum = kernel.reduce((a, b) => a + b, 0);
  const k = Float32Array.from(kernel, (v) => v / sum);
  const [x0, y0, x1, y1] = box;
  const { width: w, data } = layer;
  const bw = x1 - x0;
  const bh = y1 - y0;
  const tmp = new Float32Array(bw * bh * 4);
  const line = new Float32Array((Math.max(bw, bh) + 2 * radius) * 4);
  // Rows whose alpha is all 0 blur to 0 horizontally; skipping them saves the empty parts of the box.
  for (let y = 0; y < bh; y++) {
    const at = ((y0 + y) * w + x0) * 4;
    let any = false;
    for (let x = 3; x < bw * 4 && !any; x += 4) any = data[at + x] !== 0;
    if (any) blurLine(data, at, tmp, y * bw * 4, bw, 4, 4, k, radius, line);
  }
  for (let x = 0; x < bw; x++)
    blurLine(tmp, x * 4, data, (y0 * w + x0 + x) * 4, bh, bw * 4, w * 4, k, radius, line);
}

/** Noise tiles shared by every composite: a camera's grain has no structure, so a repeating 512 px tile is unseen. */
const TILE = 512;
let grainTiles: { luma: Float32Array; coarse: Float32Array; chroma: Float32Array } | null = null;

function grainTile() {
  if (!grainTiles) {
    const luma = gaussianField(TILE * TILE, 7);
    grainTiles = { luma, coarse: coarsen(luma, TILE, TILE), chroma: gaussianField(TILE * TILE, 222) };
  }
  return grainTiles;
}

/**
 * The box's pixels un-premultiplied with grain: mostly luminance with a little chroma, as a camera's noise
 * looks, scaled by coverage so the soft shadow edges stay clean. Alpha 0 stays exactly 0. The grain is anchored
 * to output pixels (`at` is the layer's place in the output).
 */
function grainedPatch(
  layer: Pixels,
  box: [number, number, number, number],
  look: PhotoLook,
  at: { x: number; y: number },
): ImageData {
  const [x0, y0, x1, y1] = box;
  const bw = x1 - x0;
  const bh = y1 - y0;
  const out = new ImageData(bw, bh);
  const sigma = look.noiseSigma >= 0.2 ? look.noiseSigma : 0;
  const tiles = sigma ? grainTile() : null;
  const luma = tiles ? (look.grainScale >= 1.5 ? tiles.coarse : tiles.luma) : null;
  const chroma = tiles?.chroma ?? null;
  const { width: w, data } = layer;
  const o = out.data;
  for (let y = 0; y < bh; y++) {
    const tileRow = ((y0 + y + at.y) % TILE) * TILE;
    for (let x = 0; x < bw; x++) {
      const i = (y * bw + x) * 4;
      const j = ((y0 + y) * w + x0 + x) * 4;
      const a = data[j + 3]!;
      if (!a) continue;
      const scale = 255 / a;
      let n = 0;
      let c = 0;
      if (luma && chroma) {
        const g = (a / 255) * sigma;
        const t = tileRow + ((x0 + x + at.x) % TILE);
        n = luma[t]! * g;
        c = chroma[t]! * g * 0.25;
      }
      if (look.monochrome) {
        const y = (0.299 * data[j]! + 0.587 * data[j + 1]! + 0.114 * data[j + 2]!) * scale + n;
        o[i] = y;
        o[i + 1] = y;
        o[i + 2] = y;
      } else {
        o[i] = data[j]! * scale + n + c;
        o[i + 1] = data[j + 1]! * scale + n;
        o[i + 2] = data[j + 2]! * scale + n - c;
      }
      o[i + 3] = a;
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
  patch.getContext('2d')!.putImageData(grainedPatch(layer, box, look, at), 0, 0);
  ctx.drawImage(patch, box[0] + at.x, box[1] + at.y);
  return out;
}

/** The photo drawn at the output size, and its pixels (all, or those of `part`: x, y, width, height) for measuring. */
export function photoAtSize(
  photo: CanvasImageSource,
  width: number,
  height: number,
  part: readonly [number, number, number, number] = [0, 0, width, height],
): { canvas: HTMLCanvasElement; pixels: ImageData } {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(photo, 0, 0, width, height);
  return { canvas, pixels: ctx.getImageData(...part) };
}
