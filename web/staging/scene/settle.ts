// Where a textile on one of our pieces comes to rest: the layout knows a typical seat or mattress height, the
// model its real one (a tufted seat sits lower than 45 cm, and a throw laid at 45 cm floated above it).
import * as THREE from 'three';
import { fromLocal } from '../../../core/staging/layout/geometry';
import type { PlacedPiece } from './types';

/** Where rays are dropped: shares of the textile's width and depth either side of its middle. */
const GRID = [-0.3, 0, 0.3];
/** How far above the layout's height they start, metres (above any seat or mattress). */
const FROM_M = 0.6;

/**
 * The height of the host's surface under a textile: the median of rays dropped on the host over the textile's
 * inner part, so a backrest or headboard under its back edge does not lift it. Null when fewer than half of
 * them hit the host (the textile lies mostly beside it).
 */
export function restHeight(
  piece: Pick<PlacedPiece, 'x' | 'z' | 'rotationDeg' | 'sizeM' | 'elevationM'>,
  host: THREE.Object3D,
): number | null {
  const down = new THREE.Vector3(0, -1, 0);
  const ray = new THREE.Raycaster();
  const heights: number[] = [];
  for (const fx of GRID) {
    for (const fz of GRID) {
      const at = fromLocal(piece, fx * piece.sizeM.w, fz * piece.sizeM.d);
      ray.set(new THREE.Vector3(at.x, piece.elevationM + FROM_M, at.z), down);
      const hit = ray.intersectObject(host, true)[0];
      if (hit) heights.push(hit.point.y);
    }
  }
  if (heights.length * 2 < GRID.length ** 2) return null;
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)]!;
}
