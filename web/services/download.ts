// Downloads of results: one photo as 'optimiertes-bild-N-<own name>.jpg', or all of them in one ZIP named
// the same way. JPEG at full resolution within DOWNLOAD_MAX_BYTES, because portals refuse larger files (a 12 MP
// PNG is over 20 MB); PNG only when the user asks for it (a setting, web/data/settings.ts). Neither carries metadata.

import { DOWNLOAD_MAX_BYTES } from '../../core/catalog/limits';
import type { BelowMinimum, ExportGeometry, PortalPreset } from '../../core/export/portalPresets';
import { resultFileName, type ResultFormat } from '../../core/text/fileNames';
import type { ResultEntry, SaveReport } from '../workflow/actions/deps';
import { convertBlob } from '../engine/canvasCodec';
import { readDownloadFormat } from '../data/settings';
import { fitJpeg } from './fitJpeg';
import { exportForPortal, exportPreset } from './portalExport';

/** The file to write, and for a portal's preset its geometry (which tells a photo kept below the minimum). */
async function encode(
  blob: Blob,
  format: ResultFormat,
  preset: PortalPreset,
): Promise<{ file: Blob; geometry: ExportGeometry | null }> {
  // A portal's preset decides size and quality itself (JPEG); 'Original' keeps the user's format.
  if (preset.id !== 'original') return exportForPortal(blob, preset);
  const file =
    format === 'png'
      ? await convertBlob(blob, 'image/png')
      : await fitJpeg(blob, { maxBytes: DOWNLOAD_MAX_BYTES, mayShrink: false });
  return { file, geometry: null };
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

/** Encodes every entry under its name, and collects the ones kept below the preset's minimum. */
async function encodeAll(
  entries: readonly ResultEntry[],
): Promise<{ files: { name: string; file: Blob }[]; report: SaveReport }> {
  const preset = exportPreset();
  // A portal's preset always writes JPEG.
  const format = preset.id === 'original' ? readDownloadFormat() : 'jpg';
  const small: BelowMinimum['files'] = [];
  const files: { name: string; file: Blob }[] = [];
  for (const entry of entries) {
    const name = resultFileName(entry.n, format, entry.originalName);
    const { file, geometry } = await encode(entry.blob, format, preset);
    if (geometry?.belowMinimum) small.push({ name, width: geometry.width, height: geometry.height });
    files.push({ name, file });
  }
  const belowMinimum =
    small.length > 0
      ? { portal: preset.name, minWidth: preset.minWidth, minHeight: preset.minHeight, files: small }
      : null;
  return { files, report: { belowMinimum } };
}

export async function downloadOne(entry: ResultEntry): Promise<SaveReport> {
  const { files, report } = await encodeAll([entry]);
  const [{ name, file }] = files as [{ name: string; file: Blob }];
  saveBlob(file, name);
  return report;
}

/** JPEG and PNG are already compressed, so the ZIP only stores the files (level 0) and stays fast. */
export async function downloadZip(entries: readonly ResultEntry[], zipName: string): Promise<SaveReport> {
  // The ZIP writer loads with the first ZIP download, not with the landing page.
  const { zipSync } = await import('fflate');
  const { files, report } = await encodeAll(entries);
  const zipped: Record<string, Uint8Array> = {};
  for (const { name, file } of files) zipped[name] = new Uint8Array(await file.arrayBuffer());
  const bytes = zipSync(zipped, { level: 0 });
  saveBlob(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), zipName);
  return report;
}
