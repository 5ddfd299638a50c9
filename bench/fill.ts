// `npm run bench:fill` (node --import tsx bench/fill.ts): quality of the fill against two simple baselines. 50
// fixture room photos (the first 10 of each folder of ../shared/fixtures/rooms, by name), shrunk to a long side
// of 800 px for speed; in each, two random blob-shaped holes of 2–8 % of the frame are hidden in clean areas and
// filled. Errors per hole pixel, 0..255, each averaged over R, G, B:
// - mae: |fill − truth|.
// - gradErr: the signed gradient error |∇fill − ∇truth|, forward differences in x and y (mean of the 6 terms):
//   it counts detail in the wrong place (copied texture out of phase) and smeared edges alike.
// - gradMagErr: per pixel ||∇fill| − |∇truth|| (L1 magnitudes): detail present where detail was, phase-blind.
// - textureErr: per hole |mean |∇fill| − mean |∇truth||: is the fill as detailed as what it replaces overall.
// - mattingGradErr: the gradient error of the alpha-matting benchmark (Rhemann et al., CVPR 2009), per pixel
//   (|∇σ fill| − |∇σ truth|)², gradients by Gaussian-derivative filters of σ = 1.4 px (levels per px), per channel:
//   the published definition of a gradient error, at a scale above the pixel noise no fill can know.
// Two reference rows read the hidden truth itself (they are no fills): the truth blurred with a Gaussian of σ = 2
// and 4 px, pasted into the holes. They show what each measure can separate: a fill that knew every shape but no
// fine detail would score about so; on the signed gradErr even they barely beat a smooth fill.
// Prints a table, ours relative to the better baseline per measure, and as its last line
// {"photos":50,"holes":N,"ours":{"mae","gradErr","gradMagErr","textureErr","mattingGradErr","ms"},"diffusion":{...},"meanColour":{...},
// "msPer12MP":N,"cpuMsPer12MP":N,"reference":{"truthBlur2":{"mae",...},"truthBlur4":{...}}}
// A clean area: the hole overlaps no detected object smaller than 15 % of the frame (score >= 0.3: a fill cannot
// know a cup that was hidden), and lies in the calmer half of 40 random candidate places (by mean gradient):
// hidden objects lie on walls, floors and counters, not on a dresser's carvings.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { Detection } from '../core/analysis/room/types';
import { SEEN_SCORE } from '../core/analysis/room/visibleElements';
import type { RgbaImage } from '../core/imaging/types';
import {
  diffuseFill,
  inpaint,
  maskComponents,
  seededRandom,
  type InpaintOptions,
  type Random,
} from '../core/inpaint';
import { roomSignals } from '../server/ai/room/signals';

const ROOMS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/fixtures/rooms');
const PER_FOLDER = Number(process.env.FILL_PER_FOLDER ?? 10);
const LONG_SIDE = 800;
const HOLES_PER_PHOTO = 2;
const CANDIDATES = 40;
const BIG_OBJECT = 0.15;
/** Holes go into the calmer part of the candidate places (least mean gradient first). */
const CALM_SHARE = 0.5;
/** The alpha-matting benchmark's σ for its gradient error. */
const MATTING_SIGMA = 1.4;

interface Scores {
  absSum: number;
  gradSum: number;
  gradMagSum: number;
  /** Sum over holes of |mean gradient magnitude of the fill - that of the truth| * hole pixels. */
  textureSum: number;
  mattingGradSum: number;
  pixels: number;
  ms: number;
}

/** FILL_OPTIONS='{"patchRadius":4}' tries other settings of the fill (see core/inpaint/fill.ts). */
const OURS_OPTIONS = JSON.parse(process.env.FILL_OPTIONS ?? '{}') as Partial<InpaintOptions>;

type Filler = (image: RgbaImage, mask: Uint8Array) => RgbaImage;

const FILLERS: Record<'ours' | 'diffusion' | 'meanColour', Filler> = {
  ours: (image, mask) => inpaint(image, mask, OURS_OPTIONS),
  diffusion: diffusionFill,
  meanColour: meanColourFill,
};

