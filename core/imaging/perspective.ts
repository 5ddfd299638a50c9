// Automatic perspective correction ("stürzende Linien"): measure the vertical lines of the photo, find the
// homography that makes them vertical and parallel, warp, and crop to the largest clean rectangle. The user
// never sets anything up; when the evidence is thin, the tilt implausible, or the result not measurably better,
// the photo comes back unchanged with a note (a code the web words) that says why.
import {
  defaultVerticalsOptions,
  measureTilt,
  type TiltEstimate,
  type TiltOptions,
  type VerticalsOptions,
} from '../analysis/verticals';
import type { PerspectiveStep } from './engineSteps';
import { cloneImage, frameLike, type RgbaImage } from './types';
import { runBands } from './bands';
import {
  invert,
  multiply,
  transformPoint,
  translation,
  warpHomography,
  warpHomographyBand,
  type Matrix3,
} from './warp';

export interface PerspectiveOptions {
  /** Lines leaning less than this (degrees, at the image edge) are left alone: the photo is straight enough. */
  minCorrection: number;
  /** Tilts beyond this (degrees at the image edge) are not corrected: a deliberate angle or a misreading. */
  maxCorrection: number;
  /** Crop to the original aspect ratio (true) or to the largest rectangle of any shape (false). */
  keepAspect: boolean;
  /** Line detection and model fitting (analysis/verticals.ts). */
  detection: Partial<VerticalsOptions & TiltOptions>;
  /**
   * An uncorrected photo comes back as a copy (true, the default) or as the input itself, for callers that only
   * use the image when it was corrected (a 12 MP copy is 48 MB written for nothing).
   */
  copyUnchanged: boolean;
  /**
   * The least share of the frame (area) the crop may keep: a stronger correction is applied only partly, as far
   * as this allows, and not at all when that would be under MIN_PARTIAL of it. 0 keeps whatever the full
   * correction needs.
   */
  minKeptShare: number;
}

export const defaultPerspectiveOptions: PerspectiveOptions = {
  minCorrection: 0.5,
  maxCorrection: 15,
  keepAspect: true,
  detection: {},
  copyUnchanged: true,
  minKeptShare: 0,
};

/** A partial correction weaker than this share of the measured one is not worth the crop. */
const MIN_PARTIAL = 0.4;

/** The share of a width × height frame that the crop of `forward` keeps. */
function keptShare(forward: Matrix3, width: number, height: number, keepAspect: boolean): number {
  const rect = cropRect(forward, width, height, keepAspect);
  return (rect.width * rect.height) / (width * height);
}

/** The homography `t` of the way from the identity to `forward` (t = 1: all of it). */
function partly(forward: Matrix3, t: number): Matrix3 {
  const identity: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const scale = forward[8] || 1;
  return identity.map((v, i) => v + (forward[i]! / scale - v) * t) as unknown as Matrix3;
}

/**
 * The largest share t (to 1 %) of the correction whose crop keeps at least `minKept` of the frame, by bisection:
 * the crop only grows with t.
 */
function largestKeeping(
  forward: Matrix3,
  width: number,
  height: number,
  keepAspect: boolean,
  minKept: number,
): number {
  if (keptShare(forward, width, height, keepAspect) >= minKept) return 1;
  let [lo, hi] = [0, 1];
  while (hi - lo > 0.01) {
    const mid = (lo + hi) / 2;
    if (keptShare(partly(forward, mid), width, height, keepAspect) >= minKept) lo = mid;
    else hi = mid;
  }
  return lo;
}

export const PERSPECTIVE_NOTES = {
  corrected: 'perspectiveCorrected',
  tooFewLines: 'perspectiveTooFewLines',
  alreadyStraight: 'perspectiveAlreadyStraight',
  tooStrong: 'perspectiveTooStrong',
  notBetter: 'perspectiveNotBetter',
  tooMuchCrop: 'perspectiveTooMuchCrop',
} as const satisfies Record<string, PerspectiveStep>;

export interface PerspectiveResult {
  image: RgbaImage;
  corrected: boolean;
  /** What happened, as a code the web words ('Stürzende Linien korrigiert'). */
  note: PerspectiveStep;
  /** The measurement before correction, and after it (only when corrected). */
  before: TiltEstimate;
  after: TiltEstimate | null;
}

/**
 * The forward homography (source pixel -> corrected pixel, before cropping) for the measured tilt. All verticals
 * meet in the vanishing point V = (roll, 1, -convergence) in centred homogeneous coordinates; a rotation puts V
 * straight below (or above) the centre, then a projective row change sends it to infinity, which makes every
 * line through it vertical and parallel. The centre row keeps its scale.
 */
export function correctionHomography(
  roll: number,
  convergence: number,
  width: number,
  height: number,
): Matrix3 {
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const norm = Math.sqrt(1 + roll * roll);
  const s = roll / norm;
  const c = 1 / norm;
  const rotate: Matrix3 = [c, -s, 0, s, c, 0, 0, 0, 1];
  const project: Matrix3 = [1, 0, 0, 0, 1, 0, 0, convergence / norm, 1];
  return multiply(translation(cx, cy), multiply(project, multiply(rotate, translation(-cx, -cy))));
}

