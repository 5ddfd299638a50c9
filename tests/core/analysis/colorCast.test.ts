import { describe, expect, it } from 'vitest';
import { colorCast } from '../../../core/analysis/colorCast';
import { greyFrom } from '../imaging/synthetic';
import type { RgbaImage } from '../../../core/imaging/types';

/** A grey ramp seen through a coloured light: each channel scaled in linear light. */
function underLight(gains: [number, number, number]): RgbaImage {
  const image = greyFrom(64, 64, (x, y) => 30 + x * 2 + y);
  const d = image.data;
  for (let i = 0; i < d.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      const linear = Math.pow(d[i + c] / 255, 2.2) * gains[c];
      d[i + c] = Math.round(Math.pow(Math.min(1, linear), 1 / 2.2) * 255);
    }
  }
  return image;
}

describe('#colorCast', () => {
  it('finds no cast in a grey image', () => {
    const cast = colorCast(underLight([1, 1, 1]));
    expect(cast.strength).toBeLessThan(0.01);
    for (const g of cast.gains) expect(g).toBeCloseTo(1, 2);
  });

  it('measures a warm light and returns the gains that undo it', () => {
    const cast = colorCast(underLight([1.2, 1, 0.7]));
    // Undoing means multiplying red down and blue up by the inverse ratios.
    expect(cast.gains[0] / cast.gains[1]).toBeCloseTo(1 / 1.2, 1);
    expect(cast.gains[2] / cast.gains[1]).toBeCloseTo(1 / 0.7, 1);
    expect(cast.strength).toBeGreaterThan(0.4);
    expect(cast.samples).toBeGreaterThan(1000);
  });

  it('does not call a strongly coloured scene a cast (a green lawn is not a green light)', () => {
    const lawn = greyFrom(64, 64, () => 0);
    for (let i = 0; i < lawn.data.length; i += 4) lawn.data.set([60, 140, 40], i);
    // Add a white wall on a quarter of the picture: that is where the light shows.
    for (let y = 0; y < 16; y++)
      for (let x = 0; x < 64; x++) lawn.data.set([235, 235, 235], (y * 64 + x) * 4);
    expect(colorCast(lawn).strength).toBeLessThan(0.05);
  });

  it('returns neutral gains when nothing is bright enough to judge', () => {
    const black = greyFrom(10, 10, () => 3);
    expect(colorCast(black)).toEqual({ gains: [1, 1, 1], strength: 0, samples: 0 });
  });
});
