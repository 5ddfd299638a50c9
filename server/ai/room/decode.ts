// Photo bytes to the RGBA pixels the room analysis reads, with sharp: EXIF rotation applied (as browsers do)
// and shrunk to the analysis size on decode, which is far cheaper than decoding full size and shrinking after.
import sharp from 'sharp';
import { ANALYSIS_MAX_SIDE } from '../../../core/analysis/room/downscale';
import type { RgbaImage } from '../../../core/analysis/room/types';

/** Decodes a JPEG/PNG/WEBP file path or buffer to RGBA whose longest side is at most maxSide. */
export async function decodeForAnalysis(
  input: string | Buffer,
  maxSide = ANALYSIS_MAX_SIDE,
): Promise<RgbaImage> {
  const { data, info } = await sharp(input)
    .rotate()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
  };
}
