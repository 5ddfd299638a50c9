// A thread of the two-core kernel benchmark (bench/kernels.ts): runs one band of a kernel on the shared frames
// it was given (or copies its rows, for the memory ceiling) and answers when done. Started with tsx, so it
// imports the TypeScript kernels as they are.
import { parentPort, workerData } from 'node:worker_threads';
import type { RgbaImage } from '../core/imaging/types';
import { adoptFrameMemory, framePixels } from '../core/imaging/wasm/frames';
import type { WasmMemory } from '../core/imaging/wasm/instantiate';
import { BAND_KERNELS, COPY, copyBand, HEIGHT, WIDTH } from './bands';

/** A frame as kernels.ts sent it: its frame memory, or its pixels in a plain shared buffer. */
type Sent = WasmMemory | Uint8ClampedArray;
interface Shared {
  src: Sent;
  dst: Sent;
}
interface Job {
  name: string;
  from: number;
  to: number;
}

function frame(sent: Sent): RgbaImage {
  if (sent instanceof Uint8ClampedArray) return { width: WIDTH, height: HEIGHT, data: sent };
  return { width: WIDTH, height: HEIGHT, data: framePixels(adoptFrameMemory(sent), WIDTH * HEIGHT * 4) };
}

const { src, dst } = workerData as Shared;
const source = frame(src);
const target = frame(dst);

parentPort!.on('message', (job: Job) => {
  const kernel = job.name === COPY ? copyBand : BAND_KERNELS[job.name]!.kernel;
  kernel(source, target, { from: job.from, to: job.to });
  parentPort!.postMessage('done');
});
