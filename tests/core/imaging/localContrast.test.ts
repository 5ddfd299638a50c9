import { describe, expect, it } from 'vitest';
import { localContrast, localContrastResponse } from '../../../core/imaging/localContrast';
import { greyFrom, lumaOf, mean, pixel, solid, std } from './synthetic';

describe('#localContrastResponse', () => {
  it.each([
    [0, 0],
    [10, (0.35 * 10) / (1 + 10 / 40)],
    [40, 0.35 * 20],
    [-40, -0.35 * 20],
  ])('detail %f -> push %f (half strength at halfAt)', (detail, push) => {
    expect(localContrastResponse()(detail)).toBeCloseTo(push, 9);
  });

  it('grows ever slower for large details (no halos around windows)', () => {
    const f = localContrastResponse({ amount: 0.35, halfAt: 40 });
    expect(f(400)).toBeLessThan(0.35 * 40);
  });
});

describe('#localContrast', () => {
  it('leaves a flat image as it was', () => {
    const flat = solid(40, 30, 120, 110, 100);
    expect(Array.from(localContrast(flat).data)).toEqual(Array.from(flat.data));
  });

  it('strengthens mid-sized texture without moving the mean tone', () => {
    // Soft blobs of 8 px period: the texture a clarity control is for.
    const texture = greyFrom(96, 96, (x, y) => 128 + 20 * Math.sin(x / 1.3) * Math.sin(y / 1.3));
    const out = localContrast(texture, { amount: 0.5 });
    expect(std(lumaOf(out))).toBeGreaterThan(std(lumaOf(texture)) * 1.1);
    expect(Math.abs(mean(lumaOf(out)) - mean(lumaOf(texture)))).toBeLessThan(0.5);
  });

  it('does not change its input', () => {
    const image = greyFrom(20, 20, (x) => x * 10);
    const before = Array.from(image.data);
    localContrast(image);
    expect(Array.from(image.data)).toEqual(before);
    expect(pixel(image, 3, 3)[0]).toBe(30);
  });
});