/** References, not fills: they read the hidden truth (see the header). */
const REFERENCES: Record<'truthBlur2' | 'truthBlur4', Filler> = {
  truthBlur2: (image, mask) => truthBlurred(image, mask, 2),
  truthBlur4: (image, mask) => truthBlurred(image, mask, 4),
};

/** The photo with its hole pixels replaced by the Gaussian-blurred photo (σ px, separable, edges clamped). */
function truthBlurred(image: RgbaImage, mask: Uint8Array, sigma: number): RgbaImage {
  const { width, height, data } = image;
  const r = Math.ceil(3 * sigma);
  const kernel = Array.from({ length: 2 * r + 1 }, (_, k) => Math.exp(-((k - r) ** 2) / (2 * sigma * sigma)));
  const norm = kernel.reduce((a, b) => a + b, 0);
  const clampX = (x: number) => Math.min(width - 1, Math.max(0, x));
  const clampY = (y: number) => Math.min(height - 1, Math.max(0, y));
  const rows = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let k = -r; k <= r; k++) s += kernel[k + r] * data[(y * width + clampX(x + k)) * 4 + c];
        rows[(y * width + x) * 3 + c] = s / norm;
      }
    }
  }
  const out = { width, height, data: data.slice() };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!mask[i]) continue;
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let k = -r; k <= r; k++) s += kernel[k + r] * rows[(clampY(y + k) * width + x) * 3 + c];
        out.data[i * 4 + c] = s / norm;
      }
    }
  }
  return out;
}

/**
 * The baseline 'blurred-border diffusion': the membrane through the hole's border (core/inpaint/diffusion). The
 * declutter bench (bench/declutter.ts) fills its removal masks with it too.
 */
export function diffusionFill(image: RgbaImage, mask: Uint8Array): RgbaImage {
  const n = image.width * image.height;
  const data = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) data[i * 3 + c] = image.data[i * 4 + c];
  diffuseFill({ width: image.width, height: image.height, channels: 3, data }, mask);
  const out = { width: image.width, height: image.height, data: image.data.slice() };
  for (let i = 0; i < n; i++) if (mask[i]) for (let c = 0; c < 3; c++) out.data[i * 4 + c] = data[i * 3 + c];
  return out;
}

/** The baseline 'mean colour': each hole takes the mean of the known pixels in a 3 px ring around it. */
function meanColourFill(image: RgbaImage, mask: Uint8Array): RgbaImage {
  const { width, height } = image;
  const out = { width, height, data: image.data.slice() };
  for (const { box } of maskComponents(mask, width, height)) {
    const sum = [0, 0, 0];
    let n = 0;
    const x0 = Math.max(0, box.x - 3), x1 = Math.min(width - 1, box.x + box.width + 2); // prettier-ignore
    const y0 = Math.max(0, box.y - 3), y1 = Math.min(height - 1, box.y + box.height + 2); // prettier-ignore
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = y * width + x;
        if (mask[i] || !nearMask(mask, width, height, x, y, 3)) continue;
        n++;
        for (let c = 0; c < 3; c++) sum[c] += image.data[i * 4 + c];
      }
    }
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++) {
        const i = y * width + x;
        if (mask[i]) for (let c = 0; c < 3; c++) out.data[i * 4 + c] = sum[c] / Math.max(1, n);
      }
    }
  }
  return out;
}

function nearMask(mask: Uint8Array, width: number, height: number, x: number, y: number, r: number): boolean {
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      const nx = x + dx, ny = y + dy; // prettier-ignore
      if (nx >= 0 && ny >= 0 && nx < width && ny < height && mask[ny * width + nx]) return true;
    }
  }
  return false;
}

