// Furniture already in the room as anchors for our companions: an obstacle the segmentation names like one of our
// categories (a bed, a sofa, an armchair, a low cabinet as a dresser) becomes a piece with a pose, its back on the
// wall it stands against and its front towards the room, so nightstands, tables, lamps, rugs and art can go with
// what is there as a stager would furnish around it. Our own anchors still come first; see unit.ts anchorsOf.
import { projectPoint } from '../room/camera';
import { LABEL_NAMES } from '../room/labels';
import type { FloorPoint, LabelMap } from '../room/types';
import type { CategoryId } from '../types';
import type { Scene } from './constraints';
import { add, centroid, dot, length, normalize, rotationFacing, scale, sub } from './geometry';
import type { PlacedPiece } from './types';

/** What an obstacle's label stands for among our categories, and how tall it typically is when the photo hides it. */
const AS_CATEGORY: Readonly<
  Record<string, { category: CategoryId; typicalH: number; maxH?: number; wallSlackM?: number }>
> = {
  // Nobody leaves floor behind a bed: one whose estimated back lies within 80 cm of a wall stands against it.
  bed: { category: 'bed', typicalH: 1.0, wallSlackM: 0.8 },
  sofa: { category: 'sofa', typicalH: 0.85 },
  armchair: { category: 'armchair', typicalH: 0.85 },
  // A cabinet low enough to hang a mirror above is a dresser or sideboard; taller ones are wardrobes or kitchens.
  cabinet: { category: 'sideboard', typicalH: 0.8, maxH: 1.2 },
};

/**
 * How far an obstacle's back may lie from a wall and still stand against it: footprints are the visible base
 * extended backwards by a typical depth, so a bed at the wall can end up to this short of it.
 */
const AGAINST_WALL_SLACK_M = 0.35;
/** Walls must be this close to square with a side of the footprint to be the one it stands against. */
const SQUARE = 0.95;
/**
 * How far past the seen end of a wall a footprint may lie and still stand against it: the photo shows a wall's
 * foot only where nothing hides it, and the furniture in front is what hides it.
 */
const WALL_END_SLACK_M = 1.0;

/** An existing piece of furniture as an anchor: a placed piece that is not ours, with the obstacle it is. */
export interface ExistingAnchor extends PlacedPiece {
  obstacle: number;
}

const EXISTING_KEY_PREFIX = 'existing:';

const cache = new WeakMap<Scene, ExistingAnchor[]>();

/** The existing anchors of a scene, in obstacle order; computed once per scene. */
export function existingAnchors(scene: Scene): ExistingAnchor[] {
  let anchors = cache.get(scene);
  if (!anchors) {
    anchors = scene.room.obstacles.flatMap((_, i) => {
      const anchor = anchorOf(scene, i);
      return anchor ? [anchor] : [];
    });
    cache.set(scene, anchors);
  }
  return anchors;
}

/** The obstacle a piece's `on` names when it stands on furniture already in the room, else null. */
export function existingObstacleOf(key: string | undefined): number | null {
  if (!key?.startsWith(EXISTING_KEY_PREFIX)) return null;
  const index = Number(key.slice(EXISTING_KEY_PREFIX.length));
  return Number.isInteger(index) ? index : null;
}

export function existingOf(scene: Scene, category: CategoryId): ExistingAnchor[] {
  return existingAnchors(scene).filter((a) => a.category === category);
}

/** Whether the room has furniture of this category already (a bed: then we bring none). */
export function hasExisting(scene: Scene, category: CategoryId): boolean {
  return existingOf(scene, category).length > 0;
}

interface Side {
  mid: FloorPoint;
  a: FloorPoint;
  b: FloorPoint;
  /** Unit vector out of the footprint. */
  out: FloorPoint;
  len: number;
}

function sidesOf(polygon: readonly FloorPoint[]): Side[] {
  const middle = centroid(polygon);
  return polygon.map((a, i) => {
    const b = polygon[(i + 1) % polygon.length]!;
    const along = normalize(sub(b, a));
    const mid = scale(add(a, b), 0.5);
    let out = { x: along.z, z: -along.x };
    if (dot(out, sub(mid, middle)) < 0) out = scale(out, -1);
    return { mid, a, b, out, len: length(sub(b, a)) };
  });
}

