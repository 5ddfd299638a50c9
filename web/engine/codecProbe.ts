// The measurement behind codecChoice.ts, run once per page session in the first image worker: a built-in test
// photo (made here, no file to load) decoded and encoded by the browser's canvas, by our WebAssembly codec and
// (JPEG) by WebCodecs' ImageDecoder, taking turns, best of a few rounds each. A few hundred milliseconds on a
// quiet machine, some of it the WebAssembly codec's first load. (Timing two sizes and extrapolating to 12 MP was
// tried: on a busy machine it multiplied the noise twentyfold and chose worse than this.)

import { createImage, type RgbaImage } from '../../core/imaging/types';
import type { AcceptedImageType } from '../../core/upload/sniffImageType';
import { decodeOptions, decodeRgba, encodeRgba, JPEG_QUALITY } from './canvasCodec';
import type { CodecTiming, CodecTimings } from './codecChoice';
import { decodeWithImageDecoder, hasImageDecoder } from './webCodecsDecode';

type Size = readonly [number, number];

/** JPEG decoding, the engine's main input: large enough that decoding, not the call, dominates (~10 ms). */
const JPEG_SIZE: Size = [1024, 768];
/**
 * PNG and WebP input is rarer; a smaller image keeps their share of the probe small (at 384x256 a few
 * milliseconds of a busy machine's noise flipped the choice in one session of five).
 */
const OTHER_SIZE: Size = [512, 384];
/** MozJPEG's encoder can be ten times slower than the canvas: a small image caps what measuring it costs. */
const ENCODE_SIZE: Size = [256, 192];
const ROUNDS = 3;

/**
 * A photo-like test image: smooth light falloff, hard edges (window frames, furniture) and fine sensor-like
 * noise, so both codecs see blocks of every kind. Deterministic (a fixed xorshift seed).
 */
function testPhoto(width: number, height: number): RgbaImage {
  const image = createImage(width, height);
  const d = image.data;
  let seed = 0x9e3779b9;
  const noise = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return ((seed >>> 0) % 17) - 8;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const light = 200 - (140 * Math.hypot(x - width * 0.3, y - height * 0.2)) / width;
      const frame = (x % 160 < 12 || y % 120 < 10) && x > width / 2 ? -90 : 0;
      const wood = 25 * Math.sin(x * 0.21 + Math.sin(y * 0.05) * 3);
      d[i] = light + frame + wood + noise();
      d[i + 1] = light * 0.92 + frame + wood * 0.6 + noise();
      d[i + 2] = light * 0.8 + frame + noise();
      d[i + 3] = 255;
    }
  }
  return image;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

type Contender = (() => Promise<unknown>) | null;
const succeeded = () => true;
const failed = () => false;

/**
 * The codecs on the same job, taking turns so a change in the machine's load hits each alike; first calls untimed
 * (they load and compile). A contender that fails (no WebAssembly, a CSP without 'wasm-unsafe-eval', no
 * ImageDecoder, a photo it hands back) is timed as null.
 */
async function race(
  canvas: () => Promise<unknown>,
  others: { wasm: Contender; webcodecs?: Contender },
): Promise<CodecTiming> {
  await canvas();
  const live = new Map<'wasm' | 'webcodecs', () => Promise<unknown>>();
  for (const [name, run] of Object.entries(others) as ['wasm' | 'webcodecs', Contender][]) {
    const runs = run ? await run().then(succeeded, failed) : false;
    if (run && runs) live.set(name, run);
  }
  const best = new Map<string, number>([
    ['canvas', Infinity],
    ...[...live.keys()].map((k) => [k, Infinity] as const),
  ]);
  for (let i = 0; i < ROUNDS; i++) {
    best.set('canvas', Math.min(best.get('canvas')!, await timed(canvas)));
    for (const [name, run] of live) best.set(name, Math.min(best.get(name)!, await timed(run)));
  }
  const timing: CodecTiming = { canvas: best.get('canvas')!, wasm: best.get('wasm') ?? null };
  if ('webcodecs' in others) timing.webcodecs = best.get('webcodecs') ?? null;
  return timing;
}

/** The canvas's own encoding of the test photo: what every decoder then reads. Null where it cannot write it. */
async function encodedAs(image: RgbaImage, type: AcceptedImageType): Promise<Blob | null> {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.putImageData(
    new ImageData(image.data as Uint8ClampedArray<ArrayBuffer>, image.width, image.height),
    0,
    0,
  );
  const blob = await canvas.convertToBlob({ type, quality: JPEG_QUALITY.keep });
  // A browser without a WebP encoder answers with a PNG.
  return blob.type === type ? blob : null;
}

/** Where a format cannot be measured (no encoder to make its test image): the canvas, unmeasured. */
const CANVAS_ONLY: CodecTiming = { canvas: 0, wasm: null };

/** The decoders' race on the canvas's own encoding of a test photo of `size`. */
async function decodeTiming(
  type: AcceptedImageType,
  [width, height]: Size,
  wasm: typeof import('./wasmCodec') | null,
): Promise<CodecTiming> {
  const blob = await encodedAs(testPhoto(width, height), type);
  if (!blob) return CANVAS_ONLY;
  const into = (w: number, h: number) => createImage(w, h);
  const options = decodeOptions(type);
  const handedBack = () => {
    throw new Error('left to the canvas');
  };
  return race(() => decodeRgba(blob, { ...options, into }), {
    wasm: wasm
      ? async () => (await wasm.decodeWithWasm(blob, type, { ...options, into })) ?? handedBack()
      : null,
    ...(type === 'image/jpeg'
      ? {
          webcodecs: hasImageDecoder()
            ? async () => (await decodeWithImageDecoder(blob, type, into)) ?? handedBack()
            : null,
        }
      : {}),
  });
}

/**
 * Measures the codecs in this worker. What cannot be measured counts for the canvas (PNG or WebP here, all of it
 * in sessionCodecs when this rejects).
 */
export async function measureCodecs(): Promise<CodecTimings> {
  const wasm = await import('./wasmCodec')
    .then(async (codec) => {
      await codec.loadWasmCodecs();
      return codec;
    })
    .catch(() => null);
  const jpeg = await decodeTiming('image/jpeg', JPEG_SIZE, wasm);
  const png = await decodeTiming('image/png', OTHER_SIZE, wasm).catch(() => CANVAS_ONLY);
  const webp = await decodeTiming('image/webp', OTHER_SIZE, wasm).catch(() => CANVAS_ONLY);
  const small = testPhoto(...ENCODE_SIZE);
  const encode = await race(() => encodeRgba(small, 'image/jpeg', JPEG_QUALITY.keep), {
    wasm: wasm ? () => wasm.encodeWithWasm(small, JPEG_QUALITY.keep) : null,
  });
  return { decode: { jpeg, png, webp }, encode };
}
