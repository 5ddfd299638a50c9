// What the offline removal can find, in German, for the card of a removal mode on a server without an AI service.
// Its detector knows about 50 kinds of loose things and none of cables, papers, clothes or stains, so a mode
// named 'Entrümpeln' would promise more than it does: the card says which things it removes and which it does not,
// and that a photo where it finds nothing costs nothing. Built from the modes' own label lists (clutterLabels.ts),
// so the card and the removal cannot drift apart.
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

/** The kinds named on the card, in this order, each by the labels that make it. */
const KINDS: readonly { words: string; labels: readonly CocoLabel[] }[] = [
  { words: 'Geschirr', labels: DISHES },
  { words: 'Lebensmittel', labels: FOOD },
  { words: 'Fernbedienungen und Elektronik', labels: SMALL_DEVICES },
  { words: 'Taschen', labels: BAGS },
  { words: 'Bücher', labels: ['book'] },
  { words: 'Spielsachen', labels: [...SPORTS, 'teddy bear'] },
  { words: 'Kleinkram', labels: PERSONAL.filter((l) => l !== 'book' && l !== 'teddy bear') },
];

/** What no mode finds offline: the loose things the detector has no class for. */
export const NOT_FOUND_OFFLINE_DE = 'Kabel, Papiere, Kleidung und Flecken';

/**
 * 'Ohne KI-Dienst entfernt: Geschirr, Lebensmittel und Bücher. Nicht erkannt: Kabel, … Nichts gefunden: keine
 * Kosten.' The kinds are those the mode removes at least one label of.
 */
export function removalScopeDe(modeId: DeclutterModeId): string {
  const removed = new Set(CLUTTER_LABELS[modeId]);
  const kinds = KINDS.filter((k) => k.labels.some((l) => removed.has(l))).map((k) => k.words);
  const list = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} und ${kinds.at(-1)}` : kinds.join('');
  return `Ohne KI-Dienst entfernt: ${list}. Nicht erkannt: ${NOT_FOUND_OFFLINE_DE}. Nichts gefunden: keine Kosten.`;
}
