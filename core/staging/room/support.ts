// Whether something laid on furniture the photo shows (a throw on the real bed) lands on that furniture's pixels.
// Footprints of real furniture are estimates from the visible base, so a pose computed from one can hang past the
// real bed's end; the segmentation says where the bed is in the photo.
import { projectPoint } from './camera';
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
  if (points.length === 0) return 0;
  let hits = 0;
  for (const point of points) {
    const at = projectPoint(camera, point);
    if (!at) continue;
    const x = Math.floor((at.u / camera.width) * labels.width);
    const y = Math.floor((at.v / camera.height) * labels.height);
    if (x < 0 || y < 0 || x >= labels.width || y >= labels.height) continue;
    if (labels.labels[y * labels.width + x] === id) hits++;
  }
  return hits / points.length;
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
