// Runs core/declutter's removeClutter off the event loop: one lazily started worker thread (removalWorker.ts),
// requests answered in order. The worker loads the TypeScript sources through tsx's API, the way `npm start`
// runs the server, so it works the same under the server, the scripts and the tests. An idle worker does not
// keep the process alive; a crashed one fails its pending requests and is started again on the next call.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Detection } from '../../../core/analysis/room/types';
import type { DeclutterModeId, MaskedObject, RemovedClutter, Stroke } from '../../../core/declutter';
import type { RgbaImage } from '../../../core/imaging/types';

export interface RemovalRequest {
  id: number;
  width: number;
  height: number;
  pixels: ArrayBuffer;
  detections: readonly Detection[];
  mode: DeclutterModeId;
  strokes?: readonly Stroke[];
}

export type RemovalResponse =
  | {
      id: number;
      ok: true;
      pixels: ArrayBuffer;
      mask: ArrayBuffer;
      removed: MaskedObject[];
      paintedAreas: number;
      description: string;
    }
  | { id: number; ok: false; error: string };

interface Pending {
  resolve(result: RemovedClutter): void;
  reject(error: Error): void;
  width: number;
  height: number;
}

/** tsx's ESM API, by file: the worker is started from plain JavaScript and imports the .ts entry through it. */
function tsxApiUrl(): string {
  const require = createRequire(import.meta.url);
  return pathToFileURL(join(dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
}

const WORKER_ENTRY = new URL('./removalWorker.ts', import.meta.url).href;

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(from: Worker, error: Error): void {
  if (worker !== from) return;
  worker = undefined;
  for (const entry of pending.values()) entry.reject(error);
  pending.clear();
}

function startWorker(): Worker {
  const api = JSON.stringify(tsxApiUrl());
  const code = `import(${api}).then(({ tsImport }) => tsImport(${JSON.stringify(WORKER_ENTRY)}, ${api}));`;
  const started = new Worker(code, { eval: true });
  started.on('message', (response: RemovalResponse) => {
    const entry = pending.get(response.id);
    if (!entry) return;
    pending.delete(response.id);
    if (pending.size === 0) started.unref();
    if (!response.ok) {
      entry.reject(new Error(`clutter removal failed: ${response.error}`));
      return;
    }
    const { width, height } = entry;
    const data = new Uint8ClampedArray(response.pixels);
    // One buffer for both means the worker handed the input back untouched: no mask was set.
    const mask =
      response.mask === response.pixels ? new Uint8Array(width * height) : new Uint8Array(response.mask);
    entry.resolve({
      image: { width, height, data },
      removed: response.removed,
      paintedAreas: response.paintedAreas,
      mask,
      description: response.description,
    });
  });
  started.on('error', (error) => failAll(started, error));
  started.on('exit', (code) => failAll(started, new Error(`clutter removal worker exited (${code})`)));
  started.unref();
  return started;
}

/**
 * removeClutter(image, detections, mode, strokes) in the worker thread. The image's pixels are copied, so the
 * caller's image stays usable.
 */
export function removeClutterOffThread(
  image: RgbaImage,
  detections: readonly Detection[],
  mode: DeclutterModeId,
  strokes: readonly Stroke[] = [],
): Promise<RemovedClutter> {
  worker ??= startWorker();
  const current = worker;
  const id = nextId++;
  const pixels = image.data.slice().buffer;
  const request: RemovalRequest = {
    id,
    width: image.width,
    height: image.height,
    pixels,
    detections,
    mode,
    strokes,
  };
  return new Promise<RemovedClutter>((resolve, reject) => {
    pending.set(id, { resolve, reject, width: image.width, height: image.height });
    current.ref();
    current.postMessage(request, [pixels]);
  });
}

/** Stops the worker (tests and shutdown); the next call starts a new one. */
export async function stopRemovalThread(): Promise<void> {
  const current = worker;
  worker = undefined;
  if (current) await current.terminate();
}
