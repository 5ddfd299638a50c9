// What the photo shows, as the VisibleElements flags that drive the recommended modes. COCO has no pillow,
// countertop or toiletry class, so those are read from what usually carries them; each rule says so.
import type { RoomType, VisibleElements } from '../../catalog';
import type { CocoLabel } from './cocoLabels';
import type { Detection } from './types';

/** A detection counts as "seen" from this score on (the detector's own default is 0.2; we want fewer false hits). */
export const SEEN_SCORE = 0.3;

const APPLIANCES: readonly CocoLabel[] = ['oven', 'microwave', 'refrigerator', 'toaster'];
const KITCHEN_SURFACE_CUES: readonly CocoLabel[] = [...APPLIANCES, 'sink', 'bowl', 'cup', 'bottle', 'knife'];
const PERSONAL_CARE: readonly CocoLabel[] = ['toothbrush', 'hair drier'];
const BATHROOM_BOTTLES: readonly CocoLabel[] = ['bottle', 'cup'];

/** Small loose things that make a room look untidy when several lie around. */
const LOOSE_ITEMS: readonly CocoLabel[] = [
  'backpack', 'handbag', 'suitcase', 'umbrella', 'bottle', 'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl',
  'banana', 'apple', 'orange', 'book', 'remote', 'cell phone', 'laptop', 'keyboard', 'mouse', 'scissors',
  'teddy bear', 'toothbrush', 'hair drier', 'sports ball', 'frisbee',
]; // prettier-ignore

/** From this many loose items on, a photo counts as cluttered. Tuned so staged listing photos mostly don't. */
export const CLUTTER_MIN_ITEMS = 5;

export function visibleElementsFrom(detections: readonly Detection[], roomType: RoomType): VisibleElements {
  const seen = detections.filter((d) => d.score >= SEEN_SCORE);
  const has = (labels: readonly CocoLabel[]) => seen.some((d) => labels.includes(d.label));
  const hasBed = has(['bed']);
  return {
    hasBed,
    // Pillows lie on beds and sofas; the detector cannot see them on their own.
    hasPillows: hasBed || has(['couch']),
    hasTV: has(['tv']),
    hasAppliances: has(APPLIANCES),
    // Countertops carry the sink, the appliances and the dishes: only in a kitchen, a bathroom vanity is
    // not what "clean counters" means.
    hasCountertops: roomType === 'kitchen' && has(KITCHEN_SURFACE_CUES),
    hasToiletries: has(PERSONAL_CARE) || (roomType === 'bathroom' && has(BATHROOM_BOTTLES)),
    hasClutter: seen.filter((d) => LOOSE_ITEMS.includes(d.label)).length >= CLUTTER_MIN_ITEMS,
  };
}
