// The segmenter's class ids (DeepLabV3 on ADE20K, models/deeplabv3-ade20k/README.md) by name, and the groups
// staging reasons with: what is floor, what is furniture standing on it, what sits in a wall's plane. The floor
// plan and the renderer read the ids from here so a relabelled model changes one file.

export const WALL = 1;
export const FLOOR = 4;
export const SKY = 3;
export const CEILING = 6;
export const BED = 8;
export const WINDOWPANE = 9;
export const CABINET = 11;
export const PERSON = 13;
export const DOOR = 15;
export const TABLE = 16;
export const PLANT = 18;
export const CURTAIN = 19;
export const CHAIR = 20;
export const PAINTING = 23;
export const SOFA = 24;
export const SHELF = 25;
export const MIRROR = 28;
export const RUG = 29;
export const ARMCHAIR = 31;

/** ADE20K's class names by id, as Obstacle.label reports them. */
export const LABEL_NAMES: readonly string[] = [
  'other',
  'wall',
  'building',
  'sky',
  'floor',
  'tree',
  'ceiling',
  'road',
  'bed',
  'windowpane',
  'grass',
  'cabinet',
  'sidewalk',
  'person',
  'earth',
  'door',
  'table',
  'mountain',
  'plant',
  'curtain',
  'chair',
  'car',
  'water',
  'painting',
  'sofa',
  'shelf',
  'house',
  'sea',
  'mirror',
  'rug',
  'field',
  'armchair',
];

/** The class name of an id; ids the model does not have read as 'other'. */
export function labelName(id: number): string {
  return LABEL_NAMES[id] ?? 'other';
}

/** Free floor: a rug lies flat, so new furniture may stand on it. */
export const FLOOR_LABELS: ReadonlySet<number> = new Set([FLOOR, RUG]);

/** Things standing on the floor that new furniture must not overlap (people too: they block the same floor). */
export const FURNITURE_LABELS: ReadonlySet<number> = new Set([
  BED,
  CABINET,
  PERSON,
  TABLE,
  PLANT,
  CHAIR,
  SOFA,
  SHELF,
  ARMCHAIR,
]);

export const WINDOW_LABELS: ReadonlySet<number> = new Set([WINDOWPANE]);
export const DOOR_LABELS: ReadonlySet<number> = new Set([DOOR]);

/**
 * What lies in a wall's plane: the wall and what is set into it or hangs flat on it. Where one of these meets the
 * floor, the floor ends at a wall (a door's or a curtain's foot is the wall's foot).
 */
export const WALL_SURFACE_LABELS: ReadonlySet<number> = new Set([
  WALL,
  WINDOWPANE,
  DOOR,
  CURTAIN,
  PAINTING,
  MIRROR,
]);

/**
 * How deep each furniture class typically is, metres: the segmentation shows only a piece's front, so its
 * footprint is the visible base extended backwards by this much.
 */
export const FURNITURE_DEPTH_M: ReadonlyMap<number, number> = new Map([
  [BED, 2.0],
  [SOFA, 0.9],
  [TABLE, 0.8],
  [CHAIR, 0.5],
  [CABINET, 0.5],
  [SHELF, 0.35],
  [ARMCHAIR, 0.8],
  [PLANT, 0.4],
  [PERSON, 0.4],
]);
