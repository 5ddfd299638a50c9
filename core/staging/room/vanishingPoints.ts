// The room's three orthogonal directions (Manhattan world) found from a photo's line segments: the vertical
// vanishing point first (pairs of near-vertical segments voting), then the two wall directions as a sweep over
// focal length and turn about the vertical, then all three refined together with the focal length by
// Gauss-Newton on the segments' angular errors. How well the segments pin the focal length is reported too.
import type { LineSegment, Vec3 } from './types';

/** A vanishing point in homogeneous pixel coordinates (top-left origin): (x/w, y/w), at infinity when w = 0. */
export interface VanishingPoint {
  x: number;
  y: number;
  w: number;
}

export interface ManhattanFrame {
  /** Vanishing point of the room's verticals. */
  vertical: VanishingPoint;
  /** Vanishing points of the two wall directions, the one nearer the view axis first. */
  horizontal: [VanishingPoint, VanishingPoint];
  /** World up in the camera frame (three.js: x right, y up, looking along -z), unit length. */
  up: Vec3;
  /** The two wall directions in the camera frame, unit length, in the order of `horizontal`. */
  walls: [Vec3, Vec3];
  focalPx: number;
  /**
   * Relative standard deviation of focalPx from the segments' fit (0.02 = 2 %); Infinity when they do not
   * determine it (a one-point view of a level camera) or when it was given.
   */
  focalRelStd: number;
  /** Whether near-vertical segments agreed on a vertical vanishing point (else the camera is taken as level). */
  verticalFound: boolean;
  /** Total length in pixels of the segments supporting the vertical and each wall direction. */
  support: { vertical: number; horizontal: [number, number] };
}

export interface ManhattanOptions {
  width: number;
  height: number;
  /** Use this focal length (pixels) instead of estimating one. */
  focalPx?: number;
  /** Range of horizontal fields of view searched when estimating the focal length, degrees. */
  fovRangeDeg?: [number, number];
}

const RAD = Math.PI / 180;
/** Near-vertical segments: within this angle of the image's vertical. */
const NEAR_VERTICAL_DEG = 30;
/** A segment points at a vanishing point when the angle between them is below this (coarse, then refined). */
const COARSE_INLIER_DEG = 3;
const REFINED_INLIER_DEG = 1.5;
/** The longest near-vertical segments whose pairs propose vertical vanishing points. */
const VERTICAL_PROPOSERS = 80;
/** The vertical vanishing point is at least this far from the centre (in image sizes): pitch below ~35°. */
const MIN_VERTICAL_DISTANCE = 0.8;
/** Angular noise floor of a segment's direction (radians) when judging how well the focal length is pinned. */
const ANGLE_NOISE_FLOOR = 0.1 * RAD;

/** A segment in centred image coordinates (x right, y down, origin at the image centre). */
interface Seg {
  mx: number;
  my: number;
  /** Unit direction. */
  tx: number;
  ty: number;
  length: number;
}

/** Directions in the computer-vision camera frame (x right, y down, z forward), where a VP is K·d. */
type Dir = [number, number, number];

function normalize(v: Dir): Dir {
  const n = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / n, v[1] / n, v[2] / n];
}

