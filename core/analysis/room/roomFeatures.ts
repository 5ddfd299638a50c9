// The feature vector the trained room head reads: what the detector believes is in the photo (per-class scores
// as log-odds, and how much of the frame the big furniture fills) plus the scene cues. Names travel with the
// weights file, so a change here that the weights don't know about fails loudly instead of silently.
import { cocoIndex, type CocoLabel } from './cocoLabels';
import { SCENE_FEATURE_NAMES, sceneFeatureVector, type SceneFeatures } from './sceneFeatures';
import type { Detection, DetectorOutput } from './types';

/**
 * COCO classes that say something about a room. The other 39 (animals, sports gear, vehicles but the car)
 * are left out: with a hundred labelled photos their weights would only learn noise.
 */
export const ROOM_CUE_LABELS: readonly CocoLabel[] = [
  'person', 'bicycle', 'car', 'truck', 'bench', 'bird', 'dog', 'cat', 'umbrella', 'handbag', 'suitcase',
  'bottle', 'wine glass', 'cup', 'bowl', 'knife', 'fork', 'spoon', 'chair', 'couch', 'potted plant', 'bed',
  'dining table', 'toilet', 'tv', 'laptop', 'remote', 'microwave', 'oven', 'toaster', 'sink', 'refrigerator',
  'book', 'clock', 'vase', 'teddy bear', 'hair drier', 'toothbrush', 'apple', 'orange', 'banana',
]; // prettier-ignore

/** Big things whose size in the frame matters: a bed filling the picture is a bedroom, one through a door less so. */
export const AREA_LABELS: readonly CocoLabel[] = [
  'bed', 'couch', 'toilet', 'sink', 'oven', 'refrigerator', 'dining table', 'chair', 'tv', 'car', 'potted plant',
]; // prettier-ignore

/** A box counts for its area from this score on. */
export const AREA_MIN_SCORE = 0.2;

export const ROOM_FEATURE_NAMES: readonly string[] = [
  ...ROOM_CUE_LABELS.map((l) => `score:${l}`),
  ...AREA_LABELS.map((l) => `area:${l}`),
  ...SCENE_FEATURE_NAMES.map((n) => `scene:${n}`),
];

/** Scores are clipped before the log-odds so that "not there at all" stays a finite, comparable number. */
const SCORE_CLIP = 1e-3;

export function logOdds(p: number): number {
  const q = Math.min(1 - SCORE_CLIP, Math.max(SCORE_CLIP, p));
  return Math.log(q / (1 - q));
}

/** The square root of the largest box area of a label (its side as a share of the frame), 0 when absent. */
export function largestSide(detections: readonly Detection[], label: CocoLabel): number {
  let best = 0;
  for (const d of detections) {
    if (d.label === label && d.score >= AREA_MIN_SCORE) best = Math.max(best, d.box.width * d.box.height);
  }
  return Math.sqrt(best);
}

export function roomFeatureVector(
  output: Pick<DetectorOutput, 'detections' | 'classScores'>,
  scene: SceneFeatures,
): number[] {
  return [
    ...ROOM_CUE_LABELS.map((l) => logOdds(output.classScores[cocoIndex(l)] ?? 0)),
    ...AREA_LABELS.map((l) => largestSide(output.detections, l)),
    ...sceneFeatureVector(scene),
  ];
}
