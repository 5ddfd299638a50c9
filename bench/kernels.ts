// Speed of the on-device kernels against sharp (libvips), the native library a server would use, on one
// 4000x3000 photo: on one core, and on two (our kernel split into row bands over two threads sharing the frame
// in shared memory, made as the engine makes its shared frames (createSharedImage); sharp with concurrency(2)).
// Run: node --import tsx bench/kernels.ts [--runs N]. Prints a table and, as its last line,
// {"kernels":[{"name","mpps","mppsOneCore","sharpMpps","ratio",...},...]}; bench/README.md explains each figure.
// For each kernel all four forms run back to back, so they see about the same machine load; figures are medians.
import os from 'node:os';
import path, { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { createSharedImage } from '../core/imaging/types';
import { frameMemoryOf } from '../core/imaging/wasm/frames';
import { BAND_KERNELS, COPY, HEIGHT, WARP_DEGREES, WIDTH } from './bands';
import { median } from './stats';

const MEGAPIXELS = (WIDTH * HEIGHT) / 1e6;
const TSX_API = pathToFileURL(
  resolve(import.meta.dirname, '../node_modules/tsx/dist/esm/api/index.mjs'),
).href;
const THREADS = 2;
const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../shared/fixtures/photos/canon-dslr.jpg',
);

/** sharp's nearest operation to each of our kernels (see the README's table for what each pair compares). */
const SHARP_OPS: Record<string, { op: string; run: (input: sharp.Sharp) => sharp.Sharp }> = {
  brightness: { op: 'modulate({ brightness: 1.6 })', run: (i) => i.modulate({ brightness: 1.6 }) },
  warmTones: { op: 'linear([1.08, 1, 0.88], 0)', run: (i) => i.linear([1.08, 1, 0.88], [0, 0, 0]) },
  toneCurve: { op: 'linear(1.2, -25)', run: (i) => i.linear(1.2, -25) },
  colorGrade: {
    op: 'modulate({ brightness, saturation }) + linear',
    run: (i) => i.modulate({ brightness: 1.07, saturation: 1.15 }).linear([1.12, 1, 0.82], [0, 0, 0]),
  },
  sharpen: { op: 'sharpen()', run: (i) => i.sharpen() },
  warp: {
    op: `affine(rotate ${WARP_DEGREES} deg, bilinear)`,
    run: (input) => {
      const t = (WARP_DEGREES * Math.PI) / 180;
      return input
        .affine(
          [
            [Math.cos(t), -Math.sin(t)],
            [Math.sin(t), Math.cos(t)],
          ],
          { interpolator: sharp.interpolators.bilinear },
        )
        .extract({ left: 0, top: 0, width: WIDTH, height: HEIGHT });
    },
  },
};

/** Two threads over the shared frames; run(name) splits the rows in halves and resolves when both are done. */
function startBandThreads(src: Uint8ClampedArray, dst: Uint8ClampedArray) {
  // A frame memory goes as itself, so the thread knows it as one (wasm/frames adoptFrameMemory).
  const shared = (data: Uint8ClampedArray) => frameMemoryOf(data) ?? data;
  const workers = Array.from(
    { length: THREADS },
    () =>
      // A worker thread does not inherit tsx's loader: the entry registers it, then imports the TypeScript.
      new Worker(
        `import(${JSON.stringify(TSX_API)}).then(({ register }) => { register(); ` +
          `return import(${JSON.stringify(new URL('./bandWorker.ts', import.meta.url).href)}); })`,
        { eval: true, workerData: { src: shared(src), dst: shared(dst) } },
      ),
  );
  const band = Math.ceil(HEIGHT / THREADS);
  return {
    run: (name: string) =>
      Promise.all(
        workers.map(
          (worker, i) =>
            new Promise<void>((done) => {
              worker.once('message', () => done());
              worker.postMessage({ name, from: i * band, to: Math.min(HEIGHT, (i + 1) * band) });
            }),
        ),
      ),
    stop: () => Promise.all(workers.map((worker) => worker.terminate())),
  };
}

