// The builtin provider's removal modes (Entrümpeln, Aufräumen, Oberflächen/Arbeitsflächen freiräumen, Kabel und
// Fernbedienungen weg): the room detector finds the objects on a copy at its own input size, core/declutter
// removes the modes' clutter from the full-resolution photo; both run in the server's image pool (server/pool),
// so removals never outnumber its threads. Several removal modes in one request remove the union of what each
// would.
import type { Detection } from '../../../core/analysis/room/types';
import {
  isDeclutterMode,
  selectClutter,
  type DeclutterModeId,
  type RemovedClutter,
} from '../../../core/declutter';
import { imagePool } from '../../pool/imagePool';
import type { RgbaImage } from '../types';

/** The detector's boxes (fractions of the frame) on one photo. */
export type ObjectDetector = (image: RgbaImage) => Promise<Detection[]>;

/** The on-device room detector of server/ai/room, in a worker of the image pool (lent the photo, not a copy). */
export const defaultObjectDetector: ObjectDetector = (image) => imagePool.run('detectObjects', { image });

/** The removal modes among `modeIds`, in their order. */
export function declutterModesOf(modeIds: readonly string[]): DeclutterModeId[] {
  return modeIds.filter(isDeclutterMode);
}

/**
 * What the removal modes together remove, as detections for the broadest mode ('declutter', whose labels
 * include every other mode's): each mode picks its own, the union keeps each detection once.
 */
export function clutterOfModes(
  detections: readonly Detection[],
  modes: readonly DeclutterModeId[],
): Detection[] {
  const picked = new Set<Detection>();
  for (const mode of modes) {
    for (const d of selectClutter(detections, mode)) if (!onFrameEdge(d.box)) picked.add(d);
  }
  // The detector names one object by several classes (a bowl that is also 'pizza' and 'cake'): one box, one thing.
  const kept: Detection[] = [];
  for (const d of [...picked].sort((a, b) => b.score - a.score)) {
    if (!kept.some((k) => overlap(k.box, d.box) >= SAME_OBJECT_IOU)) kept.push(d);
  }
  return kept;
}

/** A box this close to the frame's top or bottom edge (share of the height) is left alone. */
const EDGE_SHARE = 0.01;

/**
 * Objects cut by the top or bottom of the frame: the fill would have context on three sides only, and it is where
 * agencies put their watermark, which the detector sometimes takes for cutlery (a watermark is not ours to remove).
 */
function onFrameEdge(box: Detection['box']): boolean {
  return box.y < EDGE_SHARE || box.y + box.height > 1 - EDGE_SHARE;
}

/** Boxes overlapping this much (intersection over union) are one object named twice. */
const SAME_OBJECT_IOU = 0.6;

function overlap(a: Detection['box'], b: Detection['box']): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/**
 * Removes the modes' clutter from `image` (full resolution) with the detections `detect` finds on it. The image is
 * lent to the pool, so it is the same afterwards; the result may share its pixels when nothing was removed.
 */
export async function declutterRgba(
  image: RgbaImage,
  modes: readonly DeclutterModeId[],
  detect: ObjectDetector,
): Promise<RemovedClutter & { detections: Detection[] }> {
  const detections = await detect(image);
  const clutter = clutterOfModes(detections, modes);
  const result = await imagePool.run('removeClutter', { image, detections: clutter, mode: 'declutter' });
  return { ...result, detections };
}
