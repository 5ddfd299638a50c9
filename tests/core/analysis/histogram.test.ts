import { describe, expect, it } from 'vitest';
import {
  computeHistograms,
  fractionAtLeast,
  histogramMean,
  lumaCode,
  percentile,
} from '../../../core/analysis/histogram';
import { fromPixels, greyFrom } from '../imaging/synthetic';

describe('#computeHistograms', () => {
  const image = fromPixels(2, [
    [10, 20, 30, 255],
    [200, 100, 50, 255],
    [255, 255, 255, 0],
    [0, 0, 0, 255],
  ]);
  const h = computeHistograms(image, { maxSamples: 0 });

  it('counts every channel, luma and the brightest channel', () => {
    expect(h.count).toBe(4);
    expect([h.r[10], h.r[200], h.r[255], h.r[0]]).toEqual([1, 1, 1, 1]);
    expect([h.g[20], h.b[50]]).toEqual([1, 1]);
    expect([h.max[30], h.max[200], h.max[255], h.max[0]]).toEqual([1, 1, 1, 1]);
    expect(h.luma[lumaCode(200, 100, 50)]).toBe(1);
  });

  it.each([
    [[0, 0, 0], 0],
    [[255, 255, 255], 255],
    [[255, 0, 0], 54],
    [[0, 255, 0], 182],
    [[0, 0, 255], 19],
  ])('lumaCode of %j is %d', (rgb, expected) => {
    expect(lumaCode(rgb[0], rgb[1], rgb[2])).toBe(expected);
  });

  it('samples large images on a grid, keeping the shape', () => {
    const big = greyFrom(400, 300, (x) => (x < 100 ? 0 : 200));
    const sampled = computeHistograms(big, { maxSamples: 10_000 });
    expect(sampled.count).toBeLessThanOrEqual(12_000);
    expect(sampled.count).toBeGreaterThan(5_000);
    expect(sampled.g[0] / sampled.count).toBeCloseTo(0.25, 1);
  });
});

describe('histogram statistics', () => {
  const h = new Uint32Array(256);
  h[10] = 50;
  h[20] = 30;
  h[250] = 20;

  it.each([
    [0, 10],
    [0.5, 10],
    [0.51, 20],
    [0.8, 20],
    [0.81, 250],
    [1, 250],
  ])('percentile %f is %d', (fraction, value) => {
    expect(percentile(h, fraction)).toBe(value);
  });

  it('computes means, also through a table', () => {
    expect(histogramMean(h)).toBeCloseTo((10 * 50 + 20 * 30 + 250 * 20) / 100, 9);
    const doubled = Array.from({ length: 256 }, (_, v) => 2 * v);
    expect(histogramMean(h, doubled)).toBeCloseTo(2 * histogramMean(h), 9);
    expect(histogramMean(new Uint32Array(256))).toBe(0);
  });

  it('counts the fraction at or above a level', () => {
    expect(fractionAtLeast(h, 20)).toBeCloseTo(0.5, 9);
    expect(fractionAtLeast(h, 251)).toBe(0);
  });
});
