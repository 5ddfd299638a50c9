// The German words for what was removed, as data: the builtin provider returns them in its description of a
// result ('4 Gegenstände entfernt: Flaschen, Tasche, Fernbedienung'). These are content the server sends, like a
// generative model's caption, not interface text, so they live here and not in web/i18n.
import type { CocoLabel } from '../analysis/room/cocoLabels';

export interface GermanNoun {
  singular: string;
  plural: string;
}

/** A German noun (singular, plural) for every label any declutter mode removes. */
export const GERMAN_CLUTTER_NAMES: Readonly<Partial<Record<CocoLabel, GermanNoun>>> = Object.freeze({
  backpack: { singular: 'Rucksack', plural: 'Rucksäcke' },
  umbrella: { singular: 'Regenschirm', plural: 'Regenschirme' },
  handbag: { singular: 'Tasche', plural: 'Taschen' },
  tie: { singular: 'Krawatte', plural: 'Krawatten' },
  suitcase: { singular: 'Koffer', plural: 'Koffer' },
  frisbee: { singular: 'Frisbee', plural: 'Frisbees' },
  skis: { singular: 'Ski', plural: 'Ski' },
  snowboard: { singular: 'Snowboard', plural: 'Snowboards' },
  'sports ball': { singular: 'Ball', plural: 'Bälle' },
  kite: { singular: 'Drachen', plural: 'Drachen' },
  'baseball bat': { singular: 'Baseballschläger', plural: 'Baseballschläger' },
  'baseball glove': { singular: 'Baseballhandschuh', plural: 'Baseballhandschuhe' },
  skateboard: { singular: 'Skateboard', plural: 'Skateboards' },
  surfboard: { singular: 'Surfbrett', plural: 'Surfbretter' },
  'tennis racket': { singular: 'Tennisschläger', plural: 'Tennisschläger' },
  bottle: { singular: 'Flasche', plural: 'Flaschen' },
  'wine glass': { singular: 'Weinglas', plural: 'Weingläser' },
  cup: { singular: 'Tasse', plural: 'Tassen' },
  fork: { singular: 'Gabel', plural: 'Gabeln' },
  knife: { singular: 'Messer', plural: 'Messer' },
  spoon: { singular: 'Löffel', plural: 'Löffel' },
  bowl: { singular: 'Schüssel', plural: 'Schüsseln' },
  banana: { singular: 'Banane', plural: 'Bananen' },
  apple: { singular: 'Apfel', plural: 'Äpfel' },
  sandwich: { singular: 'Sandwich', plural: 'Sandwiches' },
  orange: { singular: 'Orange', plural: 'Orangen' },
  broccoli: { singular: 'Brokkoli', plural: 'Brokkoli' },
  carrot: { singular: 'Karotte', plural: 'Karotten' },
  'hot dog': { singular: 'Hotdog', plural: 'Hotdogs' },
  pizza: { singular: 'Pizza', plural: 'Pizzen' },
  donut: { singular: 'Donut', plural: 'Donuts' },
  cake: { singular: 'Kuchen', plural: 'Kuchen' },
  laptop: { singular: 'Laptop', plural: 'Laptops' },
  mouse: { singular: 'Computermaus', plural: 'Computermäuse' },
  remote: { singular: 'Fernbedienung', plural: 'Fernbedienungen' },
  keyboard: { singular: 'Tastatur', plural: 'Tastaturen' },
  'cell phone': { singular: 'Handy', plural: 'Handys' },
  book: { singular: 'Buch', plural: 'Bücher' },
  scissors: { singular: 'Schere', plural: 'Scheren' },
  'teddy bear': { singular: 'Kuscheltier', plural: 'Kuscheltiere' },
  'hair drier': { singular: 'Föhn', plural: 'Föhne' },
  toothbrush: { singular: 'Zahnbürste', plural: 'Zahnbürsten' },
});

/** Said when the detector found nothing to remove (and nothing is charged). */
export const NOTHING_REMOVED_DE = 'Keine herumliegenden Gegenstände gefunden – das Foto bleibt unverändert.';
/** Said for areas the user painted over with the brush. */
export const PAINTED_AREAS_DE = { singular: 'markierte Stelle', plural: 'markierte Stellen' } as const;

/**
 * '4 Gegenstände entfernt: Flaschen, Tasche, Fernbedienung': the count of objects, then each kind once, the most
 * frequent first, in the plural when more than one of it went. Painted areas are named after the objects.
 */
export function describeRemoval(labels: readonly CocoLabel[], paintedAreas = 0): string {
  if (labels.length === 0 && paintedAreas === 0) return NOTHING_REMOVED_DE;
  const counts = new Map<CocoLabel, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  const kinds = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([label, n]) => {
      const noun = GERMAN_CLUTTER_NAMES[label] ?? { singular: 'Gegenstand', plural: 'Gegenstände' };
      return n > 1 ? noun.plural : noun.singular;
    });
  if (paintedAreas > 0) {
    kinds.push(`${paintedAreas} ${paintedAreas > 1 ? PAINTED_AREAS_DE.plural : PAINTED_AREAS_DE.singular}`);
  }
  if (labels.length === 0) return `Retuschiert: ${kinds.join(', ')}`;
  const total = labels.length;
  return `${total} ${total === 1 ? 'Gegenstand' : 'Gegenstände'} entfernt: ${kinds.join(', ')}`;
}
