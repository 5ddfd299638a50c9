// The disclosure on a virtually furnished photo: a dark pill with 'Virtuell eingerichtet' in its lower left
// corner, drawn with the browser's own codec (canvasCodec), so whoever sees the downloaded photo on a listing
// knows the furniture is not really there (EU AI Act Art. 50; portals ask hosts not to mislead guests).
import { JPEG_QUALITY, withBitmap, type EncodedType } from './canvasCodec';

export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
  fontPx: number;
}

/** The label's size scales with the photo, so it stays readable on a phone and on a 4000 px original. */
export function labelBox(width: number, height: number, textWidthPerFontPx = 11.2): LabelBox {
  const fontPx = Math.max(14, Math.round(Math.min(width, height) * 0.04));
  const padding = Math.round(fontPx * 0.6);
  const margin = Math.round(fontPx * 0.8);
  const boxWidth = Math.min(width - 2 * margin, Math.round(textWidthPerFontPx * fontPx) + 2 * padding);
  const boxHeight = Math.round(fontPx * 1.2) + 2 * padding;
  return { x: margin, y: height - margin - boxHeight, width: boxWidth, height: boxHeight, fontPx };
}

/**
 * The photo with the label drawn in, encoded as `type` (no metadata: canvas encodes carry none). The default is
 * a JPEG at the quality results are kept at, which the JPEG download then takes as it is (no second encode).
 */
export function drawDisclosureLabel(
  blob: Blob,
  text: string,
  type: EncodedType = 'image/jpeg',
  quality: number = JPEG_QUALITY.keep,
): Promise<Blob> {
  return withBitmap(blob, {}, async (bitmap) => {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('OffscreenCanvas 2d context unavailable');
    ctx.drawImage(bitmap, 0, 0);
    const probe = labelBox(bitmap.width, bitmap.height);
    ctx.font = `600 ${probe.fontPx}px system-ui, sans-serif`;
    const measured = ctx.measureText(text).width / probe.fontPx;
    const box = labelBox(bitmap.width, bitmap.height, measured);
    ctx.fillStyle = 'rgba(20, 20, 20, 0.72)';
    ctx.beginPath();
    ctx.roundRect(box.x, box.y, box.width, box.height, Math.round(box.height / 2));
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'center';
    ctx.fillText(text, box.x + box.width / 2, box.y + box.height / 2, box.width - box.fontPx);
    return canvas.convertToBlob(type === 'image/jpeg' ? { type, quality } : { type });
  });
}
