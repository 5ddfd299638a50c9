// The on-device room analysis as the app sees it: analyze(signal, blob) answers the room type, confidence and
// visible elements of one photo, computed in a Web Worker with tfjs (free, private, offline once the model is
// cached). It owns one worker, started on first use and kept for a minute so a batch of photos loads the model
// once; aborting a running analysis terminates the worker. Rejections are EngineErrors (web/engine/errors.ts).
import { wrap } from 'comlink';
import type { ImageRoomAnalysis } from '../../../core/analysis/room/types';
import { EngineError } from '../errors';
import { WorkerPool, type WorkerFactory } from '../pool';
import { DECODE_FAILED, type RoomWorkerApi, type RoomWorkerResult } from './protocol';

export interface RoomAnalyzer {
  /** Rejects with EngineError: 'cancelled' when signal aborts, 'decodeFailed' for an unreadable photo. */
  analyze(signal: AbortSignal | undefined, blob: Blob): Promise<ImageRoomAnalysis>;
  /** Terminates the worker; pending analyses reject with 'cancelled'. */
  dispose(): void;
}

/** The performance mark left after each analysis, with { ms, backend, roomType } as its detail. */
const ROOM_ANALYSIS_MARK = 'raumglanz:room-analysis';

/** Loading the model takes a second or two; keep it warm between the photos of a batch and a quick retry. */
const IDLE_TIMEOUT_MS = 60_000;

const startRoomWorker: WorkerFactory<Blob, RoomWorkerResult, never> = (onCrash) => {
  const worker = new Worker(new URL('./roomWorker.ts', import.meta.url), {
    type: 'module',
    name: 'raumglanz-raum',
  });
  worker.addEventListener('error', (event) => onCrash(event.message || 'room worker failed to start'));
  const api = wrap<RoomWorkerApi>(worker);
  return {
    run: async (blob) => {
      try {
        return await api.analyze(blob);
      } catch (error) {
        const decodeFailed = error instanceof Error && error.name === DECODE_FAILED;
        throw new EngineError(decodeFailed ? 'decodeFailed' : 'processingFailed', String(error));
      }
    },
    terminate: () => worker.terminate(),
  };
};

export function createRoomAnalyzer(
  createWorker: WorkerFactory<Blob, RoomWorkerResult, never> = startRoomWorker,
): RoomAnalyzer {
  const pool = new WorkerPool<Blob, RoomWorkerResult, never>({
    size: 1,
    createWorker,
    idleTimeoutMs: IDLE_TIMEOUT_MS,
  });
  return {
    async analyze(signal, blob) {
      const { roomType, confidence, visibleElements, ms, backend } = await pool.run(signal, blob);
      // A User Timing entry: visible in the browser's performance panel and read by the end-to-end test.
      performance.mark(ROOM_ANALYSIS_MARK, { detail: { ms, backend, roomType } });
      return { roomType, confidence, visibleElements, ms };
    },
    dispose: () => pool.dispose(),
  };
}
