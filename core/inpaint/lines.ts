// Straight edges that run into a hole: rooms and buildings are made of straight lines (a cabinet's side, a roof
// edge, a counter, a shutter's frame) and a smooth fill smears the two sides of one into a blur. Found in the known
// band around the hole (orientation-aware Hough on colour edges, then checked for a collinear run of edge pixels
// that reaches the hole and for a real step between its two sides), continued across the hole up to the other
// side or another continued line (L and T junctions), and returned as cut links between neighbouring pixels.
import type { FloatPlanes } from './diffusion';
import { chamferDistance } from './maskOps';

export interface LineOptions {
  /** Known pixels up to this distance from the hole are searched for edges, as a fraction of the hole's size. */
  bandFraction: number;
  /** Least colour step (0..255, RMS over R, G, B) between the two sides of a line. */
  minContrast: number;
  /** Least run of collinear edge pixels reaching the hole, as a fraction of the hole's size (at least 10 px). */
  minRunFraction: number;
  /** At most this many lines per crop. */
  maxLines: number;
}

export const DEFAULT_LINE_OPTIONS: LineOptions = Object.freeze({
  bandFraction: 0.3,
  minContrast: 16,
  minRunFraction: 0.08,
  maxLines: 16,
});

/** A continued edge inside the hole: the points p0 + t·dir for t in [t0, t1]. */
export interface Barrier {
  x0: number;
  y0: number;
  /** Unit direction along the line. */
  dx: number;
  dy: number;
  t0: number;
  t1: number;
  /** Whether the edge was seen on both sides of the hole (else it ends at a junction or runs to the far side). */
  twoSided: boolean;
  /** How far the seen edge runs back from t0, and on from t1 (two-sided), in the known surroundings (px). */
  before: number;
  after: number;
}

/** Links between 4-neighbours cut by barriers: right[i] cuts i–(i+1), down[i] cuts i–(i+width). */
export interface Cuts {
  right: Uint8Array;
  down: Uint8Array;
}

interface EdgeMap {
  /** Per pixel: edge strength (colour gradient, levels per pixel), 0 where not measured. */
  strength: Float32Array;
  /** Per pixel: angle of the gradient (normal of the edge), 0..π. */
  normal: Float32Array;
}

/** Sobel per channel on known pixels whose whole 3x3 window is known; colour structure tensor per pixel. */
function edges(planes: FloatPlanes, hole: Uint8Array, band: Uint8Array): EdgeMap {
  const { width, height, data } = planes;
  const strength = new Float32Array(width * height);
  const normal = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (!band[i]) continue;
      let clean = true;
      for (let dy = -1; dy <= 1 && clean; dy++) for (let dx = -1; dx <= 1; dx++) if (hole[i + dy * width + dx]) clean = false; // prettier-ignore
      if (!clean) continue;
      let gxx = 0, gyy = 0, gxy = 0; // prettier-ignore
      const up = (i - width) * 3;
      const mid = i * 3;
      const below = (i + width) * 3;
      for (let c = 0; c < 3; c++) {
        const a = data[up - 3 + c], b = data[up + c], d = data[up + 3 + c]; // prettier-ignore
        const e = data[mid - 3 + c], f = data[mid + 3 + c]; // prettier-ignore
        const g = data[below - 3 + c], h = data[below + c], k = data[below + 3 + c]; // prettier-ignore
        const gx = (d + 2 * f + k - a - 2 * e - g) / 8;
        const gy = (g + 2 * h + k - a - 2 * b - d) / 8;
        gxx += gx * gx;
        gyy += gy * gy;
        gxy += gx * gy;
      }
      const root = Math.sqrt((gxx - gyy) ** 2 + 4 * gxy * gxy);
      strength[i] = Math.sqrt((gxx + gyy + root) / 2 / 3);
      let angle = 0.5 * Math.atan2(2 * gxy, gxx - gyy);
      if (angle < 0) angle += Math.PI;
      normal[i] = angle;
    }
  }
  return { strength, normal };
}

