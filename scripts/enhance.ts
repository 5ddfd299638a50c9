// `npm run enhance -- <input> <output> [--mode autoOptimize] [--tone-only] [--strength 0..1]`: the device's
// enhancement of one photo file, in Node, with the same core code the web worker runs (core/imaging/pipeline.ts
// with the learned retouch of core/retouch). Decodes with sharp (EXIF orientation applied, as the browser does),
// encodes JPEG for .jpg/.jpeg and PNG for .png, and prints one JSON line last: {"mode","ms","width","height"}.
// --tone-only leaves out every geometric step (perspective, crop), so the output keeps the input's frame.
import { readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import sharp from 'sharp';
import { autoOptimize, isDeviceModeId, runDeviceMode } from '../core/imaging/pipeline';
import type { RgbaImage } from '../core/imaging/types';
import { retoucherFromFiles, type Retoucher } from '../core/retouch/retoucher';
import { inputOutputArgs } from './lib/cliArgs';

const USAGE =
  'usage: npm run enhance -- <input> <output> [--mode autoOptimize] [--tone-only] [--strength 0..1]\n';
const MODEL = resolve(import.meta.dirname, '../models/image-adaptive-3dlut');

function loadRetoucher(): Retoucher {
  const bytes = (name: string): ArrayBuffer => {
    const b = readFileSync(resolve(MODEL, name));
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
  };
  return retoucherFromFiles(bytes('classifier.bin'), bytes('luts.bin'));
}

async function decode(path: string): Promise<RgbaImage> {
  const { data, info } = await sharp(path).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
  };
}

async function encode(image: RgbaImage, path: string): Promise<void> {
  const raw = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
  });
  const ext = extname(path).toLowerCase();
  if (ext === '.png') await raw.png().toFile(path);
  else if (ext === '.jpg' || ext === '.jpeg') await raw.removeAlpha().jpeg({ quality: 90 }).toFile(path);
  else throw new Error(`output must end in .jpg, .jpeg or .png: ${path}`);
}

async function main(): Promise<number> {
  const args = inputOutputArgs(
    {
      mode: { type: 'string', default: 'autoOptimize' },
      'tone-only': { type: 'boolean', default: false },
      strength: { type: 'string', default: '1' },
    },
    USAGE,
  );
  if (typeof args === 'number') return args;
  const { input, output, values } = args;
  const mode = values.mode ?? 'autoOptimize';
  const strength = Number(values.strength);
  if (!isDeviceModeId(mode) || !(strength >= 0 && strength <= 1)) {
    process.stderr.write(USAGE);
    return 2;
  }
  const image = await decode(input);
  const retoucher = loadRetoucher();
  const started = performance.now();
  const toneOnly = values['tone-only'] ?? false;
  // 'perspective' is nothing but geometry: with --tone-only it leaves the photo as it is.
  const result =
    mode === 'autoOptimize'
      ? autoOptimize(image, retoucher, { strength, toneOnly }).image
      : toneOnly && mode === 'perspective'
        ? image
        : runDeviceMode(mode, image, { retoucher, strength }).image;
  const ms = Math.round(performance.now() - started);
  await encode(result, output);
  process.stdout.write(JSON.stringify({ mode, ms, width: result.width, height: result.height }) + '\n');
  return 0;
}

process.exitCode = await main();
