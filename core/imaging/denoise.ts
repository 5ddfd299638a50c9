// Light denoise for dark phone photos: a colour guided filter (He, Sun & Tang 2010) with the photo's own luma as
// the guide. Where the neighbourhood is flat (its luma variance is at the noise level) pixels are replaced by the
// local mean; where there is structure (variance well above the noise) the filter follows the luma, so edges
// and texture survive. Colour noise goes with it, since every channel is filtered against the same guide.
// Speed and memory: the filter's coefficients are smooth, so they are computed on a grid s times coarser and
// interpolated back ("fast guided filter", He & Sun 2015); only the final pass touches every pixel.
// Precision: that final pass can apply tone curves to the 12-bit filtered values before rounding to 8 bits, so
// a photo lifted by several stops gets smooth gradients instead of the posterised steps of its 8-bit input.
import type { RgbaImage } from './types';
import { assertImage, createLike } from './types';
import { identityCurves, type ChannelCurves, type ToneFn } from './lut';
import { estimateNoise } from '../analysis/noise';
import type { Histograms } from '../analysis/histogram';

export interface DenoiseOptions {
  /** Noise sigma in 8-bit luma levels, or 'auto' to measure it (analysis/noise.ts). */
  sigma: number | 'auto';
  /**
   * Local variations below about 3 x strength x sigma are smoothed away, larger ones kept. 0.5 removes noise
   * and keeps fine texture; 1 and above starts to paint.
   */
  strength: number;
  /** Half-width of the filter window as a fraction of the shorter image side. */
  radius: number;
}

export const defaultDenoiseOptions: DenoiseOptions = { sigma: 'auto', strength: 0.5, radius: 0.005 };

/** Half-width of the window on the coarse grid; the grid step follows from the requested radius. */
const COARSE_RADIUS = 2;
/** The 8-bit quantisation alone has sigma 0.29; below that the estimate means "unknown", not "clean". */
const MIN_SIGMA = 0.5;
/** Fixed-point steps per 8-bit level of the precise values (12 bits: 0..4080). */
const PRECISION = 16;
const PRECISE_MAX = 255 * PRECISION;

/** A filtered photo held at 12-bit precision until it is rendered through tone curves. */
export interface DenoisedFrame {
  width: number;
  height: number;
  /** Histograms of the filtered values with 4081 bins (1/16 level each), sampled on about maxSamples pixels. */
  histograms(maxSamples?: number): Histograms;
  /** The filtered photo through `curves`, rounded once to 8 bits: a new image. */
  render(curves?: ChannelCurves): RgbaImage;
}

/**
 * Returns a new image.
 * @internal The whole-image form, for tests; the pipelines run the fused curves.
 */
export function denoise(image: RgbaImage, options: Partial<DenoiseOptions> = {}): RgbaImage {
  return denoisedFrame(image, options).render();
}

/** Filters `image`; the returned frame renders it (through any tone curves) at full precision. */
export function denoisedFrame(image: RgbaImage, options: Partial<DenoiseOptions> = {}): DenoisedFrame {
  assertImage(image);
  const o = { ...defaultDenoiseOptions, ...options };
  const sigma = Math.max(MIN_SIGMA, o.sigma === 'auto' ? estimateNoise(image) : o.sigma);
  const eps = (3 * o.strength * sigma) ** 2;
  const radiusPx = Math.max(1, o.radius * Math.min(image.width, image.height));
  const step = Math.max(1, Math.round(radiusPx / COARSE_RADIUS));
  const filter = new RowFilter(image, coarseCoefficients(image, step, eps));
  return {
    width: image.width,
    height: image.height,
    histograms: (maxSamples = 1_000_000) => filter.histograms(maxSamples),
    render: (curves = identityCurves()) => filter.render(curves),
  };
}

/** Per coarse cell, for each channel c: c' = a_c * luma + b_c. */
interface Coefficients {
  width: number;
  height: number;
  step: number;
  /** aR, bR, aG, bG, aB, bB */
  planes: Float32Array[];
}

