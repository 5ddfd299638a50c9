// The server's sharp calls (libvips): checking that an upload decodes, decoding to RGBA, and encoding JPEGs
// without metadata. They run in the image pool's workers (tasks.ts), never on the server's thread, and answer
// plain data: the error a user sees is worded by images.ts. Their outputs are copied once into memory of
// our own, because sharp's buffers are external memory that a transfer list would silently copy again on the
// receiving (the server's) thread.
import sharp from 'sharp';
import { MAX_PIXELS } from '../../core/catalog';
import type { RgbaImage } from '../../core/imaging/types';

// No libvips operation cache: it would keep a burst's decoded pixels alive after the burst. One libvips thread per
// operation: the parallelism is the pool's (one worker per core), so threads never multiply.
sharp.cache(false);
sharp.concurrency(1);

/** JPEG quality of results and of copies sent to a provider: visually lossless, a third of q100's size. */
const RESULT_JPEG_QUALITY = 90;

/** What decoding an upload found: its stored size, or why it cannot be used. */
export type Inspection =
  | { ok: true; width: number; height: number }
  | { ok: false; problem: 'unreadable' }
  | { ok: false; problem: 'tooLarge'; width: number; height: number };

/** Decoding never reads more pixels than the product allows, even if a header lied. */
function open(input: string | Uint8Array): sharp.Sharp {
  return sharp(input, { limitInputPixels: MAX_PIXELS });
}

function fit(pipeline: sharp.Sharp, maxSide: number | undefined): sharp.Sharp {
  // rotate() with no angle applies the EXIF orientation, so pixels are the way up the photo was shot.
  const oriented = pipeline.rotate();
  if (maxSide === undefined) return oriented;
  return oriented.resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
}

/** Our own copy of sharp's output (see the module comment). */
function owned(bytes: Buffer): Uint8Array {
  return new Uint8Array(bytes);
}

/**
 * The size sharp reads, then one cheap shrink-on-load decode: a truncated or corrupt file shows here, as does a
 * size over `maxPixels` that the header parser of core/upload could not read.
 */
export async function inspectUpload(bytes: Uint8Array, maxPixels: number): Promise<Inspection> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  if (!meta.width || !meta.height) return { ok: false, problem: 'unreadable' };
  if (meta.width * meta.height > maxPixels) {
    return { ok: false, problem: 'tooLarge', width: meta.width, height: meta.height };
  }
  try {
    // Shrink-on-load makes this cheap for JPEG and WEBP; it reads every byte, so truncation shows here.
    await open(bytes).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  return { ok: true, width: meta.width, height: meta.height };
}

/** A photo (its bytes or a file path) as RGBA, EXIF orientation applied, shrunk on decode to fit `maxSide`. */
export async function decodeToRgba(input: string | Uint8Array, maxSide?: number): Promise<RgbaImage> {
  const { data, info } = await fit(open(input), maxSide)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

/** An upload as a JPEG without metadata, orientation applied, shrunk to fit `maxSide`. */
export async function uploadToJpeg(bytes: Uint8Array, maxSide?: number): Promise<Uint8Array> {
  const jpeg = await fit(open(bytes), maxSide)
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: RESULT_JPEG_QUALITY })
    .toBuffer();
  return owned(jpeg);
}

/** Pixels as a JPEG without metadata. */
export async function rgbaToJpeg(image: RgbaImage): Promise<Uint8Array> {
  const { width, height, data } = image;
  const jpeg = await sharp(data, { raw: { width, height, channels: 4 } })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: RESULT_JPEG_QUALITY })
    .toBuffer();
  return owned(jpeg);
}
