// Noise estimate: the standard deviation of the sensor noise in 8-bit luma levels, from a single photo.
// Immerkaer's method ("Fast noise variance estimation", 1996): the 3x3 mask [1 -2 1; -2 4 -2; 1 -2 1] cancels
// flat areas and linear gradients, so what is left is mostly noise (each noise sample contributes with weight
// sum(m^2) = 36). Edges also survive the mask, so the median (robust) replaces the mean of the paper.
import type { RgbaImage } from '../imaging/types';
import { assertImage } from '../imaging/types';

export interface NoiseOptions {
  /** Examine about this many pixels at most (whole rows, evenly spread). */
  maxSamples: number;
}

export const defaultNoiseOptions: NoiseOptions = { maxSamples: 1_000_000 };

/** Estimated noise sigma in 8-bit luma levels (0 for a perfectly clean image; phone night shots reach 4-8). */
export function estimateNoise(image: RgbaImage, options: Partial<NoiseOptions> = {}): number {
  assertImage(image);
  const { maxSamples } = { ...defaultNoiseOptions, ...options };
  const { width, height, data } = image;
  if (width < 3 || height < 3) return 0;
  // Every row is needed in full (the mask is 3x3), so sample bands of three rows.
  const bands = Math.max(1, Math.min(height - 2, Math.floor(maxSamples / width)));
  const stride = (height - 2) / bands;
  // Luma in 1/16 levels (integer Rec. 709 weights summing to 1024 = 16 * 64) keeps sub-level precision, and a
  // histogram of |response| gives the median without sorting.
  const histogram = new Uint32Array(36 * 16 * 256);
  const rows = [new Int32Array(width), new Int32Array(width), new Int32Array(width)];
  let count = 0;
  for (let band = 0; band < bands; band++) {
    const top = Math.floor(band * stride);
    for (let k = 0; k < 3; k++) {
      const row = rows[k];
      const base = (top + k) * width * 4;
      for (let x = 0; x < width; x++) {
        const i = base + x * 4;
        row[x] = (218 * data[i] + 732 * data[i + 1] + 74 * data[i + 2] + 32) >> 6;
      }
    }
    const [a, b, c] = rows;
    for (let x = 1; x < width - 1; x++) {
      const response =
        a[x - 1] -
        2 * a[x] +
        a[x + 1] -
        2 * (b[x - 1] - 2 * b[x] + b[x + 1]) +
        c[x - 1] -
        2 * c[x] +
        c[x + 1];
      histogram[Math.min(histogram.length - 1, Math.abs(response))]++;
      count++;
    }
  }
  if (count === 0) return 0;
  let seen = 0;
  let medianBin = 0;
  for (; medianBin < histogram.length; medianBin++) {
    seen += histogram[medianBin];
    if (seen * 2 >= count) break;
  }
  // For Gaussian noise, median |x| = 0.6745 sigma_x, and sigma_x = 6 sigma (the mask's norm).
  return medianBin / 16 / 0.6745 / 6;
}
