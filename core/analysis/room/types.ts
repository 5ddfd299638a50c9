// The data that flows through the room analysis: what the detector saw in one photo, and the per-photo result.
// Kept apart from the code so the worker, the server and the tests can share the shapes without loading tfjs.
import type { RoomType, VisibleElements } from '../../catalog';
import type { CocoLabel } from './cocoLabels';

/** A plain RGBA image, the same shape as the imaging kernels use. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** A box in image fractions (0..1), top-left origin. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Detection {
  label: CocoLabel;
  score: number;
  box: Box;
}

/** The raw signals of one detector pass. */
export interface DetectorOutput {
  /** Non-overlapping boxes (per class) with score >= MIN_DETECTION_SCORE. */
  detections: Detection[];
  /** Per COCO class (index as in COCO_LABELS), the highest centre score anywhere in the image, 0..1. */
  classScores: number[];
  /** The detector's globally pooled scene features. */
  pooled: number[];
}

/** The analysis of one photo, as the analysis screen and the builtin server provider use it. */
export interface ImageRoomAnalysis {
  roomType: RoomType;
  /** The probability of roomType, 0..1. */
  confidence: number;
  visibleElements: VisibleElements;
  /** Wall-clock time of the analysis in milliseconds. */
  ms: number;
}

export type { RoomType, VisibleElements };
