// The one image shape every kernel takes and returns: straight (not premultiplied) RGBA, 8 bits per channel,
// rows top to bottom, the same layout as the browser's ImageData, so a worker can hand `imageData.data` over as is.
// Kernels never keep a reference to an image they were given.
import { framePixels, newFrameBuffer } from './wasm/frames';

export interface RgbaImage {
  width: number;
  height: number;
  /** width * height * 4 bytes: R, G, B, A per pixel. */
  data: Uint8ClampedArray;
}

/** A new, fully transparent black image. */
export function createImage(width: number, height: number): RgbaImage {
  assertSize(width, height);
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

/** True when the pixels live in shared memory (core/imaging/bands.ts can then split kernels across threads). */
export function isShared(image: RgbaImage): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && image.data.buffer instanceof SharedArrayBuffer;
}

/** A buffer for a frame of that many pixel bytes; `overwritten`: the caller writes every pixel, so no zeroing. */
type SharedMemorySource = (bytes: number, overwritten: boolean) => SharedArrayBuffer;

let sharedMemory: SharedMemorySource = newFrameBuffer;

/**
 * Where shared frames' memory comes from (a buffer for that many bytes of pixels, wasm/frames framePixels):
 * new by default (wasm/frames: a frame memory, where kernels work on the pixels in place); an image worker
 * reuses its own (web/engine/bandHelp).
 */
export function setSharedMemory(source: SharedMemorySource | null): void {
  sharedMemory = source ?? newFrameBuffer;
}

/**
 * A new image in shared memory, contents zero; with `overwritten` (the caller writes every pixel) a reused
 * frame keeps what it held rather than being zeroed first.
 */
export function createSharedImage(width: number, height: number, overwritten = false): RgbaImage {
  assertSize(width, height);
  const bytes = width * height * 4;
  return { width, height, data: framePixels(sharedMemory(bytes, overwritten), bytes) };
}

/**
 * The output of a kernel that writes every pixel: in shared memory when `like` is, so its kernels can be too
 * (a reused frame is not zeroed first), else a new image.
 */
export function frameLike(like: RgbaImage, width: number, height: number): RgbaImage {
  return isShared(like) ? createSharedImage(width, height, true) : createImage(width, height);
}

/**
 * A new image with the same size as `image` (contents zero), in ordinary memory: only the banded kernels'
 * outputs are shared (frameLike), since every shared frame stays alive until each thread that saw it collects it.
 */
export function createLike(image: RgbaImage): RgbaImage {
  return createImage(image.width, image.height);
}

export function cloneImage(image: RgbaImage): RgbaImage {
  return { width: image.width, height: image.height, data: image.data.slice() };
}

/** Throws when the buffer does not match the stated size: a wrong length would read garbage, not fail. */
export function assertImage(image: RgbaImage): void {
  assertSize(image.width, image.height);
  if (image.data.length !== image.width * image.height * 4) {
    throw new RangeError(
      `image data has ${image.data.length} bytes, expected ${image.width * image.height * 4} for ${image.width}x${image.height}`,
    );
  }
}

function assertSize(width: number, height: number): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
    throw new RangeError(`invalid image size ${width}x${height}`);
  }
}
