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
import { LUMA_B, LUMA_G, LUMA_R } from './color';

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
  /**
   * The filtered photo through `curves`, rounded once to 8 bits: a new image. With `chroma`, its colour is the
   * wide local colour of the lifted photo (see ChromaOptions).
   */
  render(curves?: ChannelCurves, chroma?: ChromaOptions): RgbaImage;
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
    render: (curves = identityCurves(), chroma) => filter.render(curves, chroma),
  };
}

/** Per coarse cell, for each channel c: c' = a_c * luma + b_c. */
interface Coefficients {
  width: number;
  height: number;
  step: number;
  /** aR, bR, aG, bG, aB, bB */
  planes: Float32Array[];
  /** The local mean of R, G and B per cell (0..255), for the colour of a lifted photo (see ChromaOptions). */
  means: Float32Array[];
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
  // A cell of 6 x 6 pixels or more is measured on every second pixel of every second row: a quarter of the
  // pixels still gives each cell nine or more samples, and this pass is the filter's most expensive one.
  const sub = step >= 6 ? 2 : 1;
  const cellOf = new Int32Array(width);
  for (let x = 0; x < width; x++) cellOf[x] = Math.floor(x / step);
  for (let y = 0; y < height; y += sub) {
    const rowCell = Math.floor(y / step) * cw;
    for (let x = 0, i = y * width * 4; x < width; x += sub, i += 4 * sub) {
      const r = data[i];
      const g = data[i + 1];
      const b = data[i + 2];
      const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      const c = rowCell + cellOf[x];
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
  return { width: cw, height: ch, step, planes, means: [mR, mG, mB] };
}

/** Interpolates the coefficients to every pixel of a row and evaluates the filter there. */
class RowFilter {
  private readonly x0: Int32Array;
  private readonly fx: Float32Array;
  private readonly r: Float32Array;
  private readonly g: Float32Array;
  private readonly b: Float32Array;
  /** The six coefficient planes interpolated to the current row, on the coarse columns. */
  private readonly rowPlanes: Float32Array[];

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
      // A grid one cell wide has no second neighbour: all weight on the one cell.
      this.fx[x] = k.width > 1 ? Math.min(1, u - this.x0[x]) : 0;
    }
    this.r = new Float32Array(width);
    this.g = new Float32Array(width);
    this.b = new Float32Array(width);
    this.rowPlanes = k.planes.map(() => new Float32Array(k.width + 1));
  }

