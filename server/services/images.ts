// The server's image boundary (sharp) and its one decode: checks every incoming photo before anything decodes it
// (byte size, magic bytes, and width x height from the header against MAX_PIXELS, so a decompression bomb is
// refused unread), decodes photos to RGBA for providers, the room analysis and the scripts (decodeRgba), and
// encodes every result as a JPEG without metadata (sharp drops EXIF, GPS and ICC unless told to keep them).
import sharp from 'sharp';
import { MAX_FILE_BYTES, MAX_PIXELS } from '../../core/catalog';
import { sniffImageType, SNIFF_BYTES, type AcceptedImageType } from '../../core/upload/sniffImageType';
import { AiError } from '../ai/errors';
import type { InputImage, ProviderImage, RgbaImage } from '../ai/types';
import { ApiError } from '../errors';

/** JPEG quality of results and of copies sent to a provider: visually lossless, a third of q100's size. */
export const RESULT_JPEG_QUALITY = 90;

export interface CheckedImage extends InputImage {
  bytes: Buffer;
  mime: AcceptedImageType;
}

/** Decoding never reads more pixels than the product allows, even if a header lied. */
function open(input: string | Buffer): sharp.Sharp {
  return sharp(input, { limitInputPixels: MAX_PIXELS });
}

function fit(pipeline: sharp.Sharp, maxSide: number | undefined): sharp.Sharp {
  // rotate() with no angle applies the EXIF orientation, so pixels are the way up the photo was shot.
  const oriented = pipeline.rotate();
  if (maxSide === undefined) return oriented;
  return oriented.resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
}

/**
 * Checks one uploaded photo: 413 FILE_TOO_LARGE over MAX_FILE_BYTES, 415 UNSUPPORTED_IMAGE when its bytes are not
 * a JPEG, PNG or WEBP or its header cannot be read, 413 IMAGE_TOO_LARGE over MAX_PIXELS. `label` names the image in
 * the error ('image 2'). Decodes nothing: sharp's metadata() reads only the header.
 */
export async function checkImage(bytes: Buffer, label = 'image'): Promise<CheckedImage> {
  if (bytes.length > MAX_FILE_BYTES) {
    throw new ApiError(413, 'FILE_TOO_LARGE', `${label} is larger than ${MAX_FILE_BYTES} bytes`, {
      maxBytes: MAX_FILE_BYTES,
    });
  }
  const mime = sniffImageType(bytes.subarray(0, SNIFF_BYTES));
  if (!mime) throw new ApiError(415, 'UNSUPPORTED_IMAGE', `${label} is not a JPEG, PNG or WEBP image`);
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes).metadata());
  } catch {
    throw new ApiError(415, 'UNSUPPORTED_IMAGE', `${label} cannot be read as an image`);
  }
  if (!width || !height) throw new ApiError(415, 'UNSUPPORTED_IMAGE', `${label} has no size`);
  if (width * height > MAX_PIXELS) {
    throw new ApiError(413, 'IMAGE_TOO_LARGE', `${label} has ${width}x${height} pixels`, {
      maxPixels: MAX_PIXELS,
      width,
      height,
    });
  }
  return {
    bytes,
    mime,
    width,
    height,
    rgba: (maxSide) => decodeRgba(bytes, maxSide),
    jpeg: async (maxSide) =>
      fit(open(bytes), maxSide)
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: RESULT_JPEG_QUALITY })
        .toBuffer(),
  };
}

/**
 * The server's one decode: the pixels of a photo (its bytes or a file path) as RGBA, EXIF orientation applied, and
 * shrunk to fit `maxSide` on decode when given (far cheaper than decoding full size and shrinking after). Uploads,
 * the builtin provider, the room analysis and the scripts all decode through here.
 */
export async function decodeRgba(input: string | Buffer, maxSide?: number): Promise<RgbaImage> {
  const { data, info } = await fit(open(input), maxSide)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
  };
}

/** Encodes pixels as a JPEG without metadata. */
export async function encodeJpeg(image: RgbaImage): Promise<Buffer> {
  const { width, height, data } = image;
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.length), {
    raw: { width, height, channels: 4 },
  })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: RESULT_JPEG_QUALITY })
    .toBuffer();
}

/**
 * A provider's result as a JPEG without metadata. Encoded results (the AI service's PNG) are checked like an
 * upload first: a broken or giant answer from upstream is its failure, not a crash.
 */
export async function encodeResult(result: ProviderImage): Promise<Buffer> {
  if (result.kind === 'rgba') return encodeJpeg(result.image);
  const checked = await checkImage(result.bytes, 'result image');
  return checked.jpeg();
}

/** The bytes of a base64 data: URL (the contract has already checked its form). */
export function dataUrlBytes(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

export function jpegDataUrl(jpeg: Buffer): string {
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** Checks every image, in order; the first bad one refuses the whole request before any charge. */
export async function checkAll(images: readonly Buffer[]): Promise<CheckedImage[]> {
  const checked: CheckedImage[] = [];
  for (const [i, bytes] of images.entries()) checked.push(await checkImage(bytes, `image ${i + 1}`));
  return checked;
}

/** Encodes a provider's picture; an unreadable picture from upstream is the provider's failure, not ours. */
export async function encodeProviderResult(image: ProviderImage): Promise<Buffer> {
  try {
    return await encodeResult(image);
  } catch (error) {
    if (image.kind === 'encoded' && error instanceof ApiError) {
      throw new AiError('upstream', `The AI service answered an unusable image: ${error.message}`, {
        cause: error,
      });
    }
    throw error;
  }
}
