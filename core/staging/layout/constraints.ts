// The hard rules a placed piece must keep: floor pieces stand on the visible floor, far enough from the camera,
// clear of existing furniture, windows, doors and walkways and of each other with 60 cm walkways between groups
// (side by side with their backs to one wall needs none: nobody walks between a shelf and the sideboard beside it);
// wall pieces hang clear of windows, doors and tall furniture. Also the check for a piece the host moved by hand.
import { categoryById } from '../categories';
import { cameraRotation, projectPoint } from '../room/camera';
import { DOOR_LABELS, FLOOR_LABELS, WINDOW_LABELS } from '../room/labels';
import { boxShareOnClasses, shareOnClasses } from '../room/support';
import type { GrayImage } from '../room/lineSegments';
import type { FloorPoint, KeepFreeZone, LabelMap, RoomModel } from '../room/types';
import type { CategoryId, Placement } from '../types';
import {
  footprint,
  fromLocal,
  frontOf,
  pointSegmentDistance,
  innerFootprint,
  normalize,
  dot,
  polygonDistance,
  polygonInside,
  polygonSegmentDistance,
  polygonsIntersect,
  sub,
  type Pose,
} from './geometry';
import type { PlacedPiece, PlacementProblem } from './types';

export const WALKWAY_M = 0.6;
export const MIN_CAMERA_DISTANCE_M = 1.2;
/** A piece whose back is this close to a wall's foot stands against it (no walkway to neighbours on that wall). */
const AGAINST_WALL_M = 0.1;
/** Obstacle footprints are estimates extended backwards, so they get more slack to count as against a wall. */
const OBSTACLE_AGAINST_WALL_M = 0.15;
/** How far into the room a window's or door's zone may start and still lie under a wall piece. */
const WALL_PIECE_REACH_M = 0.5;
/** Side gap between two wall pieces so frames never touch. */
const WALL_PIECE_GAP_M = 0.1;
/**
 * A wall's foot is known to about this many label rows: a piece with its back to the wall may reach that far past
 * the seen floor's edge there (far away, one row spans decimetres of floor).
 */
const WALL_FOOT_ROWS = 2;
const WALL_FOOT_SLACK_MAX_M = 0.35;
/** Where a piece's front edge is looked at in the photo: just inside its footprint, this many rows up its front. */
const FRONT_EDGE_INSET_M = 0.03;
const FOOT_ROWS = 4;
/** The most of its outline in the photo a standing piece may cover of a window or door (its edges bleed). */
const OPENING_COVER_MAX = 0.05;
const OPENING_LABELS: ReadonlySet<number> = new Set([...WINDOW_LABELS, ...DOOR_LABELS]);

/** Pieces that work as one and need no walkway between them. */
const GROUPS: Partial<Record<CategoryId, string>> = {
  bed: 'bed',
  nightstand: 'bed',
  bench: 'bed',
  sofa: 'seating',
  coffeeTable: 'seating',
  armchair: 'seating',
  sideTable: 'seating',
  floorLamp: 'seating',
  diningTable: 'dining',
  diningChair: 'dining',
  desk: 'desk',
  officeChair: 'desk',
};

export function placementOf(category: CategoryId): Placement {
  return categoryById(category).placement;
}

export function standsOnFloor(category: CategoryId): boolean {
  const placement = placementOf(category);
  return placement === 'floor' || placement === 'flat';
}

/** A piece being tried somewhere: its pose plus what decides the rules it must keep. */
export interface Draft extends Pose {
  key: string;
  category: CategoryId;
  /** Overrides the category's group (bar stools belong to their counter). */
  group?: string;
  /** An obstacle this piece serves and may stand close to (the counter of a bar stool). */
  servesObstacle?: number;
}

/** The room plus what is placed so far, with what every check needs computed once. */
export interface Scene {
  room: RoomModel;
  /** Unit vector on the floor from the view towards the camera: a wall whose normal is close to it faces us. */
  toCamera: FloorPoint;
  placed: PlacedPiece[];
  groups: Map<string, string>;
  /** Per obstacle, the walls it stands against. */
  obstacleWalls: number[][];
  /** What the photo shows, where known: a piece put on real furniture must land on its pixels. */
  photo: PhotoEvidence | null;
}

export function viewDirection(room: RoomModel): FloorPoint {
  const r = cameraRotation(room.camera);
  // The camera looks along its -z; world = R · camera, so the view is minus R's third column.
  return normalize({ x: -r[2], z: -r[8] });
}

/** The photo's classes and its grey levels at the camera's size, for checks against what the photo shows. */
export interface PhotoEvidence {
  labels: LabelMap;
  gray: GrayImage;
}

