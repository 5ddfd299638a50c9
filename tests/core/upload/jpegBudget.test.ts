import { describe, expect, it } from 'vitest';
import {
  SERVER_IMAGE_MAX_BYTES,
  SERVER_IMAGE_MAX_SIDE,
  SERVER_REQUEST_IMAGE_BYTES,
} from '../../../core/catalog/limits';
import { JPEG_QUALITY_STEPS, jpegAttempts, serverImageBudget } from '../../../core/upload/jpegBudget';

describe('#jpegAttempts', () => {
  it('keeps the full resolution for downloads and only lowers the quality', () => {
    const attempts = jpegAttempts(4048, 3036, { mayShrink: false });
    expect(attempts).toEqual(JPEG_QUALITY_STEPS.map((quality) => ({ width: 4048, height: 3036, quality })));
  });

  it('fits a DSLR photo to the server side first, best quality first, then shrinks', () => {
    const attempts = jpegAttempts(5184, 3456, { maxSide: SERVER_IMAGE_MAX_SIDE, mayShrink: true });
    expect(attempts[0]).toEqual({ width: 4096, height: 2731, quality: 0.92 });
    expect(attempts[JPEG_QUALITY_STEPS.length]).toEqual({ width: 3277, height: 2185, quality: 0.92 });
    // Sizes only shrink, and never below a long side of 1024.
    const sides = attempts.map((a) => Math.max(a.width, a.height));
    expect([...sides].sort((a, b) => b - a)).toEqual(sides);
    expect(Math.min(...sides)).toBeGreaterThanOrEqual(1024);
  });

  it.each([
    [800, 600, { width: 800, height: 600 }],
    [3000, 4000, { width: 3000, height: 4000 }],
    [6000, 3000, { width: 4096, height: 2048 }],
    [3000, 9000, { width: 1365, height: 4096 }],
  ])('%i x %i starts at %j for the server', (width, height, size) => {
    expect(jpegAttempts(width, height, { maxSide: SERVER_IMAGE_MAX_SIDE, mayShrink: true })[0]).toEqual({
      ...size,
      quality: JPEG_QUALITY_STEPS[0],
    });
  });

  it('does not shrink a small photo further', () => {
    expect(jpegAttempts(800, 600, { maxSide: SERVER_IMAGE_MAX_SIDE, mayShrink: true })).toHaveLength(
      JPEG_QUALITY_STEPS.length,
    );
  });
});

describe('#serverImageBudget', () => {
  it.each([
    [1, SERVER_IMAGE_MAX_BYTES],
    [2, SERVER_IMAGE_MAX_BYTES],
    [4, SERVER_REQUEST_IMAGE_BYTES / 4],
    [30, Math.floor(SERVER_REQUEST_IMAGE_BYTES / 30)],
    [0, SERVER_IMAGE_MAX_BYTES],
  ])('%i photos -> %i bytes each', (count, bytes) => {
    expect(serverImageBudget(count)).toBe(bytes);
  });
});
