// Turns the room detector's evidence into the floor estimate the builtin renderer needs: things standing on the
// floor mark where the floor is (their bottom edges) and what new pieces should not cover. Without evidence the
// floor is the lower third of the frame (defaultFloor).
import type { Detection } from '../analysis/room/types';
import { defaultFloor, type FloorEstimate, type PixelBox } from './compose';

/** COCO classes that stand on the floor; their boxes' bottoms are floor points and their boxes are taken. */
export const FLOOR_STANDING_LABELS: ReadonlySet<string> = new Set([
  'chair',
  'couch',
  'bed',
  'dining table',
  'potted plant',
  'toilet',
  'refrigerator',
  'oven',
  'bench',
]);

/** Detections below this score are ignored here (the detector's own threshold is lower). */
export const MIN_FLOOR_EVIDENCE_SCORE = 0.35;

/**
 * The floor of a width x height photo from detections (boxes in image fractions). The back floor line moves up to
 * the highest bottom edge of a standing object (it stands on the floor, so the floor reaches that far back), but
 * not above half the height nor below the fallback; the standing objects become obstacles.
 */
export function floorFromDetections(
  width: number,
  height: number,
  detections: readonly Detection[],
): FloorEstimate {
  const floor = defaultFloor(width, height);
  const standing = detections.filter(
    (d) => d.score >= MIN_FLOOR_EVIDENCE_SCORE && FLOOR_STANDING_LABELS.has(d.label),
  );
  if (standing.length === 0) return floor;
  const obstacles: PixelBox[] = standing.map((d) => ({
    x: d.box.x * width,
    y: d.box.y * height,
    width: d.box.width * width,
    height: d.box.height * height,
  }));
  const highestBottom = Math.min(...obstacles.map((o) => o.y + o.height));
  const backLineY = Math.round(Math.max(height * 0.5, Math.min(floor.backLineY, highestBottom)));
  return {
    ...floor,
    backLineY,
    horizonY: Math.min(floor.horizonY ?? height * 0.42, backLineY - height * 0.1),
    obstacles,
  };
}
