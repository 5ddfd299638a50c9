// The image worker's side of core/imaging/bands: while a photo runs, its kernels' offers go to the main thread,
// which lends them to the pool's idle workers (bridge.ts); a lent worker runs the kernel an offer names on the
// rows it claims. Only with cross-origin isolation: without it there is no shared memory, and each photo stays
// on its own worker. A worker also keeps a photo's shared frames for its next photo (reusingSharedFrames).
import { setBandSharer, takeBands, type BandOffer } from '../../core/imaging/bands';
import { createSharedImage, setSharedMemory, type RgbaImage } from '../../core/imaging/types';
import { framePixels, newFrameBuffer } from '../../core/imaging/wasm/frames';
import { warpHomographyBand } from '../../core/imaging/warp';
import { applyLut3dRows } from '../../core/retouch/lut3d';

/** Runs `work` with this worker's offers sent to `lend`; afterwards this worker offers nothing. */
export async function withBandLending<T>(
  lend: (offer: BandOffer) => void,
  work: () => Promise<T>,
): Promise<T> {
  setBandSharer(lend);
  try {
    return await work();
  } finally {
    setBandSharer(null);
  }
}

/** A helper's turn: claims and runs bands of the offer until none is left; returns how many it ran. */
export function helpWithBands(offer: BandOffer): number {
  const { job } = offer;
  return takeBands(offer, (from, to) => {
    switch (job.kind) {
      case 'lut3d':
        applyLut3dRows(job.src, job.nodes, job.dst, from, to);
        break;
      case 'warp':
        warpHomographyBand(job.src, job.outputToInput, job.dst, { from, to });
        break;
    }
  });
}

/**
 * Where the page is cross-origin isolated, a maker of shared frames for the decoder to write the photo into
 * (every pixel: a reused frame is not zeroed first); the banded kernels' outputs follow it (core/imaging/types
 * frameLike). Undefined elsewhere: the photo stays in ordinary memory.
 */
export function sharedFrameMaker(): ((width: number, height: number) => RgbaImage) | undefined {
  if (typeof SharedArrayBuffer === 'undefined' || globalThis.crossOriginIsolated !== true) return undefined;
  return (width, height) => createSharedImage(width, height, true);
}

/** A frame's shared memory and the pixel bytes it was made for. */
interface SpareFrame {
  bytes: number;
  buffer: SharedArrayBuffer;
}
/** Shared memory of earlier photos, ready for the next one (newest last). */
const spareFrames: SpareFrame[] = [];
/** A photo's shared frames: the decoded photo, the 3D table's and the warp's outputs, and one to spare. */
const MAX_SPARE_FRAMES = 4;

/**
 * Runs `work` (one photo) with its shared frames taken from the ones earlier photos left, and leaves its own for
 * the next photo when `reusable(result)` (a photo that failed may have left a helper writing into them). Why: a
 * shared frame is freed only once every thread that saw it (the page relaying the offers, the helper) has
 * collected it, which an idle page seldom does; new frames per photo piled up (bench: peak tab memory 766 MB
 * without sharing, 1,195 MB with a new frame each time).
 */
export async function reusingSharedFrames<T>(
  work: () => Promise<T>,
  reusable: (result: T) => boolean,
): Promise<T> {
  const used: SpareFrame[] = [];
  setSharedMemory((bytes, overwritten) => {
    const spare = spareFrames.findIndex((frame) => frame.bytes === bytes);
    const buffer = spare < 0 ? newFrameBuffer(bytes) : spareFrames.splice(spare, 1)[0]!.buffer;
    // Only the pixels: the header's table areas stay taken by the threads that hold them.
    if (spare >= 0 && !overwritten) framePixels(buffer, bytes).fill(0);
    used.push({ bytes, buffer });
    return buffer;
  });
  try {
    const result = await work();
    if (reusable(result)) spareFrames.push(...used);
    spareFrames.splice(0, Math.max(0, spareFrames.length - MAX_SPARE_FRAMES));
    return result;
  } finally {
    setSharedMemory(null);
  }
}
