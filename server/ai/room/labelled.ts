// Reads a folder of labelled photos: one sub-folder per room (bathroom, bedroom, kitchen, frontal,
// living_room, or the product's own room type names) holding JPEG, PNG or WEBP files.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { photoGroup, roomTypeOfFolder } from '../../../core/analysis/room/labelFolders';
import type { RoomType } from '../../../core/catalog';

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
