// What the WebAssembly decoder needs to know from a photo's header that the browser's decoder handles itself:
// the EXIF orientation (JPEG) and whether the photo asks for colour management (an embedded profile other than
// sRGB, a PNG gamma) or carries an EXIF block in PNG/WebP, which only the browser's decoder interprets.

import type { AcceptedImageType } from '../../core/upload/sniffImageType';

export interface DecodeNeeds {
  /** EXIF orientation 1..8 (1: as stored). */
  orientation: number;
  /** Only the browser's decoder gets this photo right (colour profile, PNG gamma, PNG/WebP EXIF). */
  browserOnly: boolean;
}

const ascii = (b: Uint8Array, at: number, text: string) =>
  at + text.length <= b.length && [...text].every((c, i) => b[at + i] === c.charCodeAt(0));
const u16 = (b: Uint8Array, at: number, little: boolean) =>
  little ? b[at]! | (b[at + 1]! << 8) : (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const u32le = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

/** The Orientation tag (0x0112) of IFD0 in a TIFF block (EXIF's body); 1 when absent or unreadable. */
export function tiffOrientation(b: Uint8Array, start: number, end = b.length): number {
  if (start + 8 > end) return 1;
  const little = ascii(b, start, 'II');
  if (!little && !ascii(b, start, 'MM')) return 1;
  const ifd = start + (little ? u32le(b, start + 4) : u32be(b, start + 4));
  if (ifd + 2 > end) return 1;
  const count = u16(b, ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return 1;
    if (u16(b, entry, little) !== 0x0112) continue;
    const value = u16(b, entry + 8, little);
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}

/** An ICC profile is taken as sRGB when its description says so (ASCII or UTF-16, as 'desc' and 'mluc' hold it). */
function isSrgbProfile(b: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i + 7 <= end; i++) {
    if (b[i] !== 0x73) continue; // 's'
    if (ascii(b, i, 'sRGB')) return true;
    if (b[i + 1] === 0 && b[i + 2] === 0x52 && b[i + 4] === 0x47 && b[i + 6] === 0x42) return true;
  }
  return false;
}

function jpegNeeds(b: Uint8Array): DecodeNeeds {
  let orientation = 1;
  let browserOnly = false;
  let i = 2;
  while (i + 4 <= b.length && b[i] === 0xff) {
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break; // the scan: every header segment is behind us
    const length = u16(b, i + 2, false);
    const body = i + 4;
    const end = Math.min(b.length, i + 2 + length);
    if (marker === 0xe1 && ascii(b, body, 'Exif\0\0') && orientation === 1)
      orientation = tiffOrientation(b, body + 6, end);
    // A profile split over several segments: every part must say sRGB or the first one does (the tags lead).
    if (marker === 0xe2 && ascii(b, body, 'ICC_PROFILE\0') && !isSrgbProfile(b, body + 14, end))
      browserOnly = true;
    i += 2 + length;
  }
  return { orientation, browserOnly };
}

function pngNeeds(b: Uint8Array): DecodeNeeds {
  let browserOnly = false;
  for (let i = 8; i + 8 <= b.length;) {
    const length = u32be(b, i);
    const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
    if (type === 'IDAT' || type === 'IEND') break;
    if (type === 'iCCP' && !isSrgbProfile(b, i + 8, Math.min(b.length, i + 8 + 80))) browserOnly = true;
    // gAMA other than sRGB's 1/2.2 (45455), and eXIf whose orientation browsers differ on: the browser's.
    if (type === 'gAMA' && Math.abs(u32be(b, i + 8) - 45455) > 500) browserOnly = true;
    if (type === 'eXIf') browserOnly = true;
    i += 12 + length;
  }
  return { orientation: 1, browserOnly };
}

function webpNeeds(b: Uint8Array): DecodeNeeds {
  let browserOnly = false;
  for (let i = 12; i + 8 <= b.length;) {
    const type = String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);
    const length = u32le(b, i + 4);
    if (type === 'ICCP' && !isSrgbProfile(b, i + 8, Math.min(b.length, i + 8 + length))) browserOnly = true;
    if (type === 'EXIF') browserOnly = true;
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANIM') break;
    i += 8 + length + (length & 1);
  }
  return { orientation: 1, browserOnly };
}

/** Reads the header segments of a photo (the first bytes of the file are enough, as for photoJob.ts inspect). */
export function decodeNeeds(bytes: Uint8Array, type: AcceptedImageType): DecodeNeeds {
  switch (type) {
    case 'image/jpeg':
      return jpegNeeds(bytes);
    case 'image/png':
      return pngNeeds(bytes);
    case 'image/webp':
      return webpNeeds(bytes);
  }
}
