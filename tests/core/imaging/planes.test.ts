import { describe, expect, it } from 'vitest';
import {
  LUMA_MAX,
  binomialLumaResponse,
  boxBlurPlane,
  boxRadiusForSigma,
  buildResponseLut,
  lumaPlane,
} from '../../../core/imaging/planes';
import { createLike } from '../../../core/imaging/types';
import { fromPixels, greyFrom, pixel, solid } from './synthetic';

describe('#lumaPlane', () => {
  it.each([
    [[0, 0, 0], 0],
    [[255, 255, 255], 4080],
    [[255, 0, 0], Math.round(0.2126 * 255 * 16)],
    [[0, 255, 0], Math.round(0.7152 * 255 * 16)],
    [[0, 0, 255], Math.round(0.0722 * 255 * 16)],
    [[100, 100, 100], 1600],
  ])('luma of %j is %d sixteenths of a level', (rgb, expected) => {
    const plane = lumaPlane(fromPixels(1, [[rgb[0], rgb[1], rgb[2], 255]]));
    // The integer weights (218, 732, 74 of 1024) differ from Rec. 709 in the fourth decimal.
    expect(Math.abs(plane[0] - expected)).toBeLessThanOrEqual(2);
  });
});

describe('#boxBlurPlane', () => {
  it('keeps a flat plane flat', () => {
    const plane = new Uint16Array(30 * 20).fill(777);
    expect(Array.from(new Set(boxBlurPlane(plane, 30, 20, 3)))).toEqual([777]);
  });

  it('spreads an impulse symmetrically and keeps its total (away from the edges)', () => {
    const w = 41;
    const plane = new Uint16Array(w * w);
    plane[20 * w + 20] = 49 * 1000;
    const out = boxBlurPlane(plane, w, w, 1, 1);
    // One pass of half-width 1: a 3x3 box of 49000 / 9.
    expect(out[20 * w + 20]).toBe(Math.round(49000 / 9));
    expect(out[19 * w + 21]).toBe(out[21 * w + 19]);
    expect(out[20 * w + 22]).toBe(0);
  });

  it.each([
    [1, 1],
    [3, 3],
    [10, 10],
  ])('three boxes for sigma %d have half-width about %d', (sigma, r) => {
    expect(boxRadiusForSigma(sigma)).toBe(r);
  });
});

describe('#binomialLumaResponse', () => {
  const ramp = greyFrom(9, 7, (x, y) => 20 * x + 3 * y);

  it('with a zero response copies the image', () => {
    const out = binomialLumaResponse(
      ramp,
      buildResponseLut(() => 0),
      createLike(ramp),
    );
    expect(Array.from(out.data)).toEqual(Array.from(ramp.data));
  });

  it('sees no detail on a linear ramp (the binomial blur of a ramp is the ramp)', () => {
    // Interior pixels only: at the border the replicated edge bends the ramp.
    const out = binomialLumaResponse(
      ramp,
      buildResponseLut((d) => 10 * d),
      createLike(ramp),
    );
    for (let y = 2; y < 5; y++)
      for (let x = 2; x < 7; x++) expect(pixel(out, x, y)).toEqual(pixel(ramp, x, y));
  });

  it('measures the detail of an impulse as 1 - 36/256 of its height', () => {
    const image = solid(9, 9, 100, 100, 100);
    image.data.set([164, 164, 164, 255], (4 * 9 + 4) * 4);
    const seen: number[] = [];
    const lut = buildResponseLut((d) => {
      seen.push(d);
      return 0;
    });
    expect(lut.length).toBe(2 * LUMA_MAX + 1);
    // Response 1:1 of the detail: the impulse pixel rises by its own detail, 64 * 220 / 256 = 55.
    const out = binomialLumaResponse(
      image,
      buildResponseLut((d) => d),
      createLike(image),
    );
    expect(pixel(out, 4, 4)[0]).toBe(164 + 55);
    // Its direct neighbour sees the impulse with weight 24/256 in its blur, 6 levels above itself: -6.
    expect(pixel(out, 5, 4)[0]).toBe(100 - 6);
    expect(seen.length).toBe(lut.length);
  });

  it('writes in place when out is the input', () => {
    const image = greyFrom(12, 10, (x, y) => ((x * 7 + y * 13) % 5) * 40);
    const expected = binomialLumaResponse(
      image,
      buildResponseLut((d) => 0.5 * d),
      createLike(image),
    );
    const same = binomialLumaResponse(
      image,
      buildResponseLut((d) => 0.5 * d),
      image,
    );
    expect(same).toBe(image);
    expect(Array.from(image.data)).toEqual(Array.from(expected.data));
  });

  it('handles images narrower and lower than the kernel', () => {
    for (const [w, h] of [
      [1, 1],
      [2, 3],
      [3, 1],
      [4, 2],
    ]) {
      const image = greyFrom(w, h, (x, y) => 50 + 30 * x + 10 * y);
      const out = binomialLumaResponse(
        image,
        buildResponseLut(() => 0),
        createLike(image),
      );
      expect(Array.from(out.data)).toEqual(Array.from(image.data));
    }
  });
});
