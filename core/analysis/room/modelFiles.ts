// Where browsers fetch the room detector's files. The server serves them from the installed npm packages
// (server/ai/room/modelRoute.ts); the versions are part of the path, so the files can be cached for a year and
// the service worker's cache-first rule can never hand out a stale model after an upgrade. A server test checks
// these versions against the installed packages.

/** @vladmandic/human, whose package ships the CenterNet COCO detector (MIT). */
export const HUMAN_MODELS_VERSION = '3.3.6';
/** @tensorflow/tfjs-backend-wasm, whose package ships the .wasm binaries. */
export const TFJS_WASM_VERSION = '4.22.0';

export const ROOM_MODEL_PREFIX = '/models/';

/** The model files the detector needs, by name: the graph (model.json format) first, then its weights. */
export const DETECTOR_FILE_NAMES = ['centernet.json', 'centernet.bin'] as const;
export const DETECTOR_MODEL_FILE = DETECTOR_FILE_NAMES[0];
/** Folder (with trailing slash) of the detector's files. */
export const DETECTOR_URL_PREFIX = `${ROOM_MODEL_PREFIX}human-${HUMAN_MODELS_VERSION}/`;
export const DETECTOR_MODEL_URL = `${DETECTOR_URL_PREFIX}${DETECTOR_MODEL_FILE}`;

export const TFJS_WASM_FILE_NAMES = [
  'tfjs-backend-wasm.wasm',
  'tfjs-backend-wasm-simd.wasm',
  'tfjs-backend-wasm-threaded-simd.wasm',
] as const;
/** Folder (with trailing slash) of tfjs-backend-wasm.wasm, -simd.wasm and -threaded-simd.wasm. */
export const TFJS_WASM_URL_PREFIX = `${ROOM_MODEL_PREFIX}tfjs-${TFJS_WASM_VERSION}/`;
