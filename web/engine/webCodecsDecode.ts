// The browser's own JPEG decoder without the canvas: WebCodecs' ImageDecoder hands over the decoded frame as
// stored (YUV), and VideoFrame.copyTo converts it to RGBA straight into the engine's frame. That skips drawing a
// bitmap onto a canvas and getImageData's readback, half of the canvas path's decoding time in Chromium 156.

import { createImage, type RgbaImage } from '../../core/imaging/types';
import type { AcceptedImageType } from '../../core/upload/sniffImageType';
import { decodeNeeds } from './imageMeta';
import { copyOriented, orientedSize } from './orient';

export function hasImageDecoder(): boolean {
  return typeof ImageDecoder !== 'undefined' && typeof VideoFrame !== 'undefined';
}

/**
 * Decodes a JPEG with EXIF orientation applied (ours: copyTo gives the stored rows). Null where this path does
 * not apply: no ImageDecoder, PNG/WebP (their alpha), or a photo that needs colour management (imageMeta.ts).
 */
export async function decodeWithImageDecoder(
  blob: Blob,
  type: AcceptedImageType,
  into?: (width: number, height: number) => RgbaImage,
): Promise<RgbaImage | null> {
  if (type !== 'image/jpeg' || !hasImageDecoder()) return null;
  const buffer = await blob.arrayBuffer();
  const needs = decodeNeeds(new Uint8Array(buffer), type);
  if (needs.browserOnly) return null;
  const decoder = new ImageDecoder({ data: buffer, type, preferAnimation: false });
  try {
    const { image } = await decoder.decode();
    try {
      const { width, height } = image.visibleRect ?? { width: image.codedWidth, height: image.codedHeight };
      const [outWidth, outHeight] = orientedSize(width, height, needs.orientation);
      const upright = needs.orientation === 1;
      const target = upright
        ? (into?.(width, height) ?? createImage(width, height))
        : createImage(width, height);
      await image.copyTo(target.data, { format: 'RGBA' });
      if (upright) return target;
      const turned = into?.(outWidth, outHeight) ?? createImage(outWidth, outHeight);
      copyOriented(target.data, width, height, needs.orientation, turned);
      return turned;
    } finally {
      image.close();
    }
  } finally {
    decoder.close();
  }
}
