// Re-encodes a photo as a JPEG within a byte budget (and a long side), with the browser's codec: the server
// refuses photos over its limits, and portals refuse downloads over 10 MB. A JPEG that already fits is kept
// byte for byte, so nothing is re-compressed without need. The attempts come from core/upload/jpegBudget.

import { readImageSize } from '../../core/upload/imageSize';
import { jpegAttempts } from '../../core/upload/jpegBudget';
import { encodeBitmap, withBitmap } from '../engine/canvasCodec';

export interface JpegFit {
  maxBytes: number;
  /** Longest side allowed; the photo's own size when omitted. */
  maxSide?: number;
  /** May the photo be made smaller when the lowest quality does not fit? Downloads keep their resolution. */
  mayShrink: boolean;
}

/** The photo as a JPEG within the budget; the smallest attempt when none fits. */
export async function fitJpeg(blob: Blob, { maxBytes, maxSide, mayShrink }: JpegFit): Promise<Blob> {
  // The header's size is enough to tell whether a JPEG already fits (JPEG and orientation: no pixel changes).
  const header = readImageSize(new Uint8Array(await blob.slice(0, 256 * 1024).arrayBuffer()));
  const fitsSide = header !== null && Math.max(header.width, header.height) <= (maxSide ?? Infinity);
  if (header?.type === 'image/jpeg' && fitsSide && blob.size <= maxBytes) return blob;

  return withBitmap(blob, {}, async (full) => {
    let last: Blob | null = null;
    for (const attempt of jpegAttempts(full.width, full.height, { maxSide, mayShrink })) {
      last =
        attempt.width === full.width
          ? await encodeBitmap(full, 'image/jpeg', attempt.quality)
          : await withBitmap(
              blob,
              { width: attempt.width, height: attempt.height, quality: 'high' },
              (small) => encodeBitmap(small, 'image/jpeg', attempt.quality),
            );
      if (last.size <= maxBytes) return last;
    }
    return last ?? blob;
  });
}
