// The image worker's entry point (started by bridge.ts, one photo at a time). It exposes ImageWorkerApi through
// comlink and answers every failure of a photo as a value, so only a real crash ends the worker. Between photos
// it may be lent to another worker's photo (help: rows of one kernel, see bandHelp.ts).

import { expose } from 'comlink';
import { helpWithBands, reusingSharedFrames, sharedFrameMaker, withBandLending } from './bandHelp';
import { canvasCodec, decodeOptions, decodeRgba } from './canvasCodec';
import { enhanceJob, type Codec } from './enhance';
import { modeRunnerFor } from './learnedRetouch';
import type { ImageWorkerApi } from './protocol';

/** The canvas codec, with the decoded photo in shared memory where its kernels can be split across workers. */
const sharingCodec: Codec = {
  decode: (blob, type) => decodeRgba(blob, { ...decodeOptions(type), into: sharedFrameMaker() }),
  encode: canvasCodec.encode,
};

const api: ImageWorkerApi = {
  enhance: async (job, onProgress, lend) => {
    let runMode;
    try {
      runMode = await modeRunnerFor(job.modeIds, job.strength);
    } catch (error) {
      return { ok: false, code: 'processingFailed', detail: `retouch weights: ${String(error)}` };
    }
    return withBandLending(lend, () =>
      reusingSharedFrames(
        () => enhanceJob(job, { codec: job.shareRows ? sharingCodec : canvasCodec, runMode }, onProgress),
        (outcome) => outcome.ok,
      ),
    );
  },
  help: async (offer) => helpWithBands(offer),
};

expose(api);
