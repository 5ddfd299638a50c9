// How a photo is re-encoded to fit a byte budget: the encodings to try, best first. Quality drops first (in
// steps too small to see), and only then the size, so a photo keeps its full resolution whenever it can.
// Pure: the web's codec runs the attempts (web/services/fitJpeg.ts) and keeps the first that fits.

import { SERVER_IMAGE_MAX_BYTES, SERVER_REQUEST_IMAGE_BYTES } from '../catalog/limits';

export interface JpegAttempt {
  width: number;
  height: number;
  quality: number;
}

/**
 * JPEG qualities tried at each size. 0.92 is the browsers' default and indistinguishable from the source on
 * photos; 0.85 still shows no loss at full size; below 0.8 blocking appears in skies and walls, so a photo
 * is made smaller rather than worse.
 */
export const JPEG_QUALITY_STEPS = [0.92, 0.88, 0.85, 0.8] as const;

/** Each further size is this much smaller on each side (about two thirds of the pixels). */
const SHRINK = 0.8;

/** Never shrink below this long side: below it, the photo is no listing photo any more. */
const MIN_SIDE = 1024;

function fit(width: number, height: number, side: number): [number, number] {
  const scale = Math.min(1, side / Math.max(width, height));
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}

/**
 * The encodings to try for a width x height photo, best first: at most maxSide on the long side (the photo's
 * own size without it), every quality step, then smaller sizes down to MIN_SIDE when `mayShrink`.
 */
export function jpegAttempts(
  width: number,
  height: number,
  { maxSide, mayShrink }: { maxSide?: number; mayShrink: boolean },
): JpegAttempt[] {
  const attempts: JpegAttempt[] = [];
  let side = Math.min(Math.max(width, height), maxSide ?? Infinity);
  for (;;) {
    const [w, h] = fit(width, height, side);
    for (const quality of JPEG_QUALITY_STEPS) attempts.push({ width: w, height: h, quality });
    const next = Math.round(side * SHRINK);
    if (!mayShrink || next < MIN_SIDE || next >= side) return attempts;
    side = next;
  }
}

/** Bytes each of `count` photos may take in one request to the server. */
export function serverImageBudget(count: number): number {
  return Math.min(SERVER_IMAGE_MAX_BYTES, Math.floor(SERVER_REQUEST_IMAGE_BYTES / Math.max(1, count)));
}
