import { describe, expect, it } from 'vitest';
import { denoise, denoisedFrame } from '../../../core/imaging/denoise';
import { exposureCurves } from '../../../core/imaging/exposure';
import { applyCurves } from '../../../core/imaging/lut';
import type { RgbaImage } from '../../../core/imaging/types';
import { LUMA_B, LUMA_G, LUMA_R } from '../../../core/imaging/color';
import { identityCurves } from '../../../core/imaging/lut';
import { greyFrom, lumaOf, mean, pixel, seededGaussian, seededRandom, solid, std } from './synthetic';

/** Grey `base(x, y)` plus independent Gaussian noise of `sigma` per channel. */
function noisy(
  width: number,
  height: number,
  sigma: number,
  base: (x: number, y: number) => number,
  seed = 7,
): RgbaImage {
  const gauss = seededGaussian(seed);
  const image = greyFrom(width, height, base);
  for (let i = 0; i < image.data.length; i += 4) {
    for (let c = 0; c < 3; c++) image.data[i + c] = image.data[i + c] + sigma * gauss();
  }
  return image;
}

function channelDifference(image: RgbaImage): number[] {
  const out: number[] = [];
  for (let i = 0; i < image.data.length; i += 4) out.push(image.data[i] - image.data[i + 1]);
  return out;
}

describe('#denoise', () => {
  it('removes most of the noise of a flat area and keeps its level', () => {
    const image = noisy(120, 120, 5, () => 128);
    const out = denoise(image, { sigma: 5 });
    expect(std(lumaOf(out))).toBeLessThan(0.4 * std(lumaOf(image)));
    expect(Math.abs(mean(lumaOf(out)) - mean(lumaOf(image)))).toBeLessThan(0.5);
  });

  it('removes colour noise (the blotches of a night shot)', () => {
    const image = noisy(120, 120, 5, () => 100, 11);
    const out = denoise(image, { sigma: 5 });
    expect(std(channelDifference(out))).toBeLessThan(0.3 * std(channelDifference(image)));
  });

  it('keeps a strong edge sharp', () => {
    const image = noisy(120, 60, 3, (x) => (x < 60 ? 60 : 190), 3);
    const out = denoise(image, { sigma: 3 });
    // Average each column over the rows; the step must still happen within a few pixels.
    const column = (img: RgbaImage, x: number) => {
      let s = 0;
      for (let y = 0; y < img.height; y++) s += pixel(img, x, y)[1];
      return s / img.height;
    };
    expect(column(out, 56)).toBeLessThan(70);
    expect(column(out, 63)).toBeGreaterThan(180);
    expect(column(out, 63) - column(out, 56)).toBeGreaterThan(0.9 * 130);
  });

  it('measures the noise itself when sigma is auto', () => {
    const image = noisy(120, 120, 6, () => 128, 5);
    expect(std(lumaOf(denoise(image)))).toBeLessThan(0.5 * std(lumaOf(image)));
  });

  it('keeps alpha and does not change its input', () => {
    const image = solid(20, 20, 10, 20, 30, 44);
    const before = Array.from(image.data);
    const out = denoise(image, { sigma: 2 });
    expect(pixel(out, 5, 5)).toEqual([10, 20, 30, 44]);
    expect(Array.from(image.data)).toEqual(before);
  });
});

describe('#denoisedFrame', () => {
  it('has 12-bit histograms of the filtered values', () => {
    const frame = denoisedFrame(solid(30, 20, 100, 100, 100), { sigma: 1 });
    const h = frame.histograms();
    expect(h.g.length).toBe(4081);
    expect(h.count).toBe(600);
    expect(h.g[1600]).toBe(600);
  });

  it('renders a strong lift of a dark, noisy gradient with far more tones than 8-bit filtering would', () => {
    // Levels 0..6 across the image: the 8-bit data of an underexposed wall.
    const dark = noisy(256, 64, 0.6, (x) => x / 42, 9);
    const lift = exposureCurves(5);
    const precise = denoisedFrame(dark, { sigma: 0.6 }).render(lift);
    const rounded = applyCurves(denoise(dark, { sigma: 0.6 }), lift);
    // Distinct green values: rounding to 8 bits before the lift leaves only the few input levels.
    const tones = (img: RgbaImage) => new Set(img.data.filter((_, i) => i % 4 === 1)).size;
    expect(tones(rounded)).toBeLessThanOrEqual(8);
    expect(tones(precise)).toBeGreaterThan(5 * tones(rounded));
  });

  it('render() without curves equals denoise()', () => {
    const image = noisy(40, 40, 4, (x, y) => 80 + x + y, 2);
    expect(Array.from(denoisedFrame(image, { sigma: 4 }).render().data)).toEqual(
      Array.from(denoise(image, { sigma: 4 }).data),
    );
  });
});

// Colour for photos lifted from near black: each pixel keeps its luma, its colour is the wide local colour of the
// lifted photo, and a near-black photo keeps only part of it.
describe('#denoisedFrame render with chroma', () => {
  const luma = (d: Uint8ClampedArray, p: number) => LUMA_R * d[p]! + LUMA_G * d[p + 1]! + LUMA_B * d[p + 2]!;

  it('turns per-pixel colour noise into the mean colour, keeping each pixel luma', () => {
    const image = solid(64, 64, 120, 100, 80);
    const random = seededRandom(7);
    for (let p = 0; p < image.data.length; p += 4) {
      image.data[p] = 120 + Math.round((random() - 0.5) * 40);
      image.data[p + 2] = 80 + Math.round((random() - 0.5) * 40);
    }
    const frame = denoisedFrame(image, { sigma: 1 });
    const plain = frame.render();
    const out = frame.render(identityCurves(), { radius: 16, keep: 1 });
    let spread = 0;
    let spreadBefore = 0;
    for (let p = 0; p < out.data.length; p += 4) {
      expect(Math.abs(luma(out.data, p) - luma(plain.data, p))).toBeLessThanOrEqual(1.5);
      spread = Math.max(spread, Math.abs(out.data[p]! - out.data[p + 2]! - 40));
      spreadBefore = Math.max(spreadBefore, Math.abs(image.data[p]! - image.data[p + 2]! - 40));
    }
    // Red minus blue was uniform in ±40 per pixel; now it is the mean everywhere, give or take the rounding.
    expect(spreadBefore).toBeGreaterThan(30);
    expect(spread).toBeLessThan(8);
  });

  it.each([
    [1, 60],
    [0.4, 24],
  ])('keeps %s of the colour', (keep, redMinusBlue) => {
    const out = denoisedFrame(solid(16, 16, 160, 120, 100), { sigma: 1 }).render(identityCurves(), {
      radius: 4,
      keep,
    });
    expect(out.data[0]! - out.data[2]!).toBeCloseTo(redMinusBlue, -0.5);
  });

  it('takes the colour after the curves: a lifted near-black colour keeps its hue', () => {
    // Levels 3, 2, 1: a warm near-black that a 5-stop lift makes a visible brown.
    const dark = solid(40, 40, 3, 2, 1);
    const lift = exposureCurves(5);
    const out = denoisedFrame(dark, { sigma: 0.5 }).render(lift, { radius: 8, keep: 1 });
    const plain = applyCurves(dark, lift);
    expect(pixel(out, 20, 20)[0]).toBeGreaterThan(pixel(out, 20, 20)[2]! + 10);
    expect(Math.abs(pixel(out, 20, 20)[0]! - pixel(plain, 20, 20)[0]!)).toBeLessThanOrEqual(2);
  });
});
