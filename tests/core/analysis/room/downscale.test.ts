import { describe, it, expect } from 'vitest';
import { ANALYSIS_MAX_SIDE, analysisSize, downscaleRgba } from '../../../../core/analysis/room/downscale';
import { paint } from './helpers';

describe('#analysisSize', () => {
  it.each([
    [640, 480, [640, 480]],
    [ANALYSIS_MAX_SIDE, 100, [ANALYSIS_MAX_SIDE, 100]],
    [4048, 3036, [768, 576]],
    [3036, 4048, [576, 768]],
    [5184, 3456, [768, 512]],
    [100000, 10, [768, 1]],
  ])('%i x %i -> %j', (w, h, expected) => {
    expect(analysisSize(w, h)).toEqual(expected);
  });
});

describe('#downscaleRgba', () => {
  it('returns a small image as it is', () => {
    const image = paint(10, 10, () => [1, 2, 3]);
    expect(downscaleRgba(image)).toBe(image);
  });

  it('averages each block of pixels', () => {
    // 4x2 -> 2x1: each output pixel is the mean of a 2x2 block.
    const image = paint(4, 2, (x, y) => (x < 2 ? [y === 0 ? 0 : 100, 50, 0] : [200, 200, 200]));
    const small = downscaleRgba(image, 2);
    expect([small.width, small.height]).toEqual([2, 1]);
    expect(Array.from(small.data)).toEqual([50, 50, 0, 255, 200, 200, 200, 255]);
  });

  it('keeps the aspect ratio of a large photo', () => {
    const small = downscaleRgba(paint(1600, 1200, () => [9, 9, 9]));
    expect([small.width, small.height]).toEqual([768, 576]);
    expect(small.data.length).toBe(768 * 576 * 4);
    expect(small.data[4 * 1000]).toBe(9);
  });
});
