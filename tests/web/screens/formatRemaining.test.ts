// The processing view's time left: how it is worded, and the estimate behind it, which follows each photo's
// megapixels before anything finished and the device's measured pace after.

import { describe, expect, it } from 'vitest';
import {
  formatRemaining,
  remainingSeconds,
  type BatchPhoto,
} from '../../../web/screens/processing/formatRemaining';

describe('formatRemaining', () => {
  it.each([
    [-5, { kind: 'almostDone' }],
    [0, { kind: 'almostDone' }],
    [3, { kind: 'almostDone' }],
    [3.6, { kind: 'seconds', n: 4 }],
    [59, { kind: 'seconds', n: 59 }],
    [60, { kind: 'minutes', time: '1:00' }],
    [125, { kind: 'minutes', time: '2:05' }],
  ])('%d s -> %j', (seconds, expected) => {
    expect(formatRemaining(seconds)).toEqual(expected);
  });
});

const MP = 1_000_000;
const open = (pixels?: number): BatchPhoto =>
  pixels === undefined ? { finished: false } : { pixels, finished: false };
const done = (pixels?: number): BatchPhoto =>
  pixels === undefined ? { finished: true } : { pixels, finished: true };

describe('remainingSeconds before any photo finished: by megapixels', () => {
  // One photo is expected to take 4 s plus 4 s per megapixel.
  it.each<[string, BatchPhoto[], number, number]>([
    ['an 18 MP photo at the start (the issue promised 4 s here)', [open(18 * MP)], 0, 76],
    ['the same photo 56 s in', [open(18 * MP)], 56, 20],
    ['a 12 MP phone photo', [open(12 * MP)], 0, 52],
    ['a 0.25 MP photo', [open(0.25 * MP)], 0, 5],
    ['three photos add up', [open(12 * MP), open(18 * MP), open(0.25 * MP)], 0, 133],
    ['a photo of unknown size counts as 12 MP', [open()], 0, 52],
    ['past the estimate', [open(1 * MP)], 30, 0],
  ])('%s', (_name, photos, elapsedSeconds, expected) => {
    expect(remainingSeconds(photos, 1_000, 1_000 + elapsedSeconds * 1000)).toBe(expected);
  });

  it('a larger photo is expected to take longer', () => {
    const small = remainingSeconds([open(2 * MP)], 0, 0);
    const large = remainingSeconds([open(24 * MP)], 0, 0);
    expect(large).toBeGreaterThan(small * 4);
  });
});

describe('remainingSeconds after photos finished: the measured pace', () => {
  it.each<[string, BatchPhoto[], number, number]>([
    // Four equal photos: the old average per photo.
    ['1 of 4 equal ones after 20 s', [done(MP), open(MP), open(MP), open(MP)], 20, 60],
    ['2 of 4 equal ones (one failed) after 20 s', [done(MP), done(MP), open(MP), open(MP)], 20, 20],
    ['all finished', [done(MP), done(MP)], 41, 0],
    // A 2 MP photo (12 s expected) took 24 s: this device runs at half the speed, so 18 MP (76 s) takes 152 s.
    ['a small photo sets the pace for a large one', [done(2 * MP), open(18 * MP)], 24, 152],
    // ... and a large one that was quick makes the small rest quick.
    ['a large quick photo for a small rest', [done(18 * MP), open(2 * MP)], 38, 6],
  ])('%s', (_name, photos, elapsedSeconds, expected) => {
    expect(
      remainingSeconds(photos, 1_000, 1_000 + elapsedSeconds * 1000, 1_000 + elapsedSeconds * 1000),
    ).toBe(expected);
  });

  // With the time the latest photo finished, the estimate counts down instead of growing while one runs long.
  it.each([
    ['finished at 20 s, asked right then', 21_000, 21_000, 60],
    ['finished at 20 s, 15 s later', 21_000, 36_000, 45],
    ['finished at 20 s, 90 s later', 21_000, 111_000, 0],
    ['a finish time in the future is read as now', 50_000, 21_000, 60],
    // 35 s for the first: 105 s for the other three, growing while the second runs.
    ['without a finish time the pace is taken up to now', undefined, 36_000, 105],
  ])('%s', (_name, finishedAt, now, expected) => {
    const photos = [done(MP), open(MP), open(MP), open(MP)];
    expect(remainingSeconds(photos, 1_000, now, finishedAt)).toBe(expected);
  });
});