function cross(a: Dir, b: Dir): Dir {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function dot(a: Dir, b: Dir): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** Signed sine of the angle between a segment and the line from its midpoint to the centred homogeneous point v. */
function angularError(s: Seg, vx: number, vy: number, vw: number): number {
  const qx = vx - s.mx * vw;
  const qy = vy - s.my * vw;
  const n = Math.hypot(qx, qy);
  if (n < 1e-12) return 1;
  return (s.tx * qy - s.ty * qx) / n;
}

/** Error of a segment against the vanishing point of direction d for focal f. */
function directionError(s: Seg, d: Dir, f: number): number {
  return angularError(s, f * d[0], f * d[1], d[2]);
}

/** A soft inlier score: the segment's length, fading to 0 at the tolerance (sine of the angle). */
function softScore(s: Seg, error: number, tolerance: number): number {
  const r = error / tolerance;
  return r * r < 1 ? s.length * (1 - r * r) : 0;
}

function toSegs(segments: readonly LineSegment[], width: number, height: number): Seg[] {
  const out: Seg[] = [];
  for (const s of segments) {
    const dx = s.x2 - s.x1;
    const dy = s.y2 - s.y1;
    const length = Math.hypot(dx, dy);
    if (!(length > 1)) continue;
    out.push({
      mx: (s.x1 + s.x2) / 2 - width / 2,
      my: (s.y1 + s.y2) / 2 - height / 2,
      tx: dx / length,
      ty: dy / length,
      length,
    });
  }
  return out;
}

/**
 * The vertical vanishing point (centred homogeneous) most near-vertical segments point at, from the pairs of the
 * longest ones; null when fewer than two agree.
 */
function findVerticalPoint(segs: readonly Seg[], width: number, height: number): Dir | null {
  const nearVertical = segs.filter((s) => Math.abs(s.ty) >= Math.cos(NEAR_VERTICAL_DEG * RAD));
  const proposers = [...nearVertical].sort((a, b) => b.length - a.length).slice(0, VERTICAL_PROPOSERS);
  const minDistance = MIN_VERTICAL_DISTANCE * Math.max(width, height);
  const tolerance = Math.sin(COARSE_INLIER_DEG * RAD);
  const line = (s: Seg): Dir => [s.ty, -s.tx, s.tx * s.my - s.ty * s.mx];
  let best: Dir | null = null;
  let bestScore = 0;
  for (let i = 0; i < proposers.length; i++) {
    for (let j = i + 1; j < proposers.length; j++) {
      const v = cross(line(proposers[i]!), line(proposers[j]!));
      const [x, y, w] = v;
      if (Math.hypot(x, y) < 1e-12) continue;
      // Verticals lean by the roll (small) and converge above or below, far from the centre.
      if (Math.abs(x) > Math.tan(25 * RAD) * Math.abs(y)) continue;
      if (Math.abs(w) * minDistance > Math.hypot(x, y)) continue;
      let score = 0;
      let agreeing = 0;
      for (const s of nearVertical) {
        const sc = softScore(s, angularError(s, x, y, w), tolerance);
        score += sc;
        if (sc > 0) agreeing++;
      }
      if (agreeing >= 2 && score > bestScore) {
        bestScore = score;
        best = v;
      }
    }
  }
  return best;
}

/** Two unit vectors completing `up` to an orthonormal frame, the first as near the view axis (+z) as possible. */
function horizontalBasis(up: Dir): [Dir, Dir] {
  const forward = normalize([-up[2] * up[0], -up[2] * up[1], 1 - up[2] * up[2]]);
  return [forward, cross(up, forward)];
}

function wallDirections(up: Dir, turn: number): [Dir, Dir] {
  const [e1, e2] = horizontalBasis(up);
  const c = Math.cos(turn);
  const s = Math.sin(turn);
  return [
    [c * e1[0] + s * e2[0], c * e1[1] + s * e2[1], c * e1[2] + s * e2[2]],
    [-s * e1[0] + c * e2[0], -s * e1[1] + c * e2[1], -s * e1[2] + c * e2[2]],
  ];
}

/** Camera-frame up for a centred homogeneous vertical vanishing point and focal f (pointing up: y < 0). */
function upFromVertical(v: Dir, f: number): Dir {
  const d = normalize([v[0], v[1], f * v[2]]);
  return d[1] < 0 ? d : [-d[0], -d[1], -d[2]];
}

interface Hypothesis {
  up: Dir;
  turn: number;
  focal: number;
}

/** Sweep focal lengths and turns about the vertical for the wall directions most segments point at. */
function sweepWalls(
  segs: readonly Seg[],
  vertical: Dir,
  focals: readonly number[],
): Hypothesis & { score: number } {
  const tolerance = Math.sin(COARSE_INLIER_DEG * RAD);
  let best = { up: upFromVertical(vertical, focals[0]!), turn: 0, focal: focals[0]!, score: -1 };
  for (const focal of focals) {
    const up = upFromVertical(vertical, focal);
    const free = segs.filter((s) => Math.abs(directionError(s, up, focal)) >= tolerance);
    for (let step = 0; step < 90; step++) {
      const turn = step * RAD;
      const [a, b] = wallDirections(up, turn);
      let score = 0;
      for (const s of free) {
        const ea = Math.abs(directionError(s, a, focal));
        const eb = Math.abs(directionError(s, b, focal));
        score += softScore(s, Math.min(ea, eb), tolerance);
      }
      if (score > best.score) best = { up, turn, focal, score };
    }
  }
  return best;
}

/** Rotate v about the axis w (|w| the angle in radians), Rodrigues' formula. */
function rotate(v: Dir, w: Dir): Dir {
  const angle = Math.hypot(w[0], w[1], w[2]);
  if (angle < 1e-15) return v;
  const k: Dir = [w[0] / angle, w[1] / angle, w[2] / angle];
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const kv = cross(k, v);
  const kd = dot(k, v) * (1 - c);
  return [
    v[0] * c + kv[0] * s + k[0] * kd,
    v[1] * c + kv[1] * s + k[1] * kd,
    v[2] * c + kv[2] * s + k[2] * kd,
  ];
}

interface Frame {
  axes: [Dir, Dir, Dir];
  focal: number;
}

/** Each segment's axis (0, 1: walls, 2: vertical) when it points at that axis's vanishing point, else -1. */
function assign(segs: readonly Seg[], frame: Frame, toleranceDeg: number): Int8Array {
  const tolerance = Math.sin(toleranceDeg * RAD);
  const labels = new Int8Array(segs.length).fill(-1);
  segs.forEach((s, i) => {
    let bestError = tolerance;
    for (let k = 0; k < 3; k++) {
      const e = Math.abs(directionError(s, frame.axes[k]!, frame.focal));
      if (e < bestError) {
        bestError = e;
        labels[i] = k;
      }
    }
  });
  return labels;
}

/** Weighted residuals (√length · angular error) of the labelled segments for a frame turned by w, focal e^logF. */
function residuals(segs: readonly Seg[], labels: Int8Array, frame: Frame, w: Dir, logF: number): number[] {
  const axes = frame.axes.map((a) => rotate(a, w));
  const focal = Math.exp(logF);
  const out: number[] = [];
  segs.forEach((s, i) => {
    const k = labels[i]!;
    if (k >= 0) out.push(Math.sqrt(s.length) * directionError(s, axes[k]!, focal));
  });
  return out;
}

/** Solve the n×n system A x = b (Gaussian elimination with partial pivoting); null when singular. */
function solve(A: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = A.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    if (Math.abs(m[p]![c]!) < 1e-300) return null;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const factor = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k] = m[r]![k]! - factor * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let acc = m[r]![n]!;
    for (let k = r + 1; k < n; k++) acc -= m[r]![k]! * x[k]!;
    x[r] = acc / m[r]![r]!;
  }
  return x;
}

