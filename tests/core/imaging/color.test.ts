import { describe, expect, it } from 'vitest';
import {
  LUMA_B,
  LUMA_G,
  LUMA_R,
  gainWithShoulder,
  kelvinToMired,
  linearToSrgb,
  miredToKelvin,
  normaliseToLuminance,
  planckianRgb,
  srgbToLinear,
} from '../../../core/imaging/color';

describe('#srgbToLinear / #linearToSrgb', () => {
  it.each([
    [0, 0],
    [0.04045, 0.04045 / 12.92],
    [0.5, 0.2140411],
    [1, 1],
  ])('decodes %f to %f', (encoded, linear) => {
    expect(srgbToLinear(encoded)).toBeCloseTo(linear, 6);
    expect(linearToSrgb(linear)).toBeCloseTo(encoded, 6);
  });

  it('clamps linear values outside 0..1', () => {
    expect(linearToSrgb(-0.5)).toBe(0);
    expect(linearToSrgb(1.5)).toBe(1);
  });
});

describe('#gainWithShoulder', () => {
  it('is an exact gain below the knee', () => {
    expect(gainWithShoulder(0.1, 2)).toBeCloseTo(0.2, 12);
    expect(gainWithShoulder(0.25, 2)).toBeCloseTo(0.5, 12);
  });

  it('maps white to white for any gain, so a lift never clips', () => {
    for (const gain of [1.01, 2, 8, 300]) expect(gainWithShoulder(1, gain)).toBeCloseTo(1, 12);
  });

  it('is continuous with slope continuity at the knee and monotone above it', () => {
    const gain = 4;
    const knee = 0.5;
    const at = knee / gain;
    const h = 1e-6;
    const slopeBelow = (gainWithShoulder(at, gain) - gainWithShoulder(at - h, gain)) / h;
    const slopeAbove = (gainWithShoulder(at + h, gain) - gainWithShoulder(at, gain)) / h;
    expect(slopeAbove).toBeCloseTo(slopeBelow, 3);
    let previous = 0;
    for (let x = 0; x <= 1; x += 0.001) {
      const y = gainWithShoulder(x, gain);
      expect(y).toBeGreaterThanOrEqual(previous);
      previous = y;
    }
  });

  it('is the plain product for gains up to 1', () => {
    expect(gainWithShoulder(0.9, 0.5)).toBeCloseTo(0.45, 12);
  });
});

describe('#planckianRgb', () => {
  it('is warmer (more red than blue) the lower the colour temperature', () => {
    const ratio = (k: number) => {
      const [r, , b] = planckianRgb(k);
      return r / b;
    };
    expect(ratio(2700)).toBeGreaterThan(ratio(4000));
    expect(ratio(4000)).toBeGreaterThan(ratio(6500));
    expect(ratio(6500)).toBeGreaterThan(ratio(10000));
  });

  it('is close to the D65 white of sRGB at 6500 K', () => {
    const [r, g, b] = planckianRgb(6500);
    // The black body at 6500 K sits slightly below the daylight locus (a touch magenta), so within 8 %.
    for (const ratio of [r / g, b / g]) {
      expect(ratio).toBeGreaterThan(0.95);
      expect(ratio).toBeLessThan(1.08);
    }
  });
});

describe('mireds and luminance normalisation', () => {
  it('converts kelvin and mireds both ways', () => {
    expect(kelvinToMired(5000)).toBe(200);
    expect(miredToKelvin(200)).toBe(5000);
  });

  it('scales gains so that grey keeps its luminance', () => {
    const [r, g, b] = normaliseToLuminance([2, 1, 0.5]);
    expect(LUMA_R * r + LUMA_G * g + LUMA_B * b).toBeCloseTo(1, 12);
    expect(r / g).toBeCloseTo(2, 12);
  });
});
