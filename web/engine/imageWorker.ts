// The image worker's entry point (started by bridge.ts, one photo at a time). It exposes ImageWorkerApi through
// comlink and answers every failure of a photo as a value, so only a real crash ends the worker.

import { expose } from 'comlink';
import { runDeviceMode } from '../../core/imaging/pipeline';
import { canvasCodec } from './canvasCodec';
import { enhanceJob } from './enhance';
import type { ImageWorkerApi } from './protocol';

const api: ImageWorkerApi = {
  enhance: (job, onProgress) => enhanceJob(job, { codec: canvasCodec, runMode: runDeviceMode }, onProgress),
};

expose(api);
