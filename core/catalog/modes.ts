// The enhancement modes of SPEC section 3: ids, German names, icons, model prompts, categories and listed credits.
// This is the one place a mode is defined; pricing, the mode cards, the device engine and the server all read it.
// `runsOn` says whether classical image processing on the device can do the mode well (free, offline) or it
// needs the server's generative model (costs credits). The staging modes open the one staging flow, so they are
// listed at its price (STAGING_CREDITS): the card shows what the flow charges.

import { STAGING_CREDITS } from './limits';
import type { AiCapabilities, Mode, ModeCategory, ModeHost, ProviderCapabilities, RoomType } from './types';

/** Appended to every prompt: the model must edit the photo, not invent a different room. */
const KEEP_ROOM =
  'Keep the exact architecture, room layout, walls, windows, doors, floor and camera angle unchanged. ' +
  'Photo-realistic result suitable for a vacation-rental listing; no added text, logos or watermarks.';

interface ModeSpec {
  id: string;
  name: string;
  description: string;
  icon: string;
  task: string;
  category: ModeCategory;
  priority: number;
  listedCredits: number;
  runsOn: ModeHost;
  roomType?: RoomType;
}

function mode(spec: ModeSpec): Mode {
  const { task, ...rest } = spec;
  return Object.freeze({ ...rest, prompt: `${task} ${KEEP_ROOM}` });
}

