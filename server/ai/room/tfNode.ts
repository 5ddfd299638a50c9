// tfjs in Node on the WebAssembly backend: the same kernels the browser falls back to, with the .wasm binary
// shipped inside the npm package (no native build, no download). Started once per process.
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-wasm';

let ready: Promise<void> | undefined;

export function ensureTfWasm(): Promise<void> {
  ready ??= (async () => {
    const before = new Set([
      ...process.listeners('uncaughtException'),
      ...process.listeners('unhandledRejection'),
    ]);
    if (!(await tf.setBackend('wasm'))) throw new Error('tfjs wasm backend failed to start');
    await tf.ready();
    // The Emscripten glue installs process-wide handlers that re-throw every uncaught error from inside its
    // own minified source, so a crash prints 30 kB of it instead of the stack. Node's defaults are better.
    for (const listener of process.listeners('uncaughtException')) {
      if (!before.has(listener)) process.removeListener('uncaughtException', listener);
    }
    for (const listener of process.listeners('unhandledRejection')) {
      if (!before.has(listener)) process.removeListener('unhandledRejection', listener);
    }
  })();
  return ready;
}
