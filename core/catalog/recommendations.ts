// Which modes a room analysis recommends (SPEC section 3): the visible-element flags an analyser reports and the
// pure rule that turns a room type and those flags into mode ids. The room analysis itself (core/analysis/room)
// and the server's providers fill VisibleElements; this module decides, so the decision is the same wherever the
// analysis came from.

import { MAX_RECOMMENDED_MODES } from './limits';
import { roomModes } from './modes';
import type { RoomType } from './types';

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

/** Device modes that suit any room; used to reach the minimum of two recommendations. */
const FALLBACK_DEVICE_MODES = ['autoOptimize', 'brighten'] as const;

/**
 * Ordered mode ids to recommend (and preselect): the room's free device modes first, then server modes for
 * what is visible, padded with general device modes to at least 2 and cut to MAX_RECOMMENDED_MODES.
 * A 'mixed' analysis is treated as 'general'. Missing element flags count as not visible.
 */
export function recommendModes(
  roomType: RoomType | 'mixed',
  visibleElements: Partial<VisibleElements>,
): string[] {
  const room: RoomType = roomType === 'mixed' ? 'general' : roomType;
  const ids: string[] = roomModes(room)
    .filter((m) => m.runsOn === 'device')
    .map((m) => m.id);

  const serverIds = ELEMENT_MODES.filter(([flag]) => visibleElements[flag] === true).map(([, id]) => id);
  // Pad before adding server modes so the fallback device modes, too, come before any server mode.
  for (const id of FALLBACK_DEVICE_MODES) {
    if (ids.length + serverIds.length >= 2) break;
    ids.push(id);
  }
  return [...ids, ...serverIds].slice(0, MAX_RECOMMENDED_MODES);
}