const ANGLE_BINS = 180;
/** Votes go to normals within this many bins (degrees) of the measured one. */
const ANGLE_SPREAD = 2;
/** An edge pixel belongs to a line when within this distance (px) and this angle (rad) of it. */
const LINE_TOLERANCE = 1.5;
const ANGLE_TOLERANCE = (8 * Math.PI) / 180;
/** Edge pixels weaker than this (levels per pixel) do not vote. */
const EDGE_STRENGTH = 4;
/** Gaps (px) allowed in a run of edge pixels, and between a run's end and the hole. */
const RUN_GAP = 3;
const REACH_GAP = 6;
/** The band searched for edges is at least this wide (px): a line needs a run of its own to be believed. */
const MIN_BAND = 16;
/**
 * Least run (px) of an edge seen on both sides of the hole: two collinear pieces are evidence enough even when
 * each is shorter than minRun (the back edge of a shelf, seen beside the bowl that stood on it).
 */
const MIN_PAIRED_RUN = 5;
/**
 * Hough peaks tried per line allowed: in a busy crop (shelves, cupboard doors, a cable) many strong peaks come to
 * nothing before the short edge that matters (4 left the back edge of kitchen 179's shelf unfound).
 */
const PEAKS_PER_LINE = 16;

interface Line {
  /** Normal angle and offset: x·cos θ + y·sin θ = ρ. */
  theta: number;
  rho: number;
}

/**
 * The barriers of the straight edges that enter the hole in this crop. `extent` is the hole's size (px, √area):
 * band and run length scale with it.
 */
export function findBarriers(
  planes: FloatPlanes,
  hole: Uint8Array,
  extent: number,
  options: LineOptions = DEFAULT_LINE_OPTIONS,
): Barrier[] {
  const { width, height } = planes;
  const depth = chamferDistance(hole, width, height);
  const near = Math.max(MIN_BAND, options.bandFraction * extent);
  const bandLimit = 3 * near;
  const band = new Uint8Array(width * height);
  for (let i = 0; i < band.length; i++) band[i] = !hole[i] && depth[i] <= bandLimit ? 1 : 0;
  const { strength, normal } = edges(planes, hole, band);
  const minRun = Math.max(10, options.minRunFraction * extent);

  const diagonal = Math.ceil(Math.hypot(width, height));
  const rhoBins = 2 * diagonal + 1;
  const votes = new Float32Array(ANGLE_BINS * rhoBins);
  const cos = new Float32Array(ANGLE_BINS);
  const sin = new Float32Array(ANGLE_BINS);
  for (let a = 0; a < ANGLE_BINS; a++) {
    cos[a] = Math.cos((a * Math.PI) / ANGLE_BINS);
    sin[a] = Math.sin((a * Math.PI) / ANGLE_BINS);
  }
  const edgePixels: number[] = [];
  for (let i = 0; i < strength.length; i++) if (strength[i] >= EDGE_STRENGTH) edgePixels.push(i);
  // An edge next to the hole is the one the fill must continue; the farther band only confirms its direction. In a
  // busy crop (rows of cupboard doors and drawers) the far edges' peaks used up the line budget before the counter's
  // back edge between the bottles was tried (kitchen 152): votes fade with the distance from the hole.
  /** Edge pixel `i` votes for the lines through it near its normal (+1), or takes its votes back (-1). */
  const vote = (i: number, delta: 1 | -1) => {
    const x = i % width;
    const y = (i - x) / width;
    const centre = Math.round((normal[i] * ANGLE_BINS) / Math.PI);
    const weight = delta * Math.exp(-Math.max(0, depth[i] - near) / near);
    for (let k = -ANGLE_SPREAD; k <= ANGLE_SPREAD; k++) {
      const a = (((centre + k) % ANGLE_BINS) + ANGLE_BINS) % ANGLE_BINS;
      const cell = a * rhoBins + Math.round(x * cos[a] + y * sin[a]) + diagonal;
      votes[cell] = Math.max(0, votes[cell] + weight);
    }
  };
  for (const i of edgePixels) vote(i, 1);

  const barriers: Barrier[] = [];
  const used = new Uint8Array(width * height);
  const search: EdgeSearch = {
    planes,
    hole,
    edgePixels,
    strength,
    normal,
    used,
    minRun,
    minContrast: options.minContrast,
  };
  let lines = 0;
  for (let attempt = 0; attempt < PEAKS_PER_LINE * options.maxLines && lines < options.maxLines; attempt++) {
    let best = -1;
    let bestVotes = minRun * 0.6;
    for (let k = 0; k < votes.length; k++) {
      if (votes[k] > bestVotes) {
        bestVotes = votes[k];
        best = k;
      }
    }
    if (best < 0) break;
    const a = Math.floor(best / rhoBins);
    // Whatever the verdict, this peak and its close neighbours are not tried again.
    for (let da = -3; da <= 3; da++) {
      const aa = (((a + da) % ANGLE_BINS) + ANGLE_BINS) % ANGLE_BINS;
      for (let dr = -3; dr <= 3; dr++) {
        const r = (best % rhoBins) + dr;
        if (r >= 0 && r < rhoBins) votes[aa * rhoBins + r] = 0;
      }
    }
    const peak = { theta: (a * Math.PI) / ANGLE_BINS, rho: (best % rhoBins) - diagonal };
    const found = traceLine(peak, search);
    if (found.barriers.length === 0) continue;
    lines++;
    barriers.push(...found.barriers);
    // Its pixels vote no more, so the next peak is another edge.
    for (const i of found.pixels) {
      used[i] = 1;
      vote(i, -1);
    }
  }
  return junctions(barriers, hole, width, height);
}

