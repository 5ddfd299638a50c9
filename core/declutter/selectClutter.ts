// From the detector's boxes to the objects a mode removes: the mode's labels, a score threshold below the room
// analysis' 0.3 (small objects score low on this detector; a missed cup stays in the photo, a false one only
// costs a patch of wall), boxes too big to fill believably left alone, and what is displayed rather than left
// lying kept: rows of books (a shelf), anything standing high up (on top of a cupboard or the fridge), dishes on
// wall shelves one above the other (a glass-fronted cupboard), where a fill shows as a smudge; the tap, which
// the detector takes for a bottle; a fridge's dispenser; a heap of food (a bread basket); a laid table; and
// whatever the detector names more surely as part of the room.
import { iou } from '../analysis/room/nms';
import type { Box, Detection } from '../analysis/room/types';
import { CLUTTER_LABELS, DISHES, FOOD, NEVER_CLUTTER, type DeclutterModeId } from './clutterLabels';

/** Detections from this score on are removed. Measured on the fixture kitchens and living rooms (see README). */
export const CLUTTER_MIN_SCORE = 0.2;
/** A box larger than this share of the frame is not filled: the patch fill would have to invent too much room. */
export const CLUTTER_MAX_BOX_AREA = 0.1;
/** From this many books on, they are a bookshelf, not clutter. */
export const BOOKSHELF_MIN_BOOKS = 4;
/**
 * Loose things lie on counters, tables, seats and floors, below the camera of a photo taken at standing height,
 * so below the middle of a level frame. An object that ends in the top 30 % of the frame stands on top of a
 * cupboard or the fridge or on a high shelf (decor a fill would turn into a smudge on the cornice). The line
 * sits well above the middle because a camera tilted down raises the counters: on the fixture kitchens, loose
 * things on counters end from 0.35 of the height down, decor on cupboards at 0.17-0.30.
 */
const HIGH_UP = 0.3;

/**
 * A tap is no clutter, but the detector calls it a bottle: a 'bottle' standing inside a detected sink's box (its
 * base within the sink's outline) is taken for the tap, or the sink's own soap dispenser. Dishes in the sink stay
 * clutter.
 */
const TAP_LABEL = 'bottle';

/**
 * A fridge's water dispenser or a magnet on its door is taken for a bottle or a cup: what lies wholly inside a
 * detected refrigerator's box stays (its dispenser was cut out of the door). Not so on an oven: pots stand on a range.
 */
const FRIDGE_LABEL = 'refrigerator';

/** Dishes on shelves one above the other in the upper half of the frame are a display: wall cupboards, shelves. */
const DISPLAYED_DISHES: readonly string[] = ['bowl', 'cup', 'wine glass'];
/** The middle of the frame: counters and tables lie below it in a photo taken at standing height. */
const WALL_SHELVES = 0.5;

/**
 * The detector names one box under several labels, each with its score: a sink's basin is also a 'bowl', a plant on
 * the sill also a 'bottle'. Boxes this alike (intersection over union) are one thing, and when its likelier name
 * is part of the room (NEVER_CLUTTER) it stays.
 */
const SAME_THING_IOU = 0.7;

/**
 * Food in a heap, at least this many boxes touching one another, is a fruit bowl or a bread basket set out on
 * purpose (the detector sees the rolls, not the basket): removing the food left the basket with a smudge in it.
 */
const FOOD_DISPLAY = 3;

/**
 * A laid table: this many plates (the detector names a plate by what it guesses lies on it) standing on a detected
 * dining table. Its place settings are staging, and the fill took the plates but left their chargers and place
 * mats as dark rings: all dishes and food on it stay.
 */
const LAID_TABLE = 3;
const PLATES: readonly string[] = ['bowl', 'pizza', 'cake', 'sandwich', 'donut'];
const TABLEWARE: readonly string[] = [...DISHES, ...FOOD];

export interface ClutterOptions {
  minScore: number;
  maxBoxArea: number;
}

export const DEFAULT_CLUTTER_OPTIONS: ClutterOptions = Object.freeze({
  minScore: CLUTTER_MIN_SCORE,
  maxBoxArea: CLUTTER_MAX_BOX_AREA,
});

