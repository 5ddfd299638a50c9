// The room analysis of SPEC section 3 and the pure rule that turns it into recommended modes.
// The server's AI (or the device's heuristics) fills VisibleElements; this module decides which modes to
// recommend, so that decision is the same wherever the analysis came from.

import { MAX_RECOMMENDED_MODES } from './limits';
import { roomModes } from './modes';
import type { RoomType } from './types';

export interface VisibleElements {
  hasPillows: boolean;
  hasBed: boolean;
  hasTV: boolean;
  hasAppliances: boolean;
  hasCountertops: boolean;
  hasToiletries: boolean;
  hasClutter: boolean;
}

export interface RoomAnalysis {
  /** The room type of all images, or 'mixed' when they show different rooms. */
  roomType: RoomType | 'mixed';
  /** Each distinct room type seen, in the order first seen. */
  roomTypes: RoomType[];
  hasMixedRooms: boolean;
  recommendedModes: string[];
  visibleElements: VisibleElements;
}

export const NO_VISIBLE_ELEMENTS: Readonly<VisibleElements> = Object.freeze({
  hasPillows: false,
  hasBed: false,
  hasTV: false,
  hasAppliances: false,
  hasCountertops: false,
  hasToiletries: false,
  hasClutter: false,
});

/**
 * Which server mode each visible element calls for, most visible improvement first. Clutter leads because
 * removing it changes a listing photo most; the rest follow the order a guest's eye meets them.
 */
const ELEMENT_MODES: ReadonlyArray<readonly [keyof VisibleElements, string]> = [
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

/** Combines per-image room types into the analysis' roomType, roomTypes and hasMixedRooms. */
export function combineRoomTypes(
  perImage: readonly RoomType[],
): Pick<RoomAnalysis, 'roomType' | 'roomTypes' | 'hasMixedRooms'> {
  const roomTypes = [...new Set(perImage)];
  if (roomTypes.length === 0) return { roomType: 'general', roomTypes: [], hasMixedRooms: false };
  if (roomTypes.length === 1) return { roomType: roomTypes[0], roomTypes, hasMixedRooms: false };
  return { roomType: 'mixed', roomTypes, hasMixedRooms: true };
}
