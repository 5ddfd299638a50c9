// Where to look for a place, deterministically on a 10 cm grid: along the walls (the longest free stretch of a
// wall facing the camera, centred on it), in the corners where two walls meet, and on open floor nearest a point.
// The callers say what fits; this module only decides which of the fitting places a stager would take.
import type { FloorPoint } from '../room/types';
import type { Scene } from './constraints';
import { add, dot, length, normalize, pointSegmentDistance, rotationFacing, scale, sub } from './geometry';

export const GRID_M = 0.1;
/** A wall facing the camera outweighs about three metres of extra free stretch: side walls show furniture edge-on. */
const FACING_WEIGHT = 3;
/** Stretches longer than this are all "long enough"; beyond it only facing and centring count. */
const STRETCH_CAP_M = 6;
/** How far a corner may lie beyond a wall's visible end and still be that wall's corner. */
const CORNER_SLACK_M = 0.3;

export interface WallFrame {
  index: number;
  a: FloorPoint;
  /** Unit vector from a to b. */
  u: FloorPoint;
  /** Unit inward normal. */
  n: FloorPoint;
  len: number;
  /** The turn of a piece with its back to this wall. */
  rotationDeg: number;
  /** How squarely the wall faces the camera: 1 head-on, 0 edge-on, negative behind the view. */
  facing: number;
  /** Whether the wall may go on beyond a and beyond b: no other wall meets it there. */
  openEnds: [boolean, boolean];
}

export function wallFrames(scene: Scene): WallFrame[] {
  const { walls } = scene.room;
  const cornerAt = (p: FloorPoint, self: number) =>
    walls.some((o, i) => i !== self && pointSegmentDistance(p, o.a, o.b) <= CORNER_SLACK_M);
  return walls.map((w, index) => {
    const d = sub(w.b, w.a);
    const n = normalize(w.normal);
    return {
      index,
      a: w.a,
      u: normalize(d),
      n,
      len: length(d),
      rotationDeg: rotationFacing(n),
      facing: dot(n, scene.toCamera),
      openEnds: [!cornerAt(w.a, index), !cornerAt(w.b, index)],
    };
  });
}

/** The centre of a piece `depth` deep whose back lies on the wall, `t` metres from the wall's start. */
export function againstWall(frame: WallFrame, t: number, depth: number): FloorPoint {
  return add(add(frame.a, scale(frame.u, t)), scale(frame.n, depth / 2));
}

export interface WallScan {
  /** What must fit along the wall, metres. */
  width: number;
  fits: (frame: WallFrame, t: number) => boolean;
  /** Which walls to try; all when absent. */
  walls?: (frame: WallFrame) => boolean;
  /** Extra score of a spot, e.g. how much of the piece the photo shows. */
  bonus?: (frame: WallFrame, t: number) => number;
  /**
   * How far past an open end of its seen foot the wall may be used: a picture hangs where the photo shows the
   * wall above a bed or a chest that hides its foot (the caller checks the photo shows wall there).
   */
  reachM?: number;
}

export interface WallSpot {
  frame: WallFrame;
  t: number;
}

/** Contiguous runs of fitting grid positions along one wall. */
function fittingRuns(frame: WallFrame, scan: WallScan): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  const reach = scan.reachM ?? 0;
  const from = frame.openEnds[0] ? -reach : 0;
  const to = frame.len + (frame.openEnds[1] ? reach : 0);
  const first = Math.ceil(from / GRID_M - 1e-9);
  const last = Math.floor(to / GRID_M + 1e-9);
  for (let k = first; k <= last; k++) {
    const t = k * GRID_M;
    const onWall = t - scan.width / 2 >= from - 0.05 && t + scan.width / 2 <= to + 0.05;
    if (onWall && scan.fits(frame, t)) {
      run.push(t);
    } else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

/**
 * The stager's wall spot: on a wall facing the camera, in the longest free stretch, centred on it, seen whole.
 * Ties go to the earlier wall and the smaller t, so the same room always gives the same spot.
 */
export function bestWallSpot(scene: Scene, scan: WallScan): WallSpot | null {
  let best: WallSpot | null = null;
  let bestScore = -Infinity;
  for (const frame of wallFrames(scene)) {
    if (scan.walls && !scan.walls(frame)) continue;
    for (const run of fittingRuns(frame, scan)) {
      const first = run[0]!;
      const last = run[run.length - 1]!;
      const mid = (first + last) / 2;
      const stretch = Math.min(last - first + scan.width, STRETCH_CAP_M);
      const candidates =
        run.some((t) => Math.abs(t - mid) < 1e-9) || !scan.fits(frame, mid) ? run : [mid, ...run];
      for (const t of candidates) {
        const bonus = scan.bonus ? scan.bonus(frame, t) : 0;
        const score = FACING_WEIGHT * frame.facing + stretch - Math.abs(t - mid) + bonus;
        if (score > bestScore + 1e-9) {
          bestScore = score;
          best = { frame, t };
        }
      }
    }
  }
  return best;
}

export interface CornerSpot {
  /** The wall the piece turns its back to. */
  back: WallFrame;
  side: WallFrame;
  corner: FloorPoint;
}

/** Every corner where two perpendicular walls meet, once per wall the piece could turn its back to. */
export function cornerSpots(scene: Scene): CornerSpot[] {
  const frames = wallFrames(scene);
  const spots: CornerSpot[] = [];
  for (const back of frames) {
    for (const side of frames) {
      if (back === side || Math.abs(dot(back.n, side.n)) > 0.1) continue;
      const s = dot(sub(side.a, back.a), side.n) / dot(back.u, side.n);
      const corner = add(back.a, scale(back.u, s));
      const wallB = scene.room.walls[back.index]!;
      const wallS = scene.room.walls[side.index]!;
      if (pointSegmentDistance(corner, wallB.a, wallB.b) > CORNER_SLACK_M) continue;
      if (pointSegmentDistance(corner, wallS.a, wallS.b) > CORNER_SLACK_M) continue;
      spots.push({ back, side, corner });
    }
  }
  return spots;
}

/** The centre of a piece tucked into a corner, its back on the corner's back wall. */
export function inCorner(spot: CornerSpot, size: { w: number; d: number }): FloorPoint {
  return add(add(spot.corner, scale(spot.back.n, size.d / 2)), scale(spot.side.n, size.w / 2));
}

const offsetCache = new Map<number, FloorPoint[]>();

/** Grid offsets within `radius` grid steps, nearest first, ties in a fixed order. */
function offsetsByDistance(radius: number): FloorPoint[] {
  const cached = offsetCache.get(radius);
  if (cached) return cached;
  const cells: { i: number; j: number }[] = [];
  for (let i = -radius; i <= radius; i++) {
    for (let j = -radius; j <= radius; j++) if (i * i + j * j <= radius * radius) cells.push({ i, j });
  }
  cells.sort((p, q) => p.i * p.i + p.j * p.j - (q.i * q.i + q.j * q.j) || p.i - q.i || p.j - q.j);
  const offsets = cells.map((c) => ({ x: c.i * GRID_M, z: c.j * GRID_M }));
  offsetCache.set(radius, offsets);
  return offsets;
}

/** The fitting grid point nearest `target` within `maxDistM`, or null. */
export function nearestFitting(
  target: FloorPoint,
  maxDistM: number,
  fits: (p: FloorPoint) => boolean,
): FloorPoint | null {
  for (const o of offsetsByDistance(Math.ceil(maxDistM / GRID_M - 1e-9))) {
    const p = add(target, o);
    if (fits(p)) return p;
  }
  return null;
}