/**
 * Levenberg-Marquardt on the labelled segments: a small rotation of the frame and, when free, log focal.
 * Returns the refined frame and the relative standard deviation of the focal length.
 */
function refine(
  segs: readonly Seg[],
  labels: Int8Array,
  start: Frame,
  freeFocal: boolean,
  focalBounds: [number, number],
): { frame: Frame; focalRelStd: number } {
  let frame = start;
  const nParams = freeFocal ? 4 : 3;
  const params = (x: number[]): { w: Dir; logF: number } => ({
    w: [x[0]!, x[1]!, x[2]!],
    logF: Math.log(frame.focal) + (freeFocal ? x[3]! : 0),
  });
  const cost = (r: number[]) => r.reduce((acc, v) => acc + v * v, 0);
  const jacobian = (): { J: number[][]; r: number[] } => {
    const zero = new Array<number>(nParams).fill(0);
    const p0 = params(zero);
    const r = residuals(segs, labels, frame, p0.w, p0.logF);
    const J: number[][] = [];
    for (let k = 0; k < nParams; k++) {
      const x = [...zero];
      x[k] = 1e-6;
      const p = params(x);
      const rk = residuals(segs, labels, frame, p.w, p.logF);
      J.push(rk.map((v, i) => (v - r[i]!) / 1e-6));
    }
    return { J, r };
  };
  let lambda = 1e-3;
  for (let iteration = 0; iteration < 20; iteration++) {
    const { J, r } = jacobian();
    const JtJ = J.map((a) => J.map((b) => a.reduce((acc, v, i) => acc + v * b[i]!, 0)));
    const Jtr = J.map((a) => a.reduce((acc, v, i) => acc + v * r[i]!, 0));
    const before = cost(r);
    let improved = false;
    for (let attempt = 0; attempt < 8 && !improved; attempt++) {
      const damped = JtJ.map((row, i) => row.map((v, j) => (i === j ? v * (1 + lambda) + 1e-12 : v)));
      const step = solve(
        damped,
        Jtr.map((v) => -v),
      );
      if (!step) break;
      const p = params(step);
      const logF = Math.min(Math.log(focalBounds[1]), Math.max(Math.log(focalBounds[0]), p.logF));
      const after = cost(residuals(segs, labels, frame, p.w, logF));
      if (after < before) {
        // A held focal length is returned exactly as given, not through exp(log f).
        const focal = freeFocal ? Math.exp(logF) : frame.focal;
        frame = { axes: frame.axes.map((a) => rotate(a, p.w)) as [Dir, Dir, Dir], focal };
        lambda = Math.max(1e-7, lambda / 10);
        improved = true;
      } else lambda *= 10;
    }
    if (!improved) break;
  }
  if (!freeFocal) return { frame, focalRelStd: Infinity };
  // Variance of log f with the rotation free: 1 / Schur complement of the rotation block in JᵀJ.
  const { J, r } = jacobian();
  const JtJ = J.map((a) => J.map((b) => a.reduce((acc, v, i) => acc + v * b[i]!, 0)));
  const rotationBlock = [0, 1, 2].map((i) => [0, 1, 2].map((j) => JtJ[i]![j]!));
  const coupling = [0, 1, 2].map((i) => JtJ[i]![3]!);
  const x = solve(rotationBlock, coupling);
  const schur = x ? JtJ[3]![3]! - coupling.reduce((acc, c, i) => acc + c * x[i]!, 0) : 0;
  const totalLength = segs.reduce((acc, s, i) => acc + (labels[i]! >= 0 ? s.length : 0), 0);
  const sigma2 = Math.max(
    cost(r) / Math.max(1, r.length - nParams),
    ANGLE_NOISE_FLOOR ** 2 * (totalLength / r.length),
  );
  const focalRelStd = schur > 1e-12 ? Math.sqrt(sigma2 / schur) : Infinity;
  return { frame, focalRelStd };
}

