// Neutral white: how much of the near-whites' colour goes after the cast the white things show.
import { describe, expect, it } from 'vitest';
import { desaturationAfter, nearWhiteChroma } from '../../../core/retouch/whites';

describe('desaturationAfter', () => {
  it.each([
    ['a lamp-warm cast', { a: 1, b: 4 }, 0.85],
    ['a cool cast', { a: 0, b: -3 }, 0.35],
    // Neutral white things: daylight, whose pale sky or cream wall is the scene's own colour.
    ['neutral white things', { a: 0, b: 0 }, 0],
    ['half the tolerated cast, warm', { a: 0, b: 0.5 }, 0.425],
  ])('%s', (_name, cast, desaturation) => {
    expect(desaturationAfter(cast)).toBeCloseTo(desaturation, 5);
  });
});

describe('nearWhiteChroma', () => {
  it.each([
    ['a bright near-white loses the share', 90, 5, 0.85, 0.15],
    ['a vivid colour keeps its chroma', 90, 40, 0.85, 1],
    ['a dark tone keeps its chroma', 40, 5, 0.85, 1],
    ['nothing goes without desaturation', 90, 5, 0, 1],
  ])('%s', (_name, L, C, desaturation, kept) => {
    expect(nearWhiteChroma(L, C, desaturation)).toBeCloseTo(kept, 5);
  });
});
