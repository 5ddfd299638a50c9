// Photos in the API's JSON bodies: blobs to data URLs (downscaled where the server only looks at the photo as a
// whole, since JSON bodies are limited), and the server's data URLs back to blobs. Pixels go through the one
// web codec in web/engine/canvasCodec.ts.

import { downscaledJpeg, JPEG_QUALITY } from '../engine/canvasCodec';

export async function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsDataURL(blob);
  });
}

export async function dataUrlToBlob(dataUrl: string): Promise<Blob> {
  return (await fetch(dataUrl)).blob();
}

/** A JPEG data URL no larger than maxSide on its longer side, for analysis and suggestions on the server. */
export async function downscaledDataUrl(blob: Blob, maxSide: number): Promise<string> {
  return blobToDataUrl(await downscaledJpeg(blob, maxSide, JPEG_QUALITY.forServer));
}
