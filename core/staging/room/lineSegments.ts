// Straight edges of a photo as line segments, the raw material of the camera fit's vanishing points. An LSD-style
// detector: Sobel gradients, strong pixels grouped by region growing on their gradient direction, a rectangle
// fitted to each region (its axis is the segment); regions that fill their rectangle too sparsely (curves,
// corners, texture) are shrunk around their seed or dropped.
import type { LineSegment } from './types';

/** A luminance plane, 0..255, row-major. */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray | Float32Array;
}

export interface LineSegmentOptions {
  /** Weakest edge pixel: Sobel magnitude on 0..255 luminance (a step of 6 grey levels gives 24). */
  minGradient: number;
  /** Largest angle between a pixel's gradient and its region's mean gradient, degrees. */
  angleToleranceDeg: number;
  /** Shortest segment kept, as a fraction of the image diagonal. */
  minLengthFraction: number;
  /** Least share of its fitted rectangle a region must fill to count as straight. */
  minDensity: number;
}

export const DEFAULT_LINE_SEGMENT_OPTIONS: Readonly<LineSegmentOptions> = Object.freeze({
  minGradient: 24,
  angleToleranceDeg: 22.5,
  minLengthFraction: 0.025,
  minDensity: 0.6,
});

interface Gradient {
  /** Unit gradient direction per pixel (0 where the magnitude is below the threshold). */
  ux: Float32Array;
  uy: Float32Array;
  magnitude: Float32Array;
}

/**
 * A [1 2 1]/4 blur in both directions. Sobel alone leaves the gradient of a jagged (aliased) slanted edge
 * swinging by more than the angle tolerance at every step of the staircase, which cuts the edge into pieces.
 */
function blurred(gray: GrayImage): Float32Array {
  const { width: w, height: h, data } = gray;
  const rows = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const r = y * w;
    rows[r] = data[r]!;
    rows[r + w - 1] = data[r + w - 1]!;
    for (let x = 1; x < w - 1; x++)
      rows[r + x] = 0.25 * (data[r + x - 1]! + 2 * data[r + x]! + data[r + x + 1]!);
  }
  const out = new Float32Array(w * h);
  out.set(rows.subarray(0, w));
  out.set(rows.subarray((h - 1) * w), (h - 1) * w);
  for (let p = w; p < (h - 1) * w; p++) out[p] = 0.25 * (rows[p - w]! + 2 * rows[p]! + rows[p + w]!);
  return out;
}

/** Sobel gradient of the blurred image; the one-pixel border stays zero (its window leaves the image). */
function sobel(gray: GrayImage, minGradient: number): Gradient {
  const { width: w, height: h } = gray;
  const data = blurred(gray);
  const ux = new Float32Array(w * h);
  const uy = new Float32Array(w * h);
  const magnitude = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      const a = data[p - w - 1]!;
      const b = data[p - w]!;
      const c = data[p - w + 1]!;
      const d = data[p - 1]!;
      const f = data[p + 1]!;
      const g = data[p + w - 1]!;
      const k = data[p + w]!;
      const l = data[p + w + 1]!;
      const gx = c + 2 * f + l - a - 2 * d - g;
      const gy = g + 2 * k + l - a - 2 * b - c;
      const m = Math.sqrt(gx * gx + gy * gy);
      if (m < minGradient) continue;
      magnitude[p] = m;
      ux[p] = gx / m;
      uy[p] = gy / m;
    }
  }
  return { ux, uy, magnitude };
}

/** Pixels at or above the threshold, strongest first (a bucket sort: seeds only need a rough order). */
function pixelsByDecreasingMagnitude(magnitude: Float32Array, minGradient: number): Int32Array {
  const BINS = 1024;
  let max = minGradient;
  for (let i = 0; i < magnitude.length; i++) if (magnitude[i]! > max) max = magnitude[i]!;
  const scale = (BINS - 1) / Math.max(1e-6, max - minGradient);
  const counts = new Int32Array(BINS + 1);
  let total = 0;
  for (let i = 0; i < magnitude.length; i++) {
    const m = magnitude[i]!;
    if (m < minGradient) continue;
    counts[BINS - 1 - Math.floor((m - minGradient) * scale)]!++;
    total++;
  }
  const start = new Int32Array(BINS);
  for (let b = 1; b < BINS; b++) start[b] = start[b - 1]! + counts[b - 1]!;
  const order = new Int32Array(total);
  for (let i = 0; i < magnitude.length; i++) {
    const m = magnitude[i]!;
    if (m < minGradient) continue;
    order[start[BINS - 1 - Math.floor((m - minGradient) * scale)]!++] = i;
  }
  return order;
}

/**
 * Grow a region from `seed` over 8-neighbours whose gradient stays within the tolerance of the region's mean
 * gradient; writes the pixel indices to `region` and returns their count. Grown pixels are used for good, as in
 * LSD: a pixel belongs to one edge at most.
 */
