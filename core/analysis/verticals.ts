// Near-vertical lines (walls, door frames, window edges) and the camera tilt they reveal. Lines are found on a
// downscaled luma copy: horizontal gradients thinned to sub-pixel edge points, a Hough vote over (position,
// slope), then a least-squares fit of each peak's longest contiguous run of points. The tilt model says every
// true vertical passes through one vanishing point, so a line's slope is linear in its horizontal position:
// slope = roll + convergence * position. Perspective correction reads that model; tests read the residuals.
import type { RgbaImage } from '../imaging/types';
import { kernelBackend } from '../imaging/wasm/backend';
import { downscaledLumaWasm } from '../imaging/wasm/luma';

/** A detected line in full-resolution pixel coordinates, (x0, y0) the upper end. */
export interface VerticalLine {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Length in full-resolution pixels. */
  length: number;
  /** Angle from vertical in degrees; positive when the line leans right going down (top further left). */
  angle: number;
}

export interface VerticalsOptions {
  /** Longest side of the analysis copy in pixels. */
  analysisSize: number;
  /** Largest angle from vertical (degrees) a line may have to count as a (tilted) vertical. */
  maxAngle: number;
  /** Shortest line, as a fraction of the image height. */
  minLength: number;
  /** Weakest edge: Sobel response on 0..255 luma (a 10-level step gives about 40). */
  minGradient: number;
  /** Most lines to return (the strongest Hough peaks first). */
  maxLines: number;
}

export const defaultVerticalsOptions: VerticalsOptions = {
  analysisSize: 1024,
  maxAngle: 20,
  minLength: 0.1,
  minGradient: 40,
  maxLines: 40,
};

/** Box-average the luma of `image` by an integer factor so the longer side is at most `maxSide`. */
export function downscaledLuma(
  image: RgbaImage,
  maxSide: number,
): { plane: Float32Array; width: number; height: number; factor: number } {
  const { width, height, data } = image;
  const factor = Math.max(1, Math.ceil(Math.max(width, height) / maxSide));
  const w = Math.max(1, Math.floor(width / factor));
  const h = Math.max(1, Math.floor(height / factor));
  // In WebAssembly SIMD where it runs (a third of the time); the loop below gives the same floats.
  const fast = kernelBackend() === 'wasm' ? downscaledLumaWasm(data, width, height, w, h, factor) : null;
  if (fast) return { plane: fast, width: w, height: h, factor };
  const plane = new Float32Array(w * h);
  const norm = 1 / (factor * factor);
  for (let y = 0; y < h; y++) {
    for (let sy = y * factor; sy < y * factor + factor && sy < height; sy++) {
      let i = sy * width * 4;
      for (let x = 0; x < w; x++) {
        let acc = 0;
        for (let k = 0; k < factor; k++, i += 4)
          acc += 54 * data[i]! + 183 * data[i + 1]! + 19 * data[i + 2]!;
        plane[y * w + x] = plane[y * w + x]! + (acc / 256) * norm;
      }
    }
  }
  return { plane, width: w, height: h, factor };
}

interface EdgePoints {
  x: Float32Array;
  y: Float32Array;
  /** Local edge slope dx/dy from the gradient direction. */
  slope: Float32Array;
  count: number;
}

/** Sub-pixel points on near-vertical edges: horizontal-gradient maxima along each row. */
function edgePoints(
  plane: Float32Array,
  w: number,
  h: number,
  maxSlope: number,
  minGradient: number,
): EdgePoints {
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      const a = plane[p - w - 1]!;
      const b = plane[p - w]!;
      const c = plane[p - w + 1]!;
      const d = plane[p - 1]!;
      const f = plane[p + 1]!;
      const g = plane[p + w - 1]!;
      const hh = plane[p + w]!;
      const i = plane[p + w + 1]!;
      gx[p] = c + 2 * f + i - a - 2 * d - g;
      gy[p] = g + 2 * hh + i - a - 2 * b - c;
    }
  }
  const xs: number[] = [];
  const ys: number[] = [];
  const slopes: number[] = [];
  for (let y = 2; y < h - 2; y++) {
    for (let x = 2; x < w - 2; x++) {
      const p = y * w + x;
      const c = Math.abs(gx[p]!);
      if (c < minGradient) continue;
      const sl = -gy[p]! / gx[p]!;
      if (Math.abs(sl) > maxSlope) continue;
      // Thin along the row: keep the maximum of |gx| among neighbours of the same sign (the two edges of a
      // thin dark bar have opposite signs and must not suppress each other); of a plateau keep the left end.
      const g = gx[p]!;
      const l = gx[p - 1]! * g > 0 ? Math.abs(gx[p - 1]!) : 0;
      const r = gx[p + 1]! * g > 0 ? Math.abs(gx[p + 1]!) : 0;
      if (c <= l || c < r) continue;
      const denom = l - 2 * c + r;
      const offset = denom < 0 ? (0.5 * (l - r)) / denom : 0;
      xs.push(x + offset);
      ys.push(y);
      slopes.push(sl);
    }
  }
  return {
    x: Float32Array.from(xs),
    y: Float32Array.from(ys),
    slope: Float32Array.from(slopes),
    count: xs.length,
  };
}

