// Non-maximum suppression per class: of boxes of one class that overlap a lot, keep the highest-scoring one.
// Per class, so a bed and the pillows lying on it both survive.
import type { Box, Detection } from './types';

/** Intersection over union of two boxes; 0 when either has no area. */
export function iou(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/** Detections sorted by score (highest first) without same-class boxes overlapping more than maxIou. */
export function nonMaxSuppression(detections: readonly Detection[], maxIou: number): Detection[] {
  const sorted = [...detections].sort((a, b) => b.score - a.score);
  const kept: Detection[] = [];
  for (const d of sorted) {
    if (kept.every((k) => k.label !== d.label || iou(k.box, d.box) <= maxIou)) kept.push(d);
  }
  return kept;
}
