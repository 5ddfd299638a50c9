import { describe, expect, it } from 'vitest';
import { dilateMask, maskArea, maskComponents } from '../../../core/inpaint';

function maskFrom(rows: string[]): { mask: Uint8Array; width: number; height: number } {
  const width = rows[0].length;
  const mask = new Uint8Array(width * rows.length);
  rows.forEach((row, y) => [...row].forEach((c, x) => (mask[y * width + x] = c === '#' ? 1 : 0)));
  return { mask, width, height: rows.length };
}

describe('#maskComponents', () => {
  it.each([
    [['....', '....'], []],
    [
      ['#...', '...#'],
      [
        { box: { x: 0, y: 0, width: 1, height: 1 }, area: 1 },
        { box: { x: 3, y: 1, width: 1, height: 1 }, area: 1 },
      ],
    ],
    // Diagonal neighbours are one component (8-connected).
    [['#...', '.#..', '..##'], [{ box: { x: 0, y: 0, width: 4, height: 3 }, area: 4 }]],
  ])('%j', (rows, expected) => {
    const { mask, width, height } = maskFrom(rows);
    expect(maskComponents(mask, width, height)).toEqual(expected);
  });
});

describe('#dilateMask', () => {
  it.each([
    [0, 1],
    [1, 5],
    [2, 13],
    [3, 29], // the Euclidean disc's count, not the 49-pixel square
  ])('grows one pixel by radius %i to %i pixels', (radius, area) => {
    const mask = new Uint8Array(11 * 11);
    mask[5 * 11 + 5] = 1;
    expect(maskArea(dilateMask(mask, 11, 11, radius))).toBe(area);
  });
});
