import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../core/catalog';
import { runDeviceMode } from '../../../core/imaging/pipeline';
import type { RgbaImage } from '../../../core/imaging/types';
import { photoJob, HEADER_BYTES, inspect, type Codec, type ModeRunner } from '../../../web/engine/photoJob';
import type { WorkerProgress } from '../../../web/engine/protocol';

const FIXTURES = resolve(import.meta.dirname, '../../../../shared/fixtures');
const bedroom = readFileSync(resolve(FIXTURES, 'rooms/bedroom/1_bedroom.jpg')); // 720x480

/** The worker's codec, done with sharp so the job logic runs in Node; `calls` shows what was decoded. */
function sharpCodec() {
  const calls: string[] = [];
  const codec: Codec = {
    async decode(blob) {
      calls.push('decode');
      const { data, info } = await sharp(Buffer.from(await blob.arrayBuffer()))
        .rotate()
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return {
        width: info.width,
        height: info.height,
        data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      };
    },
    async encode(image) {
      calls.push('encode');
      const raw = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length);
      const jpeg = await sharp(raw, { raw: { width: image.width, height: image.height, channels: 4 } })
        .jpeg()
        .toBuffer();
      return new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });
    },
  };
  return { codec, calls };
}

/** Adds `step` to every red value and reports a step: enough to see that modes run, in order, on the decoded pixels. */
const redder =
  (log: string[], step = 10): ModeRunner =>
  (modeId, image) => {
    log.push(modeId);
    const data = new Uint8ClampedArray(image.data);
    for (let i = 0; i < data.length; i += 4) data[i] = data[i]! + step;
    return { image: { ...image, data }, steps: [modeId === 'sharpen' ? 'sharpened' : 'brightened'] };
  };

const noModes: ModeRunner = () => {
  throw new Error('no mode may run');
};

/** A JPEG whose frame header claims width x height, with nothing decodable behind it. */
function claimedJpeg(width: number, height: number): Blob {
  const sof = [
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return new Blob([new Uint8Array([0xff, 0xd8, ...sof, 0xff, 0xd9])], { type: 'image/jpeg' });
}

const mean = (image: RgbaImage, channel: number) => {
  let sum = 0;
  for (let i = channel; i < image.data.length; i += 4) sum += image.data[i]!;
  return sum / (image.width * image.height);
};

describe('#inspect', () => {
  it('reads the size of a real photo from its first bytes', async () => {
    expect(await inspect(new Blob([bedroom]))).toEqual({ type: 'image/jpeg', width: 720, height: 480 });
  });

  it('reads the whole file when the frame header sits behind more than HEADER_BYTES of metadata', async () => {
    // Five 60 KB comment segments (COM, FF FE) right after SOI push the frame header past HEADER_BYTES.
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0xea, 0x62]), Buffer.alloc(0xea60)]);
    const file = Buffer.concat([bedroom.subarray(0, 2), ...Array(5).fill(comment), bedroom.subarray(2)]);
    expect(file.indexOf(Buffer.from([0xff, 0xc0]))).toBeGreaterThan(HEADER_BYTES);
    expect(await inspect(new Blob([new Uint8Array(file)]))).toEqual({
      type: 'image/jpeg',
      width: 720,
      height: 480,
    });
  });
});