function freeFront(scene: Scene, sides: readonly Side[], shortFront: boolean): FloorPoint {
  const longest = Math.max(...sides.map((s) => s.len));
  const shortest = Math.min(...sides.map((s) => s.len));
  // A square footprint says nothing about which way it faces: then every side may be the front.
  const square = longest - shortest < 0.1;
  const candidates = sides.filter(
    (s) => square || (shortFront ? s.len < longest - 1e-9 : s.len > shortest + 1e-9),
  );
  return candidates.reduce((p, q) => (dot(q.out, scene.toCamera) > dot(p.out, scene.toCamera) ? q : p)).out;
}

/** The columns where a bed's class reaches highest in the photo, as a share of its span: its headboard. */
const HEADBOARD_COLUMNS = 0.1;
/** How far into either end of the bed's span those columns must lie for the head to be at that end. */
const HEAD_AT_END = 0.3;
/** Columns with fewer of the bed's pixels are a mislabelled fleck. */
const MIN_COLUMN_PX = 3;
/** How far above the bed's typical top the headboard must reach, as a share of the bed's typical height seen. */
const HEADBOARD_RISE = 0.25;

/**
 * Which end of a bed's span in the photo its headboard stands at, from where the bed's class reaches highest
 * (`u0`..`u1` are the footprint's columns in label pixels, widened, as other beds may be in the photo); null
 * when that is its middle (a bed seen from its foot) or unclear.
 */
export function headboardEnd(labels: LabelMap, id: number, u0: number, u1: number): 'left' | 'right' | null {
  const tops: { x: number; top: number; count: number }[] = [];
  for (let x = Math.max(0, Math.floor(u0)); x < Math.min(labels.width, Math.ceil(u1)); x++) {
    let top = -1;
    let count = 0;
    for (let y = 0; y < labels.height; y++) {
      if (labels.labels[y * labels.width + x] !== id) continue;
      if (top < 0) top = y;
      count++;
    }
    if (count >= MIN_COLUMN_PX) tops.push({ x, top, count });
  }
  if (tops.length < 10) return null;
  const first = tops[0]!.x;
  const span = tops[tops.length - 1]!.x - first;
  const byTop = [...tops].sort((a, b) => a.top - b.top);
  const highest = byTop.slice(0, Math.ceil(tops.length * HEADBOARD_COLUMNS));
  const typical = byTop[Math.floor(byTop.length / 2)]!;
  const rise = typical.top - highest.reduce((sum, c) => sum + c.top, 0) / highest.length;
  if (rise < HEADBOARD_RISE * typical.count) return null;
  const at = (highest.reduce((sum, c) => sum + c.x, 0) / highest.length - first) / span;
  return at < HEAD_AT_END ? 'left' : at > 1 - HEAD_AT_END ? 'right' : null;
}

/**
 * A free-standing bed's head side, where the photo shows its headboard at one end of the bed: seen from the
 * foot's corner with its head on a wall the photo does not show, a bed's footprint is near-square and says
 * nothing of its direction, and a throw laid across its "foot" would lie along it.
 */
function headSide(scene: Scene, obstacle: number, sides: readonly Side[]): Side | null {
  const { photo, room } = scene;
  const id = LABEL_NAMES.indexOf(room.obstacles[obstacle]!.label);
  if (!photo || id < 0) return null;
  const { camera } = room;
  const toLabels = photo.labels.width / camera.width;
  const us = room.obstacles[obstacle]!.polygon.map((p) => projectPoint(camera, { x: p.x, y: 0, z: p.z })?.u);
  if (us.some((u) => u === undefined)) return null;
  const [left, right] = [Math.min(...(us as number[])), Math.max(...(us as number[]))];
  const widen = (right - left) * HEAD_AT_END;
  const end = headboardEnd(photo.labels, id, (left - widen) * toLabels, (right + widen) * toLabels);
  if (!end) return null;
  // The side whose outward direction runs furthest towards that end of the picture.
  const du = (side: Side) => {
    const from = projectPoint(camera, { x: side.mid.x, y: 0, z: side.mid.z });
    const to = projectPoint(camera, { x: side.mid.x + side.out.x, y: 0, z: side.mid.z + side.out.z });
    return from && to ? (to.u - from.u) * (end === 'left' ? -1 : 1) : -Infinity;
  };
  return sides.reduce((p, q) => (du(q) > du(p) ? q : p));
}

