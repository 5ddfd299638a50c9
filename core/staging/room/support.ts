// Whether something laid on furniture the photo shows (a throw on the real bed) lands on that furniture's pixels,
// and whether the space it takes shows a plain wall. Footprints of real furniture are estimates from the visible
// base, so a pose computed from one can hang past the real bed's end; the photo says where the bed is.
import { projectPoint } from './camera';
import type { GrayImage } from './lineSegments';
import type { LabelMap, RoomCamera, Vec3 } from './types';

/** Samples per side of the grid laid over the piece's base. */
const GRID = 5;

/**
 * The share of `points` (world metres) that project inside the photo onto a pixel of class `id`; points behind the
 * camera or outside the photo count as misses.
 */
export function shareOnClass(
  camera: RoomCamera,
  labels: LabelMap,
  points: readonly Vec3[],
  id: number,
): number {
  return shareOnClasses(camera, labels, points, new Set([id]));
}

/** Like shareOnClass, for any of several classes. */
export function shareOnClasses(
  camera: RoomCamera,
  labels: LabelMap,
  points: readonly Vec3[],
  ids: ReadonlySet<number>,
): number {
  if (points.length === 0) return 0;
  let hits = 0;
  for (const point of points) {
    const at = projectPoint(camera, point);
    if (!at) continue;
    const x = Math.floor((at.u / camera.width) * labels.width);
    const y = Math.floor((at.v / camera.height) * labels.height);
    if (x < 0 || y < 0 || x >= labels.width || y >= labels.height) continue;
    if (ids.has(labels.labels[y * labels.width + x]!)) hits++;
  }
  return hits / points.length;
}

/**
 * The share of the photo's pixels of a class among `ids` inside the rectangle that bounds the projections of
 * `corners` (a piece's box): what the piece would cover, as a viewer sees its outline. 0 when nothing projects.
 */
export function boxShareOnClasses(
  camera: RoomCamera,
  labels: LabelMap,
  corners: readonly Vec3[],
  ids: ReadonlySet<number>,
): number {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const corner of corners) {
    const at = projectPoint(camera, corner);
    if (!at) continue;
    const x = (at.u / camera.width) * labels.width;
    const y = (at.v / camera.height) * labels.height;
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  const [left, top] = [Math.max(0, Math.floor(x0)), Math.max(0, Math.floor(y0))];
  const [right, bottom] = [Math.min(labels.width, Math.ceil(x1)), Math.min(labels.height, Math.ceil(y1))];
  if (right <= left || bottom <= top) return 0;
  let hits = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) if (ids.has(labels.labels[y * labels.width + x]!)) hits++;
  }
  return hits / ((right - left) * (bottom - top));
}

/** A grid of points over a rectangle lying at `y`: centre (x, z), w along `right`, d along `front` (unit vectors). */
export function baseGrid(
  centre: { x: number; z: number },
  right: { x: number; z: number },
  front: { x: number; z: number },
  w: number,
  d: number,
  y: number,
): Vec3[] {
  const points: Vec3[] = [];
  for (let i = 0; i < GRID; i++) {
    for (let j = 0; j < GRID; j++) {
      const a = ((i + 0.5) / GRID - 0.5) * w;
      const b = ((j + 0.5) / GRID - 0.5) * d;
      points.push({ x: centre.x + right.x * a + front.x * b, y, z: centre.z + right.z * a + front.z * b });
    }
  }
  return points;
}

/**
 * The spread (standard deviation, grey levels) of the photo at the points that project into it: low on a plain
 * wall, high where things stand. Infinity when fewer than half of them are in the photo.
 */
export function graySpread(camera: RoomCamera, gray: GrayImage, points: readonly Vec3[]): number {
  const values: number[] = [];
  for (const point of points) {
    const at = projectPoint(camera, point);
    if (!at) continue;
    const x = Math.floor((at.u / camera.width) * gray.width);
    const y = Math.floor((at.v / camera.height) * gray.height);
    if (x < 0 || y < 0 || x >= gray.width || y >= gray.height) continue;
    values.push(gray.data[y * gray.width + x]!);
  }
  if (values.length < points.length / 2) return Infinity;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length);
}

/** A grid of points over an upright rectangle: centre (x, z) on the floor, w along `right`, from y0 up by h. */
export function faceGrid(
  centre: { x: number; z: number },
  right: { x: number; z: number },
  w: number,
  y0: number,
  h: number,
): Vec3[] {
  const points: Vec3[] = [];
  for (let i = 0; i < GRID; i++) {
    for (let j = 0; j < GRID; j++) {
      const a = ((i + 0.5) / GRID - 0.5) * w;
      points.push({ x: centre.x + right.x * a, y: y0 + ((j + 0.5) / GRID) * h, z: centre.z + right.z * a });
    }
  }
  return points;
}

/** Points along the edge of the same upright rectangle as faceGrid's, RING_STEPS + 1 on each side. */
const RING_STEPS = 8;
export function faceRing(...[centre, right, w, y0, h]: Parameters<typeof faceGrid>): Vec3[] {
  const at = (a: number, y: number): Vec3 => ({ x: centre.x + right.x * a, y, z: centre.z + right.z * a });
  const points: Vec3[] = [];
  for (let i = 0; i <= RING_STEPS; i++) {
    const k = i / RING_STEPS;
    points.push(
      at((k - 0.5) * w, y0),
      at((k - 0.5) * w, y0 + h),
      at(-w / 2, y0 + k * h),
      at(w / 2, y0 + k * h),
    );
  }
  return points;
}