/** What one crop's line search works on: its edge pixels (with strength and normal) and the pass marks. */
interface EdgeSearch {
  planes: FloatPlanes;
  hole: Uint8Array;
  /** Indices of the band's pixels with strength >= EDGE_STRENGTH. */
  edgePixels: number[];
  strength: Float32Array;
  normal: Float32Array;
  /** Pixels of lines already accepted: they belong to no other line. */
  used: Uint8Array;
  minRun: number;
  minContrast: number;
}

interface Member {
  i: number;
  /** Position along the line. */
  t: number;
  w: number;
}

/** Edge pixels on the line (within the distance and angle tolerances), sorted along it. */
function membersOf(line: Line, { edgePixels, strength, normal, used, planes }: EdgeSearch): Member[] {
  const { width } = planes;
  const nx = Math.cos(line.theta);
  const ny = Math.sin(line.theta);
  const members: Member[] = [];
  for (const i of edgePixels) {
    if (used[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    if (Math.abs(x * nx + y * ny - line.rho) > LINE_TOLERANCE) continue;
    let da = Math.abs(normal[i] - line.theta);
    if (da > Math.PI / 2) da = Math.PI - da;
    if (da > ANGLE_TOLERANCE) continue;
    members.push({ i, t: -x * ny + y * nx, w: strength[i] });
  }
  return members.sort((p, q) => p.t - q.t);
}

/** Runs of members with gaps of at most RUN_GAP, as index ranges into `members`. */
function runsOf(members: Member[]): { from: number; to: number }[] {
  const runs: { from: number; to: number }[] = [];
  let from = 0;
  for (let k = 1; k <= members.length; k++) {
    if (k === members.length || members[k].t - members[k - 1].t > RUN_GAP) {
      runs.push({ from, to: k - 1 });
      from = k;
    }
  }
  return runs;
}

/**
 * The barriers of one Hough peak: the line is refitted to a run of edge pixels that reaches the hole, and every
 * stretch of hole it crosses next to such a run (at one end or both) becomes a barrier.
 */
function traceLine(peak: Line, search: EdgeSearch): { barriers: Barrier[]; pixels: number[] } {
  const { width } = search.planes;
  const none = { barriers: [], pixels: [] };
  // Refit to the longest run: the Hough cell is only 1° and 1 px wide.
  const rough = membersOf(peak, search);
  let longest: Member[] = [];
  for (const run of runsOf(rough)) {
    const part = rough.slice(run.from, run.to + 1);
    if (part[part.length - 1].t - part[0].t > (longest.at(-1)?.t ?? 0) - (longest[0]?.t ?? 0)) longest = part;
  }
  const first = longest.length < 2 ? null : refit(longest, width);
  if (!first) return none;
  let seen = barriersAlong(first, search);
  // Short runs on both sides of the hole: one of them alone fixes the angle too loosely to meet the other, so
  // the line is fitted to all the peak's runs together.
  if (seen.barriers.length === 0) {
    const paired = runsOf(rough).filter((r) => rough[r.to].t - rough[r.from].t >= MIN_PAIRED_RUN);
    const pixels = paired.flatMap((r) => rough.slice(r.from, r.to + 1));
    const together = paired.length >= 2 ? refit(pixels, width) : null;
    if (together) seen = barriersAlong(together, search);
  }
  // Seen on both sides of the hole (or of several holes): refit to all of it, a far longer baseline than one run.
  if (seen.runs.length < 2) return seen;
  const all = refit(seen.runs.flat(), width);
  if (!all) return seen;
  const again = barriersAlong(all, search);
  return again.barriers.length >= seen.barriers.length ? again : seen;
}

/** The barriers along one fitted line, with the runs of edge pixels they continue. */
function barriersAlong(
  line: Line,
  search: EdgeSearch,
): { barriers: Barrier[]; pixels: number[]; runs: Member[][] } {
  const { planes, hole, minRun, minContrast } = search;
  const { width, height } = planes;
  const members = membersOf(line, search);
  const length = (run: Member[]) => run[run.length - 1].t - run[0].t;
  const runs = runsOf(members)
    .map(({ from, to }) => members.slice(from, to + 1))
    .filter((run) => length(run) >= MIN_PAIRED_RUN && sideContrast(planes, hole, line, run) >= minContrast);
  const barriers: Barrier[] = [];
  const pixels: number[] = [];
  const touching: Member[][] = [];
  if (runs.length === 0) return { barriers, pixels, runs: touching };
  const nx = Math.cos(line.theta);
  const ny = Math.sin(line.theta);
  const fx = line.rho * nx;
  const fy = line.rho * ny;
  const inHole = (t: number): boolean => {
    const x = Math.round(fx - t * ny);
    const y = Math.round(fy + t * nx);
    return x >= 0 && y >= 0 && x < width && y < height && hole[y * width + x] === 1;
  };
  // The line's stretches through the hole, within the crop.
  const tMin = -Math.hypot(width, height);
  const stretches: [number, number][] = [];
  let open: number | null = null;
  for (let t = tMin; t <= -tMin; t += 0.5) {
    const h = inHole(t);
    if (h && open === null) open = t;
    if (!h && open !== null) {
      stretches.push([open, t - 0.5]);
      open = null;
    }
  }
  if (open !== null) stretches.push([open, -tMin]);
  for (const [a, b] of stretches) {
    if (b - a < 2) continue;
    const before = runs.find(
      (run) => a - run[run.length - 1].t > 0 && a - run[run.length - 1].t <= REACH_GAP,
    );
    const after = runs.find((run) => run[0].t - b > 0 && run[0].t - b <= REACH_GAP);
    // A short run counts only with one across the hole.
    const long = (run: Member[] | undefined) => !!run && length(run) >= minRun;
    if (!(before && after) && !long(before) && !long(after)) continue;
    for (const run of [before, after]) {
      if (!run || touching.includes(run)) continue;
      touching.push(run);
      pixels.push(...run.map((m) => m.i));
    }
    // The barrier starts a little outside the hole, so no hole pixel next to the entry links across it.
    const lead = 2;
    if (before) {
      barriers.push({
        x0: fx - a * ny,
        y0: fy + a * nx,
        dx: -ny,
        dy: nx,
        t0: -lead,
        t1: b - a + lead,
        twoSided: !!after,
        before: a - before[0].t,
        after: after ? after[after.length - 1].t - b : 0,
      });
    } else if (after) {
      barriers.push({
        x0: fx - b * ny,
        y0: fy + b * nx,
        dx: ny,
        dy: -nx,
        t0: -lead,
        t1: b - a + lead,
        twoSided: false,
        before: after[after.length - 1].t - b,
        after: 0,
      });
    }
  }
  return { barriers, pixels, runs: touching };
}

/** Total least squares through the run's pixels, weighted by edge strength. */
function refit(pixels: Member[], width: number): Line | null {
  let sw = 0, sx = 0, sy = 0; // prettier-ignore
  for (const { i, w } of pixels) {
    const x = i % width;
    sw += w;
    sx += w * x;
    sy += w * ((i - x) / width);
  }
  if (sw === 0) return null;
  const mx = sx / sw;
  const my = sy / sw;
  let cxx = 0, cyy = 0, cxy = 0; // prettier-ignore
  for (const { i, w } of pixels) {
    const x = (i % width) - mx;
    const y = (i - (i % width)) / width - my;
    cxx += w * x * x;
    cyy += w * y * y;
    cxy += w * x * y;
  }
  // The direction is the eigenvector of the larger eigenvalue; the normal is perpendicular to it.
  let theta = 0.5 * Math.atan2(2 * cxy, cxx - cyy) + Math.PI / 2;
  if (theta >= Math.PI) theta -= Math.PI;
  if (theta < 0) theta += Math.PI;
  return { theta, rho: mx * Math.cos(theta) + my * Math.sin(theta) };
}

/** RMS over R, G, B of the difference of the mean colours 2–4 px either side of the run. */
function sideContrast(planes: FloatPlanes, hole: Uint8Array, line: Line, pixels: Member[]): number {
  const { width, height, data } = planes;
  const nx = Math.cos(line.theta);
  const ny = Math.sin(line.theta);
  const sums = [new Float64Array(3), new Float64Array(3)];
  const counts = [0, 0];
  for (const { i } of pixels) {
    const x = i % width;
    const y = (i - x) / width;
    for (const [side, sign] of [
      [0, -1],
      [1, 1],
    ] as const) {
      for (let d = 2; d <= 4; d++) {
        const px = Math.round(x + sign * d * nx);
        const py = Math.round(y + sign * d * ny);
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const p = py * width + px;
        if (hole[p]) continue;
        counts[side]++;
        for (let c = 0; c < 3; c++) sums[side][c] += data[p * 3 + c];
      }
    }
  }
  if (counts[0] === 0 || counts[1] === 0) return 0;
  let sq = 0;
  for (let c = 0; c < 3; c++) sq += (sums[0][c] / counts[0] - sums[1][c] / counts[1]) ** 2;
  return Math.sqrt(sq / 3);
}

/** Lines crossing at less than this angle (rad) do not end each other. */
const JUNCTION_MIN_ANGLE = (15 * Math.PI) / 180;

/**
 * A barrier seen on one side only ends where it meets another barrier inside the hole (an L corner, or a T on a
 * through line); with none, it crosses the hole and the edge fades out towards the far side, whose border shows
 * no step. Strongest first, against the others' current extents, so both arms of an L stop at the corner.
 */
function junctions(barriers: Barrier[], hole: Uint8Array, width: number, height: number): Barrier[] {
  for (const b of barriers) {
    if (b.twoSided) continue;
    let end = b.t1;
    for (const o of barriers) {
      if (o === b) continue;
      const cross = b.dx * o.dy - b.dy * o.dx;
      if (Math.abs(cross) < Math.sin(JUNCTION_MIN_ANGLE)) continue;
      // Solve b.p0 + t·b.d = o.p0 + s·o.d.
      const rx = o.x0 - b.x0;
      const ry = o.y0 - b.y0;
      const t = (rx * o.dy - ry * o.dx) / cross;
      const s = (rx * b.dy - ry * b.dx) / cross;
      if (t <= 1 || t >= end || s < o.t0 - 1 || s > o.t1 + 1) continue;
      const x = Math.round(b.x0 + t * b.dx);
      const y = Math.round(b.y0 + t * b.dy);
      if (x < 0 || y < 0 || x >= width || y >= height || !hole[y * width + x]) continue;
      end = t;
    }
    // Just past the other line, so the corner is closed.
    b.t1 = Math.min(b.t1, end + 1);
  }
  return barriers;
}

/** The links between 4-neighbours that cross a barrier (and, with `alongEdge`, the seen edge it continues). */
export function cutLinks(barriers: Barrier[], width: number, height: number, alongEdge = false): Cuts {
  const right = new Uint8Array(width * height);
  const down = new Uint8Array(width * height);
  for (const barrier of barriers) {
    const b = alongEdge
      ? {
          ...barrier,
          t0: Math.min(barrier.t0, -barrier.before),
          t1: barrier.twoSided ? barrier.t1 + barrier.after : barrier.t1,
        }
      : barrier;
    const ax = b.x0 + b.t0 * b.dx, ay = b.y0 + b.t0 * b.dy; // prettier-ignore
    const bx = b.x0 + b.t1 * b.dx, by = b.y0 + b.t1 * b.dy; // prettier-ignore
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx)) - 1);
    const x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx)) + 1);
    const y0 = Math.max(0, Math.floor(Math.min(ay, by)) - 1);
    const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by)) + 1);
    // Signed distance to the line, and position along it.
    const side = (x: number, y: number) => (x - b.x0) * b.dy - (y - b.y0) * b.dx;
    const along = (x: number, y: number) => (x - b.x0) * b.dx + (y - b.y0) * b.dy;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const s = side(x, y);
        const i = y * width + x;
        if (x < width - 1) {
          const s2 = side(x + 1, y);
          if (s < 0 !== s2 < 0) {
            const t = along(x + s / (s - s2), y);
            if (t >= b.t0 && t <= b.t1) right[i] = 1;
          }
        }
        if (y < height - 1) {
          const s2 = side(x, y + 1);
          if (s < 0 !== s2 < 0) {
            const t = along(x, y + s / (s - s2));
            if (t >= b.t0 && t <= b.t1) down[i] = 1;
          }
        }
      }
    }
  }
  return { right, down };
}
