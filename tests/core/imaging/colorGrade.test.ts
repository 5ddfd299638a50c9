import { describe, expect, it } from 'vitest';
import {
  applyCurvesAndSaturation,
  colorGrade,
  colorGradeCurves,
  colorGradeInPlace,
} from '../../../core/imaging/colorGrade';
import { GRADE_IDS, GRADES, grade, gradeCurves, isGradeId } from '../../../core/imaging/grades';
import { identityCurves } from '../../../core/imaging/lut';
import { channelMeans, greyFrom, lumaOf, mean, pixel, solid } from './synthetic';

/** A grey ramp plus a band of colour patches: enough to see tone, warmth and saturation move. */
const chart = greyFrom(64, 8, (x) => 20 + x * 3.5);
for (let x = 0; x < 64; x++) {
  const i = (7 * 64 + x) * 4;
  chart.data.set([180, 90 + x, 60, 255], i);
}

describe('#colorGrade', () => {
  it('with default options is the identity', () => {
    expect(Array.from(colorGrade(chart).data)).toEqual(Array.from(chart.data));
  });

  it('saturation moves colours away from grey and leaves greys alone', () => {
    const out = colorGrade(chart, { saturation: 1.4 });
    expect(pixel(out, 10, 2)).toEqual(pixel(chart, 10, 2));
    const before = pixel(chart, 5, 7);
    const after = pixel(out, 5, 7);
    expect(after[0] - after[2]).toBeGreaterThan(before[0] - before[2]);
  });

  it('combines exposure, warmth and tone in one pass: the same as the curves applied in sequence', () => {
    const options = { ev: 0.5, mired: 30, tone: { contrast: 0.3 } };
    const oneGo = colorGrade(chart, options);
    const viaCurves = applyCurvesAndSaturation(chart, colorGradeCurves(options), 1);
    expect(Array.from(oneGo.data)).toEqual(Array.from(viaCurves.data));
    expect(mean(lumaOf(oneGo))).toBeGreaterThan(mean(lumaOf(chart)));
  });

  it('has an in-place form', () => {
    const image = solid(4, 4, 50, 100, 150);
    const expected = colorGrade(image, GRADES.goldenHour);
    expect(colorGradeInPlace(image, GRADES.goldenHour)).toBe(image);
    expect(Array.from(image.data)).toEqual(Array.from(expected.data));
  });

  it('identity curves with saturation 1 copy the image', () => {
    expect(Array.from(applyCurvesAndSaturation(chart, identityCurves(), 1).data)).toEqual(
      Array.from(chart.data),
    );
  });
});

describe('grades', () => {
  it('knows its ids', () => {
    expect(GRADE_IDS.every(isGradeId)).toBe(true);
    expect(isGradeId('brighten')).toBe(false);
  });

  it.each(GRADE_IDS)('%s changes the photo but keeps white white and black dark', (id) => {
    const out = grade(chart, id);
    expect(Array.from(out.data)).not.toEqual(Array.from(chart.data));
    const white = pixel(grade(solid(1, 1, 255, 255, 255), id), 0, 0);
    expect(Math.min(white[0], white[1], white[2])).toBeGreaterThanOrEqual(250);
    const black = pixel(grade(solid(1, 1, 0, 0, 0), id), 0, 0);
    expect(Math.max(black[0], black[1], black[2])).toBeLessThanOrEqual(12);
  });

  it.each([
    ['goldenHour', 'warmer'],
    ['warmLighting', 'warmer'],
    ['cozyAtmosphere', 'warmer'],
    ['sunshine', 'warmer'],
    ['brightFresh', 'cooler'],
  ] as const)('%s makes a grey ramp %s', (id, direction) => {
    const { r, b } = channelMeans(grade(chart, id));
    const before = channelMeans(chart);
    const shift = r / b - before.r / before.b;
    if (direction === 'warmer') expect(shift).toBeGreaterThan(0.02);
    else expect(shift).toBeLessThan(-0.01);
  });

  it.each(['sunshine', 'brightFresh'] as const)('%s brightens', (id) => {
    expect(mean(lumaOf(grade(chart, id)))).toBeGreaterThan(mean(lumaOf(chart)) + 5);
  });

  it('ambient lighting opens the shadows and calms the highlights', () => {
    const out = grade(chart, 'ambientLighting');
    // Quarter tone (x = 13: level 65) rises, a bright tone (x = 60: level 230) rises less than exposure alone.
    expect(pixel(out, 13, 2)[1]).toBeGreaterThan(pixel(chart, 13, 2)[1] + 5);
    const exposureOnly = colorGrade(chart, { ev: GRADES.ambientLighting.ev });
    expect(pixel(out, 60, 2)[1]).toBeLessThanOrEqual(pixel(exposureOnly, 60, 2)[1]);
  });

  it('gradeCurves adds extra exposure on top of the preset', () => {
    const plain = gradeCurves('warmLighting').g(0.3);
    const lifted = gradeCurves('warmLighting', 1).g(0.3);
    expect(lifted).toBeGreaterThan(plain + 0.05);
  });
});
