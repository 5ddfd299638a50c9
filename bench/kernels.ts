// Speed of the on-device kernels against sharp (libvips), the native library a server would use, in one run on
// one 4000x3000 photo, single-threaded. Run: node --import tsx bench/kernels.ts [--runs N]
// Prints a table and, as its last line, {"kernels":[{"name","mpps","sharpMpps","ratio"},...]} (ratio = ours/sharp).
// For each kernel, our rounds and sharp's nearest equivalent run back to back, so both see about the same
// machine load; the figures are medians over the rounds. See bench/README.md for what each pair compares and why.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { colorGrade, colorGradeInPlace } from '../core/imaging/colorGrade';
import { exposure, exposureInPlace } from '../core/imaging/exposure';
import { GRADES } from '../core/imaging/grades';
import { sharpen, sharpenInPlace } from '../core/imaging/sharpen';
import { toneCurve, toneCurveInPlace, type CurvePoint } from '../core/imaging/toneCurve';
import type { RgbaImage } from '../core/imaging/types';
import { warpHomography, type Matrix3 } from '../core/imaging/warp';
import { whiteBalance, whiteBalanceInPlace } from '../core/imaging/whiteBalance';

const WIDTH = 4000;
const HEIGHT = 3000;
const MEGAPIXELS = (WIDTH * HEIGHT) / 1e6;
const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../shared/fixtures/photos/canon-dslr.jpg',
);

interface Pair {
  name: string;
  /** What sharp does for the comparison, for the table. */
  sharpOp: string;
  /** Our kernel's public form: returns a new image. */
  ours: (image: RgbaImage) => RgbaImage;
  /** The in-place form the pipeline uses on buffers it owns, where there is one. */
  oursInPlace?: (image: RgbaImage) => RgbaImage;
  theirs: (input: sharp.Sharp) => sharp.Sharp;
}

