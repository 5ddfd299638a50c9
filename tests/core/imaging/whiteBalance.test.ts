import { describe, expect, it } from 'vitest';
import { whiteBalance, whiteBalanceGains, whiteBalanceInPlace } from '../../../core/imaging/whiteBalance';
import { LUMA_B, LUMA_G, LUMA_R, srgbToLinear } from '../../../core/imaging/color';
import { pixel, solid } from './synthetic';

const linearLuma = (p: readonly number[]) =>
  LUMA_R * srgbToLinear(p[0] / 255) + LUMA_G * srgbToLinear(p[1] / 255) + LUMA_B * srgbToLinear(p[2] / 255);

describe('#whiteBalanceGains', () => {
  it('is neutral for no shift, no tint and no gains', () => {
    const gains = whiteBalanceGains({ mired: 0, tint: 0, gains: [1, 1, 1] });
    for (const g of gains) expect(g).toBeCloseTo(1, 9);
  });

  it.each([15, 30, 80])('+%d mired raises red and lowers blue, more for larger shifts', (mired) => {
    const [r, g, b] = whiteBalanceGains({ mired });
    expect(r).toBeGreaterThan(1);
    expect(b).toBeLessThan(1);
    expect(LUMA_R * r + LUMA_G * g + LUMA_B * b).toBeCloseTo(1, 9);
    const [r2, , b2] = whiteBalanceGains({ mired: mired + 10 });
    expect(r2 / b2).toBeGreaterThan(r / b);
  });

  it('negative shifts cool, positive tint removes green', () => {
    const [r, , b] = whiteBalanceGains({ mired: -30 });
    expect(b).toBeGreaterThan(r);
    const [, g] = whiteBalanceGains({ mired: 0, tint: 0.1 });
    expect(g).toBeLessThan(1);
  });

  it('multiplies explicit gains in and renormalises', () => {
    const [r, g, b] = whiteBalanceGains({ mired: 0, gains: [1, 1, 2] });
    expect(b / g).toBeCloseTo(2, 9);
    expect(r / g).toBeCloseTo(1, 9);
  });
});

describe('#whiteBalance', () => {
  it.each([40, 90, 128, 180])('warms a neutral grey of level %d while keeping its luminance', (level) => {
    const out = whiteBalance(solid(2, 2, level, level, level), { mired: 30 });
    const p = pixel(out, 0, 0);
    expect(p[0]).toBeGreaterThan(level);
    expect(p[2]).toBeLessThan(level);
    // Within the rounding of three 8-bit channels.
    const before = linearLuma([level, level, level]);
    expect(Math.abs(linearLuma(p) - before) / before).toBeLessThan(0.02);
  });

  it('leaves white white (the red channel rolls off instead of clipping)', () => {
    const p = pixel(whiteBalance(solid(1, 1, 255, 255, 255), { mired: 30 }), 0, 0);
    expect(p[0]).toBe(255);
    expect(p[1]).toBeGreaterThanOrEqual(253);
  });

  it('keeps alpha, returns a new image, and has an in-place form', () => {
    const image = solid(2, 1, 100, 120, 140, 33);
    const out = whiteBalance(image);
    expect(pixel(out, 0, 0)[3]).toBe(33);
    expect(pixel(image, 0, 0)).toEqual([100, 120, 140, 33]);
    whiteBalanceInPlace(image);
    expect(pixel(image, 0, 0)).toEqual(pixel(out, 0, 0));
  });
});
