// The image worker's side of core/imaging/bands: while a photo runs, its kernels' offers go to the main thread,
// which lends them to the pool's idle workers (bridge.ts); a lent worker runs the kernel an offer names on the
// rows it claims. Only with cross-origin isolation: without it there is no shared memory, and each photo stays
// on its own worker.
import { setBandSharer, takeBands, type BandOffer } from '../../core/imaging/bands';
import type { RgbaImage } from '../../core/imaging/types';
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
 * The decoded frame moved into shared memory where the page is cross-origin isolated (one copy, a few
 * milliseconds for 12 MP); the banded kernels' outputs follow it (core/imaging/types frameLike).
 */
export function shareable(image: RgbaImage): RgbaImage {
  if (typeof SharedArrayBuffer === 'undefined' || globalThis.crossOriginIsolated !== true) return image;
  const data = new Uint8ClampedArray(new SharedArrayBuffer(image.data.length));
  data.set(image.data);
  return { width: image.width, height: image.height, data };
}