  /** Filtered R, G, B of row y in 1/16 levels (unclamped) into this.r, this.g, this.b. */
  private row(y: number): void {
    const { k, image, x0, fx } = this;
    const { width, data } = image;
    verticalLerp(k.planes, k.width, k.height, k.step, y, this.rowPlanes);
    const [aR, bR, aG, bG, aB, bB] = this.rowPlanes;
    for (let x = 0; x < width; x++) {
      const c = x0[x];
      const t = fx[x];
      const i = (y * width + x) * 4;
      const l = (0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2]) * PRECISION;
      this.r[x] = (aR[c] + (aR[c + 1] - aR[c]) * t) * l + (bR[c] + (bR[c + 1] - bR[c]) * t) * PRECISION;
      this.g[x] = (aG[c] + (aG[c + 1] - aG[c]) * t) * l + (bG[c] + (bG[c + 1] - bG[c]) * t) * PRECISION;
      this.b[x] = (aB[c] + (aB[c + 1] - aB[c]) * t) * l + (bB[c] + (bB[c + 1] - bB[c]) * t) * PRECISION;
    }
  }

  render(curves: ChannelCurves, chroma?: ChromaOptions): RgbaImage {
    const { image, k, x0, fx, rowPlanes } = this;
    const { width, height, data } = image;
    const out = createLike(image);
    const dst = out.data;
    const lutR = preciseLut(curves.r);
    const lutG = preciseLut(curves.g);
    const lutB = preciseLut(curves.b);
    const colour = chroma ? chromaPlanes(k, curves, chroma) : [];
    const colourRow = colour.map(() => new Float32Array(k.width + 1));
    const [cr, cb] = colourRow;
    const [aR, bR, aG, bG, aB, bB] = rowPlanes;
    // The filter is evaluated here rather than through row(): this loop touches every pixel of the photo.
    for (let y = 0; y < height; y++) {
      verticalLerp(k.planes, k.width, k.height, k.step, y, rowPlanes);
      if (cr) verticalLerp(colour, k.width, k.height, k.step, y, colourRow);
      for (let x = 0, i = y * width * 4; x < width; x++, i += 4) {
        const c = x0[x];
        const t = fx[x];
        const l = (0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2]) * PRECISION;
        const r =
          lutR[
            preciseIndex(
              (aR[c] + (aR[c + 1] - aR[c]) * t) * l + (bR[c] + (bR[c + 1] - bR[c]) * t) * PRECISION,
            )
          ];
        const g =
          lutG[
            preciseIndex(
              (aG[c] + (aG[c + 1] - aG[c]) * t) * l + (bG[c] + (bG[c + 1] - bG[c]) * t) * PRECISION,
            )
          ];
        const b =
          lutB[
            preciseIndex(
              (aB[c] + (aB[c + 1] - aB[c]) * t) * l + (bB[c] + (bB[c + 1] - bB[c]) * t) * PRECISION,
            )
          ];
        if (cr) {
          // The pixel's own luma with the wide local colour (see ChromaOptions).
          const luma = LUMA_R * r + LUMA_G * g + LUMA_B * b;
          const red = luma + cr[c] + (cr[c + 1] - cr[c]) * t;
          const blue = luma + cb[c] + (cb[c + 1] - cb[c]) * t;
          dst[i] = red;
          dst[i + 1] = (luma - LUMA_R * red - LUMA_B * blue) / LUMA_G;
          dst[i + 2] = blue;
        } else {
          dst[i] = r;
          dst[i + 1] = g;
          dst[i + 2] = b;
        }
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

/**
 * Coarse planes interpolated to full-resolution row y (cell centres at (i + 0.5) * step - 0.5), into rows of
 * cw + 1 values (the last repeats the last column, so a pixel may always read c + 1).
 */
function verticalLerp(
  planes: readonly Float32Array[],
  cw: number,
  ch: number,
  step: number,
  y: number,
  rows: readonly Float32Array[],
): void {
  const v = Math.min(ch - 1, Math.max(0, (y + 0.5) / step - 0.5));
  const y0 = Math.max(0, Math.min(ch - 2, Math.floor(v)));
  // A grid one cell high has no second neighbour: all weight on the one row.
  const t = ch > 1 ? Math.min(1, v - y0) : 0;
  const o0 = y0 * cw;
  const o1 = ch > 1 ? o0 + cw : o0;
  for (let p = 0; p < planes.length; p++) {
    const plane = planes[p];
    const row = rows[p];
    for (let c = 0; c < cw; c++) row[c] = plane[o0 + c] + (plane[o1 + c] - plane[o0 + c]) * t;
    row[cw] = row[cw - 1];
  }
}

/**
 * Colour for a photo lifted from near black: its few 8-bit levels turn into coloured blotches once lifted, and
 * the eye resolves colour far more coarsely than brightness. So the lifted photo keeps each pixel's luma and takes
 * its colour (red and blue minus luma) from the local mean of the input, lifted through the same curves and
 * blurred with a box of half-width `radius` (full-resolution pixels, two passes); `keep` of that colour is kept
 * (1: all), since a photo lifted from one or two levels has lost most of its colour and a muted honest colour
 * reads better than invented blotches. Computed on the filter's coarse grid: no extra pass over the photo.
 */
export interface ChromaOptions {
  radius: number;
  keep: number;
}

function chromaPlanes(k: Coefficients, curves: ChannelCurves, o: ChromaOptions): Float32Array[] {
  const n = k.width * k.height;
  const [mR, mG, mB] = k.means;
  const cr = new Float32Array(n);
  const cb = new Float32Array(n);
  // The curves tabulated like the render's, but unrounded: a cell's mean lies between the 8-bit levels.
  const [tR, tG, tB] = [curves.r, curves.g, curves.b].map((fn) => preciseTable(fn));
  for (let c = 0; c < n; c++) {
    const r = tR[preciseIndex(mR[c] * PRECISION)];
    const g = tG[preciseIndex(mG[c] * PRECISION)];
    const b = tB[preciseIndex(mB[c] * PRECISION)];
    const luma = LUMA_R * r + LUMA_G * g + LUMA_B * b;
    cr[c] = (r - luma) * o.keep;
    cb[c] = (b - luma) * o.keep;
  }
  const r = Math.max(1, Math.round(o.radius / k.step));
  for (let pass = 0; pass < 2; pass++) {
    runningBoxBlur(cr, k.width, k.height, r);
    runningBoxBlur(cb, k.width, k.height, r);
  }
  return [cr, cb];
}

function preciseIndex(v: number): number {
  return v <= 0 ? 0 : v >= PRECISE_MAX ? PRECISE_MAX : (v + 0.5) | 0;
}

/** A tone function tabulated at 1/16 level steps over 0..255 (4081 entries), output in 8-bit levels unrounded. */
function preciseTable(fn: ToneFn): Float32Array {
  const size = PRECISE_MAX + 1;
  const table = new Float32Array(size);
  for (let i = 0; i < size; i++) table[i] = fn(i / (size - 1)) * 255;
  return table;
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

/** In-place box blur of a plane with running sums (cost independent of r; edges repeated): wide colour blurs. */
function runningBoxBlur(plane: Float32Array, width: number, height: number, r: number): void {
  const line = new Float32Array(Math.max(width, height));
  const blurLine = (start: number, stride: number, length: number) => {
    for (let i = 0; i < length; i++) line[i] = plane[start + i * stride];
    const last = length - 1;
    let sum = 0;
    for (let i = -r; i <= r; i++) sum += line[i < 0 ? 0 : i > last ? last : i];
    const norm = 1 / (2 * r + 1);
    for (let i = 0, at = start; i < length; i++, at += stride) {
      plane[at] = sum * norm;
      const add = i + r + 1;
      const drop = i - r;
      sum += line[add > last ? last : add] - line[drop < 0 ? 0 : drop];
    }
  };
  for (let y = 0; y < height; y++) blurLine(y * width, 1, width);
  for (let x = 0; x < width; x++) blurLine(x, width, height);
}
