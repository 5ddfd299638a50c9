// The benchmark page: the real engine of web/engine (real module workers, built by Vite exactly like the app's),
// exposed on window for playwright. Only the worker factory is wrapped, to count starts and terminations.

import {
  createEngineWith,
  defaultWorkerCount,
  isEngineError,
  startImageWorker,
  type EngineProgress,
} from '../../web/engine/bridge';
import { measuredCodecs, type CodecChoice, type CodecName } from '../../web/engine/codecChoice';
import { wrap, type Remote } from 'comlink';
import type { BatchReport, BenchApi, EnhanceOptions, EnhanceOutcome, WorkerStats } from './api';
import type { RawRetouchApi } from './rawRetouchWorker';

const HEAD_BYTES = 256 * 1024;
/**
 * `?codecs=wasm/canvas` (decoder/encoder: 'canvas', 'wasm', or 'webcodecs' for decoding) runs every photo on those
 * codecs (the comparison in bench/README.md); without it, the session's measured choice
 * (web/engine/codecChoice.ts), as in the app.
 */
const forced = new URLSearchParams(location.search).get('codecs');
const forcedCodecs = ((): CodecChoice | undefined => {
  const [dec, enc] = (forced ?? '').split('/');
  const names: readonly CodecName[] = ['canvas', 'wasm', 'webcodecs'];
  const decode = names.find((name) => name === dec);
  const encode = names.find((name) => name === enc);
  return decode && encode ? { decode: { jpeg: decode, png: decode, webp: decode }, encode } : undefined;
})();
const stats = { started: 0, terminated: 0, bandsLent: 0 };
const workerCount = defaultWorkerCount(navigator.hardwareConcurrency);
const engine = createEngineWith(
  (onCrash, lend) => {
    const worker = startImageWorker(onCrash, lend);
    stats.started += 1;
    return {
      run: (job, onProgress, freeSlots) =>
        worker.run(forcedCodecs ? { ...job, codecs: forcedCodecs } : job, onProgress, freeSlots),
      help: async (offer) => {
        const bands = await worker.help(offer);
        stats.bandsLent += bands;
        return bands;
      },
      terminate() {
        stats.terminated += 1;
        worker.terminate();
      },
    };
  },
  { workers: workerCount },
);

let rawRetouch: Remote<RawRetouchApi> | undefined;

const workerStats = (): WorkerStats => ({ ...stats, live: engine.pool.liveWorkers });

const blobs = new Map<string, Promise<Blob>>();
function load(url: string): Promise<Blob> {
  let blob = blobs.get(url);
  if (!blob) {
    blob = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.blob();
    });
    blobs.set(url, blob);
  }
  return blob;
}

async function toBase64(blob: Blob): Promise<string> {
  // FileReader encodes off the main thread; btoa over a 3 MB string would be a long task of its own.
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}

async function run(
  blob: Blob,
  modeIds: readonly string[],
  options: EnhanceOptions & { signal?: AbortSignal; onStage?: (stage: EngineProgress['stage']) => void } = {},
): Promise<EnhanceOutcome> {
  const stages: EngineProgress['stage'][] = [];
  const started = performance.now();
  try {
    const result = await engine.processPhoto(
      options.signal,
      { imageId: String(started), blob, modeIds, strength: options.strength },
      (progress) => {
        if (stages.at(-1) !== progress.stage) {
          stages.push(progress.stage);
          options.onStage?.(progress.stage);
        }
      },
    );
    const ms = performance.now() - started;
    const bytes = options.bytes === 'all' ? result.blob : result.blob.slice(0, HEAD_BYTES);
    return {
      ok: true,
      ms,
      width: result.width,
      height: result.height,
      type: result.blob.type,
      size: result.blob.size,
      base64: options.bytes === undefined ? '' : await toBase64(bytes),
      notes: result.notes,
      timings: result.timings,
      stages,
    };
  } catch (error) {
    const ms = performance.now() - started;
    return isEngineError(error)
      ? {
          ok: false,
          ms,
          code: error.code,
          germanMessage: error.germanMessage,
          message: error.message,
          stages,
        }
      : { ok: false, ms, code: 'other', germanMessage: '', message: String(error), stages };
  }
}

function watchMainThread() {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.duration > 50) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  let maxTimerDelayMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    maxTimerDelayMs = Math.max(maxTimerDelayMs, now - last - 10);
    last = now;
  }, 10);
  return {
    async stop(): Promise<Pick<BatchReport, 'longTasks' | 'maxTimerDelayMs'>> {
      // Long-task entries are delivered after the task ended: give the observer a moment before reading.
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const entry of observer.takeRecords()) if (entry.duration > 50) longTasks.push(entry.duration);
      observer.disconnect();
      clearInterval(timer);
      return { longTasks, maxTimerDelayMs };
    },
  };
}

const api: BenchApi = {
  workerCount,
  hardwareConcurrency: navigator.hardwareConcurrency,

  async enhance(url, modeIds, options = {}) {
    return run(await load(url), modeIds, options);
  },

  async enhanceAll(urls, modeIds) {
    const inputs = await Promise.all(urls.map(load));
    return Promise.all(inputs.map((blob) => run(blob, modeIds, { bytes: 'head' })));
  },

  async cancelThenNext(url, stage, nextUrl, modeIds) {
    const [blob, nextBlob] = await Promise.all([load(url), load(nextUrl)]);
    const before = workerStats();
    const controller = new AbortController();
    const cancelled = await run(blob, modeIds, {
      signal: controller.signal,
      onStage: (reached) => {
        if (reached === stage) controller.abort();
      },
    });
    const next = await run(nextBlob, modeIds, { bytes: 'head' });
    return { cancelled, next, before, after: workerStats() };
  },

  async batch(url, count, modeIds) {
    const blob = await load(url);
    const watch = watchMainThread();
    const started = performance.now();
    const outcomes = await Promise.all(Array.from({ length: count }, () => run(blob, modeIds)));
    const ms = performance.now() - started;
    const seen = await watch.stop();
    const ok = outcomes.filter((o) => o.ok).length;
    return { ms, ok, failed: count - ok, ...seen };
  },

  async longTaskSelfCheck(ms) {
    const watch = watchMainThread();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // busy on purpose
    }
    return (await watch.stop()).longTasks.length;
  },

  workerStats,

  codecs: () => ({ session: measuredCodecs(), forced }),

  async retouchRaw(url, strength) {
    rawRetouch ??= wrap<RawRetouchApi>(
      new Worker(new URL('./rawRetouchWorker.ts', import.meta.url), { type: 'module' }),
    );
    const { width, height, pixels, ms, loadMs } = await rawRetouch.retouch(await load(url), strength);
    return {
      width,
      height,
      base64: await toBase64(new Blob([pixels as Uint8Array<ArrayBuffer>])),
      ms,
      loadMs,
    };
  },
};

window.raumglanzBench = api;
document.getElementById('status')!.textContent = 'Bereit';
