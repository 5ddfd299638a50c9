// Downloads for a portal (core/export/portalPresets.ts): the photo cropped and scaled down to the portal's rules
// (never up) and encoded as a JPEG at a high quality within its file-size limit (one encode when the top quality
// fits, at most three otherwise: core/export/jpegSizeModel.ts), for the portal chosen on this device
// (web/data/settings.ts keeps the choice).
// 'Original' keeps the download as it was (full size, the app's own budget, PNG on request).

import {
  exportGeometry,
  highestFittingQuality,
  PORTAL_PRESETS,
  type ExportGeometry,
  type PortalPreset,
} from '../../core/export/portalPresets';
import { readPortalPreset } from '../data/settings';
import { decodeBitmap } from '../engine/canvasCodec';

/** The portal the user downloads for; 'original' until one is chosen on this device. */
export function exportPreset(): PortalPreset {
  return PORTAL_PRESETS[readPortalPreset()];
}

/**
 * The photo as the portal takes it: cropped, scaled down and at a high JPEG quality within its limit, with
 * its geometry (a photo below the portal's minimum keeps its size: `belowMinimum`).
 */
export async function exportForPortal(
  blob: Blob,
  preset: PortalPreset,
): Promise<{ file: Blob; geometry: ExportGeometry }> {
  const source = await decodeBitmap(blob);
  try {
    const g = exportGeometry(source.width, source.height, preset);
    const canvas = new OffscreenCanvas(g.width, g.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('OffscreenCanvas 2d context unavailable');
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(source, g.crop.x, g.crop.y, g.crop.width, g.crop.height, 0, 0, g.width, g.height);
    const { file } = await highestFittingQuality(
      (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }),
      preset.maxBytes,
    );
    return { file, geometry: g };
  } finally {
    source.close();
  }
}
