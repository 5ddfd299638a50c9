// Where browsers fetch the room detector's files. The server serves them from the installed npm packages
// (server/ai/room/modelRoute.ts); the versions are part of the path, so the files can be cached for a year and
// the service worker's cache-first rule can never hand out a stale model after an upgrade. A server test checks
// these versions against the installed packages.

/** @vladmandic/human, whose package ships the CenterNet COCO detector (MIT). */
export const HUMAN_MODELS_VERSION = '3.3.6';
/** @tensorflow/tfjs-backend-wasm, whose package ships the .wasm binaries. */
export const TFJS_WASM_VERSION = '4.22.0';

export const ROOM_MODEL_PREFIX = '/models/';
export const DETECTOR_MODEL_URL = `${ROOM_MODEL_PREFIX}human-${HUMAN_MODELS_VERSION}/centernet.json`;
/** Folder (with trailing slash) of tfjs-backend-wasm.wasm, -simd.wasm and -threaded-simd.wasm. */
export const TFJS_WASM_URL_PREFIX = `${ROOM_MODEL_PREFIX}tfjs-${TFJS_WASM_VERSION}/`;

/** The model files the detector needs, by name, as served under human-<version>/. */
export const DETECTOR_FILE_NAMES = ['centernet.json', 'centernet.bin'] as const;
export const TFJS_WASM_FILE_NAMES = [
  'tfjs-backend-wasm.wasm',
  'tfjs-backend-wasm-simd.wasm',
  'tfjs-backend-wasm-threaded-simd.wasm',
] as const;
