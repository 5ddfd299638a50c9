// Hand-built rooms for the layout's tests: a box room seen by a real pinhole camera, its visible floor clipped
// to what the photo shows, walls with inward normals, and products at their catalogue sizes. Also the checks
// every layout must pass whatever the room: on the floor, clear of furniture and zones, walkways between groups.
import { expect } from 'vitest';
import { categoryById } from '../../../core/staging/categories';
import { floorPointAt, focalForFov, horizonRowAt } from '../../../core/staging/room/camera';
import { polygonDistance } from '../../../core/staging/layout/geometry';
import type {
  FloorPoint,
  KeepFreeZone,
  Obstacle,
  RoomCamera,
  RoomModel,
  WallLine,
} from '../../../core/staging/room/types';
import type { CategoryId } from '../../../core/staging/types';
import { footprint } from '../../../core/staging/layout/geometry';
import {
  placementProblems,
  type LayoutProduct,
  type LayoutResult,
  type PlacedPiece,
} from '../../../core/staging/layout';

export const camera = (over: Partial<RoomCamera> = {}): RoomCamera => ({
  width: 1600,
  height: 1200,
  focalPx: focalForFov(1600, 75),
  pitchDeg: 8,
  rollDeg: 0,
  yawDeg: 0,
  heightM: 1.5,
  focalSource: 'default',
  ...over,
});

export const rect = (x0: number, x1: number, z0: number, z1: number): FloorPoint[] => [
  { x: x0, z: z0 },
  { x: x1, z: z0 },
  { x: x1, z: z1 },
  { x: x0, z: z1 },
];

type Side = 'back' | 'left' | 'right';

/** Keeps the part of a polygon on the side of line pq where `inside` lies (Sutherland–Hodgman, one edge). */
function clip(polygon: FloorPoint[], p: FloorPoint, q: FloorPoint, inside: FloorPoint): FloorPoint[] {
  const side = (a: FloorPoint) => (q.x - p.x) * (a.z - p.z) - (q.z - p.z) * (a.x - p.x);
  const sign = Math.sign(side(inside));
  const out: FloorPoint[] = [];
  polygon.forEach((a, i) => {
    const b = polygon[(i + 1) % polygon.length]!;
    const sa = side(a) * sign;
    const sb = side(b) * sign;
    if (sa >= 0) out.push(a);
    if (sa * sb < 0) {
      const t = sa / (sa - sb);
      out.push({ x: a.x + (b.x - a.x) * t, z: a.z + (b.z - a.z) * t });
    }
  });
  return out;
}

/** The part of the floor the photo shows: inside the image's left, right and bottom edges. */
export function visibleFloor(cam: RoomCamera, floor: FloorPoint[]): FloorPoint[] {
  const { width: w, height: h } = cam;
  const nearHorizon = (u: number) => horizonRowAt(cam, u) + 40;
  const at = (u: number, v: number) => floorPointAt(cam, u, v)!;
  const inside = at(w / 2, (h + nearHorizon(w / 2)) / 2);
  let visible = clip(floor, at(0, h), at(0, nearHorizon(0)), inside);
  visible = clip(visible, at(w, h), at(w, nearHorizon(w)), inside);
  return clip(visible, at(0, h), at(w, h), inside);
}

export interface BoxRoom {
  x: [number, number];
  z: [number, number];
  cam?: RoomCamera;
  walls?: Side[];
  keepFree?: KeepFreeZone[];
  obstacles?: Obstacle[];
}

/** A rectangular room: the camera at the origin, the listed walls standing on the rectangle's sides. */
export function boxRoom(spec: BoxRoom): RoomModel {
  const [x0, x1] = spec.x;
  const [z0, z1] = spec.z;
  const cam = spec.cam ?? camera();
  const walls: Record<Side, WallLine> = {
    back: { a: { x: x0, z: z0 }, b: { x: x1, z: z0 }, normal: { x: 0, z: 1 } },
    left: { a: { x: x0, z: z0 }, b: { x: x0, z: z1 }, normal: { x: 1, z: 0 } },
    right: { a: { x: x1, z: z0 }, b: { x: x1, z: z1 }, normal: { x: -1, z: 0 } },
  };
  return {
    camera: cam,
    scaleSource: 'cameraHeight',
    floor: visibleFloor(cam, rect(x0, x1, z0, z1)),
    walls: (spec.walls ?? ['back', 'left', 'right']).map((s) => walls[s]),
    keepFree: spec.keepFree ?? [],
    obstacles: spec.obstacles ?? [],
  };
}

/** A product at its category's catalogue size; the id is the category's. */
export function product(category: CategoryId, quantity = 1): LayoutProduct {
  const { w, d, h } = categoryById(category).dimensions;
  return { id: category, category, quantity, sizeM: { w: w / 100, d: d / 100, h: h / 100 } };
}

export function pieceOf(result: LayoutResult, key: string): PlacedPiece {
  const piece = result.pieces.find((p) => p.key === key);
  if (!piece) throw new Error(`no piece ${key}; left out: ${JSON.stringify(result.leftOut)}`);
  return piece;
}

/** The gap between two footprints (0 when they touch or overlap). */
export function gap(a: readonly FloorPoint[], b: readonly FloorPoint[]): number {
  return polygonDistance(a, b);
}

/** The footprint's bounding box: handy to see which side touches a wall. */
export function extent(piece: PlacedPiece): { minX: number; maxX: number; minZ: number; maxZ: number } {
  const fp = footprint(piece);
  return {
    minX: Math.min(...fp.map((p) => p.x)),
    maxX: Math.max(...fp.map((p) => p.x)),
    minZ: Math.min(...fp.map((p) => p.z)),
    maxZ: Math.max(...fp.map((p) => p.z)),
  };
}

/** What every layout must keep, whatever the room: no physical problem, far enough from the camera. */
export function expectSound(room: RoomModel, result: LayoutResult): void {
  for (const piece of result.pieces) {
    expect({ key: piece.key, problems: placementProblems(room, result.pieces, piece.key) }).toEqual({
      key: piece.key,
      problems: [],
    });
    if (piece.onFloor) {
      const nearest = Math.min(
        ...footprint(piece).map(
          (p) =>
            -p.z * Math.cos((room.camera.yawDeg * Math.PI) / 180) -
            p.x * Math.sin((room.camera.yawDeg * Math.PI) / 180),
        ),
      );
      expect(nearest).toBeGreaterThanOrEqual(1.2 - 1e-6);
    }
    if (piece.on !== undefined) expect(result.pieces.some((p) => p.key === piece.on)).toBe(true);
  }
}
