import { describe, expect, it } from 'vitest';
import {
  applyChannelLuts,
  applyCurves,
  applyMatrixAndLuts,
  chainCurves,
  curvesToLuts,
  IDENTITY_MATRIX,
  saturationMatrix,
  toByteLut,
  uniformCurves,
  type ChannelLuts,
} from '../../../core/imaging/lut';
import type { RgbaImage } from '../../../core/imaging/types';
import { fromPixels, pixel } from './synthetic';

const invert = (x: number) => 1 - x;

describe('#toByteLut', () => {
  it.each([
    ['identity', (x: number) => x, [0, 1, 128, 254, 255]],
    ['invert', invert, [255, 254, 127, 1, 0]],
    ['clamps above 1', (x: number) => x * 4, [0, 4, 255, 255, 255]],
    ['clamps below 0 and NaN', (x: number) => (x < 0.5 ? Number.NaN : x - 2), [0, 0, 0, 0, 0]],
  ])('%s', (_name, fn, expected) => {
    const lut = toByteLut(fn);
    expect([lut[0], lut[1], lut[128], lut[254], lut[255]]).toEqual(expected);
  });
});

const pixels = [
  [0, 10, 20, 255],
  [100, 150, 200, 128],
  [255, 254, 1, 0],
  [7, 8, 9, 77],
] as const;

function expectedInvert(p: readonly number[]): number[] {
  return [255 - p[0], 255 - p[1], 255 - p[2], p[3]];
}

describe('#applyChannelLuts', () => {
  const luts: ChannelLuts = curvesToLuts(uniformCurves(invert));

  it('maps each colour channel through its table and keeps alpha', () => {
    const out = applyChannelLuts(fromPixels(2, pixels), luts);
    expect([pixel(out, 0, 0), pixel(out, 1, 0), pixel(out, 0, 1), pixel(out, 1, 1)]).toEqual(
      pixels.map(expectedInvert),
    );
  });

  it('uses a separate table per channel', () => {
    const luts3: ChannelLuts = {
      r: toByteLut(() => 1),
      g: toByteLut(() => 0),
      b: toByteLut((x) => x),
    };
    const out = applyChannelLuts(fromPixels(1, [[10, 20, 30, 40]]), luts3);
    expect(pixel(out, 0, 0)).toEqual([255, 0, 30, 40]);
  });

  it('gives the same result on a buffer not aligned to 4 bytes (the byte path)', () => {
    const aligned = fromPixels(2, pixels);
    const backing = new Uint8ClampedArray(aligned.data.length + 1);
    backing.set(aligned.data, 1);
    const misaligned: RgbaImage = { width: 2, height: 2, data: backing.subarray(1) };
    expect(Array.from(applyChannelLuts(misaligned, luts).data)).toEqual(
      Array.from(applyChannelLuts(aligned, luts).data),
    );
  });

  it('does not change its input, and works in place when asked to', () => {
    const image = fromPixels(2, pixels);
    const before = Array.from(image.data);
    applyChannelLuts(image, luts);
    expect(Array.from(image.data)).toEqual(before);
    const same = applyChannelLuts(image, luts, image);
    expect(same).toBe(image);
    expect(pixel(image, 1, 0)).toEqual(expectedInvert(pixels[1]));
  });

  it('rejects an output of another size', () => {
    const image = fromPixels(2, pixels);
    expect(() => applyChannelLuts(image, luts, fromPixels(1, [[0, 0, 0, 0]]))).toThrow(RangeError);
  });
});

describe('#chainCurves', () => {
  it('applies the steps left to right without rounding in between', () => {
    const half = uniformCurves((x) => x / 2);
    const double = uniformCurves((x) => x * 2);
    // Rounding after the first step would turn 1/255 into 0 (0.5 rounds to... either way, 1 is lost).
    const lut = curvesToLuts(chainCurves(half, double)).g;
    for (let v = 0; v < 256; v++) expect(lut[v]).toBe(v);
  });
});

describe('#applyMatrixAndLuts and #saturationMatrix', () => {
  it('identity matrix and identity tables copy the image', () => {
    const image = fromPixels(2, pixels);
    const out = applyMatrixAndLuts(image, IDENTITY_MATRIX, curvesToLuts(uniformCurves((x) => x)));
    expect(Array.from(out.data)).toEqual(Array.from(image.data));
  });

  it('saturation 0 turns every pixel into its Rec. 709 luma grey', () => {
    const out = applyMatrixAndLuts(
      fromPixels(1, [[200, 100, 50, 9]]),
      saturationMatrix(0),
      curvesToLuts(uniformCurves((x) => x)),
    );
    const luma = Math.round(0.2126 * 200 + 0.7152 * 100 + 0.0722 * 50);
    expect(pixel(out, 0, 0)).toEqual([luma, luma, luma, 9]);
  });

  it.each([
    [1.5, [138, 138, 138], [138, 138, 138]],
    [1.5, [200, 100, 50], [241, 91, 16]],
    [2, [250, 10, 10], [255, 0, 0]],
  ])('saturation %f of %j gives %j (greys stay, colours spread, results clamp)', (s, input, expected) => {
    const out = applyMatrixAndLuts(
      fromPixels(1, [[input[0], input[1], input[2], 255]]),
      saturationMatrix(s),
      curvesToLuts(uniformCurves((x) => x)),
    );
    expect(pixel(out, 0, 0).slice(0, 3)).toEqual(expected);
  });

  it('applies the tables after the matrix', () => {
    const out = applyMatrixAndLuts(
      fromPixels(1, [[10, 20, 30, 255]]),
      IDENTITY_MATRIX,
      curvesToLuts(uniformCurves(invert)),
    );
    expect(pixel(out, 0, 0)).toEqual([245, 235, 225, 255]);
  });
});

describe('#applyCurves', () => {
  it('returns a new image with the curves applied', () => {
    const image = fromPixels(1, [[0, 128, 255, 1]]);
    const out = applyCurves(image, uniformCurves(invert));
    expect(out).not.toBe(image);
    expect(pixel(out, 0, 0)).toEqual([255, 127, 0, 1]);
  });
});