function coarseCoefficients(image: RgbaImage, step: number, eps: number): Coefficients {
  const { width, height, data } = image;
  const cw = Math.ceil(width / step);
  const ch = Math.ceil(height / step);
  const n = cw * ch;
  // Cell means of: luma, luma^2, R, G, B, luma*R, luma*G, luma*B.
  const sums = Array.from({ length: 8 }, () => new Float32Array(n));
  const [mY, mYY, mR, mG, mB, mYR, mYG, mYB] = sums;
  const counts = new Float32Array(n);
  for (let y = 0; y < height; y++) {
    const rowCell = Math.floor(y / step) * cw;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const r = data[i];
      const g = data[i + 1];
      const b = data[i + 2];
      const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      const c = rowCell + Math.floor(x / step);
      mY[c] += l;
      mYY[c] += l * l;
      mR[c] += r;
      mG[c] += g;
      mB[c] += b;
      mYR[c] += l * r;
      mYG[c] += l * g;
      mYB[c] += l * b;
      counts[c]++;
    }
  }
  for (const plane of sums) {
    for (let c = 0; c < n; c++) plane[c] /= counts[c];
    boxBlurFloat(plane, cw, ch, COARSE_RADIUS);
  }
  // Guided filter: a = cov(luma, c) / (var(luma) + eps), b = mean(c) - a mean(luma); then average a and b.
  const planes: Float32Array[] = [];
  for (const [mC, mYC] of [
    [mR, mYR],
    [mG, mYG],
    [mB, mYB],
  ] as const) {
    const a = new Float32Array(n);
    const b = new Float32Array(n);
    for (let c = 0; c < n; c++) {
      const variance = Math.max(0, mYY[c] - mY[c] * mY[c]);
      a[c] = (mYC[c] - mY[c] * mC[c]) / (variance + eps);
      b[c] = mC[c] - a[c] * mY[c];
    }
    boxBlurFloat(a, cw, ch, COARSE_RADIUS);
    boxBlurFloat(b, cw, ch, COARSE_RADIUS);
    planes.push(a, b);
  }
  return { width: cw, height: ch, step, planes };
}

/** Interpolates the coefficients to every pixel of a row and evaluates the filter there. */
class RowFilter {
  private readonly x0: Int32Array;
  private readonly fx: Float32Array;
  private readonly r: Float32Array;
  private readonly g: Float32Array;
  private readonly b: Float32Array;

  constructor(
    private readonly image: RgbaImage,
    private readonly k: Coefficients,
  ) {
    const { width } = image;
    // Bilinear position of each column on the coarse grid (cell centres sit at (i + 0.5) * step - 0.5).
    this.x0 = new Int32Array(width);
    this.fx = new Float32Array(width);
    for (let x = 0; x < width; x++) {
      const u = Math.min(k.width - 1, Math.max(0, (x + 0.5) / k.step - 0.5));
      this.x0[x] = Math.max(0, Math.min(k.width - 2, Math.floor(u)));
      this.fx[x] = Math.min(1, u - this.x0[x]);
    }
    this.r = new Float32Array(width);
    this.g = new Float32Array(width);
    this.b = new Float32Array(width);
  }

