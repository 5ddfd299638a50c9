// Which of the detector's COCO objects count as clutter in a listing photo, per cleaning mode. Only loose things
// a host would pick up before taking the photo; never furniture, fixtures, appliances, decor that stages the room
// (plants, vases, clocks), people, animals or vehicles: removing those changes the flat, not its tidiness.
import type { CocoLabel } from '../analysis/room/cocoLabels';

/** The modes the builtin provider can do by removing objects. */
export const DECLUTTER_MODE_IDS = [
  'declutter',
  'generalDeclutter',
  'cleanup',
  'declutterSurfaces',
  'cleanCounters',
  'entertainmentTidy',
] as const;

export type DeclutterModeId = (typeof DECLUTTER_MODE_IDS)[number];

/**
 * Never removed, in any mode. Furniture, fixtures and appliances are the room; potted plants, vases and clocks are
 * decor hosts stage on purpose (and a plant is what a stager would add); a person or pet is not clutter, and a
 * patch fill cannot rebuild a room behind something that big.
 */
export const NEVER_CLUTTER: readonly CocoLabel[] = [
  'person', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe',
  'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat',
  'traffic light', 'fire hydrant', 'stop sign', 'parking meter', 'bench',
  'chair', 'couch', 'bed', 'dining table', 'toilet', 'sink',
  'tv', 'oven', 'microwave', 'toaster', 'refrigerator',
  'potted plant', 'vase', 'clock',
]; // prettier-ignore

export const DISHES: readonly CocoLabel[] = ['bottle', 'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl'];
export const FOOD: readonly CocoLabel[] = [
  'banana', 'apple', 'sandwich', 'orange', 'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake',
]; // prettier-ignore
export const SMALL_DEVICES: readonly CocoLabel[] = ['remote', 'cell phone', 'laptop', 'keyboard', 'mouse'];
export const BAGS: readonly CocoLabel[] = ['backpack', 'handbag', 'suitcase', 'umbrella'];
export const PERSONAL: readonly CocoLabel[] = [
  'book',
  'scissors',
  'tie',
  'toothbrush',
  'hair drier',
  'teddy bear',
];
export const SPORTS: readonly CocoLabel[] = [
  'sports ball', 'frisbee', 'kite', 'baseball bat', 'baseball glove', 'skateboard', 'surfboard', 'tennis racket',
  'skis', 'snowboard',
]; // prettier-ignore

const EVERYTHING_LOOSE: readonly CocoLabel[] = [
  ...DISHES,
  ...FOOD,
  ...SMALL_DEVICES,
  ...BAGS,
  ...PERSONAL,
  ...SPORTS,
];

/** Per mode, the labels removed. Each list says what the mode's prompt in core/catalog/modes.ts asks for. */
export const CLUTTER_LABELS: Readonly<Record<DeclutterModeId, readonly CocoLabel[]>> = Object.freeze({
  // 'bags, clothes, papers, toys, dishes, cables': every loose thing the detector knows.
  declutter: EVERYTHING_LOOSE,
  generalDeclutter: EVERYTHING_LOOSE,
  // 'small stray objects; leave furniture and decor': small things only, no luggage or laptops.
  cleanup: [...DISHES, 'remote', 'cell phone', 'mouse', 'scissors', 'toothbrush', 'hair drier', 'tie'],
  // Nightstands, dressers and shelves: what stands on a surface, not bags on the floor.
  declutterSurfaces: [...DISHES, ...FOOD, ...SMALL_DEVICES, 'book', 'scissors', 'toothbrush', 'hair drier', 'teddy bear'],
  // Countertops: dishes, food and what gets put down there; small appliances stay (they are the kitchen).
  cleanCounters: [...DISHES, ...FOOD, 'remote', 'cell phone', 'laptop', 'book', 'scissors', 'handbag'],
  // The TV area: remotes, controllers (keyboard/mouse are the nearest classes), glasses and loose items.
  entertainmentTidy: [...SMALL_DEVICES, 'cup', 'wine glass', 'bottle', 'bowl', 'book', 'sports ball', 'frisbee', 'teddy bear'],
}); // prettier-ignore

export function isDeclutterMode(modeId: string): modeId is DeclutterModeId {
  return (DECLUTTER_MODE_IDS as readonly string[]).includes(modeId);
}
