// Tiny synthetic images and measurements shared by the kernel tests: exact inputs whose expected outputs can be
// written down, a seeded noise source (tests must not be flaky), and the luma/edge measures the quality tests use.
import type { RgbaImage } from '../../../core/imaging/types';

/** An image where every pixel is (r, g, b, a). */
export function solid(width: number, height: number, r: number, g: number, b: number, a = 255): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
    data[i + 3] = a;
  }
  return { width, height, data };
}

/** A grey image from a function of the pixel position (values are clamped and rounded by the array). */
export function greyFrom(width: number, height: number, value: (x: number, y: number) => number): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const v = value(x, y);
      data[i] = v;
      data[i + 1] = v;
      data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

/** Pixels given as [r, g, b, a] rows, for exact tables. */
export function fromPixels(
  width: number,
  pixels: ReadonlyArray<readonly [number, number, number, number]>,
): RgbaImage {
  const data = new Uint8ClampedArray(pixels.length * 4);
  pixels.forEach((p, i) => data.set(p, i * 4));
  return { width, height: pixels.length / width, data };
}

export function pixel(image: RgbaImage, x: number, y: number): [number, number, number, number] {
  const i = (y * image.width + x) * 4;
  const d = image.data;
  return [d[i], d[i + 1], d[i + 2], d[i + 3]];
}

/** Deterministic uniform numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic standard-normal numbers (Box-Muller over seededRandom). */
export function seededGaussian(seed: number): () => number {
  const uniform = seededRandom(seed);
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** Rec. 709 luma of every pixel as floats (0..255). */
export function lumaOf(image: RgbaImage): Float64Array {
  const out = new Float64Array(image.width * image.height);
  const d = image.data;
  for (let p = 0; p < out.length; p++)
    out[p] = 0.2126 * d[p * 4] + 0.7152 * d[p * 4 + 1] + 0.0722 * d[p * 4 + 2];
  return out;
}

export function mean(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i];
  return s / values.length;
}

export function std(values: ArrayLike<number>): number {
  const m = mean(values);
  let s = 0;
  for (let i = 0; i < values.length; i++) s += (values[i] - m) ** 2;
  return Math.sqrt(s / values.length);
}

/** Mean channel values (0..255) over the whole image. */
export function channelMeans(image: RgbaImage): { r: number; g: number; b: number } {
  let r = 0;
  let g = 0;
  let b = 0;
  const d = image.data;
  for (let i = 0; i < d.length; i += 4) {
    r += d[i];
    g += d[i + 1];
    b += d[i + 2];
  }
  const n = d.length / 4;
  return { r: r / n, g: g / n, b: b / n };
}

/** Edge energy: mean squared luma difference to the right and lower neighbour. Sharpening raises it. */
export function edgeEnergy(image: RgbaImage): number {
  const l = lumaOf(image);
  const { width, height } = image;
  let s = 0;
  let n = 0;
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const p = y * width + x;
      s += (l[p + 1] - l[p]) ** 2 + (l[p + width] - l[p]) ** 2;
      n++;
    }
  }
  return s / n;
}

/**
 * Halo measure of a filter: per pixel, how far the output luma leaves the range [min, max] of the input luma
 * in the pixel's 5x5 neighbourhood. A pure sharpening of edges stays inside that range plus a little; ringing
 * rims go beyond it. Returns the overshoots in levels, sorted, for percentiles.
 */
export function overshoots(before: RgbaImage, after: RgbaImage): Float64Array {
  const a = lumaOf(before);
  const b = lumaOf(after);
  const { width, height } = before;
  const out = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const yy = Math.min(height - 1, Math.max(0, y + dy));
          const xx = Math.min(width - 1, Math.max(0, x + dx));
          const v = a[yy * width + xx];
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
      }
      const v = b[y * width + x];
      out[y * width + x] = Math.max(0, v - hi, lo - v);
    }
  }
  return out.sort();
}

export function quantile(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