/** Modes offered for every room (SPEC section 3, 'Global modes'). */
export const GLOBAL_MODES: readonly Mode[] = Object.freeze([
  mode({
    id: 'brighten',
    name: 'Aufhellen',
    description: 'Dunkle Räume natürlich aufhellen',
    icon: 'Lightbulb',
    task: 'Brighten this dark interior photo naturally: lift shadows and midtones, keep highlights and windows from blowing out, keep colours true.',
    category: 'lighting',
    priority: 1,
    listedCredits: 1,
    runsOn: 'device',
  }),
  mode({
    id: 'autoOptimize',
    name: 'Automatisch optimieren',
    description: 'Belichtung, Kontrast und Farben automatisch ausgleichen',
    icon: 'Sparkles',
    task: 'Automatically optimise this photo: balance exposure, set a neutral white balance, add gentle contrast and natural saturation.',
    category: 'lighting',
    priority: 2,
    listedCredits: 2,
    runsOn: 'device',
  }),
  mode({
    id: 'warmerTones',
    name: 'Wärmere Töne',
    description: 'Kühle Farbstiche entfernen und einladend warme Farben erzeugen',
    icon: 'Heart',
    task: 'Remove any cold or blue colour cast and give the photo a subtle, inviting warm colour temperature.',
    category: 'color',
    priority: 3,
    listedCredits: 1,
    runsOn: 'device',
  }),
  mode({
    id: 'declutter',
    name: 'Entrümpeln',
    description: 'Herumliegende Gegenstände entfernen, damit der Raum großzügiger wirkt',
    icon: 'PackageOpen',
    task: 'Remove clutter and loose personal items (bags, clothes, papers, toys, dishes, cables) and fill the freed areas seamlessly with the surfaces behind them.',
    category: 'cleaning',
    priority: 4,
    listedCredits: 2,
    runsOn: 'server',
  }),
  mode({
    id: 'cleanup',
    name: 'Flecken und Kabel entfernen',
    description: 'Kleine Störungen wie Flecken, Krümel und Kabel entfernen; Möbel bleiben stehen',
    icon: 'Eraser',
    task: 'Clean up small distractions: remove stains, dust, crumbs, visible cables and small stray objects; leave furniture and decor in place.',
    category: 'cleaning',
    priority: 5,
    listedCredits: 1,
    runsOn: 'server',
  }),
  mode({
    id: 'sharpen',
    name: 'Schärfen',
    description: 'Leicht unscharfe Fotos klarer und detailreicher machen',
    icon: 'Focus',
    task: 'Sharpen the photo and recover fine detail without halos or added noise.',
    category: 'detail',
    priority: 6,
    listedCredits: 1,
    runsOn: 'device',
  }),
  mode({
    id: 'perspective',
    name: 'Perspektive korrigieren',
    description: 'Schiefe Linien und stürzende Wände gerade ausrichten',
    icon: 'Ruler',
    task: 'Correct the perspective: make vertical lines truly vertical and level the horizon, cropping the edges minimally.',
    category: 'perspective',
    priority: 7,
    listedCredits: 2,
    runsOn: 'device',
  }),
  mode({
    id: 'sunshine',
    name: 'Sonnenschein',
    description: 'Freundliches Sonnenlicht und sanfte Wärme ins Bild bringen',
    icon: 'Sun',
    task: 'Make the room look sunlit: bright, warm daylight with soft natural light falling in through the windows.',
    category: 'lighting',
    priority: 8,
    listedCredits: 1,
    runsOn: 'device',
  }),
  mode({
    id: 'details',
    name: 'Edle Details',
    description: 'Holz, Stoffe und Oberflächen hochwertiger zur Geltung bringen',
    icon: 'Gem',
    task: 'Bring out the texture and quality of materials (wood grain, fabrics, stone, metal) with refined local contrast so the room looks high-end.',
    category: 'detail',
    priority: 9,
    listedCredits: 2,
    runsOn: 'device',
  }),
  mode({
    id: 'windowView',
    name: 'Fensterblick',
    description: 'Überbelichtete Fenster mit einer schönen Aussicht füllen',
    icon: 'AppWindow',
    task: 'Replace blown-out or dull window areas with a pleasant, believable daytime view (greenery and blue sky) matching the light direction of the room.',
    category: 'detail',
    priority: 10,
    listedCredits: 3,
    runsOn: 'server',
  }),
  mode({
    id: 'virtualStaging',
    name: 'Virtuell einrichten',
    description: 'Leere Räume mit passenden Möbeln einrichten',
    icon: 'Sofa',
    task: 'Virtually stage this room with tasteful, modern furniture and decor that fit its size and purpose, with realistic scale, shadows and reflections.',
    category: 'staging',
    priority: 11,
    // SPEC lists 3, but the card opens the staging flow, which charges STAGING_CREDITS (issue 27: one price).
    listedCredits: STAGING_CREDITS,
    runsOn: 'server',
  }),
  mode({
    id: 'cozyFurnishing',
    name: 'Gemütlich einrichten',
    description:
      'Den Raum mit Beispielprodukten einrichten, mit Einkaufsliste (Beispielprodukte, Preise geschätzt)',
    icon: 'ShoppingBag',
    task: 'Furnish this room cosily with the selected example products, placed at realistic scale with matching light and shadows.',
    category: 'staging',
    priority: 12,
    listedCredits: STAGING_CREDITS,
    runsOn: 'server',
  }),
]);

/**
 * Room-specific modes, three per room type. The light and colour modes run on the device.
 * cozyAtmosphere runs on the device too: as defined here it is a colour grade (warmer white balance, lifted
 * shadows, softer contrast) and adds no objects, which classical processing does as well as a generative model.
 */
