// Colour-noise removal for photos lifted from near black: chroma blurred, luma kept, and for a near-black photo
// only part of its colour kept.
import { describe, expect, it } from 'vitest';
import { chromaDenoiseInPlace } from '../../../core/imaging/chromaDenoise';
import { LUMA_B, LUMA_G, LUMA_R } from '../../../core/imaging/color';
import { seededRandom, solid } from './synthetic';

const luma = (d: Uint8ClampedArray, p: number) => LUMA_R * d[p]! + LUMA_G * d[p + 1]! + LUMA_B * d[p + 2]!;

describe('chromaDenoiseInPlace', () => {
  it('turns per-pixel colour noise into the mean colour, keeping each pixel luma', () => {
    const image = solid(64, 64, 120, 100, 80);
    const random = seededRandom(7);
    for (let p = 0; p < image.data.length; p += 4) {
      image.data[p] = 120 + Math.round((random() - 0.5) * 40);
      image.data[p + 2] = 80 + Math.round((random() - 0.5) * 40);
    }
    const before = Array.from({ length: 64 * 64 }, (_, i) => luma(image.data, i * 4));
    chromaDenoiseInPlace(image, 16);
    let spread = 0;
    for (let i = 0; i < 64 * 64; i++) {
      const p = i * 4;
      expect(Math.abs(luma(image.data, p) - before[i]!)).toBeLessThanOrEqual(1.5);
      spread = Math.max(spread, Math.abs(image.data[p]! - image.data[p + 2]! - 40));
    }
    // Red minus blue was uniform in ±40 per pixel; now it is the mean everywhere, give or take the luma noise.
    expect(spread).toBeLessThan(16);
  });

  it.each([
    [1, 60],
    [0.4, 24],
  ])('keeps %s of the colour', (keep, redMinusBlue) => {
    const image = chromaDenoiseInPlace(solid(16, 16, 160, 120, 100), 4, keep);
    expect(image.data[0]! - image.data[2]!).toBeCloseTo(redMinusBlue, -0.5);
  });
});
