import { describe, expect, it } from 'vitest';
import { qualityForBytes, sizeModel } from '../../../core/export/jpegSizeModel';

const RANGE = { min: 0.5, max: 0.95 };

describe('sizeModel', () => {
  it.each<[string, number, number, number]>([
    // The anchor itself.
    ['at the anchor', 0.95, 0.95, 1_000_000],
    // The median photo's curve: 0.9 is 0.768 of 0.95, 0.8 is 0.567, 0.5 is 0.337.
    ['0.95 to 0.9', 0.95, 0.9, 768_000],
    ['0.95 to 0.8', 0.95, 0.8, 567_000],
    ['0.95 to 0.5', 0.95, 0.5, 337_000],
    // Anchored lower: 0.8 to 0.9 grows by 0.768 / 0.567.
    ['0.8 to 0.9', 0.8, 0.9, 1_354_497],
    // Between the curve's points, log-linear: 0.875 lies midway between 0.647 and 0.768.
    ['0.95 to 0.875', 0.95, 0.875, 704_909],
    // Below and above the curve's ends, its end segments carry on.
    ['0.95 to 0.2', 0.95, 0.2, 211_251],
    ['0.95 to 1', 0.95, 1, 1_532_631],
  ])('%s', (_name, from, to, expected) => {
    expect(Math.round(sizeModel({ quality: from, bytes: 1_000_000 })(to))).toBeCloseTo(expected, -1);
  });

  it('grows with quality everywhere', () => {
    let last = 0;
    for (let k = 10; k <= 100; k++) {
      const bytes = sizeModel({ quality: 0.95, bytes: 1_000_000 })(k / 100);
      expect(bytes, `quality ${k / 100}`).toBeGreaterThan(last);
      last = bytes;
    }
  });
});

describe('sizeModel through two files', () => {
  it.each<[string, number, number, number, number]>([
    // Both files on the median curve: the curve itself (0.9 is 0.768 of 0.95).
    ['on the median curve', 0.8, 567_000, 0.9, 768_000],
    // A photo whose file halves from 0.95 to 0.8 (the median: 0.567): steeper in log by log 0.5 / log 0.567,
    // so 0.9 is 0.768^1.2217 of the 0.95 file.
    ['a steeper photo', 0.8, 500_000, 0.9, 724_359],
    // Sizes that fall with quality are no shape: the median curve through the first file.
    ['no shape', 0.8, 1_200_000, 0.9, 1_200_000 * (0.768 / 0.567)],
  ])('%s', (_name, q, bytes, at, expected) => {
    const predict = sizeModel({ quality: q, bytes }, { quality: 0.95, bytes: 1_000_000 });
    expect(predict(0.95)).toBeCloseTo(_name === 'no shape' ? 1_200_000 / 0.567 : 1_000_000, -1);
    expect(predict(at)).toBeCloseTo(expected, -2);
  });
});

describe('qualityForBytes', () => {
  it.each<[string, number, number, number]>([
    ['the anchor fits', 1_000_000, 1_000_000, 0.95],
    ['0.768 of the top file: 0.9', 1_000_000, 768_000, 0.9],
    ['just under 0.9: 0.89', 1_000_000, 767_000, 0.89],
    ['0.567: 0.8', 1_000_000, 567_000, 0.8],
    ['0.35 of it: 0.52', 1_000_000, 350_000, 0.52],
    // Below what the floor would need: the floor.
    ['nothing fits: the floor', 1_000_000, 100_000, 0.5],
  ])('%s', (_name, bytes, maxBytes, expected) => {
    expect(qualityForBytes(sizeModel({ quality: 0.95, bytes }), maxBytes, RANGE)).toBe(expected);
  });

  it('chooses within the range, in hundredths', () => {
    const q = qualityForBytes(sizeModel({ quality: 0.5, bytes: 100 }), 1e9, { min: 0.5, max: 0.93 });
    expect(q).toBe(0.93);
    const mid = qualityForBytes(sizeModel({ quality: 0.95, bytes: 1_000_000 }), 700_000, RANGE);
    expect(Math.round(mid * 100)).toBe(mid * 100);
  });
});
