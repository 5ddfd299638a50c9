// The whole-pipeline benchmark: a 4000x3000 JPEG -> autoOptimize -> JPEG through the real worker engine in headless
// Chromium, against sharp's jpeg -> linear + sharpen + affine -> jpeg on one thread in the same run; plus the
// main-thread long tasks during a 20-photo batch. Also exports the page build and server that the engine's browser
// tests (tests/e2e/engine.test.ts) use. Run alone: `node --import tsx bench/pipeline.ts`.

import { spawn } from 'node:child_process';
import {
  createReadStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import type { CodecTiming, SessionCodecs } from '../web/engine/codecChoice';
import type { BatchReport, EnhanceOutcome } from './page/api';
import { median } from './stats';

export const REPO = resolve(import.meta.dirname, '..');
export const FIXTURES = resolve(REPO, '../shared/fixtures');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** As in tests/e2e/harness.ts: a quiet, headless browser that talks to nothing but our server. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The photo of the benchmark: the GPS fixture (4048x3036), cropped to exactly 4000x3000. */
export const BENCH_PHOTO = 'photos/IMG_20180725_163423.jpg';
export const BENCH_WIDTH = 4000;
export const BENCH_HEIGHT = 3000;
export const BENCH_MODES = ['autoOptimize'];
export const BATCH_SIZE = 20;
export const JPEG_QUALITY = 92;

/** Builds bench/page with bench/vite.config.ts into `outDir` (a child process, as `vite build` runs for the app). */
export async function buildBenchPage(outDir: string): Promise<void> {
  const vite = resolve(REPO, 'node_modules/vite/bin/vite.js');
  const args = [vite, 'build', '--config', 'bench/vite.config.ts', '--outDir', outDir, '--emptyOutDir'];
  const child = spawn(process.execPath, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`vite build of bench/page failed (${code}):\n${log}`);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  // WebAssembly.instantiateStreaming (the image worker's codec) insists on this type.
  '.wasm': 'application/wasm',
};

/** A tiny static server on 127.0.0.1: each URL prefix maps to a folder; nothing outside those folders is served. */
export async function serveStatic(
  mounts: Record<string, string>,
): Promise<{ url: string; close(): Promise<void> }> {
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const prefix = prefixes.find((p) => path.startsWith(p));
    const root = prefix === undefined ? '' : resolve(mounts[prefix]!);
    const rest = prefix === undefined ? '' : path.slice(prefix.length);
    const file = resolve(root, rest === '' || rest.endsWith('/') ? `${rest}index.html` : rest);
    if (!root || !file.startsWith(root + sep) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      // Cross-origin isolated like the app (server/app.ts), so the engine may share pixels between workers.
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export interface BenchServer {
  /** The page is at `${url}/`; fixtures at `${url}/fixtures/...`; files written to `inputDir` at `${url}/input/...`. */
  url: string;
  inputDir: string;
  stop(): Promise<void>;
}

/** Builds the page into a temp folder and serves it with the fixtures (read in place, never copied). */
export async function startBenchServer(): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'raumglanz-bench-'));
  const pageDir = join(dir, 'page');
  const inputDir = join(dir, 'input');
  await buildBenchPage(pageDir);
  mkdirSync(inputDir);
  const server = await serveStatic({ '/': pageDir, '/fixtures/': FIXTURES, '/input/': inputDir });
  return {
    url: server.url,
    inputDir,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Opens the bench page and waits until its engine is on `window`. `codecs` ('wasm/canvas': decoder/encoder)
 * forces the image worker's codecs instead of the session's measured choice (bench/page/main.ts).
 */
export async function openBenchPage(browser: Browser, url: string, codecs?: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${url}/${codecs ? `?codecs=${encodeURIComponent(codecs)}` : ''}`);
  await page.waitForFunction(() => 'raumglanzBench' in window, undefined, { timeout: 30_000 });
  return page;
}

/** Writes the 4000x3000 benchmark JPEG into `dir` and returns its bytes. */
export async function writeBenchPhoto(dir: string): Promise<Buffer> {
  const source = await readFile(resolve(FIXTURES, BENCH_PHOTO));
  const jpeg = await sharp(source)
    .extract({ left: 24, top: 18, width: BENCH_WIDTH, height: BENCH_HEIGHT })
    .jpeg({ quality: 90 })
    .toBuffer();
  await writeFile(join(dir, 'bench.jpg'), jpeg);
  return jpeg;
}

/**
 * sharp's nearest equivalent of our pipeline, on one thread: decode, a linear levels stretch, an unsharp mask,
 * a half-degree rotation (the kind a tilt correction does), encode at our quality.
 */
export async function sharpPipelineMs(jpeg: Buffer): Promise<number> {
  const angle = (0.5 * Math.PI) / 180;
  const started = performance.now();
  await sharp(jpeg)
    .linear(1.08, -6)
    .sharpen({ sigma: 1 })
    .affine(
      [
        [Math.cos(angle), -Math.sin(angle)],
        [Math.sin(angle), Math.cos(angle)],
      ],
      { interpolator: sharp.interpolators.bilinear },
    )
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  return performance.now() - started;
}

/**
 * sharp's batch at our thread count: `photos` copies of the pipeline above, `threads` at a time, each on one
 * libvips thread (sharp.concurrency(1)), so both sides use the same number of cores. Photos per second.
 */
export async function sharpBatchPhotosPerS(jpeg: Buffer, photos: number, threads: number): Promise<number> {
  sharp.concurrency(1);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: threads }, async () => {
      while (next < photos) {
        next += 1;
        await sharpPipelineMs(jpeg);
      }
    }),
  );
  return photos / ((performance.now() - started) / 1000);
}

/** Resident memory (MB) of the browser's renderer processes (the tab and its workers), from /proc. */
function rendererRssMB(): number {
  const parents = new Map<number, number>();
  const renderers: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) renderers.push(pid);
    } catch {
      // the process ended while we looked
    }
  }
  // Only our own browser's renderers: descendants of this process.
  const ours = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p))
      if (p === process.pid) return true;
    return false;
  };
  let kB = 0;
  for (const pid of renderers.filter(ours)) {
    try {
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      kB += Number(rss?.[1] ?? 0);
    } catch {
      // ended
    }
  }
  return kB / 1024;
}

/** Samples rendererRssMB every 100 ms until stopped; returns the peak. */
function watchTabMemory(): { stop(): number } {
  let peak = rendererRssMB();
  const timer = setInterval(() => (peak = Math.max(peak, rendererRssMB())), 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rendererRssMB());
    },
  };
}

export interface PipelineReport {
  photo: string;
  runs: number;
  oursMs: number;
  sharpMs: number;
  /** Our speed / sharp's speed: higher is better; the target is at least 3. */
  ratio: number;
  oursRunsMs: number[];
  sharpRunsMs: number[];
  /** Median per stage inside the worker (the rest of `oursMs` is messaging and queueing). */
  stages: { decodeMs: number; processMs: number; encodeMs: number };
  mainThreadLongTasks: number;
  batch: BatchReport & { photos: number };
  /** Photos per second in the batch: ours (all engine workers) and sharp's at the same thread count. */
  oursPhotosPerS: number;
  sharpPhotosPerS: number;
  /** Peak resident memory of the tab's renderer process (page and workers) during the batch, MB. */
  peakTabMB: number;
  crossOriginIsolated: boolean;
  /** Row bands of the single-photo runs taken by the idle worker (one photo on both cores). */
  bandsLent: number;
  longTaskObserverWorks: boolean;
  /** What the session's probe measured and chose, what was forced, and which codecs the runs used. */
  codecs: {
    session: SessionCodecs | null;
    forced: string | null;
    decodedBy: string;
    encodedBy: string;
  };
  workers: number;
  hardwareConcurrency: number;
  chromium: string;
}

export async function runPipelineBench(
  options: { runs?: number; batch?: number; codecs?: string } = {},
): Promise<PipelineReport> {
  const runs = options.runs ?? 7;
  const photos = options.batch ?? BATCH_SIZE;
  const server = await startBenchServer();
  let browser: Browser | undefined;
  try {
    const jpeg = await writeBenchPhoto(server.inputDir);

    sharp.concurrency(1);
    sharp.cache(false);
    browser = await launchChromium();
    const chromium = browser.version();
    const page = await openBenchPage(browser, server.url, options.codecs);
    const photoUrl = `${server.url}/input/bench.jpg`;
    const enhance = () =>
      page.evaluate(([url, modes]) => window.raumglanzBench.enhance(url, modes), [
        photoUrl,
        BENCH_MODES,
      ] as const);

    // One warm-up each (starts the worker, warms the JITs, loads libvips' operations), then sharp's and our
    // runs alternate, so a change in the machine's load (it is shared) hits both sides alike.
    await sharpPipelineMs(jpeg);
    const warm = await enhance();
    if (!warm.ok) throw new Error(`the engine failed on the benchmark photo: ${warm.message}`);
    const sharpRunsMs: number[] = [];
    const outcomes: Extract<EnhanceOutcome, { ok: true }>[] = [];
    for (let i = 0; i < runs; i++) {
      sharpRunsMs.push(await sharpPipelineMs(jpeg));
      const outcome = await enhance();
      if (!outcome.ok) throw new Error(`the engine failed on the benchmark photo: ${outcome.message}`);
      outcomes.push(outcome);
    }
    const oursRunsMs = outcomes.map((o) => o.ms);

    const bandsLent = await page.evaluate(() => window.raumglanzBench.workerStats().bandsLent);
    const usedBy = (key: 'decodedBy' | 'encodedBy') =>
      [...new Set(outcomes.map((o) => o.timings[key] ?? '?'))].join('+');
    const codecs = {
      ...(await page.evaluate(() => window.raumglanzBench.codecs())),
      decodedBy: usedBy('decodedBy'),
      encodedBy: usedBy('encodedBy'),
    };
    const longTaskObserverWorks =
      (await page.evaluate(() => window.raumglanzBench.longTaskSelfCheck(120))) === 1;
    const memory = watchTabMemory();
    const batch = await page.evaluate(
      ([url, count, modes]) => window.raumglanzBench.batch(url, count, modes),
      [photoUrl, photos, BENCH_MODES] as const,
    );
    const peakTabMB = memory.stop();
    const info = await page.evaluate(() => ({
      workers: window.raumglanzBench.workerCount,
      hardwareConcurrency: window.raumglanzBench.hardwareConcurrency,
      crossOriginIsolated: window.crossOriginIsolated,
    }));
    await browser.close();
    browser = undefined;
    // sharp's batch after the browser has gone, so neither competes with the other for the cores.
    const sharpPhotosPerS = await sharpBatchPhotosPerS(jpeg, photos, info.workers);

    const oursMs = median(oursRunsMs);
    const sharpMs = median(sharpRunsMs);
    const stageOf = (key: 'decodeMs' | 'processMs' | 'encodeMs') =>
      median(outcomes.map((o) => o.timings[key]));
    return {
      photo: `${BENCH_WIDTH}x${BENCH_HEIGHT} JPEG (${(jpeg.length / 1e6).toFixed(1)} MB), modes ${BENCH_MODES.join('+')}`,
      runs,
      oursMs,
      sharpMs,
      ratio: sharpMs / oursMs,
      oursRunsMs,
      sharpRunsMs,
      stages: {
        decodeMs: stageOf('decodeMs'),
        processMs: stageOf('processMs'),
        encodeMs: stageOf('encodeMs'),
      },
      mainThreadLongTasks: batch.longTasks.length,
      batch: { ...batch, photos },
      oursPhotosPerS: photos / (batch.ms / 1000),
      sharpPhotosPerS,
      peakTabMB,
      bandsLent,
      longTaskObserverWorks,
      codecs,
      ...info,
      chromium,
    };
  } finally {
    await browser?.close();
    await server.stop();
  }
}

const ms = (n: number) => `${Math.round(n)} ms`;

function codecLine(codecs: PipelineReport['codecs']): string {
  const chosen = codecs.session
    ? `session chose decode ${Object.entries(codecs.session.choice.decode)
        .map(([format, name]) => `${format} ${name}`)
        .join(', ')}, encode ${codecs.session.choice.encode}`
    : 'session measured nothing';
  return `decode ${codecs.decodedBy}, encode ${codecs.encodedBy}${codecs.forced ? ` (forced ${codecs.forced})` : ''}; ${chosen}`;
}

/** The probe's timings (web/engine/codecProbe.ts): each codec per use, best ms on its small test image. */
function probeLines(session: SessionCodecs | null): [string, string][] {
  const timings = session?.timings;
  if (!session || !timings) return [];
  const ms = (n: number | null | undefined) => (typeof n === 'number' ? n.toFixed(1) : '-');
  const pair = (t: CodecTiming) =>
    `${ms(t.canvas)} / ${ms(t.wasm)}${'webcodecs' in t ? ` / ${ms(t.webcodecs)}` : ''}`;
  const { jpeg, png, webp } = timings.decode;
  return [
    [
      `  probe ${Math.round(session.probeMs)} ms: canvas / wasm / webcodecs`,
      `decode jpeg ${pair(jpeg)}, png ${pair(png)}, webp ${pair(webp)}; encode jpeg ${pair(timings.encode)} ms`,
    ],
  ];
}

/** The readable part of the report. */
export function formatPipelineTable(report: PipelineReport): string {
  const rows: [string, string][] = [
    ['photo', report.photo],
    [
      'browser',
      `Chromium ${report.chromium}, ${report.workers} worker(s) of ${report.hardwareConcurrency} cores`,
    ],
    [
      `ours (median of ${report.runs})`,
      `${ms(report.oursMs)}   runs: ${report.oursRunsMs.map(Math.round).join(', ')}`,
    ],
    [
      '  in the worker',
      `decode ${ms(report.stages.decodeMs)}, kernels ${ms(report.stages.processMs)}, encode ${ms(report.stages.encodeMs)}`,
    ],
    ['  codecs used', codecLine(report.codecs)],
    ...probeLines(report.codecs.session),
    [
      `sharp (median of ${report.runs})`,
      `${ms(report.sharpMs)}   runs: ${report.sharpRunsMs.map(Math.round).join(', ')}`,
    ],
    [
      'ratio (ours / sharp speed)',
      `${report.ratio.toFixed(2)}   target >= 3.00 ${report.ratio >= 3 ? 'met' : 'NOT met'}`,
    ],
    [
      `batch of ${report.batch.photos}`,
      `${ms(report.batch.ms)} (${ms(report.batch.ms / report.batch.photos)} per photo), ${report.batch.failed} failed`,
    ],
    [
      'batch photos/s',
      `ours ${report.oursPhotosPerS.toFixed(2)}, sharp ${report.sharpPhotosPerS.toFixed(2)} at ${report.workers} thread(s): ` +
        `${(report.oursPhotosPerS / report.sharpPhotosPerS).toFixed(2)}   target >= 3.00`,
    ],
    [
      'peak tab memory (batch)',
      `${Math.round(report.peakTabMB)} MB (renderer RSS)   target < 1536 ${report.peakTabMB < 1536 ? 'met' : 'NOT met'}`,
    ],
    ['cross-origin isolated', String(report.crossOriginIsolated)],
    ['bands run by the idle worker', `${report.bandsLent} (warm-up and ${report.runs} single-photo runs)`],
    [
      'main-thread tasks > 50 ms',
      `${report.mainThreadLongTasks}${report.batch.longTasks.length ? ` (${report.batch.longTasks.map(Math.round).join(', ')} ms)` : ''}` +
        `   target 0 ${report.mainThreadLongTasks === 0 ? 'met' : 'NOT met'}; observer self-check ${report.longTaskObserverWorks ? 'ok' : 'FAILED'}`,
    ],
    ['page timer delay (max)', ms(report.batch.maxTimerDelayMs)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    'Pipeline: JPEG -> auto-optimise -> JPEG',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = await runPipelineBench({ codecs: process.env.BENCH_CODECS });
  console.log(formatPipelineTable(report));
  const { oursMs, sharpMs, ratio, mainThreadLongTasks } = report;
  console.log(JSON.stringify({ pipeline: { oursMs, sharpMs, ratio }, mainThreadLongTasks }));
}