/** A blob: an ellipse of the given area, rotated, its radius wobbling with two low harmonics. */
function blobMask(width: number, height: number, cx: number, cy: number, area: number, random: Random) {
  const ratio = 0.6 + random() * 1.2;
  const a = Math.sqrt(area / Math.PI / ratio) * Math.sqrt(ratio) * Math.sqrt(ratio);
  const b = area / Math.PI / a;
  const angle = random() * Math.PI;
  const p2 = random() * 6.28, p3 = random() * 6.28, k2 = random() * 0.15, k3 = random() * 0.1; // prettier-ignore
  const mask = new Uint8Array(width * height);
  const reach = Math.ceil(Math.max(a, b) * 1.3);
  const cos = Math.cos(angle), sin = Math.sin(angle); // prettier-ignore
  for (let y = Math.max(0, Math.floor(cy - reach)); y < Math.min(height, cy + reach); y++) {
    for (let x = Math.max(0, Math.floor(cx - reach)); x < Math.min(width, cx + reach); x++) {
      const dx = x - cx, dy = y - cy; // prettier-ignore
      const u = (dx * cos + dy * sin) / a;
      const v = (-dx * sin + dy * cos) / b;
      const theta = Math.atan2(v, u);
      const wobble = 1 + k2 * Math.sin(2 * theta + p2) + k3 * Math.sin(3 * theta + p3);
      if (u * u + v * v <= wobble * wobble) mask[y * width + x] = 1;
    }
  }
  return mask;
}

function gradientMagnitude(image: RgbaImage): Float32Array {
  const { width, height, data } = image;
  const out = new Float32Array(width * height);
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const i = y * width + x;
      let s = 0;
      for (let c = 0; c < 3; c++) {
        s +=
          Math.abs(data[(i + 1) * 4 + c] - data[i * 4 + c]) +
          Math.abs(data[(i + width) * 4 + c] - data[i * 4 + c]);
      }
      out[i] = s;
    }
  }
  return out;
}

/** Holes in clean places of one photo; null when none fits. */
function placeHoles(image: RgbaImage, detections: Detection[], random: Random): Uint8Array | null {
  const { width, height } = image;
  const gradient = gradientMagnitude(image);
  const objects = detections.filter((d) => d.score >= SEEN_SCORE && d.box.width * d.box.height < BIG_OBJECT);
  const union = new Uint8Array(width * height);
  for (let h = 0; h < HOLES_PER_PHOTO; h++) {
    const candidates: { mask: Uint8Array; busy: number }[] = [];
    for (let k = 0; k < CANDIDATES; k++) {
      const area = (0.02 + random() * 0.06) * width * height;
      const cx = width * (0.12 + random() * 0.76);
      const cy = height * (0.12 + random() * 0.76);
      const mask = blobMask(width, height, cx, cy, area, random);
      let busy = 0, n = 0, clash = false; // prettier-ignore
      for (let i = 0; i < mask.length && !clash; i++) {
        if (!mask[i]) continue;
        if (union[i]) clash = true;
        const x = (i % width) / width, y = Math.floor(i / width) / height; // prettier-ignore
        if (objects.some((d) => x >= d.box.x && x <= d.box.x + d.box.width && y >= d.box.y && y <= d.box.y + d.box.height)) clash = true; // prettier-ignore
        busy += gradient[i];
        n++;
      }
      // A blob cut by the frame edge is smaller than intended: skip it rather than bend the size rule.
      if (!clash && n > 0.018 * width * height) candidates.push({ mask, busy: busy / n });
    }
    if (candidates.length === 0) return h > 0 ? union : null;
    const sorted = [...candidates].sort((p, q) => p.busy - q.busy);
    const calm = sorted.slice(0, Math.max(1, Math.ceil(sorted.length * CALM_SHARE)));
    const pick = calm[Math.floor(random() * calm.length)];
    for (let i = 0; i < union.length; i++) if (pick.mask[i]) union[i] = 1;
  }
  return union;
}