/** Weighted least-squares fit x = a + b * y over the given point indices (y measured from `yRef`). */
function fitLine(pts: EdgePoints, idx: number[], yRef: number): { a: number; b: number } | null {
  let n = 0;
  let sy = 0;
  let sx = 0;
  let syy = 0;
  let sxy = 0;
  for (const i of idx) {
    const y = pts.y[i]! - yRef;
    const x = pts.x[i]!;
    n++;
    sy += y;
    sx += x;
    syy += y * y;
    sxy += x * y;
  }
  const det = n * syy - sy * sy;
  if (n < 3 || det <= 1e-9) return null;
  const b = (n * sxy - sx * sy) / det;
  return { a: (sx - b * sy) / n, b };
}

/** Detect near-vertical line segments. */
export function detectVerticals(image: RgbaImage, options: Partial<VerticalsOptions> = {}): VerticalLine[] {
  const o = { ...defaultVerticalsOptions, ...options };
  if (image.width < 16 || image.height < 16) return [];
  const { plane, width: w, height: h, factor } = downscaledLuma(image, o.analysisSize);
  const maxSlope = Math.tan((o.maxAngle * Math.PI) / 180);
  const pts = edgePoints(plane, w, h, maxSlope, o.minGradient);
  if (pts.count === 0) return [];

  // Hough vote: position a (x at the middle row, 1 px bins) by slope b (0.004 bins, about 0.23 degrees).
  const yMid = (h - 1) / 2;
  const db = 0.004;
  const nb = 2 * Math.ceil(maxSlope / db) + 1;
  const bOff = (nb - 1) / 2;
  const aMin = -Math.ceil(maxSlope * yMid) - 2;
  const na = w - 2 * aMin + 1;
  const acc = new Float32Array(na * nb);
  const spread = 0.04; // orientation uncertainty of a 3x3 Sobel on real edges
  const vote = (i: number, amount: number) => {
    const x = pts.x[i]!;
    const y = pts.y[i]! - yMid;
    const s = pts.slope[i]!;
    const j0 = Math.max(0, Math.round((s - spread) / db + bOff));
    const j1 = Math.min(nb - 1, Math.round((s + spread) / db + bOff));
    for (let j = j0; j <= j1; j++) {
      const a = Math.round(x - (j - bOff) * db * y) - aMin;
      if (a >= 0 && a < na) acc[a * nb + j] = acc[a * nb + j]! + amount;
    }
  };
  for (let i = 0; i < pts.count; i++) vote(i, 1);
  // Points that belong to an accepted line take back their votes, so they cannot prop up a second,
  // phantom line (a diagonal across the two edges of one bar, say).
  const taken = new Uint8Array(pts.count);

  const minLen = o.minLength * h;
  const maxGap = Math.max(2, 0.02 * h);
  const lines: { a: number; b: number; yTop: number; yBottom: number }[] = [];
  // Peaks in order of their votes. Cells are visited once, strongest first; a cell whose votes were taken by an
  // accepted line (or suppressed next to one) is skipped, which is the classic greedy Hough without rescanning
  // the whole accumulator for every line.
  const minVotes = minLen * 0.6;
  const candidates: number[] = [];
  for (let k = 0; k < acc.length; k++) if (acc[k]! >= minVotes) candidates.push(k);
  candidates.sort((p, q) => acc[q]! - acc[p]!);
  // Points are stored row by row, left to right: index the rows to look up a line's points by position.
  const rowStart = new Int32Array(h + 1);
  for (let i = 0; i < pts.count; i++) rowStart[pts.y[i]! + 1]!++;
  for (let y = 0; y < h; y++) rowStart[y + 1] = rowStart[y + 1]! + rowStart[y]!;
  let attempts = 0;
  for (const best of candidates) {
    if (lines.length >= o.maxLines || attempts >= o.maxLines * 4) break;
    if (acc[best]! < minVotes) continue;
    attempts++;
    const ai = Math.floor(best / nb);
    const bj = best % nb;
    // Suppress this peak's neighbourhood whatever the outcome, so the next search finds a new line.
    for (let da = -3; da <= 3; da++) {
      for (let dj = -6; dj <= 6; dj++) {
        const a = ai + da;
        const j = bj + dj;
        if (a >= 0 && a < na && j >= 0 && j < nb) acc[a * nb + j] = 0;
      }
    }
    let a = ai + aMin;
    let b = (bj - bOff) * db;
    // Two rounds: collect the points near the line with a matching local slope, take the longest contiguous
    // run in y, fit; the second round re-collects around the fitted line with a tighter band.
    let run: number[] = [];
    for (const band of [1.5, 1]) {
      const near: number[] = [];
      for (let y = 0; y < h; y++) {
        const xc = a + b * (y - yMid);
        // First point of the row at or right of xc - band (binary search), then walk right.
        let lo = rowStart[y]!;
        let hi = rowStart[y + 1]!;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (pts.x[mid]! < xc - band) lo = mid + 1;
          else hi = mid;
        }
        for (let i = lo; i < rowStart[y + 1]! && pts.x[i]! <= xc + band; i++) {
          if (!taken[i] && Math.abs(pts.slope[i]! - b) <= 0.12) near.push(i);
        }
      }
      run = [];
      let current: number[] = [];
      for (const i of near) {
        if (current.length && pts.y[i]! - pts.y[current[current.length - 1]!]! > maxGap) {
          if (span(pts, current) > span(pts, run)) run = current;
          current = [];
        }
        current.push(i);
      }
      if (span(pts, current) > span(pts, run)) run = current;
      if (span(pts, run) < minLen) break;
      const fit = fitLine(pts, run, yMid);
      if (!fit) break;
      a = fit.a;
      b = fit.b;
    }
    const len = span(pts, run);
    // A real edge has a point in most rows of its run; a sparse run is texture that happened to line up.
    if (len < minLen || run.length < 0.6 * len || Math.abs(b) > maxSlope) continue;
    for (const i of run) {
      taken[i] = 1;
      vote(i, -1);
    }
    lines.push({ a, b, yTop: pts.y[run[0]!]!, yBottom: pts.y[run[run.length - 1]!]! });
  }

  // Back to full-resolution coordinates: downscaled pixel i covers full pixels i*f .. i*f+f-1.
  const toFull = (v: number) => v * factor + (factor - 1) / 2;
  return lines.map(({ a, b, yTop, yBottom }) => {
    const x0 = toFull(a + b * (yTop - yMid));
    const x1 = toFull(a + b * (yBottom - yMid));
    const y0 = toFull(yTop);
    const y1 = toFull(yBottom);
    return {
      x0,
      y0,
      x1,
      y1,
      length: Math.hypot(x1 - x0, y1 - y0),
      angle: (Math.atan2(x1 - x0, y1 - y0) * 180) / Math.PI,
    };
  });
}