/** The detections a mode removes, strongest first. */
export function selectClutter(
  detections: readonly Detection[],
  mode: DeclutterModeId,
  options: Partial<ClutterOptions> = {},
): Detection[] {
  const { minScore, maxBoxArea } = { ...DEFAULT_CLUTTER_OPTIONS, ...options };
  const labels = CLUTTER_LABELS[mode];
  const picked = detections.filter(
    (d) => d.score >= minScore && labels.includes(d.label) && d.box.width * d.box.height <= maxBoxArea,
  );
  const books = picked.filter((d) => d.label === 'book').length;
  const room = detections.filter((d) => NEVER_CLUTTER.includes(d.label));
  const seen = (label: string) =>
    room.filter((d) => d.label === label && d.score >= minScore).map((d) => d.box);
  const sinks = seen('sink');
  const fridges = seen(FRIDGE_LABEL);
  const displayedFood = foodHeaps(picked.filter((d) => FOOD.includes(d.label)));
  const laidTables = seen('dining table').filter((table) => {
    const plates = picked.filter((d) => PLATES.includes(d.label) && standsIn(d.box, table));
    return distinctBoxes(plates).boxes.length >= LAID_TABLE;
  });
  const shelved = picked.filter(
    (d) => DISPLAYED_DISHES.includes(d.label) && d.box.y + d.box.height < WALL_SHELVES,
  );
  /** Why a picked object stays: each rule named by what it recognises as part of the room or its staging. */
  const kept: Record<string, (d: Detection) => boolean> = {
    bookshelf: (d) => d.label === 'book' && books >= BOOKSHELF_MIN_BOOKS,
    highUp: (d) => d.box.y + d.box.height < HIGH_UP,
    dishesOnWallShelves: (d) =>
      shelved.includes(d) && shelved.some((other) => onShelvesAbove(d.box, other.box)),
    tapAtSink: (d) => d.label === TAP_LABEL && sinks.some((sink) => standsIn(d.box, sink)),
    surerPartOfRoom: (d) => room.some((r) => r.score > d.score && iou(r.box, d.box) >= SAME_THING_IOU),
    onFridgeDoor: (d) => fridges.some((fridge) => within(d.box, fridge)),
    foodHeap: (d) => displayedFood.has(d),
    laidTable: (d) => TABLEWARE.includes(d.label) && laidTables.some((table) => standsIn(d.box, table)),
  };
  const rules = Object.values(kept);
  return picked.filter((d) => !rules.some((keeps) => keeps(d))).sort((a, b) => b.score - a.score);
}

/** True when the middle of the box's bottom edge (where the thing stands) lies inside `area`. */
function standsIn(box: Box, area: Box): boolean {
  const x = box.x + box.width / 2;
  const y = box.y + box.height;
  return x >= area.x && x <= area.x + area.width && y >= area.y && y <= area.y + area.height;
}

/**
 * True when two boxes stand on neighbouring shelves: one column (they overlap across half the narrower width)
 * and one wholly above the other, with a gap under 1.5 times the taller. (Lower in the frame, on a table, a plate
 * far behind another looks just so, hence only the upper half.)
 */
function onShelvesAbove(a: Box, b: Box): boolean {
  if (a === b) return false;
  const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  if (across < 0.5 * Math.min(a.width, b.width)) return false;
  const [upper, lower] = a.y < b.y ? [a, b] : [b, a];
  const gap = lower.y - (upper.y + upper.height);
  return gap >= 0 && gap < 1.5 * Math.max(a.height, b.height);
}

/** The food detections that lie in heaps of FOOD_DISPLAY or more distinct boxes touching one another. */
function foodHeaps(food: readonly Detection[]): Set<Detection> {
  const { boxes, boxOf } = distinctBoxes(food);
  const heap = boxes.map((_, k) => k);
  const root = (k: number): number => (heap[k] === k ? k : (heap[k] = root(heap[k])));
  for (let a = 0; a < boxes.length; a++) {
    for (let b = a + 1; b < boxes.length; b++) if (touch(boxes[a], boxes[b])) heap[root(a)] = root(b);
  }
  const size = new Map<number, number>();
  for (let k = 0; k < boxes.length; k++) size.set(root(k), (size.get(root(k)) ?? 0) + 1);
  return new Set(food.filter((_, i) => (size.get(root(boxOf[i])) ?? 0) >= FOOD_DISPLAY));
}

/** The distinct boxes of some detections (one thing named twice, an 'apple' that is also an 'orange', is one). */
function distinctBoxes(detections: readonly Detection[]): { boxes: Box[]; boxOf: number[] } {
  const boxes: Box[] = [];
  const boxOf = detections.map((d) => {
    const same = boxes.findIndex((b) => iou(b, d.box) >= SAME_THING_IOU);
    if (same >= 0) return same;
    boxes.push(d.box);
    return boxes.length - 1;
  });
  return { boxes, boxOf };
}

/** True when `box` lies wholly inside `area`. */
function within(box: Box, area: Box): boolean {
  return (
    box.x >= area.x &&
    box.y >= area.y &&
    box.x + box.width <= area.x + area.width &&
    box.y + box.height <= area.y + area.height
  );
}

function touch(a: Box, b: Box): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}
