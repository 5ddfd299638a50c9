// Downloads of results: one photo as 'optimiertes-bild-N.jpg', or all of them in one ZIP. JPEG at full
// resolution within DOWNLOAD_MAX_BYTES, because portals refuse larger files (a 12 MP PNG is over 20 MB); PNG
// only when the user asks for it (the option is remembered on this device). Both carry no metadata.

import { DOWNLOAD_MAX_BYTES } from '../../core/catalog/limits';
import { resultFileName, type ResultFormat } from '../../core/text/fileNames';
import { convertBlob } from '../engine/canvasCodec';
import { fitJpeg } from './fitJpeg';
import { exportForPortal, exportPreset } from './portalExport';

const FORMAT_KEY = 'raumglanz.downloadFormat';

/** The format downloads use: 'jpg' unless the user chose PNG. */
export function downloadFormat(): ResultFormat {
  try {
    return localStorage.getItem(FORMAT_KEY) === 'png' ? 'png' : 'jpg';
  } catch {
    return 'jpg';
  }
}

export function setDownloadFormat(format: ResultFormat): void {
  try {
    localStorage.setItem(FORMAT_KEY, format);
  } catch {
    // Private mode without storage: the choice holds for this page only, which is fine.
  }
}

function encode(blob: Blob, format: ResultFormat): Promise<Blob> {
  // A portal's preset decides size and quality itself (JPEG); 'Original' keeps the user's format.
  const preset = exportPreset();
  if (preset.id !== 'original') return exportForPortal(blob, preset);
  return format === 'png'
    ? convertBlob(blob, 'image/png')
    : fitJpeg(blob, { maxBytes: DOWNLOAD_MAX_BYTES, mayShrink: false });
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
/** A portal's preset always writes JPEG. */
const fileFormat = (): ResultFormat => (exportPreset().id === 'original' ? downloadFormat() : 'jpg');

export async function downloadOne(blob: Blob, n: number): Promise<void> {
  const format = fileFormat();
  saveBlob(await encode(blob, format), resultFileName(n, format));
}

/** JPEG and PNG are already compressed, so the ZIP only stores the files (level 0) and stays fast. */
export async function downloadZip(blobs: readonly Blob[], zipName: string): Promise<void> {
  const format = fileFormat();
  // The ZIP writer loads with the first ZIP download, not with the landing page.
  const { zipSync } = await import('fflate');
  const files: Record<string, Uint8Array> = {};
  for (const [i, blob] of blobs.entries()) {
    files[resultFileName(i + 1, format)] = new Uint8Array(await (await encode(blob, format)).arrayBuffer());
  }
  const zipped = zipSync(files, { level: 0 });
  saveBlob(new Blob([zipped as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), zipName);
}
