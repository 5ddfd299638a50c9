// `npm run bench:declutter` (node --import tsx bench/declutter.ts): the removal judged where the truth is known.
// Décor models of models/furniture-3d (vase, dish, tea set, candle holder, lamp) are rendered onto the real counters
// and tables of clean fixture photos by the staging code in headless Chromium (bench/page/declutterScene.ts: the
// segmenter, the fitted camera, the room model's furniture, renderStaging with the soft rim it gives pieces on real
// furniture); the photo as the browser drew it is the truth. Then the builtin provider's own removal
// (server/ai/builtin/declutter.ts declutterRgba in an ImagePool, mode 'declutter', up to three rounds) runs on the
// staged photo twice: with the room detector, and with a detector that sees exactly the placed objects (the masks
// and the fill judged apart from what the detector misses). The diffusion baseline of bench:fill fills each run's
// final mask. Per object:
// - region: the pixels the render changed (layer alpha ≥ 8/255 inside the object's box grown by a third: the object,
//   its soft contact rim); ring: the pixels within a quarter of √(region area) of it (at least 3 px), outside it.
// - found: at least 75 % of the object's opaque pixels (alpha ≥ 128; the region when it has none) are masked.
// - mae, gradErr: per pixel of region and ring, 0..255, as in bench:fill (|fill − truth|; the signed gradient error
//   of forward differences), each over R, G, B.
// - residue: how much of the object is still there. Per region pixel, the share of the object's colour
//   difference (staged − truth) still present along that difference, (result − truth)·(staged − truth) /
//   |staged − truth|², clamped to 0..1, averaged with the object's contrast |staged − truth| as weight over the
//   pixels where that contrast is at least 8 levels. 0: nothing of the object's colour left; 1: untouched. A fill
//   that paints a smudge of another colour scores low here and high in mae. Printed also for the opaque pixels
//   and the rim apart.
// The brush runs: the retouch brush's removal (removeClutter with strokes only, as web/engine/retouchJob.ts runs
// it) with one host-like stroke per placed object, snapped to the object (mask option snapStrokes, the default) and
// as painted. The stroke: through the centroid of the object's opaque pixels along the longer side of their box,
// from 20 % to 80 % of it, with a radius of a third of the box's shorter side (about 60 % of a compact object).
// DECLUTTER_OPTIONS (JSON) runs the removal with other removeClutter options; DECLUTTER_PER_FOLDER (default 20)
// photos per folder; DECLUTTER_DEBUG_DIR=dir writes per photo the staged photo, both removals, the truth, the
// layer's alpha and a strip of the objects' surroundings. Last line (the detector's run):
// {"placed","found","ours":{"mae","gradErr","residue"},"diffusion":{"mae","gradErr","residue"}}
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { RgbaImage } from '../core/imaging/types';
import { dilateMask } from '../core/inpaint';
import { declutterRgba, poolObjectDetector, type ObjectDetector } from '../server/ai/builtin/declutter';
import { removeAtRemovalSize } from '../server/ai/builtin/removalScale';
import { removeClutter, type RemoveClutterOptions } from '../core/declutter/removeClutter';
import type { Stroke } from '../core/declutter/snapStroke';
import { ImagePool } from '../server/pool/imagePool';
import type { TaskInput, TaskKind } from '../server/pool/tasks';
import { launchChromium, serveStagingPage } from '../scripts/lib/stagingPage';
import { diffusionFill } from './fill';
import type { DeclutterScene, DeclutterSceneInput } from './page/declutterScene';

/** DECLUTTER_OPTIONS='{"mask":{"cut":"graph"}}' tries other settings of removeClutter (core/declutter). */
const OPTIONS = JSON.parse(process.env.DECLUTTER_OPTIONS ?? '{}') as Partial<RemoveClutterOptions>;

const ROOMS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/fixtures/rooms');
const FOLDERS = ['kitchen', 'living_room'];
const PER_FOLDER = Number(process.env.DECLUTTER_PER_FOLDER ?? 20);
const DEBUG_DIR = process.env.DECLUTTER_DEBUG_DIR;
const MAX_OBJECTS = 3;
const REGION_ALPHA = 8;
const OPAQUE_ALPHA = 128;
const FOUND_SHARE = 0.75;
const CONTRAST_MIN = 8;
const STRIP_ROW = 240;

