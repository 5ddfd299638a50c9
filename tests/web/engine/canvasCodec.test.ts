// The web codec (web/engine/canvasCodec.ts) over a fake of the browser's image APIs (createImageBitmap,
// OffscreenCanvas, ImageData), which Node lacks: which sizes it asks the decoder for, which type and quality it
// encodes with, that transparent photos land on white, and that every bitmap is released, also on failure.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analysisSize } from '../../../core/analysis/room/downscale';
import {
  canvasCodec,
  convertBlob,
  decodeBitmap,
  decodeRgba,
  downscaledJpeg,
  encodeRgba,
  JPEG_QUALITY,
  withBitmap,
} from '../../../web/engine/canvasCodec';

/** A "photo" for the fake decoder: its size as text, e.g. '4000x3000'. */
const photo = (width: number, height: number, type = 'image/jpeg') =>
  new Blob([`${width}x${height}`], { type });

interface FakeBitmap {
  width: number;
  height: number;
  closed: boolean;
  close(): void;
}

let log: string[];
let bitmaps: FakeBitmap[];
let decodeOptions: ImageBitmapOptions[];
let encoded: { type: string; quality: number | undefined }[];
let failEncoding: boolean;

class FakeContext {
  fillStyle = '';
  imageSmoothingQuality = 'low';
  fillRect(x: number, y: number, w: number, h: number) {
    log.push(`fill ${this.fillStyle} ${x},${y},${w}x${h}`);
  }
  drawImage(bitmap: FakeBitmap, x: number, y: number, w = bitmap.width, h = bitmap.height) {
    log.push(
      `draw ${bitmap.width}x${bitmap.height} at ${x},${y},${w}x${h} smoothing ${this.imageSmoothingQuality}`,
    );
  }
  putImageData(data: { width: number; height: number }) {
    log.push(`put ${data.width}x${data.height}`);
  }
  getImageData(_x: number, _y: number, w: number, h: number) {
    return { data: new Uint8ClampedArray(w * h * 4) };
  }
}

class FakeCanvas {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    log.push(`canvas ${width}x${height}`);
  }
  getContext() {
    return new FakeContext();
  }
  async convertToBlob(options: { type: string; quality?: number }) {
    if (failEncoding) throw new Error('out of memory');
    encoded.push({ type: options.type, quality: options.quality });
    return new Blob(['encoded'], { type: options.type });
  }
}

