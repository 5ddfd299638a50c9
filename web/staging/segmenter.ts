// Runs the room segmenter (DeepLabV3 MobileNetV2, ADE20K) with onnxruntime-web's WebAssembly backend: one
// session, created on the first photo from the model fetched once, kept until dispose(). onnxruntime-web is
// imported on first use, so it never weighs on the first page. The same code runs in Node (the tests): only
// where the model's bytes and ort's .mjs/.wasm come from differs, and the caller passes that in.
import { ORT_WASM_URL_PREFIX, SEGMENTER_MODEL_URL } from '../../core/staging/assets';
import {
  labelMapFromArgmax,
  SEGMENTER_SIZE,
  segmenterInput,
  type RgbaPixels,
} from '../../core/staging/room/segmentation';
import type { LabelMap } from '../../core/staging/room/types';

type Ort = typeof import('onnxruntime-web/wasm');
type Session = Awaited<ReturnType<Ort['InferenceSession']['create']>>;

interface SegmenterOptions {
  /** The model's bytes. Default: fetched from the server's SEGMENTER_MODEL_URL (cached by the service worker). */
  loadModel?: () => Promise<Uint8Array>;
  /**
   * Folder (trailing slash) of ort-wasm-simd-threaded.mjs and .wasm: a URL path in the browser, a file:// URL
   * in Node. Default: the server's ORT_WASM_URL_PREFIX, never a CDN.
   */
  wasmPaths?: string;
  /**
   * WebAssembly threads. Default 2 where the page is cross-origin isolated (threads need SharedArrayBuffer),
   * else 1; Node needs 1 (ort's thread workers cannot load from a file:// URL there).
   */
  numThreads?: number;
  /**
   * In a page, run ort in its own worker (started from ort's chunk), so the page stays responsive during
   * the 0.3-1 s a photo takes; measured in Chromium: the longest main-thread stall fell from the whole run
   * to about 0.1 s (the resize to 512x512). Default true; ort ignores it in workers and in Node.
   */
  proxy?: boolean;
}

export interface Segmenter {
  /** ADE20K ids (models/deeplabv3-ade20k/README.md) of the photo stretched to 512x512, whatever its size. */
  segment(image: RgbaPixels): Promise<LabelMap>;
  /** Frees the session's WebAssembly memory; segment() rejects afterwards. */
  dispose(): void;
}

async function fetchModel(): Promise<Uint8Array> {
  const response = await fetch(SEGMENTER_MODEL_URL);
  if (!response.ok) throw new Error(`segmenter model: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function defaultThreads(): number {
  return typeof crossOriginIsolated !== 'undefined' && crossOriginIsolated ? 2 : 1;
}

async function openSession(options: SegmenterOptions): Promise<Session> {
  const [ort, model] = await Promise.all([
    import('onnxruntime-web/wasm'),
    (options.loadModel ?? fetchModel)(),
  ]);
  // ort's environment is global and read once, when its WebAssembly starts (the first session of the page).
  ort.env.wasm.wasmPaths = options.wasmPaths ?? ORT_WASM_URL_PREFIX;
  ort.env.wasm.numThreads = options.numThreads ?? defaultThreads();
  ort.env.wasm.proxy = options.proxy ?? true;
  // Its warnings (nodes left to the CPU, which is the only provider here) are noise in the console.
  ort.env.logLevel = 'error';
  return ort.InferenceSession.create(model, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
}

export function createSegmenter(options: SegmenterOptions = {}): Segmenter {
  let session: Promise<Session> | undefined;
  let disposed = false;
  // ort runs one call of a session at a time: photos wait for the one before them.
  let queue: Promise<unknown> = Promise.resolve();

  const getSession = (): Promise<Session> => {
    if (!session) {
      session = openSession(options);
      // A failed model fetch (offline, server down) is not kept: the next photo tries again. (A failed start
      // of ort's WebAssembly is final for the page: ort itself refuses a second try.)
      session.catch(() => {
        session = undefined;
      });
    }
    return session;
  };

  const run = async (image: RgbaPixels): Promise<LabelMap> => {
    if (disposed) throw new Error('segmenter disposed');
    const input = segmenterInput(image);
    const current = await getSession();
    const ort = await import('onnxruntime-web/wasm');
    const tensor = new ort.Tensor('uint8', input, [1, SEGMENTER_SIZE, SEGMENTER_SIZE, 3]);
    const results = await current.run({ [current.inputNames[0]]: tensor });
    const output = results[current.outputNames[0]];
    try {
      if (output.type !== 'int32') throw new Error(`segmenter output: ${output.type}, expected int32`);
      return labelMapFromArgmax(output.data as Int32Array);
    } finally {
      output.dispose();
    }
  };

  return {
    segment(image) {
      const result = queue.then(() => run(image));
      queue = result.catch(() => undefined);
      return result;
    },
    dispose() {
      disposed = true;
      const current = session;
      session = undefined;
      // After the queued photos, so none loses its session mid-run.
      void queue.then(async () => (await current)?.release()).catch(() => undefined);
    },
  };
}