interface Sums {
  regionAbs: number;
  regionGrad: number;
  regionPixels: number;
  ringAbs: number;
  ringGrad: number;
  ringPixels: number;
  residue: number;
  contrast: number;
  /** The same for the object's opaque pixels alone (alpha ≥ OPAQUE_ALPHA), the rest being its soft rim. */
  opaqueResidue: number;
  opaqueContrast: number;
}

type Run = 'detector' | 'givenBoxes' | 'brushSnap' | 'brushPlain';

interface RunTotals {
  placed: number;
  found: number;
  ours: Sums;
  diffusion: Sums;
}

const emptyRun = (): RunTotals => ({ placed: 0, found: 0, ours: emptySums(), diffusion: emptySums() });

/**
 * A detector that sees exactly the placed objects (their rendered boxes, as a clutter class) in the first round and
 * nothing after: the removal's masks and fill judged apart from what the detector misses.
 */
function givenBoxes(scene: DeclutterScene): ObjectDetector {
  let rounds = 0;
  return async () =>
    rounds++ > 0
      ? []
      : scene.objects.map(({ box: [x, y, w, h] }) => ({
          label: 'cup' as const,
          score: 0.9,
          box: { x: x / scene.width, y: y / scene.height, width: w / scene.width, height: h / scene.height },
        }));
}

/** The host-like stroke over an object's opaque pixels (see the header), in the photo's fractions. */
function hostStroke(opaque: readonly number[], width: number, height: number): Stroke {
  let x0 = width, y0 = height, x1 = 0, y1 = 0, sx = 0, sy = 0; // prettier-ignore
  for (const i of opaque) {
    const x = i % width;
    const y = (i - x) / width;
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 1), Math.max(y1, y + 1)];
    sx += x + 0.5;
    sy += y + 0.5;
  }
  const [cx, cy] = [sx / opaque.length, sy / opaque.length];
  const [w, h] = [x1 - x0, y1 - y0];
  const points =
    w > h
      ? [0.2, 0.8].map((t) => ({ x: (x0 + t * w) / width, y: cy / height }))
      : [0.2, 0.8].map((t) => ({ x: cx / width, y: (y0 + t * h) / height }));
  return { points, radius: Math.min(w, h) / 3 / Math.max(width, height) };
}

function emptySums(): Sums {
  return {
    regionAbs: 0,
    regionGrad: 0,
    regionPixels: 0,
    ringAbs: 0,
    ringGrad: 0,
    ringPixels: 0,
    residue: 0,
    contrast: 0,
    opaqueResidue: 0,
    opaqueContrast: 0,
  };
}

async function decodePng(dataUrl: string): Promise<RgbaImage> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
  };
}

/** Signed gradient error at pixel i (forward differences in x and y, mean of the 6 terms). */
function gradError(truth: RgbaImage, filled: RgbaImage, i: number): number {
  const { width, height } = truth;
  const x = i % width;
  if (x >= width - 1 || i + width >= width * height) return 0;
  let s = 0;
  for (let c = 0; c < 3; c++) {
    const t0 = truth.data[i * 4 + c]!;
    const f0 = filled.data[i * 4 + c]!;
    s += Math.abs(truth.data[(i + 1) * 4 + c]! - t0 - (filled.data[(i + 1) * 4 + c]! - f0));
    s += Math.abs(truth.data[(i + width) * 4 + c]! - t0 - (filled.data[(i + width) * 4 + c]! - f0));
  }
  return s / 6;
}

function absError(truth: RgbaImage, filled: RgbaImage, i: number): number {
  let s = 0;
  for (let c = 0; c < 3; c++) s += Math.abs(truth.data[i * 4 + c]! - filled.data[i * 4 + c]!);
  return s / 3;
}

interface ObjectRegion {
  region: Uint8Array;
  ring: Uint8Array;
  opaque: number[];
}