export function makeScene(room: RoomModel, photo: PhotoEvidence | null = null): Scene {
  const forward = viewDirection(room);
  return {
    room,
    photo,
    toCamera: { x: -forward.x, z: -forward.z },
    placed: [],
    groups: new Map(),
    obstacleWalls: room.obstacles.map((o) => wallsTouched(room, o.polygon, OBSTACLE_AGAINST_WALL_M)),
  };
}

/** The indices of the walls a footprint stands against. */
function wallsTouched(room: RoomModel, polygon: readonly FloorPoint[], tolerance: number): number[] {
  return room.walls.flatMap((w, i) => (polygonSegmentDistance(polygon, w.a, w.b) <= tolerance ? [i] : []));
}

/** The wall a piece turns its back to, standing against it: a list of at most one index. */
function backWall(room: RoomModel, pose: Pose): number[] {
  const [backLeft, backRight] = footprint(pose);
  const front = frontOf(pose.rotationDeg);
  return room.walls.flatMap((w, i) => {
    const square = dot(normalize(w.normal), front) > 0.99;
    const near = (p: FloorPoint) => pointSegmentDistance(p, w.a, w.b) <= AGAINST_WALL_M;
    return square && near(backLeft!) && near(backRight!) ? [i] : [];
  });
}

function shareAWall(a: readonly number[], b: readonly number[]): boolean {
  return a.some((i) => b.includes(i));
}

export function groupOf(scene: Scene, key: string, category: CategoryId): string {
  return scene.groups.get(key) ?? GROUPS[category] ?? key;
}

function farEnoughFromCamera(room: RoomModel, polygon: readonly FloorPoint[]): boolean {
  const forward = viewDirection(room);
  // The origin is under the camera, so a point's depth along the view is its dot product with the view.
  return polygon.every((p) => dot(p, forward) >= MIN_CAMERA_DISTANCE_M);
}

/** The zones floor pieces keep out of: a picture on the wall leaves the floor below it free to use. */
function floorZones(room: RoomModel): KeepFreeZone[] {
  return room.keepFree.filter((zone) => zone.kind !== 'wallDecor');
}

/**
 * Whether a piece stands on the seen floor. With its back to a wall, its back may reach past the floor's edge
 * by the wall foot's uncertainty there: the floor outline follows the label map's rows, the wall line a fit.
 */
function onSeenFloor(room: RoomModel, pose: Pose, atWalls: readonly number[]): boolean {
  if (polygonInside(innerFootprint(pose), room.floor)) return true;
  if (!atWalls.length) return false;
  const back = fromLocal(pose, 0, -pose.sizeM.d / 2);
  const distance = Math.max(0, dot(back, viewDirection(room)));
  const { focalPx, heightM } = room.camera;
  const slack = Math.min(WALL_FOOT_SLACK_MAX_M, (WALL_FOOT_ROWS * distance * distance) / (focalPx * heightM));
  if (slack >= pose.sizeM.d) return false;
  const front = { ...fromLocal(pose, 0, slack / 2), rotationDeg: pose.rotationDeg };
  return polygonInside(
    innerFootprint({ ...front, sizeM: { ...pose.sizeM, d: pose.sizeM.d - slack } }),
    room.floor,
  );
}

/**
 * Whether the photo shows floor just above where the piece's front edge meets it, a few pixels up its front: the
 * outline and the wall fits are estimates, and a pot whose foot is drawn over the wall's foot stands in the wall
 * for anyone who looks.
 */
function frontOnFloor(room: RoomModel, pose: Pose, photo: PhotoEvidence): boolean {
  const forward = viewDirection(room);
  const edge = [-0.4, 0, 0.4].map((s) => {
    const p = fromLocal(pose, s * pose.sizeM.w, pose.sizeM.d / 2 - FRONT_EDGE_INSET_M);
    const up = (FOOT_ROWS * Math.max(0, dot(p, forward))) / room.camera.focalPx;
    return { x: p.x, y: Math.min(up, pose.sizeM.h / 4), z: p.z };
  });
  return shareOnClasses(room.camera, photo.labels, edge, FLOOR_LABELS) >= 0.99;
}

/**
 * Whether a piece, standing or set on a top `elevationM` up, would hide a window or door as the photo shows it:
 * nearer the camera than the opening's keep-free zone, a tall lamp still stands in front of the window in the
 * picture.
 */
