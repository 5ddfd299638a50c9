// Design suggestions written by the builtin provider, in German, from what it measured and the photo's room:
// light, colour and sharpness ideas it can carry out itself (their wording matches operations.ts, so implementing
// them works offline), and one furnishing idea per room type with shop keywords, which a host buys and places
// (a tip: this provider cannot put furniture into a photo). Each idea says what it needs of a photo, and only the
// ones that fit it are offered (core/text/suggestionFit.ts): no room ideas on an exterior, no plants in a closet.
import type { RoomType, VisibleElements } from '../../../core/catalog';
import {
  fittingIdeas,
  type Finding,
  type Idea,
  type SuggestionPhoto,
} from '../../../core/text/suggestionFit';
import type { Suggestion } from '../../../core/text/suggestionTypes';
import { isCool, isDark, isDull, isSoft, isYellow, type ImageStats } from './stats';

export interface SuggestionSource {
  roomType: RoomType;
  visibleElements: VisibleElements;
  stats: ImageStats;
}

interface BuiltinIdea extends Idea {
  title: string;
  /** Some descriptions quote the measurement. */
  description: string | ((stats: ImageStats) => string);
  hauptartikelContent: string;
}

/** Most suggestions in one answer: beyond this a list stops being read. */
export const MAX_BUILTIN_SUGGESTIONS = 12;

const percent = (fraction: number): string => `${Math.round(fraction * 100)} %`;

/** What the statistics found, in the words of the fit rules. */
export function findingsOf(stats: ImageStats): Finding[] {
  const found: [boolean, Finding][] = [
    [isDark(stats), 'dark'],
    [isCool(stats), 'cool'],
    [isYellow(stats), 'yellow'],
    [isSoft(stats), 'soft'],
    [isDull(stats), 'dull'],
  ];
  return found.filter(([yes]) => yes).map(([, finding]) => finding);
}

/**
 * Ideas about the photo itself, most needed first; each one is something operations.ts can do. Outdoors a cool
 * or yellow photo is the sky or the evening sun, not a lamp, so the colour fixes are for rooms only; a dark
 * exterior may be a twilight shot on purpose, so its brightening is offered but not ticked.
 */
const PHOTO_IDEAS: readonly BuiltinIdea[] = [
  {
    needs: { setting: 'indoor', when: ['dark'] },
    tick: true,
    title: 'Mehr Licht ins Bild bringen',
    description: (stats) =>
      `Das Foto ist mit ${percent(stats.meanLuma)} mittlerer Helligkeit eher dunkel. Heller wirkt der Raum ` +
      'größer und einladender; ich helle die Schatten auf, ohne die Fenster ausbrennen zu lassen.',
    hauptartikelContent: 'LED Stehlampe, warmweiß, dimmbar',
  },
  {
    needs: { setting: 'outdoor', when: ['dark'] },
    title: 'Schatten aufhellen',
    description: (stats) =>
      `Das Foto ist mit ${percent(stats.meanLuma)} mittlerer Helligkeit eher dunkel. Aufgehellte Schatten ` +
      'zeigen Fassade und Eingang deutlicher; eine bewusste Abendstimmung lässt du besser so.',
    hauptartikelContent: '',
  },
  {
    needs: { setting: 'indoor', when: ['cool'] },
    tick: true,
    title: 'Wärmere Farben',
    description: 'Das Licht wirkt kühl und bläulich. Wärmere Töne machen den Raum gemütlicher.',
    hauptartikelContent: 'LED Glühbirne E27, warmweiß 2700 K',
  },
  {
    needs: { setting: 'indoor', when: ['yellow'] },
    tick: true,
    title: 'Farbstich ausgleichen',
    description:
      'Das Kunstlicht gibt dem Foto einen Gelbstich. Ein neutraler Weißabgleich zeigt die echten Farben.',
    hauptartikelContent: '',
  },
  {
    needs: { when: ['soft'] },
    tick: true,
    title: 'Bild schärfen',
    description: 'Das Foto wirkt leicht unscharf. Geschärft sehen Kanten und Linien klarer aus.',
    hauptartikelContent: '',
  },
  {
    needs: { setting: 'outdoor', unless: ['dark'] },
    tick: true,
    title: 'Himmel und Grün auffrischen',
    description: 'Kräftigeres Himmelblau und sattes Grün lassen Haus und Garten frischer wirken.',
    hauptartikelContent: '',
  },
  {
    needs: { setting: 'indoor', unless: ['soft'] },
    title: 'Materialien betonen',
    description: 'Mehr Klarheit bringt Holz, Stoffe und Oberflächen hochwertiger zur Geltung (Details).',
    hauptartikelContent: '',
  },
  {
    needs: { setting: 'outdoor', unless: ['soft'] },
    title: 'Fassade betonen',
    description: 'Mehr Klarheit zeigt Mauerwerk, Dach und Fenster deutlicher (Details).',
    hauptartikelContent: '',
  },
  {
    needs: { when: ['dull'], unless: ['dark'] },
    title: 'Rundum ausgewogen',
    description:
      'Die Farben wirken blass. Automatisch ausgeglichene Töne und Farben machen das Foto frischer.',
    hauptartikelContent: '',
  },
];

