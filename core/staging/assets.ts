// Where browsers fetch the 3D staging's files: the room segmenter (DeepLabV3, ADE20K), onnxruntime-web's
// WebAssembly runtime and the furniture models. The server serves them (server/staging/assetRoute.ts) under
// versioned paths below /models/, so browsers and the service worker may keep each file for a year and an
// upgrade can never meet a stale copy. tests/server/stagingAssets.test.ts checks every version named here.

/** The shared prefix of every model path (the room detector's files live there too). */
const MODEL_PREFIX = '/models/';

/**
 * The first 8 hex digits of the SHA-256 of models/deeplabv3-ade20k/deeplabv3_mnv2_ade20k_uint8.onnx: the
 * file carries no version of its own, so its content names the folder.
 */
const SEGMENTER_MODEL_HASH = 'd918dbf3';
export const SEGMENTER_MODEL_FILE = 'deeplabv3_mnv2_ade20k_uint8.onnx';
export const SEGMENTER_MODEL_URL = `${MODEL_PREFIX}deeplabv3-ade20k-${SEGMENTER_MODEL_HASH}/${SEGMENTER_MODEL_FILE}`;

/** onnxruntime-web, whose dist/ holds the .wasm binary and its Emscripten loader. */
const ORT_WEB_VERSION = '1.30.0';
/**
 * What ort's plain WebAssembly backend (the 'onnxruntime-web/wasm' build) loads from `env.wasm.wasmPaths`:
 * the Emscripten loader, imported as a module (and started again as each thread's worker), and the binary.
 * The jsep/jspi/asyncify variants belong to the WebGPU and WebNN builds, which staging does not use.
 */
export const ORT_WASM_FILE_NAMES = ['ort-wasm-simd-threaded.mjs', 'ort-wasm-simd-threaded.wasm'] as const;
/** Folder (with trailing slash) for `ort.env.wasm.wasmPaths`. */
export const ORT_WASM_URL_PREFIX = `${MODEL_PREFIX}ort-${ORT_WEB_VERSION}/`;

/**
 * The first 8 hex digits of a SHA-256 over the served files of models/furniture-3d (every .glb, .png and
 * manifest.json, in name order, each as its name, a zero byte, then its bytes). Re-packing a model changes it,
 * so the test fails until this names the new content and browsers fetch the new files.
 */
const FURNITURE_HASH = '5bee215b';
/** Folder (with trailing slash) of the furniture's .glb models, .png thumbnails and manifest.json. */
export const FURNITURE_URL_PREFIX = `${MODEL_PREFIX}furniture-3d-${FURNITURE_HASH}/`;

/** URL of one file of models/furniture-3d, by its name in manifest.json ('sofa-03.glb', 'sofa-03.png'). */
export function furnitureFileUrl(file: string): string {
  return FURNITURE_URL_PREFIX + encodeURIComponent(file);
}
