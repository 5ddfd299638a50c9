// Which design idea fits which photo: what an idea needs of a photo, what the product knows of one (the room
// type of the analysis, indoors or out, and what was measured: light, colour cast, sharpness, colour), and the
// rule that compares them, so an exterior gets no idea for a room and a dark storage room no plants. Pure; the
// builtin provider's ideas declare their needs with it (server/ai/builtin/suggestions.ts).
import type { RoomType } from '../catalog/types';

/** What a measurement of the photo found (the builtin provider's image statistics). */
export type Finding = 'dark' | 'cool' | 'yellow' | 'soft' | 'dull';

/** What the product knows of one photo when it suggests something for it. */
export interface SuggestionPhoto {
  /** From the analysis; 'general' is a room it could not name (a hallway, a closet, a storage room). */
  roomType: RoomType;
  findings: readonly Finding[];
}

export interface IdeaNeeds {
  /** Where it makes sense: only inside, only outside; absent: both. */
  setting?: 'indoor' | 'outdoor';
  /** Only in these rooms; absent: any room of the setting. */
  rooms?: readonly RoomType[];
  /** It fixes these findings: only where all of them were measured. */
  when?: readonly Finding[];
  /** Not where any of these was measured (sharpening, not detail, for a soft photo). */
  unless?: readonly Finding[];
  /**
   * Something living (plants, fresh herbs): only in a room we can name, indoors, with light. Never in a dark
   * room, and never in one we cannot name, which may be a closet or a storage room without a window.
   */
  daylight?: boolean;
}

/** Only an exterior is outside; a room we cannot name is taken as inside (most unnamed rooms are). */
export const isOutdoor = (roomType: RoomType): boolean => roomType === 'exterior';

export function ideaFits(needs: IdeaNeeds, scene: SuggestionPhoto): boolean {
  const outdoor = isOutdoor(scene.roomType);
  const found = (finding: Finding) => scene.findings.includes(finding);
  if (needs.setting === 'indoor' && outdoor) return false;
  if (needs.setting === 'outdoor' && !outdoor) return false;
  if (needs.rooms && !needs.rooms.includes(scene.roomType)) return false;
  if (needs.when && !needs.when.every(found)) return false;
  if (needs.unless?.some(found)) return false;
  if (needs.daylight && (outdoor || scene.roomType === 'general' || found('dark'))) return false;
  return true;
}

export interface Idea {
  needs: IdeaNeeds;
  /** A fix worth doing by default: the first fitting one of a photo comes ticked. */
  tick?: boolean;
}

/**
 * The ideas that fit the photo, in their order, and which one comes ticked: the first fitting one marked `tick`
 * (one default per photo, the fix it needs most; none where no such fix fits).
 */
export function fittingIdeas<T extends Idea>(
  ideas: readonly T[],
  scene: SuggestionPhoto,
): { idea: T; selected: boolean }[] {
  const fitting = ideas.filter((idea) => ideaFits(idea.needs, scene));
  const ticked = fitting.find((idea) => idea.tick === true);
  return fitting.map((idea) => ({ idea, selected: idea === ticked }));
}