beforeEach(() => {
  log = [];
  bitmaps = [];
  decodeOptions = [];
  encoded = [];
  failEncoding = false;
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
  vi.stubGlobal(
    'ImageData',
    class {
      constructor(
        readonly data: Uint8ClampedArray,
        readonly width: number,
        readonly height: number,
      ) {}
    },
  );
  vi.stubGlobal('createImageBitmap', async (blob: Blob, options: ImageBitmapOptions = {}) => {
    decodeOptions.push(options);
    const [w, h] = (await blob.text()).split('x').map(Number) as [number, number];
    const width =
      options.resizeWidth ?? (options.resizeHeight ? Math.round((w * options.resizeHeight) / h) : w);
    const height =
      options.resizeHeight ?? (options.resizeWidth ? Math.round((h * options.resizeWidth) / w) : h);
    const bitmap: FakeBitmap = {
      width,
      height,
      closed: false,
      close() {
        this.closed = true;
      },
    };
    bitmaps.push(bitmap);
    return bitmap;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const allClosed = () => bitmaps.every((b) => b.closed);

describe('JPEG_QUALITY', () => {
  it('keeps the most of what the user keeps and the least of a thumbnail', () => {
    expect(JPEG_QUALITY.keep).toBeGreaterThan(JPEG_QUALITY.forServer);
    expect(JPEG_QUALITY.forServer).toBeGreaterThan(JPEG_QUALITY.preview);
    for (const quality of Object.values(JPEG_QUALITY)) expect(quality).toBeLessThanOrEqual(1);
  });
});

describe('#decodeBitmap', () => {
  it('always applies the EXIF orientation and passes only the sides it is given', async () => {
    await decodeBitmap(photo(100, 50), { width: 40, quality: 'medium' });
    expect(decodeOptions).toEqual([
      { imageOrientation: 'from-image', resizeWidth: 40, resizeQuality: 'medium' },
    ]);
  });
});

describe('#withBitmap', () => {
  it('closes the bitmap when the work throws', async () => {
    await expect(
      withBitmap(photo(10, 10), {}, () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(bitmaps).toHaveLength(1);
    expect(allClosed()).toBe(true);
  });
});

describe('#downscaledJpeg', () => {
  it.each([
    ['a large landscape photo', [4000, 3000], 1024],
    ['a large portrait photo', [3000, 4000], 1024],
    ['a photo already small enough (never enlarged)', [800, 600], 1024],
  ] as const)('%s', async (_name, [width, height], maxSide) => {
    await downscaledJpeg(photo(width, height), maxSide, JPEG_QUALITY.forServer);
    const [w, h] = analysisSize(width, height, maxSide);
    expect(decodeOptions.at(-1)).toMatchObject({ resizeWidth: w, resizeHeight: h, resizeQuality: 'high' });
    expect(Math.max(w, h)).toBeLessThanOrEqual(maxSide);
    expect(encoded).toEqual([{ type: 'image/jpeg', quality: JPEG_QUALITY.forServer }]);
    expect(allClosed()).toBe(true);
  });
});

describe('#convertBlob', () => {
  it('returns a blob that already has the type untouched, without decoding', async () => {
    const png = photo(10, 10, 'image/png');
    expect(await convertBlob(png, 'image/png')).toBe(png);
    expect(bitmaps).toHaveLength(0);
  });

  it('re-encodes anything else at its own size, with the quality given', async () => {
    const result = await convertBlob(photo(30, 20, 'image/webp'), 'image/jpeg', JPEG_QUALITY.keep);
    expect(result.type).toBe('image/jpeg');
    expect(log).toEqual(['canvas 30x20', 'draw 30x20 at 0,0,30x20 smoothing low']);
    expect(encoded).toEqual([{ type: 'image/jpeg', quality: JPEG_QUALITY.keep }]);
    expect(allClosed()).toBe(true);
  });

  it('asks for no quality when encoding PNG and releases the bitmap when encoding fails', async () => {
    await convertBlob(photo(5, 5), 'image/png');
    expect(encoded).toEqual([{ type: 'image/png', quality: undefined }]);
    failEncoding = true;
    await expect(convertBlob(photo(5, 5), 'image/png')).rejects.toThrow('out of memory');
    expect(allClosed()).toBe(true);
  });
});

describe('#decodeRgba', () => {
  it('draws at the size `fit` gives, with the smoothing asked for', async () => {
    const image = await decodeRgba(photo(2000, 1000), { fit: analysisSize, smoothing: 'medium' });
    const [w, h] = analysisSize(2000, 1000);
    expect(image).toMatchObject({ width: w, height: h });
    expect(image.data).toHaveLength(w * h * 4);
    expect(log).toEqual([`canvas ${w}x${h}`, `draw 2000x1000 at 0,0,${w}x${h} smoothing medium`]);
  });
});

describe('canvasCodec (the enhancement worker)', () => {
  it('lays PNG and WebP photos on white before drawing, JPEG photos not', async () => {
    await canvasCodec.decode(photo(4, 3, 'image/png'), 'image/png');
    await canvasCodec.decode(photo(4, 3), 'image/jpeg');
    expect(log).toEqual([
      'canvas 4x3',
      'fill #fff 0,0,4x3',
      'draw 4x3 at 0,0,4x3 smoothing low',
      'canvas 4x3',
      'draw 4x3 at 0,0,4x3 smoothing low',
    ]);
    expect(allClosed()).toBe(true);
  });

  it('encodes a JPEG of keeping quality, the same as encodeRgba with it', async () => {
    const image = { width: 2, height: 1, data: new Uint8ClampedArray(8) };
    await canvasCodec.encode(image);
    await encodeRgba(image, 'image/jpeg', JPEG_QUALITY.keep);
    expect(log).toEqual(['canvas 2x1', 'put 2x1', 'canvas 2x1', 'put 2x1']);
    expect(encoded).toEqual([
      { type: 'image/jpeg', quality: JPEG_QUALITY.keep },
      { type: 'image/jpeg', quality: JPEG_QUALITY.keep },
    ]);
  });
});
