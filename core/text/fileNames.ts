// File-name rules: results download as 'optimiertes-bild-N.jpg' (or .png when the user asks for PNG), imported listing photos are
// saved as '<platform>-N.jpg' (SPEC section 9). N is 1-based, as users count.

export const IMPORT_PLATFORMS = ['airbnb', 'booking'] as const;
export type ImportPlatform = (typeof IMPORT_PLATFORMS)[number];

function assertPositiveInteger(n: number): void {
  if (!Number.isInteger(n) || n < 1)
    throw new RangeError(`File number must be a whole number >= 1, got ${n}`);
}

/** The formats a result downloads in: JPEG by default (portals' size limits), PNG on request. */
export type ResultFormat = 'jpg' | 'png';

export function resultFileName(n: number, format: ResultFormat = 'jpg'): string {
  assertPositiveInteger(n);
  return `optimiertes-bild-${n}.${format}`;
}

export function importedFileName(platform: ImportPlatform, n: number): string {
  assertPositiveInteger(n);
  return `${platform}-${n}.jpg`;
}