function growRegion(
  seed: number,
  width: number,
  height: number,
  gradient: Gradient,
  used: Uint8Array,
  cosTolerance: number,
  region: Int32Array,
): number {
  const { ux, uy, magnitude } = gradient;
  region[0] = seed;
  used[seed] = 1;
  let sumX = ux[seed]!;
  let sumY = uy[seed]!;
  let count = 1;
  for (let i = 0; i < count; i++) {
    const p = region[i]!;
    const px = p % width;
    const py = (p - px) / width;
    const norm = Math.hypot(sumX, sumY);
    const dirX = sumX / norm;
    const dirY = sumY / norm;
    for (let dy = -1; dy <= 1; dy++) {
      const y = py + dy;
      if (y < 1 || y >= height - 1) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const x = px + dx;
        if (x < 1 || x >= width - 1) continue;
        const q = y * width + x;
        if (used[q] || magnitude[q] === 0) continue;
        if (ux[q]! * dirX + uy[q]! * dirY < cosTolerance) continue;
        used[q] = 1;
        region[count++] = q;
        sumX += ux[q]!;
        sumY += uy[q]!;
      }
    }
  }
  return count;
}

interface Rectangle {
  segment: LineSegment;
  length: number;
  density: number;
}

/**
 * The rectangle of a region: its axis through the magnitude-weighted centroid along the principal direction of
 * the pixels, as long and as wide as the pixels reach. Pixel centres sit at +0.5, as camera.ts's pixel rays.
 */
function fitRectangle(region: Int32Array, count: number, width: number, magnitude: Float32Array): Rectangle {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < count; i++) {
    const p = region[i]!;
    const m = magnitude[p]!;
    const x = p % width;
    sw += m;
    sx += m * x;
    sy += m * ((p - x) / width);
  }
  const cx = sx / sw;
  const cy = sy / sw;
  let cxx = 0;
  let cyy = 0;
  let cxy = 0;
  for (let i = 0; i < count; i++) {
    const p = region[i]!;
    const m = magnitude[p]!;
    const x = (p % width) - cx;
    const y = (p - (p % width)) / width - cy;
    cxx += m * x * x;
    cyy += m * y * y;
    cxy += m * x * y;
  }
  const angle = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  let lo = Infinity;
  let hi = -Infinity;
  let across0 = Infinity;
  let across1 = -Infinity;
  for (let i = 0; i < count; i++) {
    const p = region[i]!;
    const x = (p % width) - cx;
    const y = (p - (p % width)) / width - cy;
    const along = x * dx + y * dy;
    const across = -x * dy + y * dx;
    if (along < lo) lo = along;
    if (along > hi) hi = along;
    if (across < across0) across0 = across;
    if (across > across1) across1 = across;
  }
  const length = hi - lo + 1;
  const density = count / (length * (across1 - across0 + 1));
  return {
    segment: {
      x1: cx + 0.5 + lo * dx,
      y1: cy + 0.5 + lo * dy,
      x2: cx + 0.5 + hi * dx,
      y2: cy + 0.5 + hi * dy,
    },
    length: hi - lo,
    density,
  };
}

/** Keep only the pixels within `radius` of the seed (LSD's cure for a region that bends at its ends). */
function keepWithinRadius(region: Int32Array, count: number, width: number, radius: number): number {
  const seed = region[0]!;
  const sx = seed % width;
  const sy = (seed - sx) / width;
  const r2 = radius * radius;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const p = region[i]!;
    const x = (p % width) - sx;
    const y = (p - (p % width)) / width - sy;
    if (x * x + y * y <= r2) region[kept++] = p;
  }
  return kept;
}

/** The straight edges of `gray` at least `minLengthFraction` of its diagonal long, in pixels. */
export function detectLineSegments(
  gray: GrayImage,
  options: Partial<LineSegmentOptions> = {},
): LineSegment[] {
  const o = { ...DEFAULT_LINE_SEGMENT_OPTIONS, ...options };
  const { width, height } = gray;
  if (width < 3 || height < 3 || gray.data.length < width * height) return [];
  const gradient = sobel(gray, o.minGradient);
  const order = pixelsByDecreasingMagnitude(gradient.magnitude, o.minGradient);
  const used = new Uint8Array(width * height);
  const region = new Int32Array(order.length);
  const cosTolerance = Math.cos((o.angleToleranceDeg * Math.PI) / 180);
  const minLength = o.minLengthFraction * Math.hypot(width, height);
  const segments: LineSegment[] = [];
  for (const seed of order) {
    if (used[seed]) continue;
    let count = growRegion(seed, width, height, gradient, used, cosTolerance, region);
    // A segment of length L covers at least L pixels: smaller regions cannot make one.
    if (count < minLength) continue;
    let rect = fitRectangle(region, count, width, gradient.magnitude);
    // The seed can sit anywhere in the region: start from a radius that keeps all of it.
    let radius = rect.length + 2;
    while (rect.density < o.minDensity && rect.length >= minLength) {
      radius *= 0.75;
      count = keepWithinRadius(region, count, width, radius);
      if (count < minLength) break;
      rect = fitRectangle(region, count, width, gradient.magnitude);
    }
    if (rect.density >= o.minDensity && rect.length >= minLength) segments.push(rect.segment);
  }
  return segments;
}
