// Virtual staging on real photos, judged by the segmenter as an independent-ish check (run: node --import tsx
// bench/staging.ts [photos…]): each photo goes through `npm run stage` (style auto) into /tmp/staging-bench/, then
// the original photo's segmentation says whether each floor piece stands on floor or rug, clear of furniture, no
// piece covers a window or door, and the photo is unchanged outside the pieces. The last line is one JSON object.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { DOOR, FLOOR_LABELS, FURNITURE_LABELS, WINDOWPANE } from '../core/staging/room/labels';
import type { LabelMap } from '../core/staging/room/types';
import { createSegmenter } from '../web/staging/segmenter';
import { median } from './stats';

const ROOT = resolve(import.meta.dirname, '..');
const FIXTURES = resolve(ROOT, '../shared/fixtures/rooms');
const OUT_DIR = '/tmp/staging-bench';
const MODEL_PATH = resolve(ROOT, 'models/deeplabv3-ade20k/deeplabv3_mnv2_ade20k_uint8.onnx');
const require = createRequire(import.meta.url);
const ORT_DIST = pathToFileURL(
  `${dirname(require.resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm'))}/`,
).href;

/** Bedrooms at several sizes and furnishings (97 is the full one with a four-poster bed), and living rooms. */
const DEFAULT_BEDROOMS = ['97', '15', '56', '124', '193'].map((n) => `bedroom/${n}_bedroom.jpg`);
const LIVING_ROOMS = 5;

/** Photo pixels above the box's bottom edge where the piece's foot is sampled (the box's last rows are its edge). */
const FOOT_ABOVE_PX = 3;
/** The base: the bottom share of a floor piece's box, over the middle share of its width. */
const BASE_ROWS = 0.1;
const BASE_COLS = 0.6;
/** A base with more furniture pixels than this overlaps what is there. */
const BASE_FURNITURE_MAX = 0.25;
/** A box with more window or door pixels than this covers one (segmentation bleeds a little at edges). */
const OPENING_MAX = 0.05;
/** Boxes grow by this share of their size before "outside" is measured: shadows and antialiasing lie around. */
const DILATE = 0.15;
/** Outside the pieces, the staged photo may differ from the input by the encoder's own noise (the input
 * re-encoded at the output's JPEG quality) plus this many levels: more is a change a host could see. */
const UNCHANGED_MARGIN_LEVEL = 0.5;
const OUTPUT_QUALITY = 92;

interface StagedPiece {
  id: string;
  category: string;
  onFloor: boolean;
  /** x, y, width, height in photo pixels. */
  box: [number, number, number, number];
}

interface StageResult {
  width: number;
  height: number;
  pieces: StagedPiece[];
  ms: number;
}

function defaultPhotos(): string[] {
  const living = readdirSync(join(FIXTURES, 'living_room'))
    .filter((f) => f.endsWith('.jpg'))
    .sort()
    .slice(0, LIVING_ROOMS)
    .map((f) => `living_room/${f}`);
  return [...DEFAULT_BEDROOMS, ...living].map((f) => join(FIXTURES, f));
}

function stage(photo: string, out: string): Promise<{ result: StageResult; summary: string }> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/stage.ts', photo, out, '--style', 'auto'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      const lines = stdout.trim().split('\n');
      const last = lines[lines.length - 1] ?? '';
      if (code !== 0 || !last.startsWith('{')) {
        fail(new Error(`stage ${photo} exited ${code}: ${stderr.slice(-500)}`));
        return;
      }
      const summary = lines.find((l) => /platziert/.test(l)) ?? '';
      done({ result: JSON.parse(last) as StageResult, summary });
    });
  });
}

/** The label map's class at a photo pixel. */
function labelAt(map: LabelMap, result: StageResult, x: number, y: number): number {
  const lx = Math.min(map.width - 1, Math.max(0, Math.floor((x * map.width) / result.width)));
  const ly = Math.min(map.height - 1, Math.max(0, Math.floor((y * map.height) / result.height)));
  return map.labels[ly * map.width + lx]!;
}

/** Share of the photo rectangle's pixels (sampled on the label map's grid) whose class is in `classes`. */
function shareIn(
  map: LabelMap,
  result: StageResult,
  [x, y, w, h]: readonly number[],
  classes: ReadonlySet<number>,
): number {
  const sx = result.width / map.width;
  const sy = result.height / map.height;
  let hit = 0;
  let all = 0;
  for (let py = y; py < y + h; py += sy) {
    for (let px = x; px < x + w; px += sx) {
      all++;
      if (classes.has(labelAt(map, result, px, py))) hit++;
    }
  }
  return all ? hit / all : 0;
}

