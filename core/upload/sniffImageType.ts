// Decides what an uploaded file really is from its first bytes. File names and the browser's MIME type are
// claims made by the user's system, so neither is trusted: only these signatures are.
import type { ACCEPTED_MIME_TYPES } from '../catalog/limits';

/** One of the types users may upload (core/catalog/limits), as this module recognises it. */
export type AcceptedImageType = (typeof ACCEPTED_MIME_TYPES)[number];

/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = [0x52, 0x49, 0x46, 0x46]; // "RIFF"
const WEBP = [0x57, 0x45, 0x42, 0x50]; // "WEBP" at offset 8

/** Returns the image type the bytes carry, or null for anything we do not accept. */
export function sniffImageType(head: Uint8Array): AcceptedImageType | null {
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  return null;
}
