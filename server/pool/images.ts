// The server's image boundary and its one decode: checks every incoming photo before any charge (byte size,
// magic bytes, width x height read from the header by our own parser against the caller's pixel limit, so a
// decompression bomb is refused unread, then one cheap shrink-on-load decode, so a truncated or corrupt file is
// the user's 415 IMAGE_UNREADABLE naming the photo, never a 500 later), decodes photos to RGBA for providers, the
// room analysis and the scripts (decodeRgba), and encodes every result as a JPEG without metadata. The sharp
// calls themselves (codec.ts) run in the image pool's worker threads, never on the event loop: each
// function here is handed the process's pool (built by the composition root, or by a script for itself).
import { MAX_FILE_BYTES, MAX_PIXELS } from '../../core/catalog';
import { readImageSize } from '../../core/upload/imageSize';
import { sniffImageType, SNIFF_BYTES, type AcceptedImageType } from '../../core/upload/sniffImageType';
import { AiError } from '../ai/errors';
import type { InputImage, ProviderImage, RgbaImage } from '../ai/types';
import { ApiError } from '../errors';
import type { ImagePool } from './imagePool';

/**
 * Pixels of one photo sent for analysis (room analysis, suggestions): the device sends them with the longest
 * side at most 1024 px (web/services/services.ts ANALYSIS_SIDE; the detector itself looks at 768, core/analysis/
 * room/downscale.ts), so 1024 x 1024 is all an honest client ever needs.
 */
export const ANALYSIS_MAX_PIXELS = 1024 * 1024;

export interface CheckedImage extends InputImage {
  bytes: Buffer;
  mime: AcceptedImageType;
}

export interface CheckOptions {
  /** Width x height above which the photo is refused with 413 IMAGE_TOO_LARGE (default MAX_PIXELS). */
  maxPixels?: number;
  /** 1-based position of the photo in the request, sent in the error's details so the client can name it. */
  image?: number;
}

function unreadable(label: string, image: number | undefined): ApiError {
  return new ApiError(415, 'IMAGE_UNREADABLE', `${label} is damaged or incomplete and cannot be decoded`, {
    image: image ?? 1,
  });
}

/**
 * Checks one uploaded photo: 413 FILE_TOO_LARGE over MAX_FILE_BYTES, 415 UNSUPPORTED_IMAGE when its bytes are not
 * a JPEG, PNG or WEBP, 413 IMAGE_TOO_LARGE over the pixel limit (read from the header before any decoder sees
 * it), 415 IMAGE_UNREADABLE when the header or the pixels cannot be decoded (truncated, corrupt). `label` names
 * the image in the English error ('image 2'), `options.image` in the details.
 */
export async function checkImage(
  pool: ImagePool,
  bytes: Buffer,
  label = 'image',
  options: CheckOptions = {},
): Promise<CheckedImage> {
  const maxPixels = Math.min(options.maxPixels ?? MAX_PIXELS, MAX_PIXELS);
  const position = options.image === undefined ? {} : { image: options.image };
  if (bytes.length > MAX_FILE_BYTES) {
    throw new ApiError(413, 'FILE_TOO_LARGE', `${label} is larger than ${MAX_FILE_BYTES} bytes`, {
      maxBytes: MAX_FILE_BYTES,
      ...position,
    });
  }
  const mime = sniffImageType(bytes.subarray(0, SNIFF_BYTES));
  if (!mime) {
    throw new ApiError(415, 'UNSUPPORTED_IMAGE', `${label} is not a JPEG, PNG or WEBP image`, position);
  }
  // Our own header parser first: sharp refuses sizes past its own limit with an error that reads like a broken
  // file, and the user must hear 'too many pixels' for those.
  const header = readImageSize(bytes);
  const tooLarge = (width: number, height: number) =>
    new ApiError(413, 'IMAGE_TOO_LARGE', `${label} has ${width}x${height} pixels`, {
      maxPixels,
      width,
      height,
      ...position,
    });
  if (header && header.width * header.height > maxPixels) throw tooLarge(header.width, header.height);
  const found = await pool.run('inspect', { bytes, maxPixels });
  if (!found.ok && found.problem === 'tooLarge') throw tooLarge(found.width, found.height);
  if (!found.ok) throw unreadable(label, options.image);
  const { width, height } = found;
  return {
    bytes,
    mime,
    width,
    height,
    rgba: (maxSide) => decodeRgba(pool, bytes, maxSide),
    jpeg: async (maxSide) => asBuffer(await pool.run('uploadJpeg', { bytes, maxSide })),
  };
}

/**
 * The server's one decode: the pixels of a photo (its bytes or a file path) as RGBA, EXIF orientation applied, and
 * shrunk to fit `maxSide` on decode when given (far cheaper than decoding full size and shrinking after). Uploads,
 * the builtin provider, the room analysis and the scripts all decode through here.
 */
export function decodeRgba(pool: ImagePool, input: string | Buffer, maxSide?: number): Promise<RgbaImage> {
  return pool.run('decode', { source: input, maxSide });
}

/** Encodes pixels as a JPEG without metadata. */
export async function encodeJpeg(pool: ImagePool, image: RgbaImage): Promise<Buffer> {
  return asBuffer(await pool.run('encodeJpeg', { image }));
}

/** A worker's bytes as a Buffer, without copying them. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * A provider's result as a JPEG without metadata. Encoded results (the AI service's PNG) are checked like an
 * upload first: a broken or giant answer from upstream is its failure, not a crash.
 */
async function encodeResult(pool: ImagePool, result: ProviderImage): Promise<Buffer> {
  if (result.kind === 'rgba') return encodeJpeg(pool, result.image);
  const checked = await checkImage(pool, result.bytes, 'result image');
  return checked.jpeg();
}

export function jpegDataUrl(jpeg: Buffer): string {
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** Checks every image, in order; the first bad one refuses the whole request before any charge. */
export async function checkAll(
  pool: ImagePool,
  images: readonly Buffer[],
  options: { maxPixels?: number } = {},
): Promise<CheckedImage[]> {
  const checked: CheckedImage[] = [];
  for (const [i, bytes] of images.entries()) {
    checked.push(await checkImage(pool, bytes, `image ${i + 1}`, { ...options, image: i + 1 }));
  }
  return checked;
}

/** Encodes a provider's picture; an unreadable picture from upstream is the provider's failure, not ours. */
export async function encodeProviderResult(pool: ImagePool, image: ProviderImage): Promise<Buffer> {
  try {
    return await encodeResult(pool, image);
  } catch (error) {
    if (image.kind === 'encoded' && error instanceof ApiError) {
      throw new AiError('upstream', `The AI service answered an unusable image: ${error.message}`, {
        cause: error,
      });
    }
    throw error;
  }
}