export function coversOpening(scene: Scene, pose: Pose, elevationM = 0): boolean {
  if (!scene.photo) return false;
  const corners = footprint(pose).flatMap((p) => [
    { x: p.x, y: elevationM, z: p.z },
    { x: p.x, y: elevationM + pose.sizeM.h, z: p.z },
  ]);
  return (
    boxShareOnClasses(scene.room.camera, scene.photo.labels, corners, OPENING_LABELS) > OPENING_COVER_MAX
  );
}

/** The photo rectangle (pixels of the camera) that bounds a piece's box, or null when it is behind the camera. */
function imageBox(room: RoomModel, pose: Pose, elevationM: number): [number, number, number, number] | null {
  const points = footprint(pose).flatMap((p) => [
    projectPoint(room.camera, { x: p.x, y: elevationM, z: p.z }),
    projectPoint(room.camera, { x: p.x, y: elevationM + pose.sizeM.h, z: p.z }),
  ]);
  if (points.some((p) => !p)) return null;
  const us = points.map((p) => p!.u);
  const vs = points.map((p) => p!.v);
  return [Math.min(...us), Math.min(...vs), Math.max(...us), Math.max(...vs)];
}

/**
 * Whether the foot of a standing piece would be hidden behind one of ours nearer the camera: a plant behind
 * the armchair seems to stand on it. A rug is not in the way, nor a piece of the same group (a nightstand half
 * behind its bed is how a bed is seen).
 */
function footHiddenByOurs(scene: Scene, draft: Draft): boolean {
  const group = draft.group ?? GROUPS[draft.category] ?? draft.key;
  const forward = viewDirection(scene.room);
  const foot = fromLocal(draft, 0, draft.sizeM.d / 2);
  const at = projectPoint(scene.room.camera, { x: foot.x, y: 0, z: foot.z });
  if (!at) return false;
  const depth = dot(draft, forward);
  return scene.placed.some((other) => {
    if (!other.onFloor || placementOf(other.category) === 'flat' || dot(other, forward) >= depth)
      return false;
    if (groupOf(scene, other.key, other.category) === group) return false;
    const box = imageBox(scene.room, other, other.elevationM);
    return box !== null && at.u > box[0] && at.u < box[2] && at.v > box[1] && at.v < box[3];
  });
}

/** How far past a wall that faces the camera a piece's back may reach: two fits of one wall differ this much. */
const PAST_WALL_M = 0.3;
/** A wall faces the camera when its normal and the way to the camera agree this much. */
const FACING_CAMERA = 0.7;

/**
 * Whether a piece stands past a wall that faces the camera, within the wall's seen stretch: the floor there is
 * seen through an opening in it, a doorway into the next room, and a sofa there stands in the dining room.
 */
function pastAWall(scene: Scene, pose: Pose): boolean {
  return scene.room.walls.some((wall) => {
    const n = normalize(wall.normal);
    if (dot(n, scene.toCamera) < FACING_CAMERA) return false;
    const along = sub(wall.b, wall.a);
    const back = fromLocal(pose, 0, -pose.sizeM.d / 2);
    const t = dot(sub(back, wall.a), along) / dot(along, along);
    return t >= 0 && t <= 1 && dot(sub(back, wall.a), n) < -PAST_WALL_M;
  });
}

/** Whether a floor piece may stand at its draft pose: every hard rule of the stager. */
export function canStand(scene: Scene, draft: Draft): boolean {
  const { room } = scene;
  const outer = footprint(draft);
  const inner = innerFootprint(draft);
  const atWalls = backWall(room, draft);
  if (!onSeenFloor(room, draft, atWalls)) return false;
  if (!farEnoughFromCamera(room, outer)) return false;
  if (pastAWall(scene, draft)) return false;
  if (floorZones(room).some((zone) => polygonsIntersect(inner, zone.polygon))) return false;
  const flat = placementOf(draft.category) === 'flat';
  if (!flat && scene.photo && (coversOpening(scene, draft) || !frontOnFloor(room, draft, scene.photo)))
    return false;
  if (!flat && footHiddenByOurs(scene, draft)) return false;
  for (let i = 0; i < room.obstacles.length; i++) {
    const polygon = room.obstacles[i]!.polygon;
    if (polygonsIntersect(inner, polygon)) return false;
    if (flat || i === draft.servesObstacle || shareAWall(atWalls, scene.obstacleWalls[i]!)) continue;
    if (polygonDistance(outer, polygon) < WALKWAY_M) return false;
  }
  const group = draft.group ?? GROUPS[draft.category] ?? draft.key;
  for (const other of scene.placed) {
    if (!other.onFloor) continue;
    const otherFlat = placementOf(other.category) === 'flat';
    if (flat !== otherFlat) continue; // rugs lie under our own pieces
    const otherOuter = footprint(other);
    if (polygonsIntersect(inner, otherOuter)) return false;
    if (flat || groupOf(scene, other.key, other.category) === group) continue;
    if (shareAWall(atWalls, backWall(room, other))) continue;
    if (polygonDistance(outer, otherOuter) < WALKWAY_M) return false;
  }
  return true;
}