/** Per channel, the amplitude of the Gaussian-derivative gradient (σ px, separable, edges clamped), levels per px. */
function gaussianGradientAmplitude(image: RgbaImage, sigma: number): Float32Array[] {
  const { width, height, data } = image;
  const r = Math.ceil(3 * sigma);
  const g: number[] = [];
  const dg: number[] = [];
  for (let k = -r; k <= r; k++) {
    g.push(Math.exp(-(k * k) / (2 * sigma * sigma)));
    dg.push(k * Math.exp(-(k * k) / (2 * sigma * sigma)));
  }
  const gSum = g.reduce((a, b) => a + b, 0);
  // Scaled so that a ramp of one level per px reads 1.
  const dgSum = dg.reduce((a, b, k) => a + b * (k - r), 0);
  const at = (plane: Float32Array, x: number, y: number) =>
    plane[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))];
  return [0, 1, 2].map((c) => {
    const plane = new Float32Array(width * height);
    for (let i = 0; i < plane.length; i++) plane[i] = data[i * 4 + c];
    const smoothX = new Float32Array(plane.length); // G along x
    const derivX = new Float32Array(plane.length); // G' along x
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let s = 0, d = 0; // prettier-ignore
        for (let k = -r; k <= r; k++) {
          const v = at(plane, x + k, y);
          s += g[k + r] * v;
          d += dg[k + r] * v;
        }
        smoothX[y * width + x] = s / gSum;
        derivX[y * width + x] = d / dgSum;
      }
    }
    const amplitude = new Float32Array(plane.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let gx = 0, gy = 0; // prettier-ignore
        for (let k = -r; k <= r; k++) {
          gx += g[k + r] * at(derivX, x, y + k);
          gy += dg[k + r] * at(smoothX, x, y + k);
        }
        amplitude[y * width + x] = Math.hypot(gx / gSum, gy / dgSum);
      }
    }
    return amplitude;
  });
}

function score(truth: RgbaImage, filled: RgbaImage, mask: Uint8Array, into: Scores): void {
  const gt = gradientMagnitude(truth);
  const gf = gradientMagnitude(filled);
  const at = gaussianGradientAmplitude(truth, MATTING_SIGMA);
  const af = gaussianGradientAmplitude(filled, MATTING_SIGMA);
  const { width, height } = truth;
  // Texture level per hole: is the fill as detailed as what it replaces (phase-blind, unlike the two above)?
  for (const { box } of maskComponents(mask, width, height)) {
    // Sums over the hole, so |t - f| is the hole's pixel count times the difference of the means.
    let t = 0, f = 0; // prettier-ignore
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++) {
        const i = y * width + x;
        if (!mask[i]) continue;
        t += gt[i] / 6;
        f += gf[i] / 6;
      }
    }
    into.textureSum += Math.abs(t - f);
  }
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    into.pixels++;
    for (let c = 0; c < 3; c++) into.absSum += Math.abs(truth.data[i * 4 + c] - filled.data[i * 4 + c]) / 3;
    into.gradMagSum += Math.abs(gt[i] - gf[i]) / 6;
    for (let c = 0; c < 3; c++) into.mattingGradSum += (at[c][i] - af[c][i]) ** 2 / 3;
    if (x < width - 1 && y < height - 1) {
      let s = 0;
      for (let c = 0; c < 3; c++) {
        const t0 = truth.data[i * 4 + c], f0 = filled.data[i * 4 + c]; // prettier-ignore
        s += Math.abs(truth.data[(i + 1) * 4 + c] - t0 - (filled.data[(i + 1) * 4 + c] - f0));
        s += Math.abs(truth.data[(i + width) * 4 + c] - t0 - (filled.data[(i + width) * 4 + c] - f0));
      }
      into.gradSum += s / 6;
    }
  }
}

async function load(file: string, longSide: number): Promise<RgbaImage> {
  const { data, info } = await sharp(file)
    .rotate()
    .resize(longSide, longSide, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) }; // prettier-ignore
}

