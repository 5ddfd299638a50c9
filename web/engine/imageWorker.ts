// The image worker's entry point (started by bridge.ts, one photo at a time). It exposes ImageWorkerApi through
// comlink and answers every failure of a photo as a value, so only a real crash ends the worker.

import { expose } from 'comlink';
import { canvasCodec } from './canvasCodec';
import { enhanceJob } from './enhance';
import { modeRunnerFor } from './learnedRetouch';
import type { ImageWorkerApi } from './protocol';

const api: ImageWorkerApi = {
  enhance: async (job, onProgress) => {
    let runMode;
    try {
      runMode = await modeRunnerFor(job.modeIds, job.strength);
    } catch (error) {
      return { ok: false, code: 'processingFailed', detail: `retouch weights: ${String(error)}` };
    }
    return enhanceJob(job, { codec: canvasCodec, runMode }, onProgress);
  },
};

expose(api);
