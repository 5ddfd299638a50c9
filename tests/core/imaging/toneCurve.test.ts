import { describe, expect, it } from 'vitest';
import {
  monotoneCurve,
  toneAdjustmentFn,
  toneCurve,
  toneCurveInPlace,
  type CurvePoint,
} from '../../../core/imaging/toneCurve';
import { greyFrom, pixel } from './synthetic';

const S_CURVE: CurvePoint[] = [
  [0, 0],
  [0.25, 0.2],
  [0.5, 0.5],
  [0.75, 0.8],
  [1, 1],
];

describe('#monotoneCurve', () => {
  it('passes through its points', () => {
    const f = monotoneCurve(S_CURVE);
    for (const [x, y] of S_CURVE) expect(f(x)).toBeCloseTo(y, 12);
  });

  it('is the identity for the two end points', () => {
    const f = monotoneCurve([
      [0, 0],
      [1, 1],
    ]);
    for (const x of [0, 0.3, 0.77, 1]) expect(f(x)).toBeCloseTo(x, 12);
  });

  it('never overshoots or turns back between points (Fritsch-Carlson)', () => {
    // A steep step between flat parts: a plain cubic spline would overshoot here.
    const f = monotoneCurve([
      [0, 0],
      [0.4, 0.1],
      [0.5, 0.9],
      [1, 1],
    ]);
    let previous = -Infinity;
    for (let x = 0; x <= 1; x += 0.001) {
      const y = f(x);
      expect(y).toBeGreaterThanOrEqual(previous - 1e-12);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(1);
      previous = y;
    }
  });

  it('is flat outside the first and last point and rejects bad input', () => {
    const f = monotoneCurve([
      [0.2, 0.1],
      [0.8, 0.9],
    ]);
    expect(f(0)).toBe(0.1);
    expect(f(1)).toBe(0.9);
    expect(() => monotoneCurve([[0, 0]])).toThrow(RangeError);
    expect(() =>
      monotoneCurve([
        [0.5, 0],
        [0.5, 1],
      ]),
    ).toThrow(RangeError);
  });
});

describe('#toneAdjustmentFn', () => {
  it('is the identity with no adjustments', () => {
    const f = toneAdjustmentFn({});
    for (const x of [0, 0.25, 0.5, 0.9]) expect(f(x)).toBeCloseTo(x, 9);
  });

  it.each([
    [
      'contrast darkens quarter tones and brightens three-quarter tones',
      { contrast: 1 },
      0.25,
      0.17,
      0.75,
      0.83,
    ],
    ['shadows lift the quarter tones only', { shadows: 1 }, 0.25, 0.33, 0.75, 0.75],
    ['highlights lift the three-quarter tones only', { highlights: 1 }, 0.25, 0.25, 0.75, 0.81],
  ])('%s', (_name, adjustment, x1, y1, x2, y2) => {
    const f = toneAdjustmentFn(adjustment);
    expect(f(x1)).toBeCloseTo(y1, 9);
    expect(f(x2)).toBeCloseTo(y2, 9);
    expect(f(0.5)).toBeCloseTo(0.5, 9);
  });

  it('levels stretch: inBlack becomes black, the rest is spread', () => {
    const f = toneAdjustmentFn({ inBlack: 0.1, inWhite: 0.9 });
    expect(f(0.05)).toBe(0);
    expect(f(0.1)).toBeCloseTo(0, 9);
    expect(f(0.5)).toBeCloseTo(0.5, 9);
    expect(f(0.95)).toBe(1);
  });

  it('output ends lift the black and lower the white', () => {
    const f = toneAdjustmentFn({ outBlack: 0.05, outWhite: 0.95 });
    expect(f(0)).toBeCloseTo(0.05, 9);
    expect(f(1)).toBeCloseTo(0.95, 9);
  });
});

describe('#toneCurve', () => {
  it('maps every pixel through the curve, in place on request', () => {
    const image = greyFrom(5, 1, (x) => [0, 64, 128, 191, 255][x]);
    const out = toneCurve(image, { points: S_CURVE });
    expect([0, 1, 2, 3, 4].map((x) => pixel(out, x, 0)[0])).toEqual([0, 51, 128, 204, 255]);
    expect(pixel(image, 1, 0)[0]).toBe(64);
    toneCurveInPlace(image, { points: S_CURVE });
    expect(pixel(image, 1, 0)[0]).toBe(51);
  });
});