function span(pts: EdgePoints, run: number[]): number {
  return run.length < 2 ? 0 : pts.y[run[run.length - 1]!]! - pts.y[run[0]!]!;
}

export interface TiltEstimate {
  /** Slope dx/dy of a vertical through the image centre: the common lean (camera roll). */
  roll: number;
  /** Change of slope per pixel of horizontal offset from the centre (keystone from camera pitch). */
  convergence: number;
  /** Lines that fit the model (true verticals) and their total length as a fraction of the image height. */
  lines: number;
  support: number;
  /** Length-weighted mean |angle| of those lines in degrees: how far from vertical they are now. */
  meanTiltDeg: number;
  /** The model's |angle| at the left or right image edge, whichever is larger, in degrees. */
  maxTiltDeg: number;
  /** True when there are enough lines, spread widely enough, to trust the model. */
  sufficient: boolean;
  /** The lines that fit the model. */
  inliers: VerticalLine[];
}

export interface TiltOptions {
  /** Fewest model-fitting lines for a trustworthy estimate. */
  minLines: number;
  /** Least total line length, as a multiple of the image height. */
  minSupport: number;
  /** Lines further than this from the model (slope units, 0.01 is about 0.6 degrees) are not verticals. */
  outlierSlope: number;
}

export const defaultTiltOptions: TiltOptions = { minLines: 3, minSupport: 0.8, outlierSlope: 0.012 };

