// Labelled photo folders (as in the research data sets we measure on) to the product's room types.
import { ROOM_TYPES, type RoomType } from '../../catalog';

const FOLDER_ROOM_TYPES: Readonly<Record<string, RoomType>> = {
  bathroom: 'bathroom',
  bedroom: 'bedroom',
  kitchen: 'kitchen',
  frontal: 'exterior',
  exterior: 'exterior',
  living_room: 'livingRoom',
  livingroom: 'livingRoom',
  general: 'general',
};

/** The room type a labelled folder stands for (case-insensitive, also the product's own names), or undefined. */
export function roomTypeOfFolder(name: string): RoomType | undefined {
  const key = name.trim().toLowerCase();
  return FOLDER_ROOM_TYPES[key] ?? ROOM_TYPES.find((t) => t.toLowerCase() === key);
}

/**
 * Which photos must stay together when cross-validating: `<house>_<room>.jpg` files of one house share a
 * group (the same home in several folders would otherwise leak between training and test); any other file
 * is its own group.
 */
export function photoGroup(fileName: string): string {
  const match = /^(\d+)_/.exec(fileName);
  return match ? `house:${match[1]}` : `file:${fileName}`;
}