function photoList(): string[] {
  const files: string[] = [];
  for (const folder of readdirSync(ROOMS).sort()) {
    const names = readdirSync(path.join(ROOMS, folder))
      .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
      .sort((a, b) => parseInt(a) - parseInt(b) || a.localeCompare(b));
    files.push(...names.slice(0, PER_FOLDER).map((f) => path.join(ROOMS, folder, f)));
  }
  return files;
}

/** Wall-clock time of the fill on a 4000x3000 photo with three holes of 1.5 % of the frame each. */
async function time12MP(file: string): Promise<{ ms: number; cpuMs: number }> {
  const { data, info } = await sharp(file).resize(4000, 3000, { fit: 'fill' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true }); // prettier-ignore
  const image = { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) }; // prettier-ignore
  const random = seededRandom(12);
  const mask = new Uint8Array(image.width * image.height);
  for (const [cx, cy] of [
    [900, 2200],
    [2000, 1500],
    [3200, 2300],
  ]) {
    const blob = blobMask(image.width, image.height, cx, cy, 0.015 * image.width * image.height, random);
    for (let i = 0; i < mask.length; i++) if (blob[i]) mask[i] = 1;
  }
  const started = performance.now();
  const cpu = process.cpuUsage();
  inpaint(image, mask);
  const used = process.cpuUsage(cpu);
  // CPU time too: on a shared machine the wall clock also counts the time spent waiting for a core.
  return { ms: Math.round(performance.now() - started), cpuMs: Math.round((used.user + used.system) / 1000) };
}

/** FILL_DEBUG_DIR=dir: one PNG per photo, left to right: the holes in magenta, then each fill, then the truth. */
async function saveStrip(dir: string, file: string, image: RgbaImage, mask: Uint8Array, fills: RgbaImage[]) {
  const holed = image.data.slice();
  for (let i = 0; i < mask.length; i++) if (mask[i]) holed.set([255, 0, 255], i * 4);
  const frames = [holed, ...fills.map((f) => f.data), image.data];
  const { width: w, height: h } = image;
  const strip = Buffer.alloc(w * frames.length * h * 4);
  frames.forEach((frame, k) => {
    for (let y = 0; y < h; y++)
      strip.set(frame.subarray(y * w * 4, (y + 1) * w * 4), (y * w * frames.length + k * w) * 4);
  });
  const name = path.basename(file).replace(/\.\w+$/, '.png');
  await sharp(strip, { raw: { width: w * frames.length, height: h, channels: 4 } })
    .png()
    .toFile(path.join(dir, name));
}

const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

