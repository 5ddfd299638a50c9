// The builtin staging's pixel work, run in the image pool (server/pool/tasks.ts): the chosen products' drawings
// rasterised at the resolution the photo needs, and placed on its floor by core/staging's composition.
import type { RgbaImage } from '../../../core/imaging/types';
import { composeStaging, pieceFromItem, type ComposeResult, type FloorEstimate } from '../../../core/staging';
import { pictureResolution, productRgba } from './pictures';
import type { StagingLine } from './types';

export async function stagePhoto(
  photo: RgbaImage,
  lines: readonly StagingLine[],
  floor: FloorEstimate,
): Promise<ComposeResult> {
  const pxPerCm = pictureResolution(photo.width);
  const pieces = await Promise.all(
    lines.map(async ({ item, quantity }) => pieceFromItem(item, await productRgba(item, pxPerCm), quantity)),
  );
  return composeStaging(photo, pieces, floor);
}