/** Mean absolute difference per channel outside all boxes dilated, in levels of 255. */
async function diffOutside(photo: string, out: string | Buffer, result: StageResult): Promise<number> {
  const { width, height } = result;
  const read = (file: string | Buffer) =>
    sharp(file).rotate().resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [a, b] = await Promise.all([read(photo), read(out)]);
  const inside = new Uint8Array(width * height);
  for (const { box } of result.pieces) {
    const [x, y, w, h] = box;
    const x0 = Math.max(0, Math.floor(x - w * DILATE));
    const x1 = Math.min(width, Math.ceil(x + w * (1 + DILATE)));
    const y0 = Math.max(0, Math.floor(y - h * DILATE));
    const y1 = Math.min(height, Math.ceil(y + h * (1 + DILATE)));
    for (let py = y0; py < y1; py++) inside.fill(1, py * width + x0, py * width + x1);
  }
  let sum = 0;
  let n = 0;
  for (let i = 0; i < width * height; i++) {
    if (inside[i]) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(a[i * 3 + c]! - b[i * 3 + c]!);
    n += 3;
  }
  return n ? sum / n : 0;
}

const OPENINGS = new Set([WINDOWPANE, DOOR]);

async function main(): Promise<void> {
  const photos = process.argv.slice(2).length ? process.argv.slice(2) : defaultPhotos();
  mkdirSync(OUT_DIR, { recursive: true });
  const segmenter = createSegmenter({
    loadModel: async () => new Uint8Array(await readFile(MODEL_PATH)),
    wasmPaths: ORT_DIST,
    numThreads: 1,
  });
  let pieces = 0;
  let floorPieces = 0;
  let onFloor = 0;
  let baseClear = 0;
  let openingsFree = 0;
  let unchanged = 0;
  const ms: number[] = [];
  try {
    for (const photo of photos) {
      const out = join(OUT_DIR, `${basename(photo).replace(/\.[^.]+$/, '')}.jpg`);
      const { result, summary } = await stage(photo, out);
      const { data, info } = await sharp(photo)
        .rotate()
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const map = await segmenter.segment({ width: info.width, height: info.height, data });
      const notes: string[] = [];
      let free = true;
      for (const piece of result.pieces) {
        const [x, y, w, h] = piece.box;
        const opening = shareIn(map, result, piece.box, OPENINGS);
        if (opening > OPENING_MAX) {
          free = false;
          notes.push(`${piece.category} über Fenster/Tür (${(opening * 100).toFixed(0)} %)`);
        }
        if (!piece.onFloor) continue;
        floorPieces++;
        const foot = labelAt(map, result, x + w / 2, y + h - FOOT_ABOVE_PX);
        const standsOnFloor = FLOOR_LABELS.has(foot);
        const rows = Math.max(3, h * BASE_ROWS);
        const base = [x + (w * (1 - BASE_COLS)) / 2, y + h - rows, w * BASE_COLS, rows];
        const furniture = shareIn(map, result, base, FURNITURE_LABELS);
        const clear = furniture <= BASE_FURNITURE_MAX;
        if (standsOnFloor) onFloor++;
        else notes.push(`${piece.category} steht auf Klasse ${foot}`);
        if (clear) baseClear++;
        else notes.push(`${piece.category} auf Möbeln (${(furniture * 100).toFixed(0)} %)`);
      }
      const diff = await diffOutside(photo, out, result);
      const reencoded = await sharp(photo).rotate().jpeg({ quality: OUTPUT_QUALITY }).toBuffer();
      const noise = await diffOutside(photo, reencoded, result);
      if (diff <= noise + UNCHANGED_MARGIN_LEVEL) unchanged++;
      if (free) openingsFree++;
      pieces += result.pieces.length;
      ms.push(result.ms);
      const categories = result.pieces.map((p) => p.category).join(', ');
      console.log(
        `${basename(photo)} (${result.width}x${result.height}): ${result.pieces.length} Stück [${categories}]; ` +
          `außerhalb Δ ${diff.toFixed(2)} (JPEG allein ${noise.toFixed(2)}); ${result.ms} ms${notes.length ? `; ${notes.join('; ')}` : ''}`,
      );
      if (summary) console.log(`  ${summary}`);
    }
  } finally {
    segmenter.dispose();
  }
  const share = (k: number, n: number) => (n ? Math.round((k / n) * 1000) / 1000 : 1);
  console.log(
    JSON.stringify({
      photos: photos.length,
      pieces,
      floorPieces,
      onFloorShare: share(onFloor, floorPieces),
      baseClearShare: share(baseClear, floorPieces),
      windowsDoorsKeptFree: share(openingsFree, photos.length),
      unchangedOutside: share(unchanged, photos.length),
      msMedian: median(ms),
    }),
  );
}

await main();
