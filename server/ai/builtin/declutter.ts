// The builtin provider's removal modes (Entrümpeln, Aufräumen, Oberflächen/Arbeitsflächen freiräumen, Kabel und
// Fernbedienungen weg): the room detector finds the objects on a copy at its own input size, core/declutter
// removes the modes' clutter from a copy at most REMOVAL_SIDE long, whose fill goes back into the full photo
// (removalScale.ts); detection and fill run in the server's image pool (server/pool), so removals never outnumber
// its threads. Several removal modes in one request remove the union of what each would.
import { iou } from '../../../core/analysis/room/nms';
import type { Detection } from '../../../core/analysis/room/types';
import {
  clutterIn,
  describeRemoval,
  isDeclutterMode,
  type DeclutterModeId,
  type RemovedClutter,
} from '../../../core/declutter';
import type { ImagePool } from '../../pool/imagePool';
import type { RgbaImage } from '../types';

/** The detector's boxes (fractions of the frame) on one photo. */
export type ObjectDetector = (image: RgbaImage) => Promise<Detection[]>;

/** The on-device room detector of server/ai/room, in a worker of `pool` (lent the photo, not a copy). */
export const poolObjectDetector =
  (pool: ImagePool): ObjectDetector =>
  (image) =>
    pool.run('detectObjects', { image });

/** The removal modes among `modeIds`, in their order. */
export function declutterModesOf(modeIds: readonly string[]): DeclutterModeId[] {
  return modeIds.filter(isDeclutterMode);
}

/**
 * What the removal modes together remove, as detections for the broadest mode ('declutter', whose labels
 * include every other mode's): each mode picks its own, the union keeps each detection once.
 */
export function clutterOfModes(
  image: RgbaImage,
  detections: readonly Detection[],
  modes: readonly DeclutterModeId[],
): Detection[] {
  const picked = new Set<Detection>();
  for (const mode of modes) {
    for (const d of clutterIn(image, detections, mode)) if (!onFrameEdge(d.box)) picked.add(d);
  }
  // The detector names one object by several classes (a bowl that is also 'pizza' and 'cake'): one box, one thing.
  const kept: Detection[] = [];
  for (const d of [...picked].sort((a, b) => b.score - a.score)) {
    if (!kept.some((k) => iou(k.box, d.box) >= SAME_OBJECT_IOU)) kept.push(d);
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

/**
 * Detect -> remove rounds at most: later rounds remove what an earlier fill uncovered or copied in (a glass from
 * the shelf behind), and what the detector saw only once the objects in front were gone. On the 40 fixture
 * kitchens and living rooms the clutter the detector still finds went 154 -> 32 objects with one round, 8 with
 * two, 0 with three (the fill of 27 Nov); rounds stop as soon as one finds nothing, so a tidy photo costs one
 * detection.
 */
const ROUNDS = 3;

/**
 * Removes the modes' clutter from `image` in `pool`, with the detections `detect` finds on it, and again on the
 * result while a round still finds some (ROUNDS). Each round fills on removalCopy's copy (the photo itself up
 * to REMOVAL_SIDE) and brings the fill back at full size. The image is lent to the pool, so it is the same
 * afterwards; the result may share its pixels when nothing was removed. `detections` are the first round's
 * (what was there). Only the pool's `run` is used: bench:declutter passes one whose removal takes other options.
 */
export async function declutterRgba(
  pool: Pick<ImagePool, 'run'>,
  image: RgbaImage,
  modes: readonly DeclutterModeId[],
  detect: ObjectDetector,
): Promise<RemovedClutter & { detections: Detection[] }> {
  const detections = await detect(image);
  let clutter = clutterOfModes(image, detections, modes);
  let result = await removeRound(pool, image, clutter);
  for (let round = 1; round < ROUNDS && result.removed.length > 0; round++) {
    clutter = clutterOfModes(result.image, await detect(result.image), modes);
    if (clutter.length === 0) break;
    const next = await removeRound(pool, result.image, clutter);
    if (next.removed.length === 0) break;
    result = merge(result, next, image.width);
  }
  return { ...result, detections };
}

/**
 * One round's fill of `clutter`, on the copy the removal works at, brought back to `image`'s size: one image pool
 * task (removalScale.ts removeAtRemovalSize), so a large photo's copy and way back never run on the event loop.
 */
function removeRound(
  pool: Pick<ImagePool, 'run'>,
  image: RgbaImage,
  clutter: readonly Detection[],
): Promise<RemovedClutter> {
  return pool.run('removeClutterScaled', { image, detections: clutter, mode: 'declutter' });
}

/**
 * Two rounds as one removal: the second's pixels, both rounds' masks. An object the second round finds mostly
 * inside the first round's fill is the fill's own (a copied glass), removed but not named as the host's.
 */
function merge(first: RemovedClutter, second: RemovedClutter, width: number): RemovedClutter {
  const mask = first.mask.slice();
  for (let i = 0; i < mask.length; i++) mask[i] |= second.mask[i];
  const removed = [
    ...first.removed,
    ...second.removed.filter((o) => shareInside(o.box, first.mask, width) < 0.5),
  ];
  return {
    image: second.image,
    removed,
    paintedAreas: first.paintedAreas,
    mask,
    description: describeRemoval(
      removed.map((o) => o.label),
      first.paintedAreas,
    ),
  };
}

/** The share of a pixel box [x, y, w, h] covered by the mask. */
function shareInside([x, y, w, h]: readonly number[], mask: Uint8Array, width: number): number {
  const height = mask.length / width;
  const x0 = Math.max(0, Math.floor(x)), x1 = Math.min(width, Math.ceil(x + w)); // prettier-ignore
  const y0 = Math.max(0, Math.floor(y)), y1 = Math.min(height, Math.ceil(y + h)); // prettier-ignore
  let inside = 0;
  for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) inside += mask[yy * width + xx];
  return inside / Math.max(1, (x1 - x0) * (y1 - y0));
}
