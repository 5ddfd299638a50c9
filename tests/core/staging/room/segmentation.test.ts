// The segmenter's tensors: a photo of any size becomes 512x512 RGB bytes (area average down, interpolation
// up, alpha dropped), and the ArgMax ids become a LabelMap.
import { describe, expect, it } from 'vitest';
import {
  labelMapFromArgmax,
  SEGMENTER_SIZE,
  segmenterInput,
} from '../../../../core/staging/room/segmentation';

/** An RGBA image whose pixel (x, y) is colour(x, y), alpha 255. */
function image(width: number, height: number, colour: (x: number, y: number) => [number, number, number]) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      data.set([...colour(x, y), 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const rgbAt = (input: Uint8Array, x: number, y: number) =>
  Array.from(input.subarray((y * 512 + x) * 3, (y * 512 + x) * 3 + 3));

describe('segmenterInput', () => {
  it('gives 512x512 RGB bytes in NHWC order, without alpha', () => {
    const input = segmenterInput(image(512, 512, (x, y) => [x % 256, y % 256, 7]));
    expect(SEGMENTER_SIZE).toBe(512);
    expect(input).toHaveLength(512 * 512 * 3);
    expect(rgbAt(input, 3, 5)).toEqual([3, 5, 7]);
    expect(rgbAt(input, 300, 100)).toEqual([300 % 256, 100, 7]);
  });

  it('averages the area of every destination pixel when shrinking', () => {
    // 1024 wide: each output pixel covers a black and a white column.
    const input = segmenterInput(image(1024, 1024, (x) => (x % 2 ? [255, 255, 255] : [0, 0, 0])));
    expect(rgbAt(input, 10, 10)).toEqual([128, 128, 128]);
  });

  it('stretches a landscape photo to the square: its left half stays left', () => {
    const input = segmenterInput(image(1200, 600, (x) => (x < 600 ? [255, 0, 0] : [0, 0, 255])));
    expect(rgbAt(input, 100, 500)).toEqual([255, 0, 0]);
    expect(rgbAt(input, 400, 0)).toEqual([0, 0, 255]);
  });

  it('interpolates when enlarging a small photo', () => {
    const input = segmenterInput(image(2, 1, (x) => (x === 0 ? [0, 0, 0] : [200, 200, 200])));
    expect(rgbAt(input, 0, 0)).toEqual([0, 0, 0]);
    expect(rgbAt(input, 511, 511)).toEqual([200, 200, 200]);
    const middle = rgbAt(input, 256, 256)[0];
    expect(middle).toBeGreaterThan(90);
    expect(middle).toBeLessThan(110);
  });

  it('accepts sharp-style Uint8Array pixels and refuses a short buffer', () => {
    expect(segmenterInput({ width: 4, height: 4, data: new Uint8Array(64).fill(9) })[0]).toBe(9);
    expect(() => segmenterInput({ width: 4, height: 4, data: new Uint8Array(60) })).toThrow(RangeError);
  });
});

describe('labelMapFromArgmax', () => {
  it('keeps the ids as bytes, row-major', () => {
    const out = new Int32Array(512 * 512);
    out[0] = 1;
    out[512 * 511] = 4;
    const map = labelMapFromArgmax(out);
    expect(map.width).toBe(512);
    expect(map.height).toBe(512);
    expect(map.labels[0]).toBe(1);
    expect(map.labels[512 * 511]).toBe(4);
  });

  it('checks the size and maps impossible ids to 0', () => {
    expect(() => labelMapFromArgmax(new Int32Array(10))).toThrow(RangeError);
    expect(Array.from(labelMapFromArgmax(Int32Array.of(3, -1, 999, 31), 2, 2).labels)).toEqual([3, 0, 0, 31]);
  });
});
