// Our own codec for the image worker: squoosh's WebAssembly builds of MozJPEG (decode and encode), the Rust png
// crate and libwebp, as the @jsquash packages ship them. Loaded only by a worker that needs it (dynamic import);
// Vite emits the .wasm files as hashed build assets that the service worker precaches, so it works offline.
// Photos that need the browser's colour management are left to the canvas (null from decodeWithWasm).

import decodeJpegBytes, { init as initJpegDecoder } from '@jsquash/jpeg/decode.js';
import encodeJpegBytes, { init as initJpegEncoder } from '@jsquash/jpeg/encode.js';
import decodePngBytes, { init as initPngDecoder } from '@jsquash/png/decode.js';
import decodeWebpBytes, { init as initWebpDecoder } from '@jsquash/webp/decode.js';
import { createImage, type RgbaImage } from '../../core/imaging/types';
import type { AcceptedImageType } from '../../core/upload/sniffImageType';
import { decodeNeeds } from './imageMeta';
import { copyOriented, orientedSize } from './orient';

export interface WasmDecodeOptions {
  /** Lays transparent parts on white (as the canvas decoder's onWhite). */
  onWhite?: boolean;
  /** The frame to decode into, made for the oriented size (the decoder's own pixels when omitted). */
  into?: (width: number, height: number) => RgbaImage;
}

/**
 * Fetches and compiles the four modules at once (each package would load its own on first use, one after the
 * other); the probe calls it so that its first timings wait for one round trip, not four.
 */
export async function loadWasmCodecs(): Promise<void> {
  await Promise.all([initJpegDecoder(), initJpegEncoder(), initPngDecoder(), initWebpDecoder()]);
}

const decoders: Record<AcceptedImageType, (bytes: ArrayBuffer) => Promise<ImageData>> = {
  // Orientation is ours (copyOriented), in the same pass that moves the rows into the frame.
  'image/jpeg': (bytes) => decodeJpegBytes(bytes, { preserveOrientation: false }),
  'image/png': (bytes) => decodePngBytes(bytes),
  'image/webp': (bytes) => decodeWebpBytes(bytes),
};

/**
 * Decodes with EXIF orientation applied; null when the photo needs what only the browser's decoder does (an
 * embedded colour profile other than sRGB, PNG gamma, PNG/WebP EXIF), so the caller decodes it there.
 */
export async function decodeWithWasm(
  blob: Blob,
  type: AcceptedImageType,
  options: WasmDecodeOptions = {},
): Promise<RgbaImage | null> {
  const buffer = await blob.arrayBuffer();
  const needs = decodeNeeds(new Uint8Array(buffer), type);
  if (needs.browserOnly) return null;
  const decoded = await decoders[type](buffer);
  const { width, height, data } = decoded;
  const [outWidth, outHeight] = orientedSize(width, height, needs.orientation);
  const target =
    options.into?.(outWidth, outHeight) ??
    (needs.orientation === 1 ? { width, height, data } : createImage(outWidth, outHeight));
  copyOriented(data, width, height, needs.orientation, target, options.onWhite);
  return target;
}

/**
 * Baseline JPEG, the standard (Annex K) tables and 4:2:0 as browsers and libjpeg-turbo write them. MozJPEG's
 * trellis quantisation stays on whatever is asked here (squoosh's build sets it with its defaults), which is
 * what makes this encoder slow; the measurement at start decides whether it is used at all.
 */
const JPEG_OPTIONS = {
  baseline: true,
  arithmetic: false,
  progressive: false,
  optimize_coding: false,
  smoothing: 0,
  color_space: 3, // YCbCr
  quant_table: 0,
  trellis_multipass: false,
  trellis_opt_zero: false,
  trellis_opt_table: false,
  trellis_loops: 1,
  auto_subsample: false,
  chroma_subsample: 2,
  separate_chroma_quality: false,
};

/**
 * A JPEG of the pixels alone: the encoder writes a JFIF header and the scan, never EXIF, XMP or an ICC profile,
 * so no GPS position or camera serial leaves the device in it. `quality` 0..1 as for canvas.
 */
export async function encodeWithWasm(image: RgbaImage, quality: number): Promise<Blob> {
  const q = Math.round(Math.min(1, Math.max(0, quality)) * 100);
  // The encoder reads only data, width and height; shared memory is copied into its heap like any other.
  const pixels = { data: image.data, width: image.width, height: image.height } as ImageData;
  const bytes = await encodeJpegBytes(pixels, { ...JPEG_OPTIONS, quality: q, chroma_quality: q });
  return new Blob([bytes], { type: 'image/jpeg' });
}