  /** Filtered R, G, B of row y in 1/16 levels (unclamped) into this.r, this.g, this.b. */
  private row(y: number): void {
    const { k, image, x0, fx } = this;
    const { width, data } = image;
    const cw = k.width;
    const v = Math.min(k.height - 1, Math.max(0, (y + 0.5) / k.step - 0.5));
    const y0 = Math.max(0, Math.min(k.height - 2, Math.floor(v)));
    const fy = Math.min(1, v - y0);
    // A grid one cell wide or high has no second neighbour: point at the same cell (its weight is 0 anyway).
    const dx = cw > 1 ? 1 : 0;
    const dy = k.height > 1 ? cw : 0;
    const [aR, bR, aG, bG, aB, bB] = k.planes;
    for (let x = 0; x < width; x++) {
      const c00 = y0 * cw + x0[x];
      const c10 = c00 + dx;
      const c01 = c00 + dy;
      const c11 = c01 + dx;
      const wx = fx[x];
      const w00 = (1 - wx) * (1 - fy);
      const w10 = wx * (1 - fy);
      const w01 = (1 - wx) * fy;
      const w11 = wx * fy;
      const i = (y * width + x) * 4;
      const l = (0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2]) * PRECISION;
      this.r[x] =
        (w00 * aR[c00] + w10 * aR[c10] + w01 * aR[c01] + w11 * aR[c11]) * l +
        (w00 * bR[c00] + w10 * bR[c10] + w01 * bR[c01] + w11 * bR[c11]) * PRECISION;
      this.g[x] =
        (w00 * aG[c00] + w10 * aG[c10] + w01 * aG[c01] + w11 * aG[c11]) * l +
        (w00 * bG[c00] + w10 * bG[c10] + w01 * bG[c01] + w11 * bG[c11]) * PRECISION;
      this.b[x] =
        (w00 * aB[c00] + w10 * aB[c10] + w01 * aB[c01] + w11 * aB[c11]) * l +
        (w00 * bB[c00] + w10 * bB[c10] + w01 * bB[c01] + w11 * bB[c11]) * PRECISION;
    }
  }

  render(curves: ChannelCurves): RgbaImage {
    const { image } = this;
    const { width, height, data } = image;
    const out = createLike(image);
    const dst = out.data;
    const lutR = preciseLut(curves.r);
    const lutG = preciseLut(curves.g);
    const lutB = preciseLut(curves.b);
    for (let y = 0; y < height; y++) {
      this.row(y);
      for (let x = 0, i = y * width * 4; x < width; x++, i += 4) {
        dst[i] = lutR[preciseIndex(this.r[x])];
        dst[i + 1] = lutG[preciseIndex(this.g[x])];
        dst[i + 2] = lutB[preciseIndex(this.b[x])];
        dst[i + 3] = data[i + 3];
      }
    }
    return out;
  }

  histograms(maxSamples: number): Histograms {
    const { width, height } = this.image;
    const bins = PRECISE_MAX + 1;
    const h: Histograms = {
      r: new Uint32Array(bins),
      g: new Uint32Array(bins),
      b: new Uint32Array(bins),
      luma: new Uint32Array(bins),
      max: new Uint32Array(bins),
      count: 0,
    };
    const step = Math.max(1, Math.ceil(Math.sqrt((width * height) / maxSamples)));
    for (let y = 0; y < height; y += step) {
      this.row(y);
      for (let x = 0; x < width; x += step) {
        const r = preciseIndex(this.r[x]);
        const g = preciseIndex(this.g[x]);
        const b = preciseIndex(this.b[x]);
        h.r[r]++;
        h.g[g]++;
        h.b[b]++;
        h.luma[Math.round(0.2126 * r + 0.7152 * g + 0.0722 * b)]++;
        h.max[Math.max(r, g, b)]++;
        h.count++;
      }
    }
    return h;
  }
}

function preciseIndex(v: number): number {
  return v <= 0 ? 0 : v >= PRECISE_MAX ? PRECISE_MAX : (v + 0.5) | 0;
}

/** A tone function tabulated at 1/16 level steps over 0..255 (4081 entries), 8-bit output. */
function preciseLut(fn: ToneFn): Uint8Array {
  const size = 255 * PRECISION + 1;
  const lut = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const y = fn(i / (size - 1)) * 255;
    lut[i] = y > 0 ? (y >= 255 ? 255 : Math.round(y)) : 0;
  }
  return lut;
}

/** In-place box blur (half-width r, edges repeated) of a small float plane: the coarse grid only. */
function boxBlurFloat(plane: Float32Array, width: number, height: number, r: number): void {
  const line = new Float32Array(Math.max(width, height));
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) line[x] = plane[row + x];
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = -r; k <= r; k++) sum += line[Math.min(width - 1, Math.max(0, x + k))];
      plane[row + x] = sum * norm;
    }
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) line[y] = plane[y * width + x];
    for (let y = 0; y < height; y++) {
      let sum = 0;
      for (let k = -r; k <= r; k++) sum += line[Math.min(height - 1, Math.max(0, y + k))];
      plane[y * width + x] = sum * norm;
    }
  }
}
