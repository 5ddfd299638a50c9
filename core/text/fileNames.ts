// File-name rules: results download as 'optimiertes-bild-N' followed by the photo's own name, made safe for
// every file system ('optimiertes-bild-3-wohnzimmer.jpg'; .png when the user asks for PNG), so 20 photos keep
// telling apart; imported listing photos are saved as '<platform>-N.jpg' (SPEC section 9). N is 1-based, as
// users count, and it alone keeps the names of one download unique.

export const IMPORT_PLATFORMS = ['airbnb', 'booking'] as const;
export type ImportPlatform = (typeof IMPORT_PLATFORMS)[number];

function assertPositiveInteger(n: number): void {
  if (!Number.isInteger(n) || n < 1)
    throw new RangeError(`File number must be a whole number >= 1, got ${n}`);
}

/** The formats a result downloads in: JPEG by default (portals' size limits), PNG on request. */
export type ResultFormat = 'jpg' | 'png';

const RESULT_PREFIX = 'optimiertes-bild';

/**
 * The most of the photo's own name a download keeps, in UTF-8 bytes: file systems allow 255 per name, and this
 * leaves room for the prefix and the extension even when every character takes four bytes.
 */
const OWN_NAME_MAX_BYTES = 100;

const utf8Bytes = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/** Cut to at most `max` UTF-8 bytes, never inside a character. */
function cutToBytes(text: string, max: number): string {
  let bytes = 0;
  let kept = '';
  for (const char of text) {
    bytes += utf8Bytes(char.codePointAt(0)!);
    if (bytes > max) break;
    kept += char;
  }
  return kept;
}

// Refused by Windows (<>:"/\|?*) or by a path, and control characters: each becomes a hyphen. Invisible format
// characters go without a trace (a bidi override could make 'gpj.exe' read as 'exe.jpg').
const UNSAFE = /[<>:"/\\|?*]|\p{Cc}/gu;
const INVISIBLE = /\p{Cf}/gu;
const EDGES = /^[\s.\-_]+|[\s.\-_]+$/gu;
// Only an image's extension goes: 'Flur.Teil2' stays as it is.
const IMAGE_EXTENSION = /\.(?:jpe?g|jpe|jfif|png|webp|heic|heif|avif|gif|tiff?|bmp)$/iu;
const EARLIER_PREFIX = new RegExp(`^${RESULT_PREFIX}-\\d+(?:-|$)`, 'iu');

/**
 * The photo's own name as the safe tail of a download's name: without folder and extension, without the
 * 'optimiertes-bild-N' of an earlier download (a result optimised again does not grow a second prefix), with
 * characters file systems refuse and runs of spaces turned into one hyphen, no dot or hyphen at either end (a
 * leading dot hides a file, Windows drops a trailing one), at most OWN_NAME_MAX_BYTES. Letters of any script
 * stay ('küche'). Empty when nothing usable is left.
 */
function ownNamePart(name: string): string {
  let stem = name.normalize('NFC');
  stem = stem.slice(Math.max(stem.lastIndexOf('/'), stem.lastIndexOf('\\')) + 1);
  stem = stem.replace(INVISIBLE, '').replace(IMAGE_EXTENSION, '');
  stem = stem.replace(UNSAFE, '-').replace(/\s+/gu, '-').replace(/-{2,}/g, '-');
  stem = stem.replace(EDGES, '');
  stem = stem.replace(EARLIER_PREFIX, '');
  return cutToBytes(stem, OWN_NAME_MAX_BYTES).replace(EDGES, '');
}

/**
 * 'optimiertes-bild-N-<own name>.<format>', or 'optimiertes-bild-N.<format>' when the photo's name leaves
 * nothing usable. Unique per N: the number ends at the first character that is not a digit.
 */
export function resultFileName(n: number, format: ResultFormat = 'jpg', originalName = ''): string {
  assertPositiveInteger(n);
  const own = ownNamePart(originalName);
  return own ? `${RESULT_PREFIX}-${n}-${own}.${format}` : `${RESULT_PREFIX}-${n}.${format}`;
}

export function importedFileName(platform: ImportPlatform, n: number): string {
  assertPositiveInteger(n);
  return `${platform}-${n}.jpg`;
}