export const ROOM_MODES: readonly Mode[] = Object.freeze([
  // kitchen
  mode({
    id: 'cleanCounters',
    name: 'Arbeitsflächen freiräumen',
    description: 'Arbeitsflächen aufgeräumt und blitzsauber zeigen',
    icon: 'SprayCan',
    task: 'Clear the kitchen countertops of clutter, dishes and small items, leaving them clean and sparkling, with at most one tasteful decor item.',
    category: 'cleaning',
    priority: 1,
    listedCredits: 1,
    runsOn: 'server',
    roomType: 'kitchen',
  }),
  mode({
    id: 'shineAppliances',
    name: 'Geräte zum Glänzen bringen',
    description: 'Herd, Kühlschrank und Spüle wie neu aussehen lassen',
    icon: 'CookingPot',
    task: 'Make the kitchen appliances, sink and fittings look spotless and new: remove smudges, fingerprints and stains, add a clean natural shine.',
    category: 'detail',
    priority: 2,
    listedCredits: 1,
    runsOn: 'server',
    roomType: 'kitchen',
  }),
  mode({
    id: 'warmLighting',
    name: 'Warmes Licht',
    description: 'Die Küche in warmes, einladendes Licht tauchen',
    icon: 'Flame',
    task: 'Give the kitchen warm, inviting lighting: a warmer colour temperature and gently brightened shadows.',
    category: 'lighting',
    priority: 3,
    listedCredits: 1,
    runsOn: 'device',
    roomType: 'kitchen',
  }),
  // bedroom
  mode({
    id: 'hotelBed',
    name: 'Hotelbett',
    description: 'Das Bett glatt und ordentlich wie im Hotel machen',
    icon: 'BedDouble',
    task: 'Make the bed hotel-style: smooth, crisp white linen without wrinkles, neatly arranged pillows and a folded throw at the foot of the bed.',
    category: 'cleaning',
    priority: 1,
    listedCredits: 1,
    runsOn: 'server',
    roomType: 'bedroom',
  }),
  mode({
    id: 'cozyAtmosphere',
    name: 'Gemütliche Atmosphäre',
    description: 'Warmes, weiches Licht für eine behagliche Stimmung',
    icon: 'Moon',
    task: 'Create a cosy atmosphere with colour and light only: warmer white balance, softly lifted shadows and gentle contrast.',
    category: 'color',
    priority: 2,
    listedCredits: 1,
    runsOn: 'device',
    roomType: 'bedroom',
  }),
  mode({
    id: 'declutterSurfaces',
    name: 'Ablagen freiräumen',
    description: 'Nachttische und Kommoden von Kleinkram befreien',
    icon: 'Archive',
    task: 'Remove clutter from nightstands, dressers and shelves, keeping lamps and at most one decor item per surface.',
    category: 'cleaning',
    priority: 3,
    listedCredits: 1,
    runsOn: 'server',
    roomType: 'bedroom',
  }),
  // bathroom
  mode({
    id: 'spaClean',
    name: 'Spa-Sauberkeit',
    description: 'Das Bad makellos sauber wie in einem Spa zeigen',
    icon: 'Droplets',
    task: 'Make the bathroom spotless like a spa: remove toiletries, bottles and towels lying around, clean limescale, stains and grout, and add neatly folded white towels.',
    category: 'cleaning',
    priority: 1,
    listedCredits: 1,
    runsOn: 'server',
    roomType: 'bathroom',
  }),
  mode({
    id: 'brightFresh',
    name: 'Hell und frisch',
    description: 'Helles, frisches Licht mit klaren Weißtönen',
    icon: 'Sparkle',
    task: 'Make the bathroom look bright and fresh: clean neutral whites, brighter exposure and crisp contrast.',
    category: 'lighting',
    priority: 2,
    listedCredits: 1,
    runsOn: 'device',
    roomType: 'bathroom',
  }),
  mode({
    id: 'gleamingFixtures',
    name: 'Glänzende Armaturen',
    description: 'Armaturen, Fliesen und Spiegel zum Strahlen bringen',
    icon: 'ShowerHead',
    task: 'Make taps, fixtures, tiles and mirrors gleam: remove water spots and smudges and add a clean natural shine.',
    category: 'detail',
    priority: 3,
    listedCredits: 1,
    runsOn: 'server',
    roomType: 'bathroom',
  }),
  // living room
  mode({
    id: 'arrangePillows',
    name: 'Kissen arrangieren',
    description: 'Kissen und Decken ordentlich und einladend anordnen',
    icon: 'Feather',
    task: 'Arrange the sofa cushions and throws neatly and invitingly, plumped and symmetrical, with a folded blanket.',
    category: 'cleaning',
    priority: 1,
    listedCredits: 1,
    runsOn: 'server',
    roomType: 'livingRoom',
  }),
  mode({
    id: 'entertainmentTidy',
    name: 'TV-Bereich aufräumen',
    description: 'Kabel, Fernbedienungen und Kleinkram am Fernseher entfernen',
    icon: 'Tv',
    task: 'Tidy the TV and media area: hide cables, remove remotes, game controllers and loose items, and keep the screen dark and clean.',
    category: 'cleaning',
    priority: 2,
    listedCredits: 1,
    runsOn: 'server',
    roomType: 'livingRoom',
  }),
  mode({
    id: 'ambientLighting',
    name: 'Stimmungsvolles Licht',
    description: 'Weiches Umgebungslicht für ein wohnliches Ambiente',
    icon: 'Lamp',
    task: 'Give the living room soft, warm ambient lighting with balanced exposure and gentle shadows.',
    category: 'lighting',
    priority: 3,
    listedCredits: 1,
    runsOn: 'device',
    roomType: 'livingRoom',
  }),
  // exterior
  mode({
    id: 'curbAppeal',
    name: 'Erster Eindruck',
    description: 'Fassade und Eingang gepflegt und einladend zeigen',
    icon: 'House',
    task: 'Improve curb appeal: clean the facade, paths and driveway, remove bins, hoses and debris, and make the entrance look welcoming.',
    category: 'detail',
    priority: 1,
    listedCredits: 1,
    runsOn: 'server',
    roomType: 'exterior',
  }),
  mode({
    id: 'landscapeEnhance',
    name: 'Garten verschönern',
    description: 'Rasen und Pflanzen satt grün und gepflegt darstellen',
    icon: 'TreeDeciduous',
    task: 'Enhance the landscaping: make the lawn lush, even and green, trim hedges and make plants look healthy and well kept, without adding new buildings.',
    category: 'detail',
    priority: 2,
    listedCredits: 2,
    runsOn: 'server',
    roomType: 'exterior',
  }),
  mode({
    id: 'goldenHour',
    name: 'Goldene Stunde',
    description: 'Warmes Abendlicht wie zur goldenen Stunde',
    icon: 'Sunset',
    task: 'Give the exterior the warm, golden light of the hour before sunset, with a softly glowing sky.',
    category: 'lighting',
    priority: 3,
    listedCredits: 1,
    runsOn: 'device',
    roomType: 'exterior',
  }),
  // general
  mode({
    id: 'generalDeclutter',
    name: 'Persönliches wegräumen',
    description: 'Persönliche Dinge und Unordnung entfernen, damit der Raum großzügig wirkt',
    icon: 'LayoutGrid',
    task: 'Remove clutter and stray personal items so the space looks tidy and spacious, filling freed areas seamlessly.',
    category: 'cleaning',
    priority: 1,
    listedCredits: 1,
    runsOn: 'server',
    roomType: 'general',
  }),
  mode({
    id: 'generalBrighten',
    name: 'Gesamtes Bild heller',
    description: 'Das ganze Bild gleichmäßig heller und freundlicher machen',
    icon: 'SunMedium',
    task: 'Brighten the whole image evenly and make it look friendly, keeping highlights and colours natural.',
    category: 'lighting',
    priority: 2,
    listedCredits: 1,
    runsOn: 'device',
    roomType: 'general',
  }),
  mode({
    id: 'generalEnhance',
    name: 'Rundum verbessern',
    description: 'Licht, Farben und Details gemeinsam aufwerten',
    icon: 'WandSparkles',
    task: 'Enhance the photo overall like a professional real-estate photographer: balanced light, natural colours, crisp detail and a tidy look.',
    category: 'detail',
    priority: 3,
    listedCredits: 2,
    runsOn: 'server',
    roomType: 'general',
  }),
]);

