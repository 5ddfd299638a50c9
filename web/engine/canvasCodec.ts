// The web's one image codec: the browser's own decoders and encoders (createImageBitmap, which applies the EXIF
// orientation, and OffscreenCanvas.convertToBlob). Works in a window and in a worker. A canvas-encoded image
// carries no EXIF, so no GPS position or camera serial leaves the device in anything encoded here.

// The long-side fit (never enlarge, at least one pixel a side) is core's, not a second copy of it.
import { analysisSize } from '../../core/analysis/room/downscale';
import type { AcceptedImageType } from '../../core/upload/sniffImageType';
import type { RgbaImage } from '../../core/imaging/types';
import type { Codec } from './photoJob';

/**
 * JPEG qualities, one per use. They differ because the uses do: what the user keeps must not lose detail,
 * what only the server looks at must stay small for the JSON body limit, a grid thumbnail is seen tiny.
 */
export const JPEG_QUALITY = {
  /** Results and imported originals: photos the user keeps or that are enhanced further (the browsers' default). */
  keep: 0.92,
  /** Downscaled copies for the server's analysis and suggestions: they are looked at, not kept. */
  forServer: 0.9,
  /** Grid previews, shown a few hundred pixels wide. */
  preview: 0.8,
} as const;

export type EncodedType = 'image/jpeg' | 'image/png';

/** How createImageBitmap should scale while decoding; omitted sides keep the aspect ratio. */
export interface DecodeSize {
  width?: number;
  height?: number;
  quality?: ResizeQuality;
}

/** Decodes with EXIF orientation applied, scaled while decoding if a size is given. The caller closes it. */
export function decodeBitmap(blob: Blob, size: DecodeSize = {}): Promise<ImageBitmap> {
  return createImageBitmap(blob, {
    imageOrientation: 'from-image',
    ...(size.width !== undefined ? { resizeWidth: size.width } : {}),
    ...(size.height !== undefined ? { resizeHeight: size.height } : {}),
    ...(size.quality !== undefined ? { resizeQuality: size.quality } : {}),
  });
}

/** Runs fn on the decoded bitmap and always releases the bitmap's memory afterwards. */
export async function withBitmap<T>(
  blob: Blob,
  size: DecodeSize,
  fn: (bitmap: ImageBitmap) => Promise<T> | T,
): Promise<T> {
  const bitmap = await decodeBitmap(blob, size);
  try {
    return await fn(bitmap);
  } finally {
    bitmap.close();
  }
}

function context(canvas: OffscreenCanvas, readBack = false): OffscreenCanvasRenderingContext2D {
  // willReadFrequently keeps the canvas in CPU memory: getImageData from a GPU canvas is a slow readback.
  const ctx = canvas.getContext('2d', { willReadFrequently: readBack });
  if (!ctx) throw new Error('OffscreenCanvas 2d context unavailable');
  return ctx;
}

/** Encodes a bitmap at its own size; quality applies to JPEG only. */
export function encodeBitmap(bitmap: ImageBitmap, type: EncodedType, quality?: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  context(canvas).drawImage(bitmap, 0, 0);
  return canvas.convertToBlob(quality === undefined ? { type } : { type, quality });
}

/** Encodes RGBA pixels; quality applies to JPEG only. */
export function encodeRgba(image: RgbaImage, type: EncodedType, quality?: number): Promise<Blob> {
  const { width, height, data } = image;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = context(canvas, true);
  if (data.buffer instanceof ArrayBuffer) {
    ctx.putImageData(new ImageData(data as Uint8ClampedArray<ArrayBuffer>, width, height), 0, 0);
  } else {
    // ImageData takes no shared memory (the engine's frames are shared where the page is cross-origin isolated):
    // rows go through one small reused buffer rather than a second whole frame, a 48 MB allocation per photo.
    const rows = bandRows(width, height);
    const band = new Uint8ClampedArray(rows * width * 4);
    for (let y = 0; y < height; y += rows) {
      const n = Math.min(rows, height - y);
      const pixels = band.subarray(0, n * width * 4);
      pixels.set(data.subarray(y * width * 4, (y + n) * width * 4));
      ctx.putImageData(new ImageData(pixels, width, n), 0, y);
    }
  }
  return canvas.convertToBlob(quality === undefined ? { type } : { type, quality });
}

/** Rows of a band that moves pixels between a canvas and a frame: about 1 MB, so it stays in the cache. */
function bandRows(width: number, height: number): number {
  return Math.max(1, Math.min(height, Math.floor((1 << 20) / (width * 4))));
}

export interface DecodeRgbaOptions {
  /** The size to draw at, from the photo's oriented size; the photo's own size when omitted. */
  fit?: (width: number, height: number) => readonly [number, number];
  /** Lays transparent parts on white (a JPEG made from them would show black otherwise). */
  onWhite?: boolean;
  smoothing?: ImageSmoothingQuality;
  /** The image to decode into, made for the drawn size (a new one from the canvas when omitted). */
  into?: (width: number, height: number) => RgbaImage;
}

/** Decodes to RGBA pixels, EXIF orientation applied. */
export function decodeRgba(blob: Blob, options: DecodeRgbaOptions = {}): Promise<RgbaImage> {
  return withBitmap(blob, {}, (bitmap) => {
    const [width, height] = options.fit?.(bitmap.width, bitmap.height) ?? [bitmap.width, bitmap.height];
    const ctx = context(new OffscreenCanvas(width, height), true);
    if (options.onWhite) {
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
    }
    if (options.smoothing) ctx.imageSmoothingQuality = options.smoothing;
    ctx.drawImage(bitmap, 0, 0, width, height);
    if (!options.into) return { width, height, data: ctx.getImageData(0, 0, width, height).data };
    // Row bands straight into the target: no second whole frame to allocate and copy from.
    const image = options.into(width, height);
    const rows = bandRows(width, height);
    for (let y = 0; y < height; y += rows) {
      const n = Math.min(rows, height - y);
      image.data.set(ctx.getImageData(0, y, width, n).data, y * width * 4);
    }
    return image;
  });
}

/** The blob itself when it already has the type, else decoded and re-encoded (which also drops metadata). */
export async function convertBlob(blob: Blob, type: EncodedType, quality?: number): Promise<Blob> {
  if (blob.type === type) return blob;
  return withBitmap(blob, {}, (bitmap) => encodeBitmap(bitmap, type, quality));
}

/** A JPEG no larger than maxSide on its longer side; smaller photos are re-encoded as they are. */
export async function downscaledJpeg(blob: Blob, maxSide: number, quality: number): Promise<Blob> {
  const [width, height] = await withBitmap(blob, {}, (probe) =>
    analysisSize(probe.width, probe.height, maxSide),
  );
  return withBitmap(blob, { width, height, quality: 'high' }, (bitmap) =>
    encodeBitmap(bitmap, 'image/jpeg', quality),
  );
}

/** How the enhancement worker decodes a photo of this type. */
export function decodeOptions(type: AcceptedImageType): DecodeRgbaOptions {
  return { onWhite: type !== 'image/jpeg' };
}

/** The enhancement worker's codec: full-size RGBA in, a metadata-free JPEG of keeping quality out. */
export const canvasCodec: Codec = {
  decode: (blob: Blob, type: AcceptedImageType) => decodeRgba(blob, decodeOptions(type)),
  encode: (image: RgbaImage) => encodeRgba(image, 'image/jpeg', JPEG_QUALITY.keep),
};
