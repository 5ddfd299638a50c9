// Reads an image's width and height from its file header, without decoding a single pixel. The engine refuses
// photos over MAX_PIXELS before it decodes them, because a small file can claim (and decode to) gigabytes of
// pixels. Pure and defensive: truncated or garbage bytes give null, never an exception.

import { sniffImageType, type AcceptedImageType } from './sniffImageType';

export interface ImageHeader {
  type: AcceptedImageType;
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, i: number): number => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number): number => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number): number => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
// `>>> 0` keeps values with the top bit set positive.
const u32be = (b: Uint8Array, i: number): number =>
  ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const ascii = (b: Uint8Array, i: number, text: string): boolean =>
  b.length >= i + text.length && [...text].every((c, k) => b[i + k] === c.charCodeAt(0));

const sized = (type: AcceptedImageType, width: number, height: number): ImageHeader | null =>
  width > 0 && height > 0 ? { type, width, height } : null;

/**
 * Width and height as stored in the header (before EXIF orientation, which never changes the pixel count).
 * Returns null when the bytes are no JPEG/PNG/WebP or the header is cut off or inconsistent.
 */
export function readImageSize(bytes: Uint8Array): ImageHeader | null {
  switch (sniffImageType(bytes)) {
    case 'image/jpeg':
      return jpegSize(bytes);
    case 'image/png':
      return pngSize(bytes);
    case 'image/webp':
      return webpSize(bytes);
    default:
      return null;
  }
}

/** Walks the marker segments up to the first start-of-frame; APP segments (EXIF, thumbnails, ICC) are skipped. */
function jpegSize(b: Uint8Array): ImageHeader | null {
  let i = 2; // after SOI (FF D8)
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) return null; // every segment starts with a marker: anything else is corrupt
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte before a marker
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // TEM and RSTn stand alone, without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or start of scan before any frame header
    if (i + 3 >= b.length) return null;
    const length = u16be(b, i + 2);
    if (length < 2) return null;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision (1), height (2), width (2).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 7 || i + 8 >= b.length) return null;
      // A height of 0 means "defined later by a DNL marker": the size is unknown up front, so refuse.
      return sized('image/jpeg', u16be(b, i + 7), u16be(b, i + 5));
    }
    i += 2 + length;
  }
  return null;
}

/** The IHDR chunk must come first: signature (8), length (4), "IHDR" (4), width (4), height (4). */
function pngSize(b: Uint8Array): ImageHeader | null {
  if (b.length < 24 || !ascii(b, 12, 'IHDR')) return null;
  return sized('image/png', u32be(b, 16), u32be(b, 20));
}

/** RIFF container: the first chunk (at 12) is VP8 (lossy), VP8L (lossless) or VP8X (extended, with a canvas size). */
function webpSize(b: Uint8Array): ImageHeader | null {
  if (ascii(b, 12, 'VP8 ')) {
    // Frame tag (3 bytes) then the start code 9D 01 2A, then 14-bit width and height (top 2 bits are scaling).
    if (b.length < 30 || b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return sized('image/webp', u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (ascii(b, 12, 'VP8L')) {
    // Signature byte 0x2F, then width-1 and height-1 as 14-bit fields packed little-endian.
    if (b.length < 25 || b[20] !== 0x2f) return null;
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(b, 12, 'VP8X')) {
    // Flags (1) and reserved (3), then canvas width-1 and height-1 as 24-bit little-endian.
    if (b.length < 30) return null;
    return sized('image/webp', u24le(b, 24) + 1, u24le(b, 27) + 1);
  }
  return null;
}
