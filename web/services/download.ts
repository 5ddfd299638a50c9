// Downloads of results: one photo as 'optimiertes-bild-N.png', or all of them in one ZIP. Results are stored as
// JPEG; the spec names the files .png, so they are re-encoded as PNG here, which also leaves no metadata behind.

import { zipSync } from 'fflate';
import { resultFileName } from '../../core/text/fileNames';
import { convertBlob } from '../engine/canvasCodec';

function toPng(blob: Blob): Promise<Blob> {
  return convertBlob(blob, 'image/png');
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** n is 1-based, as in the file name. */
export async function downloadOne(blob: Blob, n: number): Promise<void> {
  saveBlob(await toPng(blob), resultFileName(n));
}

/** PNG is already compressed, so the ZIP only stores the files (level 0) and stays fast for large photos. */
export async function downloadZip(blobs: readonly Blob[], zipName: string): Promise<void> {
  const files: Record<string, Uint8Array> = {};
  for (const [i, blob] of blobs.entries()) {
    files[resultFileName(i + 1)] = new Uint8Array(await (await toPng(blob)).arrayBuffer());
  }
  const zipped = zipSync(files, { level: 0 });
  saveBlob(new Blob([zipped as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), zipName);
}
