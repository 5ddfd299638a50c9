// What crosses the thread boundary between the bridge (main thread) and the image worker. The main thread imports
// only these types, never the worker's code. Photos cross as Blobs: a Blob is posted by reference to the browser's
// blob store, so neither side copies (or needs to transfer) the bytes; the decoded pixels never leave the worker.

import type { BandOffer } from '../../core/imaging/bands';
import type { EngineStep } from '../../core/imaging/engineSteps';
import type { CodecChoice, CodecName, CodecTimings } from './codecChoice';
import type { EngineErrorCode } from './errors';

/** The stages a photo passes, in order; 'queued' and 'done' are reported by the bridge, the rest by the worker. */
export type EngineStage = 'queued' | 'decoding' | 'processing' | 'encoding' | 'done';

/**
 * Codes a worker answers with when one photo fails; the bridge turns them into an EngineError. Cancelling and a
 * crash are seen by the pool, never by the worker itself.
 */
export type WorkerFailureCode = Exclude<EngineErrorCode, 'cancelled' | 'workerCrashed'>;

export interface WorkerJob {
  blob: Blob;
  /** Device mode ids, already checked and put in catalogue order by the bridge. */
  modeIds: readonly string[];
  /** 'Stärke' of the learned retouch (autoOptimize), 0..1; absent means 1. */
  strength?: number;
  /** Another worker is free: decode into shared memory, so the photo's kernels can use its core (bandHelp.ts). */
  shareRows?: boolean;
  /** The session's codecs (codecChoice.ts); the browser's where absent. */
  codecs?: CodecChoice;
}

export interface WorkerProgress {
  stage: 'decoding' | 'processing' | 'encoding';
  /** 0..1 for the whole photo. */
  fraction: number;
}

export interface StageTimings {
  decodeMs: number;
  processMs: number;
  encodeMs: number;
  /** Which codec decoded and which encoded this photo (the image worker's; absent elsewhere). */
  decodedBy?: CodecName;
  encodedBy?: CodecName;
}

export type WorkerOutcome =
  | { ok: true; blob: Blob; width: number; height: number; notes: EngineStep[][]; timings: StageTimings }
  | { ok: false; code: WorkerFailureCode; detail: string };

/** The worker's API as seen through comlink (`wrap<ImageWorkerApi>(worker)`). */
export interface ImageWorkerApi {
  /**
   * One photo. `lend` offers rows of its heavy kernels to the pool's idle workers (core/imaging/bands; frames in
   * shared memory cross by reference), which run them through `help`.
   */
  processPhoto(
    job: WorkerJob,
    onProgress: (progress: WorkerProgress) => void,
    lend: (offer: BandOffer) => void,
  ): Promise<WorkerOutcome>;
  /** Runs bands of another worker's offer until none is left; answers how many it took. */
  help(offer: BandOffer): Promise<number>;
  /** Times the browser's codecs against ours on a small test photo (codecProbe.ts); once per page session. */
  probeCodecs(): Promise<CodecTimings>;
}
