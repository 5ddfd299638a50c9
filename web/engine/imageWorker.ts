// The image worker's entry point (started by bridge.ts, one photo at a time). It exposes ImageWorkerApi through
// comlink and answers every failure of a photo as a value, so only a real crash ends the worker. Between photos
// it may be lent to another worker's photo (help: rows of one kernel, see bandHelp.ts). Each photo is decoded
// and encoded by the codecs the session measured fastest (codecChoice.ts): the browser's (canvas, or WebCodecs for
// JPEG input) or our WebAssembly one.

import { expose } from 'comlink';
import { helpWithBands, reusingSharedFrames, sharedFrameMaker, withBandLending } from './bandHelp';
import { canvasCodec, decodeOptions, decodeRgba, JPEG_QUALITY } from './canvasCodec';
import { BROWSER_CODECS, formatOf, type CodecChoice, type CodecName } from './codecChoice';
import { measureCodecs } from './codecProbe';
import { photoJob, type Codec } from './photoJob';
import { modeRunnerFor } from './learnedRetouch';
import { decodeWithImageDecoder } from './webCodecsDecode';
import type { ImageWorkerApi } from './protocol';

/** The WebAssembly codec, fetched and compiled on first use only (its own chunk and .wasm files). */
const wasmCodec = () => import('./wasmCodec');

/**
 * The chosen codecs for one photo, decoding into shared memory when `shareRows` (its kernels can then be split
 * across workers). A photo the chosen decoder hands back (a colour profile) or fails on (CMYK) goes to the
 * canvas. `used` records which codec did each step, for the photo's timings.
 */
function codecFor(
  choice: CodecChoice,
  shareRows: boolean,
  used: { decodedBy?: CodecName; encodedBy?: CodecName },
): Codec {
  const into = shareRows ? sharedFrameMaker() : undefined;
  return {
    decode: async (blob, type) => {
      const options = { ...decodeOptions(type), into };
      const chosen = choice.decode[formatOf(type)];
      const image =
        chosen === 'wasm'
          ? await (await wasmCodec()).decodeWithWasm(blob, type, options).catch(() => null)
          : chosen === 'webcodecs'
            ? await decodeWithImageDecoder(blob, type, into).catch(() => null)
            : null;
      used.decodedBy = image ? chosen : 'canvas';
      return image ?? decodeRgba(blob, options);
    },
    encode: async (image) => {
      if (choice.encode !== 'wasm') {
        used.encodedBy = 'canvas';
        return canvasCodec.encode(image);
      }
      used.encodedBy = 'wasm';
      return (await wasmCodec()).encodeWithWasm(image, JPEG_QUALITY.keep);
    },
  };
}

const api: ImageWorkerApi = {
  processPhoto: async (job, onProgress, lend) => {
    let runMode;
    try {
      runMode = await modeRunnerFor(job.modeIds, job.strength);
    } catch (error) {
      return { ok: false, code: 'processingFailed', detail: `retouch weights: ${String(error)}` };
    }
    const used: { decodedBy?: CodecName; encodedBy?: CodecName } = {};
    const codec = codecFor(job.codecs ?? BROWSER_CODECS, job.shareRows === true, used);
    const outcome = await withBandLending(lend, () =>
      reusingSharedFrames(
        () => photoJob(job, { codec, runMode }, onProgress),
        (outcome) => outcome.ok,
      ),
    );
    return outcome.ok ? { ...outcome, timings: { ...outcome.timings, ...used } } : outcome;
  },
  help: async (offer) => helpWithBands(offer),
  probeCodecs: () => measureCodecs(),
};

expose(api);
