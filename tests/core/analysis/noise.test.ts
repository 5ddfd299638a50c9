import { describe, expect, it } from 'vitest';
import { estimateNoise } from '../../../core/analysis/noise';
import { greyFrom, seededGaussian } from '../imaging/synthetic';

describe('#estimateNoise', () => {
  it.each([2, 4, 8])('estimates Gaussian noise of sigma %d within 15 percent', (sigma) => {
    const gauss = seededGaussian(sigma);
    const image = greyFrom(256, 256, () => 128 + sigma * gauss());
    const estimate = estimateNoise(image);
    expect(estimate).toBeGreaterThan(sigma * 0.85);
    expect(estimate).toBeLessThan(sigma * 1.15);
  });

  it('is not fooled by smooth gradients or a few edges', () => {
    const gauss = seededGaussian(1);
    const scene = greyFrom(256, 256, (x, y) => (x < 128 ? 40 + y * 0.3 : 200 - x * 0.2) + 3 * gauss());
    const estimate = estimateNoise(scene);
    expect(estimate).toBeGreaterThan(2.5);
    expect(estimate).toBeLessThan(3.6);
  });

  it('is zero for a clean image and for images too small to measure', () => {
    expect(estimateNoise(greyFrom(64, 64, (x, y) => x + y))).toBe(0);
    expect(estimateNoise(greyFrom(2, 2, () => 9))).toBe(0);
  });
});