// A 2 degree rotation with a slight keystone: what perspective correction asks of the warp. Output to input,
// about the image centre.
const WARP_DEGREES = 2;
function warpMatrix(): Matrix3 {
  const t = (WARP_DEGREES * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  const k = 0.02 / HEIGHT; // keystone: rows further down are sampled a little narrower
  return [c, -s, cx - c * cx + s * cy, s, c, cy - s * cx - c * cy, 0, k, 1 - k * cy];
}

const S_CURVE: CurvePoint[] = [
  [0, 0],
  [0.25, 0.2],
  [0.5, 0.5],
  [0.75, 0.8],
  [1, 1],
];

const PAIRS: Pair[] = [
  {
    name: 'brightness',
    sharpOp: 'modulate({ brightness: 1.6 })',
    ours: (image) => exposure(image, { ev: 0.7 }),
    oursInPlace: (image) => exposureInPlace(image, { ev: 0.7 }),
    theirs: (input) => input.modulate({ brightness: 1.6 }),
  },
  {
    name: 'warmTones',
    sharpOp: 'linear([1.08, 1, 0.88], 0)',
    ours: (image) => whiteBalance(image, { mired: 30 }),
    oursInPlace: (image) => whiteBalanceInPlace(image, { mired: 30 }),
    theirs: (input) => input.linear([1.08, 1, 0.88], [0, 0, 0]),
  },
  {
    name: 'toneCurve',
    sharpOp: 'linear(1.2, -25)',
    ours: (image) => toneCurve(image, { points: S_CURVE }),
    oursInPlace: (image) => toneCurveInPlace(image, { points: S_CURVE }),
    theirs: (input) => input.linear(1.2, -25),
  },
  {
    name: 'colorGrade',
    sharpOp: 'modulate({ brightness, saturation }) + linear',
    ours: (image) => colorGrade(image, GRADES.goldenHour),
    oursInPlace: (image) => colorGradeInPlace(image, GRADES.goldenHour),
    theirs: (input) =>
      input.modulate({ brightness: 1.07, saturation: 1.15 }).linear([1.12, 1, 0.82], [0, 0, 0]),
  },
  {
    name: 'sharpen',
    sharpOp: 'sharpen()',
    ours: (image) => sharpen(image),
    oursInPlace: (image) => sharpenInPlace(image),
    theirs: (input) => input.sharpen(),
  },
  {
    name: 'warp',
    sharpOp: `affine(rotate ${WARP_DEGREES} deg, bilinear)`,
    ours: (image) => warpHomography(image, warpMatrix(), WIDTH, HEIGHT),
    theirs: (input) => {
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
];

interface Timing {
  wall: number;
  cpu: number;
}

/** Wall-clock and process CPU time of one call, in ms. */
function timed(run: () => unknown): Timing {
  const cpu = process.cpuUsage();
  const start = performance.now();
  run();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

async function timedAsync(run: () => Promise<unknown>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await run();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main(): Promise<void> {
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;
  sharp.concurrency(1);
  sharp.cache(false);

  const { data } = await sharp(FIXTURE).resize(WIDTH, HEIGHT, { fit: 'fill' }).ensureAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  // A fresh, 4-byte-aligned copy, as a browser's ImageData would be.
  const image: RgbaImage = { width: WIDTH, height: HEIGHT, data: new Uint8ClampedArray(data) };
  const raw = { raw: { width: WIDTH, height: HEIGHT, channels: 4 as const } };
  const input = Buffer.from(image.data.buffer);

  // The physical floors: copying the frame once, into fresh memory (which the OS must first map) and into
  // memory already mapped.
  const copyMs: number[] = [];
  const setMs: number[] = [];
  const target = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < runs; i++) {
    let start = performance.now();
    image.data.slice();
    copyMs.push(performance.now() - start);
    start = performance.now();
    target.set(image.data);
    setMs.push(performance.now() - start);
  }

  // A working copy for the in-place forms, restored (untimed) before every run.
  const work: RgbaImage = { width: WIDTH, height: HEIGHT, data: image.data.slice() };
  const timeInPlace = (run: (image: RgbaImage) => RgbaImage) => {
    work.data.set(image.data);
    return timed(() => run(work));
  };

  interface Result {
    name: string;
    sharpOp: string;
    ms: number;
    inPlaceMs: number | null;
    sharpMs: number;
    /** CPU time of the process (all threads) for the headline form and for sharp: less sensitive to load. */
    cpuMs: number;
    sharpCpuMs: number;
  }
  const results: Result[] = [];
  for (const pair of PAIRS) {
    // One untimed round each, so V8 has optimised our loops and libvips has loaded its operations.
    pair.ours(image);
    if (pair.oursInPlace) timeInPlace(pair.oursInPlace);
    await pair.theirs(sharp(input, raw)).raw().toBuffer();
    const ours: Timing[] = [];
    const inPlace: Timing[] = [];
    const theirs: Timing[] = [];
    // Each form runs its rounds back to back: interleaving them let one form's garbage (a 48 MB buffer per
    // call) be collected in another form's timing.
    for (let i = 0; i < runs; i++) if (pair.oursInPlace) inPlace.push(timeInPlace(pair.oursInPlace));
    for (let i = 0; i < runs; i++) ours.push(timed(() => pair.ours(image)));
    for (let i = 0; i < runs; i++)
      theirs.push(await timedAsync(() => pair.theirs(sharp(input, raw)).raw().toBuffer()));
    const headline = inPlace.length > 0 ? inPlace : ours;
    results.push({
      name: pair.name,
      sharpOp: pair.sharpOp,
      ms: median(ours.map((t) => t.wall)),
      inPlaceMs: inPlace.length > 0 ? median(inPlace.map((t) => t.wall)) : null,
      sharpMs: median(theirs.map((t) => t.wall)),
      cpuMs: median(headline.map((t) => t.cpu)),
      sharpCpuMs: median(theirs.map((t) => t.cpu)),
    });
  }

  const mpps = (ms: number) => Math.round(MEGAPIXELS / (ms / 1000));
  // The headline figure is the form the pipeline runs: in place where the kernel has one.
  const rows = results.map((r) => {
    const best = r.inPlaceMs ?? r.ms;
    return {
      name: r.name,
      mpps: mpps(best),
      mppsNewImage: mpps(r.ms),
      sharpMpps: mpps(r.sharpMs),
      ratio: Math.round((r.sharpMs / best) * 100) / 100,
      cpuMpps: mpps(r.cpuMs),
      sharpCpuMpps: mpps(r.sharpCpuMs),
      cpuRatio: Math.round((r.sharpCpuMs / r.cpuMs) * 100) / 100,
    };
  });

  const load = os.loadavg()[0].toFixed(2);
  console.log(
    `${WIDTH}x${HEIGHT} (${MEGAPIXELS} MP), ${runs} rounds, medians, sharp.concurrency(1), load ${load}`,
  );
  console.log(
    `copy of the frame into a new buffer: ${median(copyMs).toFixed(1)} ms = ${mpps(median(copyMs))} MP/s`,
  );
  console.log(
    `copy of the frame into an existing buffer: ${median(setMs).toFixed(1)} ms = ${mpps(median(setMs))} MP/s`,
  );
  console.log('');
  const header = [
    'kernel'.padEnd(12),
    'in place'.padStart(9),
    'new image'.padStart(10),
    'sharp'.padStart(7),
    'ratio'.padStart(7),
    'cpu'.padStart(7),
    'sharp'.padStart(7),
    'ratio'.padStart(7),
    '  sharp operation',
  ];
  console.log(
    `${''.padEnd(12)}${'--- wall clock, MP/s ---'.padStart(33)}${'- CPU time, MP/s -'.padStart(21)}`,
  );
  console.log(header.join(''));
  for (const [i, r] of results.entries()) {
    const row = rows[i];
    console.log(
      [
        r.name.padEnd(12),
        (r.inPlaceMs === null ? '-' : String(row.mpps)).padStart(9),
        String(row.mppsNewImage).padStart(10),
        String(row.sharpMpps).padStart(7),
        row.ratio.toFixed(2).padStart(7),
        String(row.cpuMpps).padStart(7),
        String(row.sharpCpuMpps).padStart(7),
        row.cpuRatio.toFixed(2).padStart(7),
        `  ${r.sharpOp}`,
      ].join(''),
    );
  }
  console.log(JSON.stringify({ kernels: rows }));
}

await main();
