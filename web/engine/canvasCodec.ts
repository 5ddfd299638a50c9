// Decoding and encoding with the browser's own codecs, inside a worker: createImageBitmap (which applies the EXIF
// orientation) and OffscreenCanvas.convertToBlob. A canvas-encoded JPEG carries no EXIF, so no GPS position or
// camera serial leaves the device in a result.

import type { AcceptedImageType } from '../../core/upload/sniffImageType';
import type { Codec, RgbaImage } from './enhance';

export const JPEG_QUALITY = 0.92;

function context(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  // willReadFrequently keeps the canvas in CPU memory: getImageData from a GPU canvas is a slow readback.
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('OffscreenCanvas 2d context unavailable');
  return ctx;
}

export const canvasCodec: Codec = {
  async decode(blob: Blob, type: AcceptedImageType): Promise<RgbaImage> {
    const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
    try {
      const { width, height } = bitmap;
      const ctx = context(new OffscreenCanvas(width, height));
      if (type !== 'image/jpeg') {
        // A JPEG has no transparency: transparent parts of a PNG/WebP would turn black in it, so lay them on white.
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, width, height);
      }
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, width, height);
      return { width, height, data };
    } finally {
      bitmap.close();
    }
  },

  async encode(image: RgbaImage): Promise<Blob> {
    const canvas = new OffscreenCanvas(image.width, image.height);
    // The kernels allocate plain ArrayBuffers (never shared memory), which is what ImageData's type asks for.
    const data = image.data as Uint8ClampedArray<ArrayBuffer>;
    context(canvas).putImageData(new ImageData(data, image.width, image.height), 0, 0);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  },
};