/** Orthonormalise the axes (Gram-Schmidt from the vertical), keeping the handedness they had. */
function orthonormal(axes: [Dir, Dir, Dir]): [Dir, Dir, Dir] {
  const up = normalize(axes[2]);
  const a = normalize([
    axes[0][0] - dot(axes[0], up) * up[0],
    axes[0][1] - dot(axes[0], up) * up[1],
    axes[0][2] - dot(axes[0], up) * up[2],
  ]);
  const b = cross(up, a);
  return [a, dot(b, axes[1]) < 0 ? [-b[0], -b[1], -b[2]] : b, up];
}

function focalCandidates(width: number, fovRange: [number, number]): number[] {
  const fMin = width / 2 / Math.tan((fovRange[1] * RAD) / 2);
  const fMax = width / 2 / Math.tan((fovRange[0] * RAD) / 2);
  const out: number[] = [];
  for (let f = fMin; f <= fMax; f *= 1.03) out.push(f);
  return out;
}

function support(segs: readonly Seg[], labels: Int8Array, k: number): number {
  return segs.reduce((acc, s, i) => acc + (labels[i] === k ? s.length : 0), 0);
}

/** The camera-frame direction in three.js's convention (y up, looking along -z). */
function toThree(d: Dir): Vec3 {
  return { x: d[0], y: -d[1], z: -d[2] };
}

function vanishingPoint(d: Dir, focal: number, width: number, height: number): VanishingPoint {
  return { x: focal * d[0] + (width / 2) * d[2], y: focal * d[1] + (height / 2) * d[2], w: d[2] };
}

/**
 * The Manhattan frame the segments support, or null when too few of them line up (a blank wall, noise). With
 * `focalPx` the focal length is held; without, it is estimated within `fovRangeDeg`.
 */
export function fitManhattanFrame(
  segments: readonly LineSegment[],
  options: ManhattanOptions,
): ManhattanFrame | null {
  const { width, height } = options;
  const segs = toSegs(segments, width, height);
  if (segs.length < 3) return null;
  const fovRange = options.fovRangeDeg ?? [35, 120];
  const focals = options.focalPx ? [options.focalPx] : focalCandidates(width, fovRange);
  const focalBounds: [number, number] = [focals[0]!, focals[focals.length - 1]!];
  const foundVertical = findVerticalPoint(segs, width, height);
  const vertical: Dir = foundVertical ?? [0, -1, 0];
  const sweep = sweepWalls(segs, vertical, focals);
  if (sweep.score <= 0) return null;
  const [a, b] = wallDirections(sweep.up, sweep.turn);
  let frame: Frame = { axes: [a, b, sweep.up], focal: sweep.focal };
  let focalRelStd = Infinity;
  for (const toleranceDeg of [COARSE_INLIER_DEG, 2, REFINED_INLIER_DEG]) {
    const labels = assign(segs, frame, toleranceDeg);
    const refined = refine(segs, labels, frame, !options.focalPx, focalBounds);
    frame = { axes: orthonormal(refined.frame.axes), focal: refined.frame.focal };
    focalRelStd = refined.focalRelStd;
  }
  const labels = assign(segs, frame, REFINED_INLIER_DEG);
  const wallSupport: [number, number] = [support(segs, labels, 0), support(segs, labels, 1)];
  if (wallSupport[0] + wallSupport[1] === 0) return null;
  // The wall direction nearer the view axis first.
  let walls: [Dir, Dir] = [frame.axes[0], frame.axes[1]];
  if (Math.abs(walls[1][2]) > Math.abs(walls[0][2])) {
    walls = [walls[1], walls[0]];
    wallSupport.reverse();
  }
  const up = frame.axes[2];
  return {
    vertical: vanishingPoint(up, frame.focal, width, height),
    horizontal: [
      vanishingPoint(walls[0], frame.focal, width, height),
      vanishingPoint(walls[1], frame.focal, width, height),
    ],
    up: toThree(up),
    walls: [toThree(walls[0]), toThree(walls[1])],
    focalPx: frame.focal,
    focalRelStd,
    verticalFound: foundVertical !== null,
    support: { vertical: support(segs, labels, 2), horizontal: wallSupport },
  };
}