/** Horizontal extent [left, right] of a convex polygon at height y, or null when y misses it. */
function spanAt(poly: [number, number][], y: number): [number, number] | null {
  let left = Infinity;
  let right = -Infinity;
  for (let i = 0; i < poly.length; i++) {
    const [x0, y0] = poly[i]!;
    const [x1, y1] = poly[(i + 1) % poly.length]!;
    if (y < Math.min(y0, y1) || y > Math.max(y0, y1)) continue;
    const x = y1 === y0 ? Math.min(x0, x1) : x0 + ((y - y0) / (y1 - y0)) * (x1 - x0);
    const xb = y1 === y0 ? Math.max(x0, x1) : x;
    left = Math.min(left, x);
    right = Math.max(right, xb);
  }
  return left <= right ? [left, right] : null;
}

/**
 * The largest axis-aligned rectangle inside a convex polygon, optionally with a given aspect ratio (width /
 * height). For a convex polygon the left boundary is a convex function of y and the right one concave, so the
 * free width over [y0, y1] is decided at the two ends: checking pairs of sampled rows is exact for the rows tried.
 */
export function largestInscribedRect(
  poly: [number, number][],
  aspect: number | null,
  samples = 200,
): { x: number; y: number; width: number; height: number } {
  const ys = poly.map((p) => p[1]);
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  const rows: { y: number; left: number; right: number }[] = [];
  for (let i = 0; i <= samples; i++) {
    const y = top + ((bottom - top) * i) / samples;
    const span = spanAt(poly, y);
    if (span) rows.push({ y, left: span[0], right: span[1] });
  }
  let best = { x: 0, y: 0, width: 0, height: 0 };
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) {
      const a = rows[i]!;
      const b = rows[j]!;
      const left = Math.max(a.left, b.left);
      const right = Math.min(a.right, b.right);
      let w = right - left;
      let h = b.y - a.y;
      if (w <= 0) continue;
      if (aspect) {
        if (w > aspect * h) w = aspect * h;
        else h = w / aspect;
      }
      if (w * h > best.width * best.height) {
        best = { x: (left + right - w) / 2, y: a.y + (b.y - a.y - h) / 2, width: w, height: h };
      }
    }
  }
  return best;
}

/** The whole-pixel rectangle (in forward-mapped coordinates) that `warpAndCrop` keeps. */
export function cropRect(
  forward: Matrix3,
  width: number,
  height: number,
  keepAspect: boolean,
): { x: number; y: number; width: number; height: number } {
  const corners: [number, number][] = [
    transformPoint(forward, 0, 0),
    transformPoint(forward, width - 1, 0),
    transformPoint(forward, width - 1, height - 1),
    transformPoint(forward, 0, height - 1),
  ];
  // The aspect of the spans between pixel centres, so that a rotation by 0 keeps every pixel.
  const rect = largestInscribedRect(corners, keepAspect ? (width - 1) / Math.max(1, height - 1) : null);
  // Inward to whole pixels, so every output pixel maps inside the source.
  // A hair of tolerance so floating-point noise on an exact edge (a rotation by 0) does not cost a pixel.
  const eps = 1e-6;
  const x = Math.ceil(rect.x - eps);
  const y = Math.ceil(rect.y - eps);
  return {
    x,
    y,
    width: Math.max(1, Math.floor(rect.x + rect.width + eps) - x + 1),
    height: Math.max(1, Math.floor(rect.y + rect.height + eps) - y + 1),
  };
}

/**
 * Warp with a forward homography and crop to the largest clean rectangle, so no repeated border pixels show.
 * Shared with straighten.ts.
 */
export function warpAndCrop(image: RgbaImage, forward: Matrix3, keepAspect: boolean): RgbaImage {
  const r = cropRect(forward, image.width, image.height, keepAspect);
  const outputToInput = multiply(invert(forward), translation(r.x, r.y));
  const out = frameLike(image, r.width, r.height);
  // Output rows read only the source: they can be shared between threads (core/imaging/bands).
  runBands({ kind: 'warp', outputToInput, src: image, dst: out }, (from, to) =>
    warpHomographyBand(image, outputToInput, out, { from, to }),
  );
  return out;
}

/** Box-downscale by an integer factor so the longer side is at most `maxSide` (the measuring copy). */
export function previewOf(image: RgbaImage, maxSide: number): { preview: RgbaImage; factor: number } {
  const factor = Math.max(1, Math.ceil(Math.max(image.width, image.height) / maxSide));
  if (factor === 1) return { preview: image, factor };
  const w = Math.floor(image.width / factor);
  const h = Math.floor(image.height / factor);
  const out = new Uint8ClampedArray(w * h * 4);
  const acc = new Uint32Array(w * 4);
  const src = image.data;
  const area = factor * factor;
  for (let y = 0; y < h; y++) {
    acc.fill(0);
    for (let sy = y * factor; sy < (y + 1) * factor; sy++) {
      let i = sy * image.width * 4;
      for (let x = 0; x < w; x++) {
        for (let k = 0; k < factor; k++, i += 4) {
          acc[x * 4] = acc[x * 4]! + src[i]!;
          acc[x * 4 + 1] = acc[x * 4 + 1]! + src[i + 1]!;
          acc[x * 4 + 2] = acc[x * 4 + 2]! + src[i + 2]!;
          acc[x * 4 + 3] = acc[x * 4 + 3]! + src[i + 3]!;
        }
      }
    }
    const row = y * w * 4;
    for (let k = 0; k < w * 4; k++) out[row + k] = acc[k]! / area;
  }
  return { preview: { width: w, height: h, data: out }, factor };
}

