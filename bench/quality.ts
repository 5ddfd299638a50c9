// Image quality of 'Automatisch optimieren', measured on the shared fixtures (run: node --import tsx
// bench/quality.ts; figures and how to read them in bench/QUALITY.md). Three versions side by side: the input
// untouched, the old rules (autoEnhance, the rule-based pipeline still in core/imaging/pipeline.ts), the model
// alone, and the new default (autoOptimize). Photos are decoded with sharp and reduced to a long side of 1024 px
// for speed (colour figures of the room photos on every second pixel of every second row); the enhance-pairs are
// ~512 px and are measured whole. The last line of the output is one JSON object.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { estimateNoise } from '../core/analysis/noise';
import { luminanceStats } from '../core/analysis/luminance';
import { autoEnhance, autoOptimize } from '../core/imaging/pipeline';
import type { RgbaImage } from '../core/imaging/types';
import { srgb8ToLab } from '../core/retouch/lab';
import { retoucherFromFiles } from '../core/retouch/retoucher';
import { SKY } from '../core/staging/room/labels';
import { createSegmenter } from '../web/staging/segmenter';
import { meanDeltaE, psnr } from './colorDifference';
import { median } from './stats';

const FIXTURES = resolve(import.meta.dirname, '../../shared/fixtures');
const MODEL = resolve(import.meta.dirname, '../models/image-adaptive-3dlut');
const LONG_SIDE = 1024;
const SEGMENTER_MODEL = resolve(
  import.meta.dirname,
  '../models/deeplabv3-ade20k/deeplabv3_mnv2_ade20k_uint8.onnx',
);
const ORT_DIST = pathToFileURL(
  `${dirname(createRequire(import.meta.url).resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm'))}/`,
).href;

const bytes = (path: string): ArrayBuffer => {
  const b = readFileSync(path);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
};
const retoucher = retoucherFromFiles(bytes(join(MODEL, 'classifier.bin')), bytes(join(MODEL, 'luts.bin')));

type Version = 'input' | 'oldRules' | 'modelOnly' | 'default';
const VERSIONS: Record<Version, (image: RgbaImage) => RgbaImage> = {
  input: (i) => i,
  oldRules: (i) => autoEnhance(i).image,
  modelOnly: (i) => retoucher.retouch(i),
  default: (i) => autoOptimize(i, retoucher).image,
};

async function load(path: string, longSide?: number): Promise<RgbaImage> {
  let pipeline = sharp(path).rotate();
  if (longSide) pipeline = pipeline.resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true });
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
  };
}

/** A version's output at the expert's size: a geometric step (perspective crop) is scaled back to compare. */
async function sameSize(image: RgbaImage, like: RgbaImage): Promise<RgbaImage> {
  if (image.width === like.width && image.height === like.height) return image;
  const { data } = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .resize(like.width, like.height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: like.width, height: like.height, data: new Uint8ClampedArray(data) };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

interface PhotoFigures {
  meanL: number;
  /** Mean |b*| of the white things (L* >= 70, C* <= 20); null when under 0.5 % of the photo is white. */
  whitesAbsB: number | null;
  whiteShare: number;
  /** Mean chroma of the grey tones (C* <= 10, 20 <= L* < 70): 0 is perfectly neutral. */
  greysChroma: number | null;
  clippedPct: number;
  noise: number;
}

function figures(image: RgbaImage): PhotoFigures {
  let sumL = 0;
  let whites = 0;
  let sumB = 0;
  let greys = 0;
  let sumGreyC = 0;
  let n = 0;
  // Every second pixel of every second row.
  for (let y = 0; y < image.height; y += 2) {
    for (let x = 0; x < image.width; x += 2) {
      const i = (y * image.width + x) * 4;
      const [L, a, b] = srgb8ToLab(image.data[i], image.data[i + 1], image.data[i + 2]);
      const C = Math.hypot(a, b);
      n++;
      sumL += L;
      if (L >= 70 && C <= 20) {
        whites++;
        sumB += Math.abs(b);
      }
      if (L >= 20 && L < 70 && C <= 10) {
        greys++;
        sumGreyC += C;
      }
    }
  }
  return {
    meanL: sumL / n,
    whitesAbsB: whites / n >= 0.005 ? sumB / whites : null,
    whiteShare: whites / n,
    greysChroma: greys / n >= 0.005 ? sumGreyC / greys : null,
    clippedPct: luminanceStats(image).clippedHighlights * 100,
    noise: estimateNoise(image),
  };
}

/**
 * One set of FiveK pairs against its expert: per pair and version ΔE2000 and PSNR, the means, how many pairs the
 * default brings closer to the expert than the input is, and its worst pair.
 */
async function pairs(set: 'enhance-pairs' | 'enhance-val') {
  const dir = join(FIXTURES, set);
  const names = readdirSync(join(dir, 'input')).filter((f) => f.endsWith('.png'));
  const rows: Record<Version, { de: number[]; psnr: number[] }> = {
    input: { de: [], psnr: [] },
    oldRules: { de: [], psnr: [] },
    modelOnly: { de: [], psnr: [] },
    default: { de: [], psnr: [] },
  };
  for (const name of names) {
    const input = await load(join(dir, 'input', name));
    const expert = await load(join(dir, 'expert', name));
    const line: string[] = [name];
    for (const [version, run] of Object.entries(VERSIONS) as [Version, (i: RgbaImage) => RgbaImage][]) {
      const out = await sameSize(run(input), expert);
      const de = meanDeltaE(out, expert);
      const p = psnr(out, expert);
      rows[version].de.push(de);
      rows[version].psnr.push(p);
      line.push(`${version} ΔE ${de.toFixed(2)} ${p.toFixed(1)} dB`);
    }
    console.log(line.join(' | '));
  }
  const summary = Object.fromEntries(
    Object.entries(rows).map(([v, r]) => [v, { deltaE2000: round(mean(r.de)), psnr: round(mean(r.psnr)) }]),
  );
  const betterThanInput = rows.default.de.filter((de, i) => de < rows.input.de[i]!).length;
  const worstDeltaE = round(Math.max(...rows.default.de));
  console.log(
    `${set} (mean over ${names.length} pairs; default better than the input on ${betterThanInput}, worst ΔE ${worstDeltaE}):`,
    JSON.stringify(summary),
  );
  return { pairs: names.length, betterThanInput, worstDeltaE, ...summary };
}

/** RMS contrast: the spread of L* over the photo (every second pixel of every second row). */
function contrastOf(image: RgbaImage): number {
  const values: number[] = [];
  for (let y = 0; y < image.height; y += 2) {
    for (let x = 0; x < image.width; x += 2) {
      const i = (y * image.width + x) * 4;
      values.push(srgb8ToLab(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!)[0]);
    }
  }
  const m = mean(values);
  return Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
}

/** Mean C* over the pixels the mask marks (a mask at the photo's size, 1 = sky), or null under 2 % sky. */
function skyChroma(image: RgbaImage, sky: Uint8Array): number | null {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < sky.length; i++) {
    if (!sky[i]) continue;
    const [, a, b] = srgb8ToLab(image.data[i * 4]!, image.data[i * 4 + 1]!, image.data[i * 4 + 2]!);
    sum += Math.hypot(a, b);
    n++;
  }
  return n >= 0.02 * sky.length ? sum / n : null;
}

