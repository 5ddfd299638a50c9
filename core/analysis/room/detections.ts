// The detector's raw box rows to the detections the room rules read: scores below a floor dropped, coordinates
// turned into image fractions, overlapping boxes of one class reduced to the best. Pure, so it is table-tested
// without a model (detector.ts runs the model and hands its rows here).
import { COCO_LABELS } from './cocoLabels';
import { nonMaxSuppression } from './nms';
import type { Detection } from './types';

/** The model of @vladmandic/human: MobileNetV3 CenterNet trained on COCO (80 classes), 512x512 input. */
export const DETECTOR_INPUT_SIZE = 512;

/** Boxes below this score are dropped before NMS; the room rules apply their own, higher, thresholds. */
export const MIN_DETECTION_SCORE = 0.1;
const NMS_IOU = 0.5;

/** Rows of [x1, y1, x2, y2, score, classIndex] in input pixels to normalised, non-overlapping detections. */
export function toDetections(rows: Float32Array): Detection[] {
  const candidates: Detection[] = [];
  for (let i = 0; i + 5 < rows.length; i += 6) {
    const score = rows[i + 4];
    const classIndex = rows[i + 5];
    if (!(score >= MIN_DETECTION_SCORE) || !Number.isInteger(classIndex)) continue;
    const label = COCO_LABELS[classIndex];
    if (label === undefined) continue;
    const x1 = clamp01(rows[i] / DETECTOR_INPUT_SIZE);
    const y1 = clamp01(rows[i + 1] / DETECTOR_INPUT_SIZE);
    const x2 = clamp01(rows[i + 2] / DETECTOR_INPUT_SIZE);
    const y2 = clamp01(rows[i + 3] / DETECTOR_INPUT_SIZE);
    candidates.push({
      label,
      score,
      box: { x: x1, y: y1, width: Math.max(0, x2 - x1), height: Math.max(0, y2 - y1) },
    });
  }
  return nonMaxSuppression(candidates, NMS_IOU);
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
