// Furniture already in the room as anchors for our companions: an obstacle the segmentation names like one of our
// categories (a bed, a sofa, an armchair, a low cabinet as a dresser) becomes a piece with a pose, its back on the
// wall it stands against and its front towards the room, so nightstands, tables, lamps, rugs and art can go with
// what is there as a stager would furnish around it. Our own anchors still come first; see unit.ts anchorsOf.
import type { FloorPoint } from '../room/types';
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
  // Free-standing: its front is a side the camera sees, a long side for seats and cabinets, a short one (the
  // foot) for a bed.
  const front = back ? back.normal : freeFront(scene, sides, kind.category === 'bed');
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