function anchorOf(scene: Scene, obstacle: number): ExistingAnchor | null {
  const o = scene.room.obstacles[obstacle]!;
  const kind = AS_CATEGORY[o.label.toLowerCase()];
  if (!kind || o.polygon.length !== 4) return null;
  if (kind.maxH !== undefined && (o.heightM === undefined || o.heightM > kind.maxH)) return null;
  const sides = sidesOf(o.polygon);
  const depthOf = (s: Side) => sides.find((t) => dot(t.out, s.out) < -SQUARE)?.mid;

  // The back: the side nearest a wall square to it, preferring walls that face the camera (footprints are
  // extended away from the camera, so that is where the estimate ends) and, for a bed, the headboard's short side.
  let back: { side: Side; gap: number; normal: FloorPoint } | null = null;
  let bestScore = -Infinity;
  for (const side of sides) {
    for (const wall of scene.room.walls) {
      const n = normalize(wall.normal);
      if (dot(n, side.out) > -SQUARE) continue;
      // Distance to the wall's line, as long as the side overlaps the wall's seen stretch (give or take).
      const u = normalize(sub(wall.b, wall.a));
      const span = length(sub(wall.b, wall.a));
      const [t0, t1] = [dot(sub(side.a, wall.a), u), dot(sub(side.b, wall.a), u)].sort((p, q) => p - q);
      if (t1! < -WALL_END_SLACK_M || t0! > span + WALL_END_SLACK_M) continue;
      const gap = Math.max(dot(sub(side.a, wall.a), n), dot(sub(side.b, wall.a), n));
      if (gap > (kind.wallSlackM ?? AGAINST_WALL_SLACK_M) || gap < -AGAINST_WALL_SLACK_M) continue;
      const opposite = depthOf(side);
      const depth = opposite ? length(sub(opposite, side.mid)) : 0;
      const headboard = kind.category === 'bed' ? (depth >= side.len ? 1 : 0) : depth <= side.len ? 1 : 0;
      const score = dot(n, scene.toCamera) + headboard - gap;
      if (score > bestScore) {
        bestScore = score;
        back = { side, gap: dot(sub(side.mid, wall.a), n), normal: n };
      }
    }
  }
  // Free-standing: a bed faces away from the headboard the photo shows at one end of it; else its front is a side
  // the camera sees, a long side for seats and cabinets, a short one (the foot) for a bed.
  const head = !back && kind.category === 'bed' ? headSide(scene, obstacle, sides) : null;
  const front = back
    ? back.normal
    : head
      ? scale(head.out, -1)
      : freeFront(scene, sides, kind.category === 'bed');
  const backSide = back?.side ?? sides.find((s) => dot(s.out, front) < -SQUARE)!;
  const frontSide = sides.find((s) => dot(s.out, front) > SQUARE);
  if (!frontSide) return null;
  // Snapped to the wall behind it: the estimate's back is the least certain part of the footprint.
  const backMid = back ? sub(backSide.mid, scale(front, Math.max(0, back.gap))) : backSide.mid;
  const d = dot(sub(frontSide.mid, backMid), front);
  if (d <= 0.05) return null;
  const centre = add(backMid, scale(front, d / 2));
  return {
    key: `${EXISTING_KEY_PREFIX}${obstacle}`,
    id: `${EXISTING_KEY_PREFIX}${o.label}`,
    category: kind.category,
    unit: 0,
    x: centre.x,
    z: centre.z,
    rotationDeg: rotationFacing(front),
    elevationM: 0,
    sizeM: { w: backSide.len, d, h: o.heightM ?? kind.typicalH },
    onFloor: true,
    obstacle,
  };
}
