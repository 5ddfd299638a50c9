// Which kinds of loose things a removal mode finds without an AI service, for its card (the German words live in
// web/i18n). The detector knows about 50 kinds of loose things and none of cables, papers, clothes or stains, so a
// mode named 'Entrümpeln' would promise more than it does. Built from the modes' own label lists
// (clutterLabels.ts), so the card and the removal cannot drift apart.
import type { CocoLabel } from '../analysis/room/cocoLabels';
import {
  BAGS,
  CLUTTER_LABELS,
  DISHES,
  FOOD,
  PERSONAL,
  SMALL_DEVICES,
  SPORTS,
  type DeclutterModeId,
} from './clutterLabels';

/** The kinds a card names, in this order, each by the labels that make it. */
const KINDS = {
  dishes: DISHES,
  food: FOOD,
  devices: SMALL_DEVICES,
  bags: BAGS,
  books: ['book'],
  toys: [...SPORTS, 'teddy bear'],
  smallItems: PERSONAL.filter((l) => l !== 'book' && l !== 'teddy bear'),
} as const satisfies Record<string, readonly CocoLabel[]>;

export type RemovalKind = keyof typeof KINDS;

/** The kinds `modeId` removes at least one label of, in the card's order. */
export function removalKinds(modeId: DeclutterModeId): RemovalKind[] {
  const removed = new Set(CLUTTER_LABELS[modeId]);
  return (Object.keys(KINDS) as RemovalKind[]).filter((kind) =>
    (KINDS[kind] as readonly CocoLabel[]).some((l) => removed.has(l)),
  );
}
