// Which modes a room analysis recommends (SPEC section 3): the visible-element flags an analyser reports, the
// pure rule that turns a room type and those flags into mode ids, and the cut to what a user can run now and on
// the photos' rooms. The room analysis (core/analysis/room) and the server's providers fill VisibleElements;
// this module decides, so the decision is the same wherever the analysis came from.

import { MAX_RECOMMENDED_MODES } from './limits';
import {
  isModeKnownToRun,
  isModeUnavailable,
  modeById,
  modeCost,
  REAL_AI_CAPABILITIES,
  roomModes,
} from './modes';
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
 * Whether a mode does anything on a photo of `room`: a room's own mode only on photos of that room (a kitchen's
 * 'Arbeitsflächen freiräumen' means nothing for the bedroom); global and 'general' modes on every photo, and
 * every mode on a photo whose room is not known.
 */
export function modeFitsRoom(modeId: string, room: RoomType | undefined): boolean {
  const modeRoom = modeById(modeId)?.roomType;
  return modeRoom === undefined || modeRoom === 'general' || room === undefined || modeRoom === room;
}

/** Whether a mode fits at least one of the photos' rooms; with no room known, it does. */
function fitsAnyRoom(modeId: string, rooms: readonly RoomType[] | undefined): boolean {
  return !rooms || rooms.length === 0 || rooms.some((room) => modeFitsRoom(modeId, room));
}

/**
 * Ordered mode ids to recommend: the adaptive device correction first, then server modes for what is visible
 * (the room's own first), never two modes that do the same thing, cut to MAX_RECOMMENDED_MODES. A room's own
 * mode is recommended only for that room (pillows seen in a bedroom are no reason for the living room's 'Kissen
 * arrangieren'); a 'mixed' set may hold any room, so its screens cut the list to each photo's room
 * (`offeredRecommendations`). With `capabilities`, what the server cannot do is left out. Missing element flags
 * count as not visible.
 */
export function recommendModes(
  roomType: RoomType | 'mixed',
  visibleElements: Partial<VisibleElements>,
  capabilities?: AiCapabilities,
): string[] {
  const room: RoomType = roomType === 'mixed' ? 'general' : roomType;
  const own = new Set(roomModes(room).map((m) => m.id));
  const fits = (id: string) => roomType === 'mixed' || modeFitsRoom(id, roomType);
  const possible = (id: string) => !capabilities || !isModeUnavailable(id, capabilities);
  const serverIds = ELEMENT_MODES.filter(
    ([flag, id]) => visibleElements[flag] === true && fits(id) && possible(id),
  ).map(([, id]) => id);
  // A stable sort: the room's own server modes lead, the rest keep the order of ELEMENT_MODES.
  const ordered = [...serverIds].sort((a, b) => Number(own.has(b)) - Number(own.has(a)));
  return withoutStacking([BASE_DEVICE_MODE, ...ordered]).slice(0, MAX_RECOMMENDED_MODES);
}

/**
 * The recommendations a screen marks 'Empfohlen' for photos of `rooms` (one photo's room, or every photo's in
 * 'Alle gleich'): never a mode this server cannot do, never a room's own mode when no photo is of that room.
 */
export function offeredRecommendations(
  recommended: readonly string[],
  rooms: readonly RoomType[] | undefined,
  capabilities: AiCapabilities,
): string[] {
  return recommended.filter((id) => !isModeUnavailable(id, capabilities) && fitsAnyRoom(id, rooms));
}

/**
 * What the mode selection starts with: the recommendation cut to what runs here and does something on the
 * photos' `rooms`, and to what the user can run now. Only modes known to run are taken: device modes, and server
 * modes once `capabilities` say this server can do them (until the server has answered, none). Without an
 * account or a connection that is the free modes only (device modes, and server modes the provider only
 * approximates); paid recommendations stay shown, not ticked.
 * Never empty: the adaptive device correction is the floor.
 */
export function preselectModes(
  recommended: readonly string[],
  canRunPaid: boolean,
  capabilities: AiCapabilities = REAL_AI_CAPABILITIES,
  rooms?: readonly RoomType[],
): string[] {
  const free = (id: string) => {
    const mode = modeById(id);
    return mode !== undefined && modeCost(mode, capabilities) === 0;
  };
  const runnable = withoutStacking(
    recommended.filter(
      (id) => isModeKnownToRun(id, capabilities) && fitsAnyRoom(id, rooms) && (canRunPaid || free(id)),
    ),
  );
  return runnable.length > 0 ? runnable : [BASE_DEVICE_MODE];
}
