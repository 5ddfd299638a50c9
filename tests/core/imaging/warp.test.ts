import { describe, expect, it } from 'vitest';
import {
  IDENTITY,
  invert,
  multiply,
  transformPoint,
  translation,
  warpHomography,
  type Matrix3,
} from '../../../core/imaging/warp';
import type { RgbaImage } from '../../../core/imaging/types';

/** A 4x3 image whose pixel (x, y) is (10x + y, 100 + 10x + y, 200 - 10x - y, 255 - x). */
function ramp(): RgbaImage {
  const width = 4;
  const height = 3;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data.set([10 * x + y, 100 + 10 * x + y, 200 - 10 * x - y, 255 - x], i);
    }
  }
  return { width, height, data };
}

const pixel = (image: RgbaImage, x: number, y: number) =>
  Array.from(image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4));

describe('#matrices', () => {
  it('inverts a homography', () => {
    const m: Matrix3 = [1.1, 0.05, 3, -0.02, 0.97, -4, 0.0003, -0.0002, 1];
    const p = multiply(m, invert(m));
    p.forEach((v, i) => expect(v).toBeCloseTo(IDENTITY[i]!, 12));
  });

  it.each([
    [translation(2, -1), 5, 5, 7, 4],
    [[2, 0, 0, 0, 2, 0, 0, 0, 1] as Matrix3, 3, 4, 6, 8],
    [[1, 0, 0, 0, 1, 0, 0.5, 0, 1] as Matrix3, 2, 2, 1, 1],
  ])('transforms points (%#)', (m, x, y, ex, ey) => {
    const [tx, ty] = transformPoint(m, x, y);
    expect(tx).toBeCloseTo(ex, 12);
    expect(ty).toBeCloseTo(ey, 12);
  });
});

describe('#warpHomography', () => {
  it('copies every channel exactly under the identity', () => {
    const src = ramp();
    const out = warpHomography(src, IDENTITY, src.width, src.height);
    expect(Array.from(out.data)).toEqual(Array.from(src.data));
  });

  it('shifts by whole pixels and repeats the border outside the source', () => {
    const src = ramp();
    const out = warpHomography(src, translation(1, 0), 4, 3);
    expect(pixel(out, 0, 0)).toEqual(pixel(src, 1, 0));
    expect(pixel(out, 2, 2)).toEqual(pixel(src, 3, 2));
    expect(pixel(out, 3, 1)).toEqual(pixel(src, 3, 1)); // x = 4 is clamped to the last column
  });

  it.each([
    // output (0,0) samples source (0.5, 0): halfway between (0,0) and (1,0), rounded half up
    [0.5, 0, 0, 0, [5, 105, 195, 255]],
    // (0.5, 0.5): mean of four pixels: R (0+10+1+11)/4 = 5.5 -> 6, A (255+254+255+254)/4 = 254.5 -> 255
    [0.5, 0.5, 0, 0, [6, 106, 195, 255]],
    // (0.25, 0): R 2.5 -> 3, A 254.75 -> 255
    [0.25, 0, 0, 0, [3, 103, 198, 255]],
    [0, 0.5, 1, 1, [12, 112, 189, 254]],
  ])('blends bilinearly at shift (%f, %f), pixel (%i, %i)', (dx, dy, x, y, expected) => {
    const out = warpHomography(ramp(), translation(dx, dy), 3, 2);
    expect(pixel(out, x as number, y as number)).toEqual(expected);
  });

  it('reads pixels from a buffer that is not 4-byte aligned', () => {
    const src = ramp();
    const backing = new Uint8ClampedArray(src.data.length + 1);
    backing.set(src.data, 1);
    const unaligned = { width: 4, height: 3, data: backing.subarray(1) };
    expect(Array.from(warpHomography(unaligned, IDENTITY, 4, 3).data)).toEqual(Array.from(src.data));
  });

  it('maps output pixels through the projective row term', () => {
    // w = 1 + 0.25 x: output (2, 0) samples source (2 / 1.5, 0) = (1.333, 0)
    const out = warpHomography(ramp(), [1, 0, 0, 0, 1, 0, 0.25, 0, 1], 4, 3);
    expect(pixel(out, 2, 0)[0]).toBe(13);
  });
});
