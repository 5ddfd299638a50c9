// `npm run bench`: our kernels against sharp (bench/kernels.ts, run as a child process so its timings are not
// disturbed by this process), the whole pipeline and a batch in headless Chromium against sharp
// (bench/pipeline.ts), and the landing page's JavaScript (bench/firstLoad.ts). Prints readable tables, and as the
// very last line one JSON object: {"kernels":[{"name","mpps","mppsOneCore","sharpMpps","ratio",...}...],
// "pipeline":{"oursMs","sharpMs","ratio"},"batch":{"oursPhotosPerS","sharpPhotosPerS","ratio"},
// "mainThreadLongTasks":N,"peakTabMB":N,"firstLoadGzipKB":N}. bench/README.md explains each figure.
// Optional: BENCH_RUNS (pipeline runs, default 7), BENCH_BATCH (photos in the batch, default 20), BENCH_CODECS
// ('wasm/canvas': the image worker's decoder/encoder forced instead of the session's measured choice).

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatFirstLoad, measureFirstLoad } from './firstLoad';
import { BATCH_SIZE, formatPipelineTable, REPO, runPipelineBench } from './pipeline';

export interface KernelFigure {
  name: string;
  /** Both cores (two threads on row bands of one frame). */
  mpps: number;
  mppsOneCore: number;
  /** The one-core form per CPU second of its thread (what it costs when it has the core). */
  mppsOneCoreCpu: number;
  /** sharp on one thread, and our one core against it. */
  sharpMpps: number;
  ratio: number;
  sharpMppsTwoThreads: number;
  ratioTwoCores: number;
}

export const KERNELS_SCRIPT = resolve(REPO, 'bench/kernels.ts');

/**
 * Runs the kernel benchmark in its own process, shows its table as it is, and returns the JSON of its last line.
 * A missing script is reported on stderr and gives no figures, so the pipeline figures still come out.
 */
export async function runKernels(script = KERNELS_SCRIPT): Promise<KernelFigure[]> {
  if (!existsSync(script)) {
    console.error(`${script} is missing: the kernel figures are left out.`);
    return [];
  }
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`${script} exited with ${code}:\n${output}`);
  const lines = output.trimEnd().split('\n');
  const last = lines.pop() ?? '';
  console.log(lines.join('\n'));
  const parsed = JSON.parse(last) as { kernels?: KernelFigure[] };
  if (!Array.isArray(parsed.kernels))
    throw new Error(`${script} did not end with {"kernels":[...]}: ${last}`);
  return parsed.kernels;
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

async function main(): Promise<void> {
  const kernels = await runKernels();
  console.log('');
  const report = await runPipelineBench({
    runs: positive(process.env.BENCH_RUNS, 7),
    batch: positive(process.env.BENCH_BATCH, BATCH_SIZE),
    codecs: process.env.BENCH_CODECS,
  });
  console.log(formatPipelineTable(report));
  console.log('');
  const firstLoad = await measureFirstLoad();
  console.log(formatFirstLoad(firstLoad));

  const round = (n: number, digits: number) => Number(n.toFixed(digits));
  console.log(
    JSON.stringify({
      kernels,
      pipeline: {
        oursMs: round(report.oursMs, 1),
        sharpMs: round(report.sharpMs, 1),
        ratio: round(report.ratio, 3),
      },
      batch: {
        oursPhotosPerS: round(report.oursPhotosPerS, 3),
        sharpPhotosPerS: round(report.sharpPhotosPerS, 3),
        ratio: round(report.oursPhotosPerS / report.sharpPhotosPerS, 3),
      },
      mainThreadLongTasks: report.mainThreadLongTasks,
      peakTabMB: Math.round(report.peakTabMB),
      firstLoadGzipKB: Math.round(firstLoad.gzipKB),
    }),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