async function main(): Promise<void> {
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;
  sharp.cache(false);

  const { data } = await sharp(FIXTURE).resize(WIDTH, HEIGHT, { fit: 'fill' }).ensureAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  const original = new Uint8ClampedArray(data);
  const src = createSharedImage(WIDTH, HEIGHT);
  const dst = createSharedImage(WIDTH, HEIGHT);
  src.data.set(original);
  dst.data.fill(0); // touched once, so no form pays for the first mapping of its pages
  const raw = { raw: { width: WIDTH, height: HEIGHT, channels: 4 as const } };
  const input = Buffer.from(original.buffer, original.byteOffset, original.length);
  const threads = startBandThreads(src.data, dst.data);

  // The physical floor: copying the frame into memory already mapped, on one thread and in two bands on two.
  // A point operation moves the same bytes (read once, written once), so these bound it.
  const copyMs: number[] = [];
  const copyTwoMs: number[] = [];
  await threads.run(COPY);
  for (let i = 0; i < runs; i++) {
    let start = performance.now();
    dst.data.set(src.data);
    copyMs.push(performance.now() - start);
    start = performance.now();
    await threads.run(COPY);
    copyTwoMs.push(performance.now() - start);
  }

  interface Result {
    name: string;
    sharpOp: string;
    oneCoreMs: number;
    oneCoreCpuMs: number;
    twoCoresMs: number;
    sharpMs: number;
    sharpTwoMs: number;
  }
  const results: Result[] = [];
  try {
    for (const [name, { kernel, inPlace }] of Object.entries(BAND_KERNELS)) {
      const theirs = SHARP_OPS[name]!;
      const all = { from: 0, to: HEIGHT };
      const restore = () => inPlace && src.data.set(original);
      const timeOurs = async (run: () => unknown) => {
        restore(); // untimed: in-place forms start from the photo each round
        const start = performance.now();
        await run();
        return performance.now() - start;
      };
      // The one-core form's CPU time too: on a shared machine the wall clock also counts the time the
      // scheduler gave other processes; the CPU time is what the kernel costs when it has the core.
      const cpuOurs = () => {
        restore();
        const start = process.cpuUsage();
        kernel(src, dst, all);
        const used = process.cpuUsage(start);
        return (used.user + used.system) / 1000;
      };
      const timeSharp = async (concurrency: number) => {
        sharp.concurrency(concurrency);
        const start = performance.now();
        await theirs.run(sharp(input, raw)).raw().toBuffer();
        return performance.now() - start;
      };
      // One untimed round each, so V8 has optimised (and WebAssembly tiered up) and libvips loaded its ops.
      await timeOurs(() => kernel(src, dst, all));
      await timeOurs(() => threads.run(name));
      await timeSharp(1);
      await timeSharp(THREADS);
      const oneCore: number[] = [];
      const oneCoreCpu: number[] = [];
      const twoCores: number[] = [];
      const sharpOne: number[] = [];
      const sharpTwo: number[] = [];
      for (let i = 0; i < runs; i++) oneCore.push(await timeOurs(() => kernel(src, dst, all)));
      for (let i = 0; i < runs; i++) oneCoreCpu.push(cpuOurs());
      for (let i = 0; i < runs; i++) twoCores.push(await timeOurs(() => threads.run(name)));
      for (let i = 0; i < runs; i++) sharpOne.push(await timeSharp(1));
      for (let i = 0; i < runs; i++) sharpTwo.push(await timeSharp(THREADS));
      results.push({
        name,
        sharpOp: theirs.op,
        oneCoreMs: median(oneCore),
        oneCoreCpuMs: median(oneCoreCpu),
        twoCoresMs: median(twoCores),
        sharpMs: median(sharpOne),
        sharpTwoMs: median(sharpTwo),
      });
    }
  } finally {
    await threads.stop();
  }

  const mpps = (ms: number) => Math.round(MEGAPIXELS / (ms / 1000));
  const ratio = (theirs: number, ours: number) => Math.round((theirs / ours) * 100) / 100;
  const rows = results.map((r) => ({
    name: r.name,
    mpps: mpps(r.twoCoresMs),
    mppsOneCore: mpps(r.oneCoreMs),
    mppsOneCoreCpu: mpps(r.oneCoreCpuMs),
    sharpMpps: mpps(r.sharpMs),
    ratio: ratio(r.sharpMs, r.oneCoreMs),
    sharpMppsTwoThreads: mpps(r.sharpTwoMs),
    ratioTwoCores: ratio(r.sharpTwoMs, r.twoCoresMs),
  }));

  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(
    `${WIDTH}x${HEIGHT} (${MEGAPIXELS} MP), ${runs} rounds, medians, wall clock, load ${load.join(' ')} on ${os.availableParallelism()} cores`,
  );
  console.log(
    `copy of the frame into mapped memory: ${mpps(median(copyMs))} MP/s on one thread, ${mpps(median(copyTwoMs))} MP/s on two`,
  );
  console.log('');
  console.log(
    `${'kernel'.padEnd(12)}${'1 core'.padStart(8)}${'(cpu)'.padStart(7)}${'sharp'.padStart(8)}${'ratio'.padStart(7)}` +
      `${'2 cores'.padStart(9)}${'sharp 2'.padStart(9)}${'ratio'.padStart(7)}   sharp operation`,
  );
  for (const [i, r] of rows.entries()) {
    console.log(
      r.name.padEnd(12) +
        String(r.mppsOneCore).padStart(8) +
        String(r.mppsOneCoreCpu).padStart(7) +
        String(r.sharpMpps).padStart(8) +
        r.ratio.toFixed(2).padStart(7) +
        String(r.mpps).padStart(9) +
        String(r.sharpMppsTwoThreads).padStart(9) +
        r.ratioTwoCores.toFixed(2).padStart(7) +
        `   ${results[i]!.sharpOp}`,
    );
  }
  console.log(JSON.stringify({ kernels: rows }));
}

await main();
