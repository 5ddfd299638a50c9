// The room analyser's worker: tfjs with the best backend this device has, the COCO detector from /models/
// (cached by the service worker after the first use), and the pure room head from core. One photo at a time.
import { expose } from 'comlink';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-webgl';
import '@tensorflow/tfjs-backend-webgpu';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { classifyRoom } from '../../../core/analysis/room/classify';
import {
  loadRoomDetector,
  type DetectorModelFiles,
  type RoomDetector,
} from '../../../core/analysis/room/detector';
import { analysisSize } from '../../../core/analysis/room/downscale';
import { ROOM_HEAD } from '../../../core/analysis/room/head';
import {
  DETECTOR_MODEL_URL,
  DETECTOR_URL_PREFIX,
  TFJS_WASM_URL_PREFIX,
} from '../../../core/analysis/room/modelFiles';
import { sceneFeatures } from '../../../core/analysis/room/sceneFeatures';
import type { RgbaImage } from '../../../core/imaging/types';
import { decodeRgba } from '../canvasCodec';
import { backendPreference } from './backend';
import { DECODE_FAILED, type RoomWorkerApi, type TfBackendName } from './protocol';

setWasmPaths(TFJS_WASM_URL_PREFIX);
// One wasm thread: the threaded build starts its helper workers from blob: scripts, which fail to load in an
// offline Chromium (the analysis then fell back to the server, which offline is no answer at all), and on the
// two cores of a typical phone or CI box the threads gain little over the SIMD build.
tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);

let ready: Promise<{ detector: RoomDetector; backend: TfBackendName }> | undefined;

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function fetchModelFiles(): Promise<DetectorModelFiles> {
  const modelJson = (await (await fetchOk(DETECTOR_MODEL_URL)).json()) as DetectorModelFiles['modelJson'];
  const parts = await Promise.all(
    modelJson.weightsManifest
      .flatMap((g) => g.paths)
      .map(async (p) => (await fetchOk(DETECTOR_URL_PREFIX + p)).arrayBuffer()),
  );
  const weights = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const p of parts) {
    weights.set(new Uint8Array(p), offset);
    offset += p.byteLength;
  }
  return { modelJson, weights: weights.buffer };
}

async function startBackend(): Promise<TfBackendName> {
  for (const name of await backendPreference()) {
    try {
      if (await tf.setBackend(name)) {
        await tf.ready();
        return name;
      }
    } catch {
      // A backend that fails to start (driver trouble, blocked wasm) just means: try the next one.
    }
  }
  throw new Error('no tfjs backend could start');
}

function load(): Promise<{ detector: RoomDetector; backend: TfBackendName }> {
  ready ??= (async () => {
    const [backend, files] = await Promise.all([startBackend(), fetchModelFiles()]);
    return { detector: loadRoomDetector(files), backend };
  })();
  ready.catch(() => (ready = undefined));
  return ready;
}

/** The photo at the analysis size, EXIF rotation applied. */
function decode(blob: Blob): Promise<RgbaImage> {
  return decodeRgba(blob, { fit: analysisSize, smoothing: 'medium' });
}

const api: RoomWorkerApi = {
  async analyze(blob) {
    const started = performance.now();
    const [{ detector, backend }, image] = await Promise.all([
      load(),
      decode(blob).catch((error: unknown) => {
        // The name travels through comlink, so the bridge can tell an unreadable photo from other failures.
        throw Object.assign(new Error(error instanceof Error ? error.message : String(error)), {
          name: DECODE_FAILED,
        });
      }),
    ]);
    const output = await detector.detect(image);
    const { roomType, confidence, visibleElements } = classifyRoom(output, sceneFeatures(image), ROOM_HEAD);
    return { roomType, confidence, visibleElements, backend, ms: Math.round(performance.now() - started) };
  },
};

expose(api);