/** Every mode, global ones first. */
export const MODES: readonly Mode[] = Object.freeze([...GLOBAL_MODES, ...ROOM_MODES]);

const BY_ID: ReadonlyMap<string, Mode> = new Map(MODES.map((m) => [m.id, m]));

/** German labels of the room types, for badges and headings. */
export const ROOM_TYPE_LABELS: Readonly<Record<RoomType, string>> = Object.freeze({
  kitchen: 'Küche',
  bedroom: 'Schlafzimmer',
  bathroom: 'Badezimmer',
  livingRoom: 'Wohnzimmer',
  exterior: 'Außenbereich',
  general: 'Allgemein',
});

export function modeById(id: string): Mode | undefined {
  return BY_ID.get(id);
}

export function isModeId(id: string): boolean {
  return BY_ID.has(id);
}

/** The three modes of one room type, in priority order. */
export function roomModes(roomType: RoomType): Mode[] {
  return ROOM_MODES.filter((m) => m.roomType === roomType).sort((a, b) => a.priority - b.priority);
}

/** The modes for every room, in priority order (the order the mode list offers them). */
export function globalModes(): Mode[] {
  return [...GLOBAL_MODES].sort((a, b) => a.priority - b.priority);
}

/** True for modes the device does for free; false for server modes and unknown ids. */
export function isDeviceMode(id: string): boolean {
  return BY_ID.get(id)?.runsOn === 'device';
}