/** The strip of floor in front of a wall piece: a window or door there lies under it. */
function wallStrip(pose: Pose): FloorPoint[] {
  const centre = fromLocal(pose, 0, WALL_PIECE_REACH_M / 2);
  return innerFootprint({
    ...pose,
    ...centre,
    sizeM: { ...pose.sizeM, d: pose.sizeM.d + WALL_PIECE_REACH_M },
  });
}

/** Whether a wall piece would hang over a window, a door or a picture or mirror already there. */
function overWindowOrDoor(room: RoomModel, pose: Pose): boolean {
  const strip = wallStrip(pose);
  return room.keepFree.some((z) => z.kind !== 'walkway' && polygonsIntersect(strip, z.polygon));
}

/** Share of a box's 8 corners that land inside the photo; 1 when the piece is seen whole. */
export function visibleShare(room: RoomModel, pose: Pose, elevationM: number): number {
  const { camera } = room;
  let seen = 0;
  for (const p of footprint(pose)) {
    for (const y of [elevationM, elevationM + pose.sizeM.h]) {
      const px = projectPoint(camera, { x: p.x, y, z: p.z });
      if (px && px.u >= 0 && px.u <= camera.width && px.v >= 0 && px.v <= camera.height) seen++;
    }
  }
  return seen / 8;
}

/** Whether a wall piece may hang at its pose with its bottom edge at `elevationM`. */
export function canHang(scene: Scene, draft: Draft, elevationM: number): boolean {
  const { room } = scene;
  if (overWindowOrDoor(room, draft)) return false;
  if (visibleShare(room, draft, elevationM) < 1) return false;
  const strip = wallStrip(draft);
  const top = elevationM + draft.sizeM.h;
  const widened = footprint({ ...draft, sizeM: { ...draft.sizeM, w: draft.sizeM.w + 2 * WALL_PIECE_GAP_M } });
  for (const other of scene.placed) {
    const placement = placementOf(other.category);
    if (placement === 'ceiling') continue;
    if (placement === 'wall') {
      const sharesHeight = other.elevationM < top && other.elevationM + other.sizeM.h > elevationM;
      if (sharesHeight && polygonsIntersect(widened, footprint(other))) return false;
    } else if (
      other.elevationM + other.sizeM.h > elevationM &&
      polygonsIntersect(strip, innerFootprint(other))
    ) {
      return false; // it would hang behind a wardrobe or a shelf
    }
  }
  // The furniture it hangs above (an existing bed or sofa) sets its height already.
  return !room.obstacles.some(
    (o, i) =>
      i !== draft.servesObstacle &&
      (o.heightM ?? Infinity) > elevationM &&
      polygonsIntersect(strip, o.polygon),
  );
}

/**
 * For a piece the host moved by hand: the physical problems only (off the floor, on existing furniture, in a
 * window's, door's or walkway's zone, on another of our pieces). The stager's preferences, walkways between
 * groups and distance to the camera, are the host's call and not reported.
 */
export function placementProblems(
  room: RoomModel,
  pieces: readonly PlacedPiece[],
  key: string,
): PlacementProblem[] {
  const piece = pieces.find((p) => p.key === key);
  if (!piece) throw new Error(`placementProblems: no piece ${key}`);
  const placement = placementOf(piece.category);
  if (placement === 'wall') return overWindowOrDoor(room, piece) ? ['keepFree'] : [];
  if (!piece.onFloor) return [];
  const inner = innerFootprint(piece);
  const flat = placement === 'flat';
  const problems: PlacementProblem[] = [];
  if (!onSeenFloor(room, piece, backWall(room, piece))) problems.push('offFloor');
  if (room.obstacles.some((o) => polygonsIntersect(inner, o.polygon))) problems.push('obstacle');
  if (floorZones(room).some((z) => polygonsIntersect(inner, z.polygon))) problems.push('keepFree');
  const clash = pieces.some(
    (other) =>
      other.key !== key &&
      other.onFloor &&
      (placementOf(other.category) === 'flat') === flat &&
      polygonsIntersect(inner, innerFootprint(other)),
  );
  if (clash) problems.push('overlap');
  return problems;
}
