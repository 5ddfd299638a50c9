// The engine as the app sees it: processPhoto(signal, request, onProgress) returns a JPEG without EXIF, or rejects with
// an EngineError that fails only that photo. It owns the workers (one per core, started on first use,
// terminated when a job is cancelled or after idling); screens never touch a Worker (CONVENTIONS.md 2 and 3).

import { proxy, wrap } from 'comlink';
import type { BandOffer } from '../../core/imaging/bands';
import type { EngineStep } from '../../core/imaging/engineSteps';
import { sessionCodecs } from './codecChoice';
import { EngineError } from './errors';
import { planDeviceModes } from './plan';
import { WorkerPool, type PoolWorker } from './pool';
import type {
  EngineStage,
  ImageWorkerApi,
  StageTimings,
  WorkerJob,
  WorkerOutcome,
  WorkerProgress,
} from './protocol';

export { isEngineError } from './errors';

export interface PhotoRequest {
  imageId: string;
  blob: Blob;
  /** Device mode ids (see core/catalog `isDeviceMode`); applied in catalogue order whatever order they come in. */
  modeIds: readonly string[];
  /** 'Stärke' of 'Automatisch optimieren' (0..1, default 1): how much of the learned retouch is applied. */
  strength?: number;
}

export interface PhotoResult {
  /** image/jpeg without any metadata. */
  blob: Blob;
  width: number;
  height: number;
  /** What the modes did, one list per mode that said something; the workflow words them for the description. */
  notes: EngineStep[][];
  /** Where the time went, for the benchmark and for logs. */
  timings: StageTimings;
}

export interface EngineProgress {
  imageId: string;
  stage: EngineStage;
  /** 0..1 for this photo. */
  fraction: number;
}

export interface ImageEngine {
  /**
   * Queues one photo. Rejects with EngineError (code 'cancelled' when `signal` aborts: a running job's worker is
   * terminated then), or with RangeError when a mode id is not a device mode (a bug in the caller).
   */
  processPhoto(
    signal: AbortSignal | undefined,
    request: PhotoRequest,
    onProgress?: (progress: EngineProgress) => void,
  ): Promise<PhotoResult>;
  /** Terminates every worker; pending jobs reject with 'cancelled'. */
  dispose(): void;
}

export interface EngineOptions {
  /** Number of workers; by default one per core (see `defaultWorkerCount`). */
  workers?: number;
  /** A worker idle this long is terminated to free its memory. */
  idleTimeoutMs?: number;
}

/**
 * One worker per core, so a batch keeps every core busy: the page's own work during a batch (messages, progress)
 * is a few milliseconds per photo, so a core held back for it sat idle (on a 2-core laptop, half the machine).
 * At most 4: a worker busy with a 12 MP photo holds several copies of it (bitmap, canvas, pixels, result: about
 * 50 MB each), which a phone with many small cores cannot afford eight times over.
 */
export function defaultWorkerCount(cores: number | undefined): number {
  return Math.min(4, Math.max(1, cores ?? 2));
}

/** A started image worker: runs photos, and between photos helps with another photo's rows. */
export interface ImagePoolWorker extends PoolWorker<WorkerJob, WorkerOutcome, WorkerProgress> {
  help(offer: BandOffer): Promise<number>;
}

/** Starts a worker; `lend` takes the offers of its photo's kernels to the other workers. */
export type ImageWorkerFactory = (
  onCrash: (reason: string) => void,
  lend: (offer: BandOffer) => void,
) => ImagePoolWorker;

/** Starts the real module worker. Vite bundles it because of the literal `new URL(..., import.meta.url)`. */
export const startImageWorker: ImageWorkerFactory = (onCrash, lend) => {
  const worker = new Worker(new URL('./imageWorker.ts', import.meta.url), {
    type: 'module',
    name: 'raumglanz-bild',
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    onCrash(event.message || 'the worker failed to load or threw');
  });
  worker.addEventListener('messageerror', () => onCrash('a message could not be read'));
  const api = wrap<ImageWorkerApi>(worker);
  let terminated = () => {};
  const gone = new Promise<void>((done) => (terminated = done));
  return {
    // Shared frames only when another worker could help: in a batch every core has a photo of its own already.
    // The first worker of the page session measures the codecs before its first photo; the others wait for it.
    // A job that names its codecs keeps them (the benchmark compares both).
    run: async (job, onProgress, freeSlots) => {
      const { choice } = await sessionCodecs(() => api.probeCodecs(), gone);
      return api.processPhoto(
        { ...job, shareRows: freeSlots > 0, codecs: job.codecs ?? choice },
        proxy(onProgress),
        proxy(lend),
      );
    },
    help: (offer) => api.help(offer),
    // A pending comlink call never settles after this; the pool has already settled that job.
    terminate: () => {
      terminated();
      worker.terminate();
    },
  };
};

export function createImageEngine(options: EngineOptions = {}): ImageEngine {
  const cores = typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency;
  return createEngineWith(startImageWorker, {
    ...options,
    workers: options.workers ?? defaultWorkerCount(cores),
  });
}

/** The engine over any worker factory; tests pass fake workers, the app passes `startImageWorker`. */
export function createEngineWith(
  createWorker: ImageWorkerFactory,
  options: EngineOptions = {},
): ImageEngine & { readonly pool: WorkerPool<WorkerJob, WorkerOutcome, WorkerProgress, ImagePoolWorker> } {
  // A photo's kernels offer their rows (core/imaging/bands); the workers with nothing to do take some.
  const lend = (offer: BandOffer) => pool.lendIdle((worker) => worker.help(offer));
  const pool = new WorkerPool<WorkerJob, WorkerOutcome, WorkerProgress, ImagePoolWorker>({
    size: options.workers ?? 1,
    createWorker: (onCrash) => createWorker(onCrash, lend),
    idleTimeoutMs: options.idleTimeoutMs,
  });

  async function processPhoto(
    signal: AbortSignal | undefined,
    request: PhotoRequest,
    onProgress: (progress: EngineProgress) => void = () => {},
  ): Promise<PhotoResult> {
    const modeIds = planDeviceModes(request.modeIds);
    const report = (stage: EngineStage, fraction: number) =>
      onProgress({ imageId: request.imageId, stage, fraction });
    report('queued', 0);
    const outcome = await pool.run(signal, { blob: request.blob, modeIds, strength: request.strength }, (p) =>
      report(p.stage, p.fraction),
    );
    if (!outcome.ok) throw new EngineError(outcome.code, outcome.detail);
    report('done', 1);
    const { blob, width, height, notes, timings } = outcome;
    return { blob, width, height, notes, timings };
  }

  return { pool, processPhoto, dispose: () => pool.dispose() };
}
