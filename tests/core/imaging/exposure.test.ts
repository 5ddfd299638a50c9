import { describe, expect, it } from 'vitest';
import {
  autoExposureEv,
  exposure,
  exposureFn,
  exposureInPlace,
  solveExposureEv,
} from '../../../core/imaging/exposure';
import { srgbToLinear } from '../../../core/imaging/color';
import { computeHistograms } from '../../../core/analysis/histogram';
import { luminanceStats } from '../../../core/analysis/luminance';
import { greyFrom, pixel, solid } from './synthetic';

describe('#exposureFn', () => {
  it('ev 0 is the identity', () => {
    const f = exposureFn(0);
    for (const x of [0, 0.1, 0.5, 0.9, 1]) expect(f(x)).toBeCloseTo(x, 9);
  });

  it.each([
    [1, 0.05, 0.1],
    [2, 0.05, 0.2],
    [-1, 0.4, 0.2],
  ])('ev %f multiplies the light of a mid-tone (linear %f -> %f)', (ev, linearIn, linearOut) => {
    const f = exposureFn(ev);
    const encodedIn = Math.pow(linearIn, 1 / 2.4) * 1.055 - 0.055;
    expect(srgbToLinear(f(encodedIn))).toBeCloseTo(linearOut, 6);
  });

  it('keeps white white, and rolls bright tones off instead of clipping them', () => {
    for (const ev of [1, 3, 6]) expect(exposureFn(ev)(1)).toBeCloseTo(1, 9);
    // A plain gain of +3 EV would clip everything above 117; the shoulder keeps 200 and 230 below 254.
    const f = exposureFn(3);
    const level = (v: number) => Math.round(f(v / 255) * 255);
    expect([level(180), level(200), level(230)]).toEqual([249, 251, 253]);
  });
});

describe('#exposure', () => {
  it.each([
    // Expected values computed independently (sRGB decode, gain with the 0.5 knee shoulder, encode).
    [1, [64, 128, 200], [90, 176, 234]],
    [-1, [64, 128, 200], [44, 92, 146]],
  ])('ev %f turns %j into %j and keeps alpha', (ev, rgb, expected) => {
    const out = exposure(solid(2, 2, rgb[0], rgb[1], rgb[2], 77), { ev });
    expect(pixel(out, 1, 1)).toEqual([...expected, 77]);
  });

  it('returns a new image and leaves the input alone; the in-place form overwrites it', () => {
    const image = solid(2, 1, 100, 100, 100);
    const out = exposure(image, { ev: 1 });
    expect(out).not.toBe(image);
    expect(pixel(image, 0, 0)).toEqual([100, 100, 100, 255]);
    expect(exposureInPlace(image, { ev: 1 })).toBe(image);
    expect(pixel(image, 0, 0)).toEqual(pixel(out, 0, 0));
  });
});

describe('#autoExposureEv', () => {
  // A dark gradient: luma 0..60, mean about 0.12.
  const dark = greyFrom(64, 16, (x) => x);

  it('lifts a dark photo to the target mean within a percent', () => {
    const ev = autoExposureEv(computeHistograms(dark), { targetMean: 0.46 });
    expect(ev).toBeGreaterThan(1);
    const stats = luminanceStats(exposure(dark, { ev }));
    expect(stats.mean).toBeGreaterThan(0.45);
    expect(stats.mean).toBeLessThan(0.47);
  });

  it('leaves a photo inside the comfort band alone', () => {
    const fine = greyFrom(64, 16, (x) => 60 + x * 2);
    expect(autoExposureEv(computeHistograms(fine))).toBe(0);
  });

  it('brings a too-bright photo down', () => {
    const bright = greyFrom(64, 16, (x) => 190 + x);
    expect(autoExposureEv(computeHistograms(bright), { targetMean: 0.5 })).toBeLessThan(0);
  });

  it('stays within maxEv when the target cannot be reached', () => {
    const black = solid(8, 8, 0, 0, 0);
    expect(autoExposureEv(computeHistograms(black), { maxEv: 3 })).toBe(3);
  });

  it('auto mode of exposure() lands where autoExposureEv says', () => {
    const out = exposure(dark);
    expect(luminanceStats(out).mean).toBeCloseTo(0.46, 1);
  });
});

describe('#solveExposureEv', () => {
  it('takes the following operations into account', () => {
    const dark = greyFrom(64, 16, (x) => x);
    const h = computeHistograms(dark);
    const alone = solveExposureEv(h, 0.4);
    // Followed by a darkening step, the same target needs more exposure.
    const withDarkening = solveExposureEv(h, 0.4, (c) => ({
      r: (x) => c.r(x) * 0.8,
      g: (x) => c.g(x) * 0.8,
      b: (x) => c.b(x) * 0.8,
    }));
    expect(withDarkening).toBeGreaterThan(alone + 0.2);
  });

  it('backs off when the lift would clip more than allowed', () => {
    // Half the pixels near white: any lift clips them (the shoulder only saves values well below white).
    const image = greyFrom(64, 16, (x) => (x < 32 ? 20 : 252));
    const ev = solveExposureEv(computeHistograms(image), 0.9, undefined, { maxClipped: 0.01 });
    const clipped = luminanceStats(exposure(image, { ev })).clippedHighlights;
    expect(clipped).toBeLessThanOrEqual(0.01);
  });
});