/** The object's region (what the render changed near its box) and the ring around it, full-frame masks. */
function objectRegion(alpha: Uint8Array, width: number, height: number, box: number[]): ObjectRegion {
  const [bx, by, bw, bh] = box as [number, number, number, number];
  const grow = Math.round(Math.max(bw, bh) / 3);
  const region = new Uint8Array(width * height);
  const opaque: number[] = [];
  let area = 0;
  for (let y = Math.max(0, by - grow); y < Math.min(height, by + bh + grow); y++) {
    for (let x = Math.max(0, bx - grow); x < Math.min(width, bx + bw + grow); x++) {
      const i = y * width + x;
      if (alpha[i]! >= REGION_ALPHA) {
        region[i] = 1;
        area++;
      }
      if (alpha[i]! >= OPAQUE_ALPHA) opaque.push(i);
    }
  }
  const grown = dilateMask(region, width, height, Math.max(3, Math.round(0.25 * Math.sqrt(area))));
  const ring = new Uint8Array(width * height);
  for (let i = 0; i < ring.length; i++) ring[i] = grown[i] && !region[i] ? 1 : 0;
  return { region, ring, opaque };
}

function scoreObject(
  truth: RgbaImage,
  staged: RgbaImage,
  filled: RgbaImage,
  alpha: Uint8Array,
  o: ObjectRegion,
  into: Sums,
) {
  for (let i = 0; i < o.region.length; i++) {
    if (o.ring[i]) {
      into.ringAbs += absError(truth, filled, i);
      into.ringGrad += gradError(truth, filled, i);
      into.ringPixels++;
    }
    if (!o.region[i]) continue;
    into.regionAbs += absError(truth, filled, i);
    into.regionGrad += gradError(truth, filled, i);
    into.regionPixels++;
    let dot = 0;
    let d2 = 0;
    for (let c = 0; c < 3; c++) {
      const d = staged.data[i * 4 + c]! - truth.data[i * 4 + c]!;
      dot += (filled.data[i * 4 + c]! - truth.data[i * 4 + c]!) * d;
      d2 += d * d;
    }
    const contrast = Math.sqrt(d2);
    if (contrast < CONTRAST_MIN) continue;
    const left = contrast * Math.min(1, Math.max(0, dot / d2));
    into.residue += left;
    into.contrast += contrast;
    if (alpha[i]! >= OPAQUE_ALPHA) {
      into.opaqueResidue += left;
      into.opaqueContrast += contrast;
    }
  }
}

function add(into: Sums, one: Sums): void {
  for (const key of Object.keys(into) as (keyof Sums)[]) into[key] += one[key];
}

const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

function summary(s: Sums) {
  const pixels = s.regionPixels + s.ringPixels;
  return {
    mae: round((s.regionAbs + s.ringAbs) / pixels),
    gradErr: round((s.regionGrad + s.ringGrad) / pixels),
    residue: round(s.contrast ? s.residue / s.contrast : 0, 3),
  };
}

async function photoList(): Promise<string[]> {
  const files: string[] = [];
  for (const folder of FOLDERS) {
    const names = (await readdir(path.join(ROOMS, folder)))
      .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
      .sort((a, b) => parseInt(a) - parseInt(b) || a.localeCompare(b));
    files.push(...names.slice(0, PER_FOLDER).map((f) => path.join(ROOMS, folder, f)));
  }
  return files;
}

async function saveJpeg(image: RgbaImage, file: string): Promise<void> {
  await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .jpeg({ quality: 92 })
    .toFile(file);
}

/** Per object, its surroundings in each image side by side, enlarged to at least STRIP_ROW px high; rows stacked. */
async function saveStrip(images: RgbaImage[], boxes: number[][], file: string): Promise<void> {
  const { width, height } = images[0]!;
  const crops = boxes.map(([x, y, w, h]) => {
    const g = Math.round(Math.max(w!, h!) * 0.6);
    const x0 = Math.max(0, x! - g);
    const y0 = Math.max(0, y! - g);
    const cw = Math.min(width, x! + w! + g) - x0;
    const ch = Math.min(height, y! + h! + g) - y0;
    return { x0, y0, cw, ch, zoom: Math.max(1, Math.ceil(STRIP_ROW / ch)) };
  });
  const stripW = Math.max(...crops.map((c) => c.cw * c.zoom)) * images.length;
  const stripH = crops.reduce((s, c) => s + c.ch * c.zoom, 0);
  const out = Buffer.alloc(stripW * stripH * 4, 255);
  let top = 0;
  for (const { x0, y0, cw, ch, zoom } of crops) {
    images.forEach((image, k) => {
      for (let y = 0; y < ch * zoom; y++)
        for (let x = 0; x < cw * zoom; x++) {
          const from = ((y0 + Math.floor(y / zoom)) * width + x0 + Math.floor(x / zoom)) * 4;
          out.set(image.data.subarray(from, from + 4), ((top + y) * stripW + k * cw * zoom + x) * 4);
        }
    });
    top += ch * zoom;
  }
  await sharp(out, { raw: { width: stripW, height: stripH, channels: 4 } })
    .jpeg({ quality: 92 })
    .toFile(file);
}

