// Image quality of 'Automatisch optimieren', measured on the shared fixtures (run: node --import tsx
// bench/quality.ts; figures and how to read them in bench/QUALITY.md). Three versions side by side: the input
// untouched, the old rules (autoEnhance, the rule-based pipeline still in core/imaging/pipeline.ts), the model
// alone, and the new default (autoOptimize). Photos are decoded with sharp and reduced to a long side of 1024 px
// for speed (colour figures of the room photos on every second pixel of every second row); the enhance-pairs are
// ~512 px and are measured whole. The last line of the output is one JSON object.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { estimateNoise } from '../core/analysis/noise';
import { luminanceStats } from '../core/analysis/luminance';
import { autoEnhance, autoOptimize } from '../core/imaging/pipeline';
import type { RgbaImage } from '../core/imaging/types';
import { srgb8ToLab } from '../core/retouch/lab';
import { retoucherFromFiles } from '../core/retouch/retoucher';
import { meanDeltaE, psnr } from './colorDifference';

const FIXTURES = resolve(import.meta.dirname, '../../shared/fixtures');
const MODEL = resolve(import.meta.dirname, '../models/image-adaptive-3dlut');
const LONG_SIDE = 1024;

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

async function pairs() {
  const dir = join(FIXTURES, 'enhance-pairs');
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
  console.log('enhance-pairs (mean over', names.length, 'pairs):', JSON.stringify(summary));
  return { pairs: names.length, ...summary };
}

async function rooms() {
  const files: string[] = [];
  const roomDir = join(FIXTURES, 'rooms');
  for (const sub of readdirSync(roomDir).sort()) {
    for (const f of readdirSync(join(roomDir, sub)).sort())
      if (/\.jpe?g$/i.test(f)) files.push(join(roomDir, sub, f));
  }
  files.push(join(FIXTURES, 'photos', 'canon-dslr.jpg'));
  const per: Record<Version, PhotoFigures[]> = { input: [], oldRules: [], modelOnly: [], default: [] };
  const changeOnGood: Record<Version, number[]> = { input: [], oldRules: [], modelOnly: [], default: [] };
  const dslr: Partial<Record<Version, PhotoFigures>> = {};
  for (const file of files) {
    const input = await load(file, LONG_SIDE);
    const before = figures(input);
    const wellExposed = before.meanL >= 45 && before.meanL <= 70 && before.clippedPct < 1;
    for (const [version, run] of Object.entries(VERSIONS) as [Version, (i: RgbaImage) => RgbaImage][]) {
      const out = run(input);
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
  return {
    photos: files.length,
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

const pairFigures = await pairs();
const roomFigures = await rooms();
console.log(JSON.stringify({ longSide: LONG_SIDE, enhancePairs: pairFigures, rooms: roomFigures }));
