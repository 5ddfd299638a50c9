// A thread of the two-core kernel benchmark (bench/kernels.ts): runs one band of a kernel on the shared frames
// it was given (or copies its rows, for the memory ceiling) and answers when done. Started with tsx, so it
// imports the TypeScript kernels as they are.
import { parentPort, workerData } from 'node:worker_threads';
import { BAND_KERNELS, COPY, copyBand, HEIGHT, WIDTH } from './bands';

interface Shared {
  src: SharedArrayBuffer;
  dst: SharedArrayBuffer;
}
interface Job {
  name: string;
  from: number;
  to: number;
}

const { src, dst } = workerData as Shared;
const source = { width: WIDTH, height: HEIGHT, data: new Uint8ClampedArray(src) };
const target = { width: WIDTH, height: HEIGHT, data: new Uint8ClampedArray(dst) };

parentPort!.on('message', (job: Job) => {
  const kernel = job.name === COPY ? copyBand : BAND_KERNELS[job.name]!.kernel;
  kernel(source, target, { from: job.from, to: job.to });
  parentPort!.postMessage('done');
});
