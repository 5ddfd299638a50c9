// Many photos' analyses to the one RoomAnalysis of SPEC section 3 that mode selection starts from.
import {
  NO_VISIBLE_ELEMENTS,
  combineRoomTypes,
  recommendModes,
  type RoomAnalysis,
  type RoomType,
} from '../../catalog';
import type { VisibleElements } from '../../catalog';

export interface PerImageRoom {
  roomType: RoomType;
  visibleElements: VisibleElements;
}

/**
 * The room type(s) of all photos and the modes to preselect. 'general' means "no idea" for one photo, so it
 * only counts when no photo was recognised: three kitchen shots and one unclear one are a kitchen, not mixed.
 * Visible elements are joined: a bed in any photo makes "hotel bed" worth recommending.
 */
export function combineAnalyses(perImage: readonly PerImageRoom[]): RoomAnalysis {
  const known = perImage.map((a) => a.roomType).filter((t) => t !== 'general');
  const types = known.length > 0 ? known : perImage.map((a) => a.roomType);
  const rooms = combineRoomTypes(types);
  const visibleElements: VisibleElements = { ...NO_VISIBLE_ELEMENTS };
  for (const a of perImage) {
    for (const key of Object.keys(visibleElements) as (keyof VisibleElements)[]) {
      if (a.visibleElements[key]) visibleElements[key] = true;
    }
  }
  return { ...rooms, recommendedModes: recommendModes(rooms.roomType, visibleElements), visibleElements };
}