/**
 * Measure, correct, verify. All measuring happens on a preview (at most `analysisSize` px), where the correction
 * is also refined: the corrected preview is measured again and any residual tilt is folded into the homography
 * (strong keystones are estimated a little short the first time). The full image is warped once, at the end.
 * Returns a new image either way (unless `copyUnchanged` is false and nothing was corrected).
 */
export function autoPerspective(
  image: RgbaImage,
  options: Partial<PerspectiveOptions> = {},
): PerspectiveResult {
  const o = { ...defaultPerspectiveOptions, ...options };

  // Measured on the full image (it downscales internally, as the preview does) so that "before" and "after"
  // are the same measurement anyone can repeat on input and output.
  const before = measureTilt(image, o.detection);
  const unchanged = (note: PerspectiveStep): PerspectiveResult => ({
    image: o.copyUnchanged ? cloneImage(image) : image,
    corrected: false,
    note,
    before,
    after: null,
  });
  if (!before.sufficient) return unchanged(PERSPECTIVE_NOTES.tooFewLines);
  if (before.maxTiltDeg < o.minCorrection && before.meanTiltDeg < o.minCorrection) {
    return unchanged(PERSPECTIVE_NOTES.alreadyStraight);
  }
  if (before.maxTiltDeg > o.maxCorrection) return unchanged(PERSPECTIVE_NOTES.tooStrong);

  const { preview, factor } = previewOf(
    image,
    o.detection.analysisSize ?? defaultVerticalsOptions.analysisSize,
  );
  // The model's slopes are scale-free, but its convergence is per pixel: on the preview it is `factor` times larger.
  let forward = correctionHomography(before.roll, before.convergence * factor, preview.width, preview.height);
  let after: TiltEstimate;
  for (let round = 0; round < 3; round++) {
    const rect = cropRect(forward, preview.width, preview.height, o.keepAspect);
    const corrected = warpHomography(
      preview,
      multiply(invert(forward), translation(rect.x, rect.y)),
      rect.width,
      rect.height,
    );
    after = measureTilt(corrected, o.detection);
    if (round === 2 || !after.sufficient || after.maxTiltDeg < o.minCorrection / 2) break;
    // The residual correction lives in the cropped frame; move it back into the preview frame and compose.
    const residual = correctionHomography(after.roll, after.convergence, rect.width, rect.height);
    forward = multiply(
      translation(rect.x, rect.y),
      multiply(residual, multiply(translation(-rect.x, -rect.y), forward)),
    );
  }
  // Limited to what keeps enough of the frame: the room (ceiling, floor) matters more than the last degree.
  const share =
    o.minKeptShare > 0
      ? largestKeeping(forward, preview.width, preview.height, o.keepAspect, o.minKeptShare)
      : 1;
  if (share < MIN_PARTIAL) return unchanged(PERSPECTIVE_NOTES.tooMuchCrop);
  const partial = share < 1;
  if (partial) forward = partly(forward, share);
  // Preview pixel p covers full-resolution pixels p*f .. p*f+f-1: scale the homography up accordingly.
  const half = (factor - 1) / 2;
  const up: Matrix3 = [factor, 0, half, 0, factor, half, 0, 0, 1];
  const down: Matrix3 = [1 / factor, 0, -half / factor, 0, 1 / factor, -half / factor, 0, 0, 1];
  const result = warpAndCrop(image, multiply(up, multiply(forward, down)), o.keepAspect);
  // Verify on the result itself: the lines must be straighter on average and at the frame's edges, and either
  // straight (within the 0.5 degree target) or at least twice as straight as before. Otherwise the photo
  // stays as it was: a correction that cannot be shown to help is not applied.
  const check = measureTilt(result, o.detection);
  // A partial correction must still straighten the lines by a third of the way it was allowed to go.
  const target = partial ? before.meanTiltDeg * (1 - share / 3) : Math.max(0.5, before.meanTiltDeg / 2);
  const better =
    check.lines > 0 &&
    check.meanTiltDeg < before.meanTiltDeg &&
    check.maxTiltDeg < Math.max(before.maxTiltDeg, o.minCorrection) &&
    check.meanTiltDeg <= target;
  if (!better) return unchanged(PERSPECTIVE_NOTES.notBetter);
  return { image: result, corrected: true, note: PERSPECTIVE_NOTES.corrected, before, after: check };
}
