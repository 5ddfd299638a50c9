// One photo's heavy kernels on every core: a kernel whose output rows are independent describes itself as a
// BandJob over frames in shared memory, offers it to the installed BandSharer (the web engine lends it to idle
// workers) and takes bands itself until none is left, so it never waits for a thread that is busy elsewhere.
// Without a sharer, or with frames in ordinary memory, the caller runs every row: the same bytes either way.
import { isShared, type RgbaImage } from './types';
import type { Matrix3 } from './warp';

/** A kernel as data, so another thread can run it on the same shared frames. */
export type BandJob =
  | { kind: 'lut3d'; nodes: Float32Array; src: RgbaImage; dst: RgbaImage }
  | { kind: 'warp'; outputToInput: Matrix3; src: RgbaImage; dst: RgbaImage };

/** A job offered to helpers: the bands are claimed through `control` (see takeBands). */
export interface BandOffer {
  job: BandJob;
  control: Int32Array;
  bands: number;
}

/** Hands an offer to threads that may help; they call takeBands with it. Must not block. */
export type BandSharer = (offer: BandOffer) => void;

let sharer: BandSharer | null = null;

/** Installed by a host that has helper threads (the web engine's image worker); null removes it. */
export function setBandSharer(next: BandSharer | null): void {
  sharer = next;
}

/** Rows per band at least: below this the messages cost more than the rows. */
const MIN_BAND_ROWS = 64;
/** Enough bands that a helper joining late still finds work, few enough that claiming stays cheap. */
const MAX_BANDS = 16;
/** No band finished for this long means a helper stopped mid-band (its thread was ended). */
const STALL_MS = 20_000;

// control: [next band to claim, bands done]
const NEXT = 0;
const DONE = 1;

/** The rows of band `band` of `bands` over `height` rows. */
export function bandRows(band: number, bands: number, height: number): { from: number; to: number } {
  return { from: Math.floor((band * height) / bands), to: Math.floor(((band + 1) * height) / bands) };
}

/**
 * Runs `runRows` over all of `job.dst`'s rows: split into bands shared with helpers when a sharer is installed
 * and both frames are in shared memory, else in one call. `runRows` must write rows [from, to) of the output
 * only, from the input alone (never from other output rows). Returns when every row is written.
 */
export function runBands(
  job: BandJob,
  runRows: (from: number, to: number) => void,
  stallMs = STALL_MS,
): void {
  const height = job.dst.height;
  const bands = Math.min(MAX_BANDS, Math.floor(height / MIN_BAND_ROWS));
  if (!sharer || bands < 2 || !isShared(job.src) || !isShared(job.dst)) {
    runRows(0, height);
    return;
  }
  const offer: BandOffer = { job, control: new Int32Array(new SharedArrayBuffer(8)), bands };
  sharer(offer);
  takeBands(offer, runRows);
  waitForBands(offer.control, bands, stallMs);
}

/** Claims and runs bands of an offer until none is left; what the caller and every helper do. */
export function takeBands(offer: BandOffer, runRows: (from: number, to: number) => void): number {
  const { control, bands, job } = offer;
  let taken = 0;
  for (;;) {
    const band = Atomics.add(control, NEXT, 1);
    if (band >= bands) return taken;
    const { from, to } = bandRows(band, bands, job.dst.height);
    runRows(from, to);
    taken++;
    Atomics.add(control, DONE, 1);
    Atomics.notify(control, DONE);
  }
}

function waitForBands(control: Int32Array, bands: number, stallMs: number): void {
  for (;;) {
    const done = Atomics.load(control, DONE);
    if (done >= bands) return;
    // Every band is claimed by now; a claimed band is being written by a running thread.
    if (Atomics.wait(control, DONE, done, stallMs) === 'timed-out' && Atomics.load(control, DONE) === done) {
      throw new Error(`a helper thread stopped with ${bands - done} of ${bands} bands unfinished`);
    }
  }
}
