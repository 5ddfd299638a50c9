// Many photos' analyses to the one RoomAnalysis of SPEC section 3 that mode selection starts from. The device
// and the server combine through here; the modes to recommend come from core/catalog's recommendModes.
import {
  NO_VISIBLE_ELEMENTS,
  recommendModes,
  VISIBLE_ELEMENTS,
  type RoomType,
  type VisibleElements,
} from '../../catalog';
import type { PerImageRoom, RoomAnalysis } from './types';

/** Combines per-image room types into the analysis' roomType, roomTypes and hasMixedRooms. */
export function combineRoomTypes(
  perImage: readonly RoomType[],
): Pick<RoomAnalysis, 'roomType' | 'roomTypes' | 'hasMixedRooms'> {
  const roomTypes = [...new Set(perImage)];
  if (roomTypes.length === 0) return { roomType: 'general', roomTypes: [], hasMixedRooms: false };
  if (roomTypes.length === 1) return { roomType: roomTypes[0], roomTypes, hasMixedRooms: false };
  return { roomType: 'mixed', roomTypes, hasMixedRooms: true };
}

/** Any image showing an element makes it visible for the set: a bed in any photo makes "hotel bed" worth it. */
export function mergeVisibleElements(perImage: readonly VisibleElements[]): VisibleElements {
  const merged: VisibleElements = { ...NO_VISIBLE_ELEMENTS };
  for (const elements of perImage) {
    for (const flag of VISIBLE_ELEMENTS) merged[flag] ||= elements[flag];
  }
  return merged;
}

/** The analysis of a set whose photos showed these room types and, together, these elements. */
export function roomAnalysisOf(
  roomTypes: readonly RoomType[],
  visibleElements: VisibleElements,
): RoomAnalysis {
  const rooms = combineRoomTypes(roomTypes);
  return { ...rooms, recommendedModes: recommendModes(rooms.roomType, visibleElements), visibleElements };
}

/**
 * The on-device detector's photos combined. 'general' is the detector's "no idea" for one photo, so it only
 * counts when no photo was recognised: three kitchen shots and one unclear one are a kitchen, not mixed.
 * (server/services/analysis.ts, combining a provider's answers, counts every photo's room type, 'general' too.)
 */
export function combineAnalyses(perImage: readonly PerImageRoom[]): RoomAnalysis {
  const known = perImage.map((a) => a.roomType).filter((t) => t !== 'general');
  const types = known.length > 0 ? known : perImage.map((a) => a.roomType);
  return roomAnalysisOf(types, mergeVisibleElements(perImage.map((a) => a.visibleElements)));
}
