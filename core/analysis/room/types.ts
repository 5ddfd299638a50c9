// The data that flows through the room analysis: what the detector saw in one photo, the per-photo result and
// the combined analysis of a set of photos. Kept apart from the code so the worker, the server, the workflow
// and the tests can share the shapes without loading tfjs. Pixels come in as core/imaging's RgbaImage.
import type { z } from 'zod';
import type { RoomType, VisibleElements } from '../../catalog';
import type { RoomAnalysisSchema } from '../../contract/analyze';
import type { CocoLabel } from './cocoLabels';

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

/** What mode selection needs of one photo's analysis, whichever analyser (device or server) made it. */
export interface PerImageRoom {
  roomType: RoomType;
  visibleElements: VisibleElements;
}

/** The on-device analysis of one photo, as the browser worker and the builtin server provider answer it. */
export interface ImageRoomAnalysis extends PerImageRoom {
  /** The probability of roomType, 0..1. */
  confidence: number;
  /** Wall-clock time of the analysis in milliseconds. */
  ms: number;
}

/**
 * The analysis of a set of photos (SPEC section 3) that mode selection starts from: the API's RoomAnalysisSchema
 * (core/contract/analyze.ts, which documents each field).
 */
export type RoomAnalysis = z.infer<typeof RoomAnalysisSchema>;
