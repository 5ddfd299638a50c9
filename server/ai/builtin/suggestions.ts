// Design suggestions written by the builtin provider, in German, from what it measured: light, colour and
// sharpness ideas it can carry out itself (their wording matches operations.ts, so implementing them works
// offline), and one furnishing idea per room type with shop keywords, which a host buys and places in the room.
import type { RoomType, VisibleElements } from '../../../core/catalog';
import type { Suggestion } from '../../../core/text/suggestionTypes';
import { isCool, isDark, isDull, isSoft, isYellow, type ImageStats } from './stats';

export interface SuggestionSource {
  roomType: RoomType;
  visibleElements: VisibleElements;
  stats: ImageStats;
}

type Idea = Omit<Suggestion, 'id' | 'selected' | 'imageNumber'>;

/** Most suggestions in one answer: beyond this a list stops being read. */
export const MAX_BUILTIN_SUGGESTIONS = 12;

const percent = (fraction: number): string => `${Math.round(fraction * 100)} %`;

/** Ideas about the photo itself; each one is something operations.ts can do. */
function photoIdeas(stats: ImageStats): Idea[] {
  const ideas: Idea[] = [];
  if (isDark(stats)) {
    ideas.push({
      title: 'Mehr Licht ins Bild bringen',
      description:
        `Das Foto ist mit ${percent(stats.meanLuma)} mittlerer Helligkeit eher dunkel. Heller wirkt der Raum ` +
        'größer und einladender; ich helle die Schatten auf, ohne die Fenster ausbrennen zu lassen.',
      hauptartikelContent: 'LED Stehlampe, warmweiß, dimmbar',
    });
  }
  if (isCool(stats)) {
    ideas.push({
      title: 'Wärmere Farben',
      description: 'Das Licht wirkt kühl und bläulich. Wärmere Töne machen den Raum gemütlicher.',
      hauptartikelContent: 'LED Glühbirne E27, warmweiß 2700 K',
    });
  } else if (isYellow(stats)) {
    ideas.push({
      title: 'Farbstich ausgleichen',
      description:
        'Das Kunstlicht gibt dem Foto einen Gelbstich. Ein neutraler Weißabgleich zeigt die echten Farben.',
      hauptartikelContent: '',
    });
  }
  if (isSoft(stats)) {
    ideas.push({
      title: 'Bild schärfen',
      description: 'Das Foto wirkt leicht unscharf. Geschärft sehen Kanten und Möbel klarer aus.',
      hauptartikelContent: '',
    });
  } else {
    ideas.push({
      title: 'Materialien betonen',
      description: 'Mehr Klarheit bringt Holz, Stoffe und Oberflächen hochwertiger zur Geltung (Details).',
      hauptartikelContent: '',
    });
  }
  if (isDull(stats) && !isDark(stats)) {
    ideas.push({
      title: 'Rundum ausgewogen',
      description:
        'Die Farben wirken blass. Automatisch ausgeglichene Töne und Farben machen das Foto frischer.',
      hauptartikelContent: '',
    });
  }
  return ideas;
}

/** Furnishing ideas per room: things a host can buy and place; the photo edit needs the AI service. */
const ROOM_IDEAS: Readonly<Record<RoomType, Idea>> = {
  bedroom: {
    title: 'Bett wie im Hotel',
    description: 'Glatte, weiße Bettwäsche, zwei große Kopfkissen und eine gefaltete Decke am Fußende.',
    hauptartikelContent: 'Bettwäsche weiß Baumwolle Satin, Kopfkissen 80x80, Tagesdecke',
  },
  kitchen: {
    title: 'Frische Akzente in der Küche',
    description:
      'Freie Arbeitsflächen mit einer Obstschale und einem Kräutertopf wirken sauber und lebendig.',
    hauptartikelContent: 'Obstschale Holz, Kräutertopf, Geschirrtuch Leinen',
  },
  bathroom: {
    title: 'Handtücher wie im Spa',
    description:
      'Ordentlich gefaltete weiße Handtücher und ein Seifenspender zeigen Gästen ein gepflegtes Bad.',
    hauptartikelContent: 'Handtuch Set weiß, Seifenspender Keramik, Badematte',
  },
  livingRoom: {
    title: 'Gemütliche Textilien',
    description: 'Ein paar Kissen und eine Kuscheldecke auf dem Sofa laden zum Ankommen ein.',
    hauptartikelContent: 'Kissenbezug 50x50 Leinen, Kuscheldecke, Teppich',
  },
  exterior: {
    title: 'Einladender Eingang',
    description: 'Zwei Pflanzkübel und eine neue Fußmatte am Eingang machen einen guten ersten Eindruck.',
    hauptartikelContent: 'Pflanzkübel groß, Fußmatte, Außenleuchte',
  },
  general: {
    title: 'Pflanzen als frische Akzente',
    description: 'Eine große Zimmerpflanze bringt Leben in den Raum und wirkt auf Fotos frisch.',
    hauptartikelContent: 'Zimmerpflanze groß, Übertopf',
  },
};

const CLUTTER_IDEA: Idea = {
  title: 'Oberflächen freiräumen',
  description:
    'Herumliegende Dinge vor dem Fotografieren in Körben verstauen; freie Flächen wirken großzügiger.',
  hauptartikelContent: 'Aufbewahrungskorb, Aufbewahrungsbox mit Deckel',
};

/**
 * Suggestions for the photos, in order: per photo its photo ideas, then one furnishing idea per room type (on the
 * first photo of that room), and a tidying idea if clutter was seen. With one photo there are no 'Bild n' tags.
 */
export function builtinSuggestions(sources: readonly SuggestionSource[]): Suggestion[] {
  const tagged: { idea: Idea; image: number }[] = [];
  sources.forEach((source, i) => {
    for (const idea of photoIdeas(source.stats)) tagged.push({ idea, image: i + 1 });
  });
  const rooms = new Set<RoomType>();
  sources.forEach((source, i) => {
    if (rooms.has(source.roomType)) return;
    rooms.add(source.roomType);
    tagged.push({ idea: ROOM_IDEAS[source.roomType], image: i + 1 });
  });
  const cluttered = sources.findIndex((s) => s.visibleElements.hasClutter);
  if (cluttered >= 0) tagged.push({ idea: CLUTTER_IDEA, image: cluttered + 1 });

  return tagged.slice(0, MAX_BUILTIN_SUGGESTIONS).map(({ idea, image }, i) => ({
    id: `suggestion-${i + 1}`,
    ...idea,
    selected: false,
    ...(sources.length > 1 ? { imageNumber: image } : {}),
  }));
}