async function main(): Promise<void> {
  const files = photoList();
  const totals = Object.fromEntries(
    Object.keys(FILLERS).map((k) => [
      k,
      { absSum: 0, gradSum: 0, gradMagSum: 0, textureSum: 0, mattingGradSum: 0, pixels: 0, ms: 0 },
    ]),
  ) as Record<keyof typeof FILLERS, Scores>;
  const referenceTotals = Object.fromEntries(
    Object.keys(REFERENCES).map((k) => [
      k,
      { absSum: 0, gradSum: 0, gradMagSum: 0, textureSum: 0, mattingGradSum: 0, pixels: 0, ms: 0 },
    ]),
  ) as Record<keyof typeof REFERENCES, Scores>;
  let photos = 0;
  let holes = 0;
  for (const [index, file] of files.entries()) {
    const image = await load(file, LONG_SIDE);
    const { output } = await roomSignals(image);
    const mask = placeHoles(image, output.detections, seededRandom(1000 + index));
    if (!mask) {
      console.error(`${path.basename(file)}: no clean place for a hole, skipped`);
      continue;
    }
    photos++;
    holes += maskComponents(mask, image.width, image.height).length;
    const line: string[] = [path.basename(file).padEnd(20)];
    const results: RgbaImage[] = [];
    for (const [name, fill] of Object.entries(FILLERS) as [keyof typeof FILLERS, Filler][]) {
      const started = performance.now();
      const filled = fill(image, mask);
      totals[name].ms += performance.now() - started;
      results.push(filled);
      const one: Scores = {
        absSum: 0,
        gradSum: 0,
        gradMagSum: 0,
        textureSum: 0,
        mattingGradSum: 0,
        pixels: 0,
        ms: 0,
      };
      score(image, filled, mask, one);
      for (const key of [
        'absSum',
        'gradSum',
        'gradMagSum',
        'textureSum',
        'mattingGradSum',
        'pixels',
      ] as const)
        totals[name][key] += one[key];
      line.push(`${name} ${(one.absSum / one.pixels).toFixed(1)}/${(one.gradSum / one.pixels).toFixed(1)}`);
    }
    for (const [name, reference] of Object.entries(REFERENCES) as [keyof typeof REFERENCES, Filler][]) {
      score(image, reference(image, mask), mask, referenceTotals[name]);
    }
    console.error(line.join('  '));
    if (process.env.FILL_DEBUG_DIR) await saveStrip(process.env.FILL_DEBUG_DIR, file, image, mask, results);
  }
  const measured = (s: Scores) => ({
    mae: round(s.absSum / s.pixels),
    gradErr: round(s.gradSum / s.pixels),
    gradMagErr: round(s.gradMagSum / s.pixels),
    textureErr: round(s.textureSum / s.pixels),
    mattingGradErr: round(s.mattingGradSum / s.pixels),
  });
  const summary = Object.fromEntries(
    Object.entries(totals).map(([name, s]) => [
      name,
      { ...measured(s), ms: Math.round(s.ms / Math.max(1, photos)) },
    ]),
  );
  const reference = Object.fromEntries(
    Object.entries(referenceTotals).map(([name, s]) => [name, measured(s)]),
  );
  console.log(
    `\n${photos} photos (long side ${LONG_SIDE}px), ${holes} holes of 2–8 % each; per hole pixel, 0..255:`,
  );
  console.log('fill                 MAE  gradErr  gradMagErr  textureErr  mattingGradErr  ms/photo');
  for (const [name, s] of Object.entries(summary)) {
    console.log(`${name.padEnd(18)} ${String(s.mae).padStart(5)}  ${String(s.gradErr).padStart(7)}  ${String(s.gradMagErr).padStart(10)}  ${String(s.textureErr).padStart(10)}  ${String(s.mattingGradErr).padStart(14)}  ${String(s.ms).padStart(8)}`); // prettier-ignore
  }
  console.log('references that read the hidden truth (no fills):');
  for (const [name, s] of Object.entries(reference)) {
    const label = `truth blurred σ=${name.slice('truthBlur'.length)}`;
    console.log(`${label.padEnd(18)} ${String(s.mae).padStart(5)}  ${String(s.gradErr).padStart(7)}  ${String(s.gradMagErr).padStart(10)}  ${String(s.textureErr).padStart(10)}  ${String(s.mattingGradErr).padStart(14)}`); // prettier-ignore
  }
  type Measure = 'mae' | 'gradErr' | 'gradMagErr' | 'textureErr' | 'mattingGradErr';
  const measures: Measure[] = ['mae', 'gradErr', 'gradMagErr', 'textureErr', 'mattingGradErr'];
  // Negative: ours is that much lower (better) than the better of the two baselines.
  const margins = measures.map((m) => {
    const best = Math.min(summary.diffusion[m], summary.meanColour[m]);
    return `${m} ${best > 0 ? ((100 * (summary.ours[m] - best)) / best).toFixed(1) : '–'} %`;
  });
  console.log(`ours vs the better baseline: ${margins.join(', ')}`);
  const big = process.env.FILL_SKIP_12MP ? null : await time12MP(files[files.length - 1]);
  if (big) console.log(`12 MP (4000x3000) with three holes of 1.5 %: ${big.ms} ms (${big.cpuMs} ms CPU)`);
  console.log(JSON.stringify({ photos, holes, ...summary, msPer12MP: big?.ms ?? null, cpuMsPer12MP: big?.cpuMs ?? null, reference })); // prettier-ignore
}

// Run as a script only: bench/declutter.ts imports the diffusion baseline from here.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
