// Labelled photo folders (as in the research data sets the room head is trained and measured on): one
// sub-folder per room (bathroom, bedroom, kitchen, frontal, living_room, or the product's own room type names)
// holding JPEG, PNG or WEBP files. Training-only: read by scripts/train-room-head.ts and `npm run analyze --labels`.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOM_TYPES, type RoomType } from '../../core/catalog';

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

export interface LabelledPhoto {
  path: string;
  file: string;
  expected: RoomType;
  /** Photos of one house share a group; see photoGroup. */
  group: string;
}

const IMAGE_FILE = /\.(jpe?g|png|webp)$/i;

/** Every photo under a labelled folder, sorted by room then file name. Unknown sub-folders are an error. */
export function listLabelledPhotos(folder: string): LabelledPhoto[] {
  const photos: LabelledPhoto[] = [];
  for (const sub of readdirSync(folder).sort()) {
    const dir = join(folder, sub);
    if (!statSync(dir).isDirectory()) continue;
    const expected = roomTypeOfFolder(sub);
    if (!expected) throw new Error(`unknown room folder "${sub}" in ${folder}`);
    for (const file of readdirSync(dir).sort()) {
      if (IMAGE_FILE.test(file))
        photos.push({ path: join(dir, file), file, expected, group: photoGroup(file) });
    }
  }
  return photos;
}
