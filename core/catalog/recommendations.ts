// Which modes a room analysis recommends (SPEC section 3): the visible-element flags an analyser reports, the
// pure rule that turns a room type and those flags into mode ids, and the cut to what a user can run now. The
// room analysis (core/analysis/room) and the server's providers fill VisibleElements; this module decides, so
// the decision is the same wherever the analysis came from.

import { MAX_RECOMMENDED_MODES } from './limits';
import { modeById, modeCost, REAL_AI_CAPABILITIES, roomModes } from './modes';
import { withoutStacking } from './sameEffect';
import type { AiCapabilities, RoomType } from './types';

/** The things an analyser looks for in a photo, each a flag of VisibleElements (also the API's field order). */
export const VISIBLE_ELEMENTS = [
  'hasPillows',
  'hasBed',
  'hasTV',
  'hasAppliances',
  'hasCountertops',
  'hasToiletries',
  'hasClutter',
] as const;
export type VisibleElement = (typeof VISIBLE_ELEMENTS)[number];

/** Which of VISIBLE_ELEMENTS a photo (or any photo of a set) shows. */
export type VisibleElements = Record<VisibleElement, boolean>;

export const NO_VISIBLE_ELEMENTS: Readonly<VisibleElements> = Object.freeze(
  Object.fromEntries(VISIBLE_ELEMENTS.map((flag) => [flag, false])) as VisibleElements,
);

/**
 * Which server mode each visible element calls for, most visible improvement first. Clutter leads because
 * removing it changes a listing photo most; the rest follow the order a guest's eye meets them.
 */
const ELEMENT_MODES: ReadonlyArray<readonly [VisibleElement, string]> = [
  ['hasClutter', 'declutter'],
  ['hasBed', 'hotelBed'],
  ['hasPillows', 'arrangePillows'],
  ['hasCountertops', 'cleanCounters'],
  ['hasAppliances', 'shineAppliances'],
  ['hasToiletries', 'spaClean'],
  ['hasTV', 'entertainmentTidy'],
];

/**
 * The one device mode every photo gets: the adaptive correction of exposure, white balance and contrast, which
 * leaves a well-exposed photo nearly as it is. The rooms' own light modes are offered, not recommended: each
 * would brighten or warm a second time (core/catalog/sameEffect).
 */
const BASE_DEVICE_MODE = 'autoOptimize';

/**
 * Ordered mode ids to recommend: the adaptive device correction first, then server modes for what is visible
 * (the room's own first), never two modes that do the same thing, cut to MAX_RECOMMENDED_MODES.
 * A 'mixed' analysis is treated as 'general'. Missing element flags count as not visible.
 */
export function recommendModes(
  roomType: RoomType | 'mixed',
  visibleElements: Partial<VisibleElements>,
): string[] {
  const room: RoomType = roomType === 'mixed' ? 'general' : roomType;
  const own = new Set(roomModes(room).map((m) => m.id));
  const serverIds = ELEMENT_MODES.filter(([flag]) => visibleElements[flag] === true).map(([, id]) => id);
  // A stable sort: the room's own server modes lead, the rest keep the order of ELEMENT_MODES.
  const ordered = [...serverIds].sort((a, b) => Number(own.has(b)) - Number(own.has(a)));
  return withoutStacking([BASE_DEVICE_MODE, ...ordered]).slice(0, MAX_RECOMMENDED_MODES);
}

/**
 * What the mode selection starts with: the recommendation cut to what the user can run now. Without an
 * account or a connection that is the free modes only (device modes, and server modes the provider only
 * approximates, per `capabilities`); paid recommendations stay shown, not ticked.
 * Never empty: the adaptive device correction is the floor.
 */
export function preselectModes(
  recommended: readonly string[],
  canRunPaid: boolean,
  capabilities: AiCapabilities = REAL_AI_CAPABILITIES,
): string[] {
  const free = (id: string) => {
    const mode = modeById(id);
    return mode !== undefined && modeCost(mode, capabilities) === 0;
  };
  const runnable = withoutStacking(recommended.filter((id) => canRunPaid || free(id)));
  return runnable.length > 0 ? runnable : [BASE_DEVICE_MODE];
}