/**
 * The pool with its removeClutterScaled task run here with OPTIONS (the task itself takes none); every other task, and
 * everything declutterRgba does around it, as the provider runs it.
 */
function withOptions(pool: ImagePool): Pick<ImagePool, 'run'> {
  if (Object.keys(OPTIONS).length === 0) return pool;
  const run = (kind: TaskKind, input: unknown, moved?: readonly ArrayBuffer[]) => {
    if (kind !== 'removeClutterScaled') return pool.run(kind, input as never, moved);
    const task = input as TaskInput<'removeClutterScaled'>;
    return Promise.resolve(removeAtRemovalSize(task.image, task.detections, task.mode, OPTIONS));
  };
  return { run: run as ImagePool['run'] };
}

async function main(): Promise<void> {
  const started = performance.now();
  const files = await photoList();
  if (DEBUG_DIR) await mkdir(DEBUG_DIR, { recursive: true });
  const page = await serveStagingPage('/bench/page/declutterScene.ts', Buffer.alloc(0));
  const browser = await launchChromium();
  const threads = new ImagePool();
  const detect = poolObjectDetector(threads);
  const pool = withOptions(threads);
  const totals: Record<Run, RunTotals> = {
    detector: emptyRun(),
    givenBoxes: emptyRun(),
    brushSnap: emptyRun(),
    brushPlain: emptyRun(),
  };
  const byModel = new Map<string, { placed: number; found: number }>();
  let photos = 0;
  try {
    const tab = await browser.newPage();
    tab.on('pageerror', (error) => process.stderr.write(`page: ${error.message}\n`));
    await tab.goto(page.origin + '/');
    await tab.waitForFunction(() => 'declutterScene' in globalThis, undefined, { timeout: 120_000 });
    for (const [index, file] of files.entries()) {
      const input: DeclutterSceneInput = {
        photoBase64: (await readFile(file)).toString('base64'),
        seed: 1000 + index,
        maxObjects: MAX_OBJECTS,
      };
      const scene = await tab.evaluate(
        (given) =>
          (
            globalThis as unknown as { declutterScene(i: DeclutterSceneInput): Promise<DeclutterScene> }
          ).declutterScene(given),
        input,
      );
      const name = path.basename(file).replace(/\.\w+$/, '');
      if (scene.objects.length === 0) {
        console.error(`${name}: no free counter or table top in view, skipped`);
        continue;
      }
      photos++;
      const truth = await decodePng(scene.truthPng);
      const staged = await decodePng(scene.stagedPng);
      const alpha = new Uint8Array(Buffer.from(scene.alphaBase64, 'base64'));
      const parts = scene.objects.map((o) => o.model);
      const regions = scene.objects.map((o) => objectRegion(alpha, staged.width, staged.height, o.box));
      // Each run gets its own copy: the pool borrows the pixels, and a result that removed nothing shares them.
      const copy = (): RgbaImage => ({ ...staged, data: staged.data.slice() });
      const opaqueOf = (o: ObjectRegion) =>
        o.opaque.length ? o.opaque : [...o.region.keys()].filter((i) => o.region[i]);
      const strokes = regions.map((o) => hostStroke(opaqueOf(o), staged.width, staged.height));
      const brush = (snapStrokes: boolean) =>
        removeClutter(staged, [], 'declutter', strokes, {
          ...OPTIONS,
          mask: { ...OPTIONS.mask, snapStrokes },
        });
      const runs = {
        detector: await declutterRgba(pool, copy(), ['declutter'], detect),
        givenBoxes: await declutterRgba(pool, copy(), ['declutter'], givenBoxes(scene)),
        brushSnap: brush(true),
        brushPlain: brush(false),
      };
      const diffused = diffusionFill(staged, runs.givenBoxes.mask);
      for (const [run, removal] of Object.entries(runs) as [Run, typeof runs.detector][]) {
        const byFill = {
          ours: removal.image,
          diffusion: run === 'givenBoxes' ? diffused : diffusionFill(staged, removal.mask),
        };
        scene.objects.forEach((object, k) => {
          const o = regions[k]!;
          const opaque = opaqueOf(o);
          const masked = opaque.filter((i) => removal.mask[i]).length;
          const isFound = opaque.length > 0 && masked / opaque.length >= FOUND_SHARE;
          const t = totals[run];
          t.placed++;
          if (isFound) t.found++;
          if (run === 'detector') {
            const m = byModel.get(object.model) ?? { placed: 0, found: 0 };
            m.placed++;
            if (isFound) m.found++;
            byModel.set(object.model, m);
          }
          const perFill: string[] = [];
          for (const key of ['ours', 'diffusion'] as const) {
            const one = emptySums();
            scoreObject(truth, staged, byFill[key], alpha, o, one);
            add(t[key], one);
            const sum = summary(one);
            perFill.push(`${sum.mae}/${sum.residue}`);
          }
          const tag =
            run === 'detector' ? (isFound ? 'found' : 'missed') : run === 'givenBoxes' ? 'boxes' : run;
          parts[k] += ` ${tag} ${perFill.join(' ')}`;
        });
      }
      console.error(`${name.padEnd(24)} ${parts.join('  ')}  [${Math.round(scene.ms)} ms render]`);
      if (DEBUG_DIR) {
        const base = path.join(DEBUG_DIR, name);
        await saveJpeg(staged, `${base}-staged.jpg`);
        await writeFile(`${base}-objects.json`, JSON.stringify(scene.objects));
        await saveJpeg(runs.detector.image, `${base}-ours.jpg`);
        await saveJpeg(runs.givenBoxes.image, `${base}-boxes.jpg`);
        await saveJpeg(runs.brushSnap.image, `${base}-brush.jpg`);
        await writeFile(`${base}-strokes.json`, JSON.stringify(strokes));
        await saveJpeg(truth, `${base}-truth.jpg`);
        await sharp(Buffer.from(alpha), { raw: { width: staged.width, height: staged.height, channels: 1 } })
          .png()
          .toFile(`${base}-alpha.png`);
        await saveStrip(
          [
            staged,
            runs.detector.image,
            runs.givenBoxes.image,
            diffused,
            runs.brushPlain.image,
            runs.brushSnap.image,
            truth,
          ],
          scene.objects.map((o) => o.box),
          `${base}-strip.jpg`,
        );
      }
    }
  } finally {
    await threads.close();
    await browser.close();
    await page.close();
  }
  const { placed, found } = totals.detector;
  console.log(
    `\n${photos} photos, ${placed} objects placed, ${found} found (≥ ${FOUND_SHARE * 100} % masked)`,
  );
  for (const [model, m] of byModel) console.log(`  ${model.padEnd(30)} ${m.found}/${m.placed} found`);
  console.log(
    'run         fill        found  region MAE  ring MAE  region gradErr  ring gradErr   MAE  gradErr  residue  (opaque, rim)',
  );
  for (const [run, t] of Object.entries(totals)) {
    for (const key of ['ours', 'diffusion'] as const) {
      const s = t[key];
      const all = summary(s);
      console.log(
        `${run.padEnd(10)}  ${key.padEnd(10)}  ${`${t.found}/${t.placed}`.padStart(5)}` +
          `  ${round(s.regionAbs / s.regionPixels)
            .toFixed(2)
            .padStart(10)}  ${round(s.ringAbs / s.ringPixels)
            .toFixed(2)
            .padStart(8)}` +
          `  ${round(s.regionGrad / s.regionPixels)
            .toFixed(2)
            .padStart(14)}  ${round(s.ringGrad / s.ringPixels)
            .toFixed(2)
            .padStart(12)}` +
          `  ${all.mae.toFixed(2).padStart(5)}  ${all.gradErr.toFixed(2).padStart(7)}  ${all.residue.toFixed(3).padStart(7)}` +
          `  (${round(s.opaqueResidue / s.opaqueContrast, 3)}, ${round((s.residue - s.opaqueResidue) / (s.contrast - s.opaqueContrast), 3)})`,
      );
    }
  }
  console.log(`time ${Math.round((performance.now() - started) / 1000)} s`);
  const ours = summary(totals.detector.ours);
  const diffusion = summary(totals.detector.diffusion);
  console.log(JSON.stringify({ placed, found, ours, diffusion }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