describe('#photoJob', () => {
  it('decodes, runs the modes in the given order, encodes, and reports the stages in order', async () => {
    const { codec, calls } = sharpCodec();
    const log: string[] = [];
    const progress: WorkerProgress[] = [];
    const outcome = await photoJob(
      { blob: new Blob([bedroom]), modeIds: ['brighten', 'sharpen'] },
      { codec, runMode: redder(log) },
      (p) => progress.push(p),
    );
    if (!outcome.ok) throw new Error(outcome.detail);
    expect(calls).toEqual(['decode', 'encode']);
    expect(log).toEqual(['brighten', 'sharpen']);
    expect(outcome.notes).toEqual([['brightened'], ['sharpened']]);
    expect([outcome.width, outcome.height]).toEqual([720, 480]);
    expect(progress.map((p) => `${p.stage}:${p.fraction.toFixed(2)}`)).toEqual([
      'decoding:0.00',
      'processing:0.30',
      'processing:0.55',
      'processing:0.80',
      'encoding:0.80',
    ]);
    const before = await sharpCodec().codec.decode(new Blob([bedroom]), 'image/jpeg');
    const after = await sharpCodec().codec.decode(outcome.blob, 'image/jpeg');
    expect(mean(after, 0) - mean(before, 0)).toBeGreaterThan(12); // +20 red, minus what clipping and JPEG take
    expect(Math.abs(mean(after, 2) - mean(before, 2))).toBeLessThan(2);
    expect(Object.values(outcome.timings).every((ms) => ms >= 0)).toBe(true);
  });

  it('with the real kernels: brighten and autoOptimize lift a dark photo, and autoOptimize says what it did', async () => {
    const dark = await sharp(resolve(FIXTURES, 'photos/canon-dslr.jpg')).resize(600).jpeg().toBuffer();
    const { codec } = sharpCodec();
    const outcome = await photoJob(
      { blob: new Blob([new Uint8Array(dark)]), modeIds: ['brighten', 'autoOptimize'] },
      { codec, runMode: runDeviceMode },
    );
    if (!outcome.ok) throw new Error(outcome.detail);
    expect([outcome.width, outcome.height]).toEqual([600, 400]);
    // Each mode that changed something says what, in the order the modes ran.
    expect(outcome.notes).toHaveLength(2);
    expect(outcome.notes[0]).toEqual(['brightened']);
    expect(outcome.notes[1]!.length).toBeGreaterThan(0);
    const before = await codec.decode(new Blob([new Uint8Array(dark)]), 'image/jpeg');
    const after = await codec.decode(outcome.blob, 'image/jpeg');
    expect(mean(after, 1)).toBeGreaterThan(mean(before, 1) + 30);
  });

  it('with no modes it re-encodes the photo as it is', async () => {
    const { codec } = sharpCodec();
    const outcome = await photoJob({ blob: new Blob([bedroom]), modeIds: [] }, { codec, runMode: noModes });
    expect(outcome).toMatchObject({ ok: true, width: 720, height: 480, notes: [] });
  });

  it.each([
    ['a 60 MP JPEG header', claimedJpeg(10_000, 6_000), 'tooManyPixels', '10000x6000 = 60000000 pixels'],
    ['50 MP plus one row', claimedJpeg(10_000, 5_001), 'tooManyPixels', '10000x5001 = 50010000 pixels'],
    ['text', new Blob(['Das ist kein Foto.']), 'unsupported', 'not a JPEG, PNG or WebP file'],
    ['a GIF', new Blob(['GIF89a\x01\x00\x01\x00']), 'unsupported', 'not a JPEG, PNG or WebP file'],
    [
      'a JPEG cut before its frame header',
      new Blob([bedroom.subarray(0, 20)]),
      'decodeFailed',
      'the header holds no readable size',
    ],
  ])('refuses %s before decoding', async (_name, blob, code, detail) => {
    const { codec, calls } = sharpCodec();
    const progress: WorkerProgress[] = [];
    expect(
      await photoJob({ blob, modeIds: ['brighten'] }, { codec, runMode: noModes }, (p) => progress.push(p)),
    ).toEqual({
      ok: false,
      code,
      detail,
    });
    expect(calls).toEqual([]);
    expect(progress).toEqual([]);
  });

  it('decodes exactly 50 MP (the limit itself is allowed)', async () => {
    const { calls } = sharpCodec();
    const codec: Codec = {
      decode: async () => {
        calls.push('decode');
        throw new Error('stop here');
      },
      encode: async () => new Blob([]),
    };
    const outcome = await photoJob(
      { blob: claimedJpeg(10_000, 5_000), modeIds: [] },
      { codec, runMode: noModes },
    );
    expect(calls).toEqual(['decode']);
    expect(outcome).toEqual({ ok: false, code: 'decodeFailed', detail: 'Error: stop here' });
  });

  it('a JPEG with a valid header and a corrupt body fails as decodeFailed', async () => {
    const { codec } = sharpCodec();
    const corrupt = Buffer.from(bedroom);
    const sos = corrupt.indexOf(Buffer.from([0xff, 0xda]));
    corrupt.fill(0xff, sos, corrupt.length); // the scan data is gone: libjpeg cannot decode it
    const outcome = await photoJob(
      { blob: new Blob([corrupt]), modeIds: ['brighten'] },
      { codec, runMode: noModes },
    );
    expect(outcome).toMatchObject({ ok: false, code: 'decodeFailed' });
  });

  it('a failing mode or encoder gives processingFailed', async () => {
    const { codec } = sharpCodec();
    const throwing: ModeRunner = () => {
      throw new RangeError('Array buffer allocation failed');
    };
    expect(
      await photoJob({ blob: new Blob([bedroom]), modeIds: ['brighten'] }, { codec, runMode: throwing }),
    ).toEqual({
      ok: false,
      code: 'processingFailed',
      detail: 'RangeError: Array buffer allocation failed',
    });
    const failingEncoder: Codec = {
      decode: codec.decode,
      encode: () => Promise.reject(new Error('encoder gave up')),
    };
    expect(
      await photoJob({ blob: new Blob([bedroom]), modeIds: [] }, { codec: failingEncoder, runMode: noModes }),
    ).toEqual({
      ok: false,
      code: 'processingFailed',
      detail: 'Error: encoder gave up',
    });
  });

  it('counts the decoded pixels from the header, not from the file size: a small PNG of 64 MP is refused', async () => {
    const png = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(png.length).toBeLessThan(MAX_FILE_BYTES);
    const { codec, calls } = sharpCodec();
    expect(
      await photoJob({ blob: new Blob([new Uint8Array(png)]), modeIds: [] }, { codec, runMode: noModes }),
    ).toMatchObject({
      ok: false,
      code: 'tooManyPixels',
    });
    expect(calls).toEqual([]);
  });
});