/**
 * The exterior photos (rooms/frontal): how much of the sky's chroma and of the contrast the default keeps. The sky
 * is where the segmentation model (models/deeplabv3-ade20k, class 'sky') sees it in the input, judged
 * independently of the pipeline's own sky test.
 */
async function exteriors() {
  const dir = join(FIXTURES, 'rooms', 'frontal');
  const names = readdirSync(dir)
    .filter((f) => /\.jpe?g$/i.test(f))
    .sort();
  const segmenter = createSegmenter({
    loadModel: async () => new Uint8Array(readFileSync(SEGMENTER_MODEL)),
    wasmPaths: ORT_DIST,
    numThreads: 1,
  });
  let skyKept = 0;
  let contrastKept = 0;
  let both = 0;
  const lines: string[] = [];
  for (const name of names) {
    const input = await load(join(dir, name), LONG_SIDE);
    const out = autoOptimize(input, retoucher, { toneOnly: true }).image;
    const map = await segmenter.segment(input);
    const sky = new Uint8Array(input.width * input.height);
    for (let y = 0; y < input.height; y++) {
      for (let x = 0; x < input.width; x++) {
        const lx = Math.min(map.width - 1, Math.floor((x / input.width) * map.width));
        const ly = Math.min(map.height - 1, Math.floor((y / input.height) * map.height));
        sky[y * input.width + x] = map.labels[ly * map.width + lx] === SKY ? 1 : 0;
      }
    }
    const [c0, c1] = [skyChroma(input, sky), skyChroma(out, sky)];
    const [k0, k1] = [contrastOf(input), contrastOf(out)];
    const skyOk = c0 === null || c1! >= 0.9 * c0;
    const contrastOk = k1 >= 0.85 * k0;
    skyKept += skyOk ? 1 : 0;
    contrastKept += contrastOk ? 1 : 0;
    both += skyOk && contrastOk ? 1 : 0;
    lines.push(
      `${name}: sky C* ${c0 === null ? '-' : `${c0.toFixed(1)} -> ${c1!.toFixed(1)}`}, contrast ${k0.toFixed(1)} -> ${k1.toFixed(1)}${skyOk && contrastOk ? '' : '  <- lost'}`,
    );
  }
  segmenter.dispose();
  for (const line of lines) console.log(line);
  const result = { photos: names.length, skyChromaKept: skyKept, contrastKept, bothKept: both };
  console.log('exteriors (sky chroma kept >= 90 %, contrast kept >= 85 %):', JSON.stringify(result));
  return result;
}

