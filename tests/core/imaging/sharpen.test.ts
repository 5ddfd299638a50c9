import { describe, expect, it } from 'vitest';
import {
  defaultSharpenOptions,
  sharpen,
  sharpenInPlace,
  sharpenResponse,
} from '../../../core/imaging/sharpen';
import { greyFrom, pixel, solid } from './synthetic';

describe('#sharpenResponse', () => {
  const f = sharpenResponse({ amount: 1, threshold: 2, haloLimit: 20 });

  it.each([
    [0, 0],
    [0.9, 0],
    [-1, 0],
    [2, 20 * Math.tanh(1 / 20)], // halfway up the ramp: half strength, then the soft limit
    [4, 20 * Math.tanh(4 / 20)],
    [-4, -20 * Math.tanh(4 / 20)],
    [200, 20 * Math.tanh(10)],
  ])('detail %f -> push %f', (detail, push) => {
    expect(f(detail)).toBeCloseTo(push, 6);
  });

  it('never pushes by more than the halo limit', () => {
    for (let d = -255; d <= 255; d += 0.5) expect(Math.abs(f(d))).toBeLessThan(20);
  });

  it('with threshold 0 and no halo limit is a plain unsharp mask', () => {
    const plain = sharpenResponse({ amount: 0.7, threshold: 0, haloLimit: 0 });
    expect(plain(10)).toBeCloseTo(7, 9);
    expect(plain(-100)).toBeCloseTo(-70, 9);
  });
});

describe('#sharpen', () => {
  // A vertical step edge from 60 to 180 between columns 7 and 8.
  const edge = greyFrom(16, 8, (x) => (x < 8 ? 60 : 180));

  it('leaves a flat image exactly as it was', () => {
    const flat = solid(10, 10, 90, 120, 150, 200);
    expect(Array.from(sharpen(flat).data)).toEqual(Array.from(flat.data));
  });

  it('steepens an edge: darker on the dark side, brighter on the bright side', () => {
    const out = sharpen(edge);
    expect(pixel(out, 7, 4)[0]).toBeLessThan(60);
    expect(pixel(out, 8, 4)[0]).toBeGreaterThan(180);
    // Far from the edge nothing changes.
    expect(pixel(out, 1, 4)[0]).toBe(60);
    expect(pixel(out, 14, 4)[0]).toBe(180);
  });

  it('keeps the overshoot beside a strong edge below the halo limit, which a plain unsharp mask exceeds', () => {
    const limited = sharpen(edge, { amount: 1 });
    const plain = sharpen(edge, { amount: 1, haloLimit: 0 });
    const overshoot = (img: typeof edge) => Math.max(60 - pixel(img, 7, 4)[0], pixel(img, 8, 4)[0] - 180);
    expect(overshoot(limited)).toBeLessThanOrEqual(defaultSharpenOptions.haloLimit);
    expect(overshoot(plain)).toBeGreaterThan(35);
  });

  it('leaves noise below the threshold alone', () => {
    // A checkerboard of +-1 level: the binomial blur averages it out, the detail is 1 level = threshold / 2.
    const fine = greyFrom(12, 12, (x, y) => ((x + y) % 2 ? 101 : 99));
    expect(Array.from(sharpen(fine, { threshold: 2 }).data)).toEqual(Array.from(fine.data));
    expect(Array.from(sharpen(fine, { threshold: 0 }).data)).not.toEqual(Array.from(fine.data));
  });

  it('adds the same change to R, G and B, so a coloured edge keeps its hue difference', () => {
    const coloured = greyFrom(16, 4, (x) => (x < 8 ? 60 : 180));
    for (let i = 0; i < coloured.data.length; i += 4) coloured.data[i] += 30;
    const out = sharpen(coloured);
    const p = pixel(out, 8, 2);
    expect(p[0] - p[1]).toBe(30);
    expect(p[1]).toBe(p[2]);
  });

  it('keeps alpha; the in-place form gives the same pixels', () => {
    const image = greyFrom(16, 8, (x) => (x < 8 ? 60 : 180));
    for (let i = 3; i < image.data.length; i += 4) image.data[i] = 99;
    const out = sharpen(image);
    expect(pixel(out, 8, 4)[3]).toBe(99);
    expect(sharpenInPlace(image)).toBe(image);
    expect(Array.from(image.data)).toEqual(Array.from(out.data));
  });
});