/** Line in centred coordinates: x - cx = a + b * (y - cy). */
function centred(line: VerticalLine, cx: number, cy: number): { a: number; b: number } {
  const b = (line.x1 - line.x0) / (line.y1 - line.y0);
  return { a: line.x0 - cx + b * (cy - line.y0), b };
}

/** Fit the vanishing-point model slope = roll + convergence * position to the lines, robustly. */
export function estimateTilt(
  lines: VerticalLine[],
  width: number,
  height: number,
  options: Partial<TiltOptions> = {},
): TiltEstimate {
  const o = { ...defaultTiltOptions, ...options };
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const all = lines.map((l) => ({ line: l, ...centred(l, cx, cy), w: l.length }));
  // Lines must be spread across the frame before convergence can be told apart from a common lean (roll);
  // otherwise the cautious explanation, roll alone, is used.
  const minSpread = 0.12 * width;
  const residual = (u: (typeof all)[number], r: number, k: number) => Math.abs(u.b - (r + k * u.a));
  // Robust start: every line proposes a pure roll, every well-separated pair of lines a roll plus convergence;
  // a model scores the line length that agrees with it. Two lines can always be joined by some convergence, so
  // a converging model must beat the best pure roll clearly (15 %) to be preferred: the simpler explanation
  // wins otherwise. Weighted least squares over the chosen model's inliers then refines it.
  const score = (r: number, k: number) => {
    let sum = 0;
    for (const u of all) if (residual(u, r, k) <= o.outlierSlope) sum += u.w;
    return sum;
  };
  let roll = 0;
  let convergence = 0;
  let rollScore = -1;
  for (const u of all) {
    const sc = score(u.b, 0);
    if (sc > rollScore) {
      rollScore = sc;
      roll = u.b;
    }
  }
  let pairScore = -1;
  let pairRoll = 0;
  let pairK = 0;
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const p = all[i]!;
      const q = all[j]!;
      if (Math.abs(q.a - p.a) < minSpread) continue;
      const k = (q.b - p.b) / (q.a - p.a);
      const sc = score(p.b - k * p.a, k);
      if (sc > pairScore) {
        pairScore = sc;
        pairRoll = p.b - k * p.a;
        pairK = k;
      }
    }
  }
  if (pairScore > 1.15 * rollScore) {
    roll = pairRoll;
    convergence = pairK;
  }
  let used = all.filter((u) => residual(u, roll, convergence) <= o.outlierSlope);
  for (let round = 0; round < 3 && used.length > 0; round++) {
    let sw = 0;
    let sa = 0;
    let sb = 0;
    for (const u of used) {
      sw += u.w;
      sa += u.w * u.a;
      sb += u.w * u.b;
    }
    const ma = sa / sw;
    const mb = sb / sw;
    let saa = 0;
    let sab = 0;
    for (const u of used) {
      saa += u.w * (u.a - ma) ** 2;
      sab += u.w * (u.a - ma) * (u.b - mb);
    }
    convergence = Math.sqrt(saa / sw) > minSpread / 2 ? sab / saa : 0;
    roll = mb - convergence * ma;
    const next = all.filter((u) => residual(u, roll, convergence) <= o.outlierSlope);
    if (next.length === used.length) break;
    used = next;
  }
  const support = used.reduce((s, u) => s + u.line.length, 0) / height;
  const totalW = used.reduce((s, u) => s + u.w, 0) || 1;
  const meanTiltDeg = used.reduce((s, u) => s + u.w * Math.abs(u.line.angle), 0) / totalW;
  const edgeSlope = Math.max(Math.abs(roll - convergence * cx), Math.abs(roll + convergence * cx));
  return {
    roll,
    convergence,
    lines: used.length,
    support,
    meanTiltDeg,
    maxTiltDeg: (Math.atan(edgeSlope) * 180) / Math.PI,
    sufficient: used.length >= o.minLines && support >= o.minSupport,
    inliers: used.map((u) => u.line),
  };
}

/** Detect lines and estimate the tilt in one call. */
export function measureTilt(
  image: RgbaImage,
  options: Partial<VerticalsOptions & TiltOptions> = {},
): TiltEstimate {
  return estimateTilt(detectVerticals(image, options), image.width, image.height, options);
}