/** The staging modes are not ticked: their card opens the staging flow (its own dialog, call and price). */
export function opensStagingFlow(mode: Mode): boolean {
  return mode.category === 'staging';
}

/** The server modes a provider's `enhance` runs: every server mode but the staging ones, in catalogue order. */
export function enhanceModeIds(): string[] {
  return MODES.filter((m) => m.runsOn === 'server' && !opensStagingFlow(m)).map((m) => m.id);
}

/** A provider that does every server mode with a generative model (openai): every server mode costs credits. */
export const REAL_AI_CAPABILITIES: ProviderCapabilities = Object.freeze({
  approximatedModeIds: Object.freeze([]),
  unavailableModeIds: Object.freeze([]),
  removalModeIds: Object.freeze([]),
});

/**
 * What a device assumes before the server has ever answered GET /api/ai-capabilities: every server mode paid
 * (never a price below what the server charges) and its availability unknown (so none is preselected).
 */
export const UNKNOWN_AI_CAPABILITIES: AiCapabilities = Object.freeze({
  approximatedModeIds: Object.freeze([]),
  unavailableModeIds: null,
});

/** True for a server mode this server said it cannot do at all; false for the rest, and while nobody knows. */
export function isModeUnavailable(id: string, capabilities: AiCapabilities): boolean {
  return capabilities.unavailableModeIds?.includes(id) ?? false;
}

/**
 * True for a mode known to run here: a device mode always, a server mode once the server said it is not among
 * what it cannot do. What may be recommended and preselected.
 */
export function isModeKnownToRun(id: string, capabilities: AiCapabilities): boolean {
  const mode = BY_ID.get(id);
  if (!mode) return false;
  if (mode.runsOn === 'device') return true;
  return capabilities.unavailableModeIds !== null && !capabilities.unavailableModeIds.includes(id);
}

/**
 * What a user pays for one mode on one image: device modes are free, and so are server modes the provider only
 * approximates with classical image processing; every other server mode costs its listed credits. A mode the
 * server cannot do is never run, so it costs nothing either. Without `capabilities` every server mode counts as
 * real AI work (the price nobody can be undercharged by).
 */
export function modeCost(mode: Mode, capabilities: AiCapabilities = REAL_AI_CAPABILITIES): number {
  if (mode.runsOn === 'device' || capabilities.approximatedModeIds.includes(mode.id)) return 0;
  if (isModeUnavailable(mode.id, capabilities)) return 0;
  return mode.listedCredits;
}

/** The credits one mode costs on one image, by id; 0 for an id the catalogue does not know. */
export function modeCostById(id: string, capabilities: AiCapabilities = REAL_AI_CAPABILITIES): number {
  const mode = BY_ID.get(id);
  return mode ? modeCost(mode, capabilities) : 0;
}