async function rooms() {
  const files: string[] = [];
  const roomDir = join(FIXTURES, 'rooms');
  // Interiors only: the exteriors (frontal) have their own figures (exteriors()).
  const interiors = readdirSync(roomDir)
    .sort()
    .filter((d) => d !== 'frontal');
  for (const sub of interiors) {
    for (const f of readdirSync(join(roomDir, sub)).sort())
      if (/\.jpe?g$/i.test(f)) files.push(join(roomDir, sub, f));
  }
  files.push(join(FIXTURES, 'photos', 'canon-dslr.jpg'));
  const per: Record<Version, PhotoFigures[]> = { input: [], oldRules: [], modelOnly: [], default: [] };
  const changeOnGood: Record<Version, number[]> = { input: [], oldRules: [], modelOnly: [], default: [] };
  const dslr: Partial<Record<Version, PhotoFigures>> = {};
  const frameKept: number[] = [];
  for (const file of files) {
    const input = await load(file, LONG_SIDE);
    const before = figures(input);
    const wellExposed = before.meanL >= 45 && before.meanL <= 70 && before.clippedPct < 1;
    for (const [version, run] of Object.entries(VERSIONS) as [Version, (i: RgbaImage) => RgbaImage][]) {
      const out = run(input);
      if (version === 'default') frameKept.push((out.width * out.height) / (input.width * input.height));
      const f = version === 'input' ? before : figures(out);
      per[version].push(f);
      if (wellExposed) {
        // The change in tone and colour: the new default's frame is kept (tone-only) so a straightened photo is
        // not counted as changed everywhere; the old rules have no such switch (a crop there counts).
        const toned = version === 'default' ? autoOptimize(input, retoucher, { toneOnly: true }).image : out;
        changeOnGood[version].push(meanDeltaE(await sameSize(toned, input), input, 2));
      }
      if (file.endsWith('canon-dslr.jpg')) dslr[version] = f;
    }
  }
  const darkIdx = per.input.map((f, i) => (f.meanL < 40 ? i : -1)).filter((i) => i >= 0);
  const summary = Object.fromEntries(
    (Object.keys(per) as Version[]).map((v) => {
      const list = per[v];
      const whites = darkOrAll(list.map((f, i) => (per.input[i].whitesAbsB === null ? null : f.whitesAbsB)));
      return [
        v,
        {
          whitesMeanAbsB: round(mean(whites)),
          whitesOver6: whites.filter((b) => b > 6).length,
          clippedPct: round(mean(list.map((f) => f.clippedPct)), 3),
          meanL: round(mean(list.map((f) => f.meanL)), 1),
          darkPhotosMeanL: round(mean(darkIdx.map((i) => list[i].meanL)), 1),
          darkPhotosMinL: round(Math.min(...darkIdx.map((i) => list[i].meanL)), 1),
          noise: round(mean(list.map((f) => f.noise))),
          changeOnWellExposedDeltaE: round(mean(changeOnGood[v])),
        },
      ];
    }),
  );
  const dslrFigures = Object.fromEntries(
    Object.entries(dslr).map(([v, f]) => [
      v,
      {
        meanL: round(f.meanL, 1),
        whitesMeanAbsB: f.whitesAbsB === null ? null : round(f.whitesAbsB),
        greysChroma: f.greysChroma === null ? null : round(f.greysChroma),
        clippedPct: round(f.clippedPct, 3),
        noise: round(f.noise),
      },
    ]),
  );
  console.log(
    `rooms (${files.length} photos incl. canon-dslr, ${darkIdx.length} darker than L* 40, ${changeOnGood.input.length} well exposed):`,
    JSON.stringify(summary),
  );
  console.log('canon-dslr:', JSON.stringify(dslrFigures));
  const frame = {
    median: round(median(frameKept), 3),
    min: round(Math.min(...frameKept), 3),
    under96: frameKept.filter((k) => k < 0.96).length,
  };
  console.log('frame kept by the default (share of the photo):', JSON.stringify(frame));
  return {
    photos: files.length,
    frameKept: frame,
    darkPhotos: darkIdx.length,
    wellExposed: changeOnGood.input.length,
    summary,
    dslr: dslrFigures,
  };
}

/** Drops the photos without white things. */
function darkOrAll(values: (number | null)[]): number[] {
  return values.filter((v): v is number => v !== null);
}

// The dev set (enhance-pairs, which the steps were tuned on) and the validation set (enhance-val, not used for
// tuning) apart; --only dev,val,exteriors,rooms runs a part.
const only = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]!.split(',')
  : null;
const part = async <T>(name: string, run: () => Promise<T>): Promise<T | null> =>
  only && !only.includes(name) ? null : run();
const dev = await part('dev', () => pairs('enhance-pairs'));
const validation = await part('val', () => pairs('enhance-val'));
const exteriorFigures = await part('exteriors', exteriors);
const roomFigures = await part('rooms', rooms);
console.log(
  JSON.stringify({
    longSide: LONG_SIDE,
    dev,
    validation,
    exteriors: exteriorFigures,
    rooms: roomFigures,
  }),
);