/**
 * Furnishing ideas, the first that fits a room wins: things a host can buy and place. A room the analysis could
 * not name may be a closet or a storage room, so it gets light, which fits any room, and never plants.
 */
const FURNISHING_IDEAS: readonly BuiltinIdea[] = [
  {
    needs: { rooms: ['bedroom'] },
    title: 'Bett wie im Hotel',
    description: 'Glatte, weiße Bettwäsche, zwei große Kopfkissen und eine gefaltete Decke am Fußende.',
    hauptartikelContent: 'Bettwäsche weiß Baumwolle Satin, Kopfkissen 80x80, Tagesdecke',
  },
  {
    needs: { rooms: ['kitchen'], daylight: true },
    title: 'Frische Akzente in der Küche',
    description:
      'Freie Arbeitsflächen mit einer Obstschale und einem Kräutertopf wirken sauber und lebendig.',
    hauptartikelContent: 'Obstschale Holz, Kräutertopf, Geschirrtuch Leinen',
  },
  {
    needs: { rooms: ['bathroom'] },
    title: 'Handtücher wie im Spa',
    description:
      'Ordentlich gefaltete weiße Handtücher und ein Seifenspender zeigen Gästen ein gepflegtes Bad.',
    hauptartikelContent: 'Handtuch Set weiß, Seifenspender Keramik, Badematte',
  },
  {
    needs: { rooms: ['livingRoom'] },
    title: 'Kissen und Decken',
    description: 'Ein paar Kissen und eine Kuscheldecke auf dem Sofa laden zum Ankommen ein.',
    hauptartikelContent: 'Kissenbezug 50x50 Leinen, Kuscheldecke, Teppich',
  },
  {
    needs: { rooms: ['exterior'] },
    title: 'Einladender Eingang',
    description: 'Zwei Pflanzkübel und eine neue Fußmatte am Eingang machen einen guten ersten Eindruck.',
    hauptartikelContent: 'Pflanzkübel groß, Fußmatte, Außenleuchte',
  },
  {
    needs: { setting: 'indoor' },
    title: 'Eine Leuchte für jede Ecke',
    description:
      'Eine Leuchte mit warmweißem Schein macht auch kleine oder fensterlose Räume freundlich und einladend.',
    hauptartikelContent: 'LED Leuchte warmweiß, LED Lichtleiste mit Bewegungsmelder',
  },
];

const CLUTTER_IDEA: BuiltinIdea = {
  needs: { setting: 'indoor' },
  title: 'Oberflächen freiräumen',
  description:
    'Herumliegende Dinge vor dem Fotografieren in Körben verstauen; freie Flächen wirken großzügiger.',
  hauptartikelContent: 'Aufbewahrungskorb, Aufbewahrungsbox mit Deckel',
};

interface Picked {
  idea: BuiltinIdea;
  image: number;
  stats: ImageStats;
  selected: boolean;
  tipOnly: boolean;
}

/**
 * Suggestions for the photos, in order: per photo the photo ideas that fit it (its most needed fix ticked), then
 * one furnishing tip per room type (on the first photo of that room), and a tidying tip if clutter was seen
 * indoors. With one photo there are no 'Bild n' tags.
 */
export function builtinSuggestions(sources: readonly SuggestionSource[]): Suggestion[] {
  const scenes: SuggestionPhoto[] = sources.map((source) => ({
    roomType: source.roomType,
    findings: findingsOf(source.stats),
  }));
  const picked: Picked[] = [];
  sources.forEach((source, i) => {
    for (const { idea, selected } of fittingIdeas(PHOTO_IDEAS, scenes[i]!)) {
      picked.push({ idea, image: i + 1, stats: source.stats, selected, tipOnly: false });
    }
  });
  const rooms = new Set<RoomType>();
  sources.forEach((source, i) => {
    if (rooms.has(source.roomType)) return;
    rooms.add(source.roomType);
    const [first] = fittingIdeas(FURNISHING_IDEAS, scenes[i]!);
    if (first)
      picked.push({ idea: first.idea, image: i + 1, stats: source.stats, selected: false, tipOnly: true });
  });
  const cluttered = sources.findIndex(
    (s, i) => s.visibleElements.hasClutter && fittingIdeas([CLUTTER_IDEA], scenes[i]!).length > 0,
  );
  if (cluttered >= 0) {
    const stats = sources[cluttered]!.stats;
    picked.push({ idea: CLUTTER_IDEA, image: cluttered + 1, stats, selected: false, tipOnly: true });
  }

  return picked.slice(0, MAX_BUILTIN_SUGGESTIONS).map(({ idea, image, stats, selected, tipOnly }, i) => ({
    id: `suggestion-${i + 1}`,
    title: idea.title,
    description: typeof idea.description === 'string' ? idea.description : idea.description(stats),
    hauptartikelContent: idea.hauptartikelContent,
    selected,
    ...(tipOnly ? { tipOnly: true } : {}),
    ...(sources.length > 1 ? { imageNumber: image } : {}),
  }));
}
