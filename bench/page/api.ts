// The functions the benchmark page puts on `window.raumglanzBench`, typed once for the page (main.ts) and for the
// Node side that drives it through playwright (bench/pipeline.ts, tests/e2e/engine.test.ts). Inputs are URLs
// on the page's own server, so no photo crosses the DevTools protocol on the way in.

import type { EngineStep } from '../../core/imaging/engineSteps';
import type { EngineProgress } from '../../web/engine/bridge';
import type { SessionCodecs } from '../../web/engine/codecChoice';
import type { EngineErrorCode } from '../../web/engine/errors';
import type { StageTimings } from '../../web/engine/protocol';

export interface EnhanceOptions {
  /** What of the output JPEG to send back: its first bytes (enough for every header segment) or all of it. */
  bytes?: 'head' | 'all';
  /** 'Stärke' of autoOptimize, 0..1 (default 1). */
  strength?: number;
}

/** The learned retouch's raw output in a worker (bench/page/rawRetouchWorker.ts), tone-only. */
export interface RawRetouchOutcome {
  width: number;
  height: number;
  /** The RGBA pixels, base64. */
  base64: string;
  /** The retouch alone, and loading the weights (0 once the worker has them). */
  ms: number;
  loadMs: number;
}

export type EnhanceOutcome =
  | {
      ok: true;
      ms: number;
      width: number;
      height: number;
      type: string;
      size: number;
      /** The output file (or its first 256 KB), base64. */
      base64: string;
      notes: EngineStep[][];
      timings: StageTimings;
      stages: EngineProgress['stage'][];
    }
  | {
      ok: false;
      ms: number;
      code: EngineErrorCode | 'other';
      germanMessage: string;
      message: string;
      stages: EngineProgress['stage'][];
    };

/** Workers the page's engine has started and terminated so far (the real Web Workers, counted at the factory). */
export interface WorkerStats {
  started: number;
  terminated: number;
  live: number;
  /** Row bands of another worker's photo run by lent workers (core/imaging/bands): one photo on every core. */
  bandsLent: number;
}

export interface BatchReport {
  ms: number;
  ok: number;
  failed: number;
  /** Durations of main-thread tasks over 50 ms seen while the batch ran (PerformanceObserver 'longtask'). */
  longTasks: number[];
  /** The longest the page's own timer waited past its 10 ms interval: how long the page could not respond. */
  maxTimerDelayMs: number;
}

export interface BenchApi {
  /** How many engine workers the page uses (one per core, 1 to 4). */
  workerCount: number;
  hardwareConcurrency: number;
  /** Fetches `url` once, then runs it through the engine. */
  enhance(url: string, modeIds: readonly string[], options?: EnhanceOptions): Promise<EnhanceOutcome>;
  /** Runs several photos at once through the engine and answers in the order given. */
  enhanceAll(urls: readonly string[], modeIds: readonly string[]): Promise<EnhanceOutcome[]>;
  /** Starts a job, aborts it as soon as it reports `stage`, then runs `nextUrl`. */
  cancelThenNext(
    url: string,
    stage: EngineProgress['stage'],
    nextUrl: string,
    modeIds: readonly string[],
  ): Promise<{ cancelled: EnhanceOutcome; next: EnhanceOutcome; before: WorkerStats; after: WorkerStats }>;
  /** `count` copies of one photo queued at once, watching the main thread the whole time. */
  batch(url: string, count: number, modeIds: readonly string[]): Promise<BatchReport>;
  /** Blocks the main thread for `ms` and counts the long tasks seen: proves the observer works in this browser. */
  longTaskSelfCheck(ms: number): Promise<number>;
  workerStats(): WorkerStats;
  /** Runs `url` (a PNG) through the learned retouch in a worker, tone-only, and answers the raw pixels. */
  retouchRaw(url: string, strength: number): Promise<RawRetouchOutcome>;
  /** The codecs the session measured and chose (null before the first photo), and what `?codecs=` forces. */
  codecs(): { session: SessionCodecs | null; forced: string | null };
}

declare global {
  interface Window {
    raumglanzBench: BenchApi;
  }
}
