import { describe, expect, it } from 'vitest';
import { LUMA_B, LUMA_G, LUMA_R } from '../../../core/imaging/color';
import { vibranceGreensAndSky } from '../../../core/imaging/vibrance';
import { pixel, solid } from './synthetic';

const chroma = (p: readonly number[]) => Math.max(p[0], p[1], p[2]) - Math.min(p[0], p[1], p[2]);
const luma = (p: readonly number[]) => LUMA_R * p[0] + LUMA_G * p[1] + LUMA_B * p[2];

describe('#vibranceGreensAndSky', () => {
  it.each<[string, [number, number, number], 'more' | 'same']>([
    ['a dull lawn green', [90, 120, 80], 'more'],
    ['a pale sky blue', [150, 170, 200], 'more'],
    ['a red-brown facade', [150, 90, 70], 'same'],
    ['a skin tone', [220, 180, 150], 'same'],
    ['grey', [128, 128, 128], 'same'],
    ['an almost grey green (chroma below 6)', [120, 125, 120], 'same'],
  ])('%s gets %s saturation, at the same luminance', (_name, rgb, expected) => {
    const image = solid(4, 3, ...rgb);
    const out = pixel(vibranceGreensAndSky(image), 1, 1);
    if (expected === 'same') expect(out.slice(0, 3)).toEqual(rgb);
    else expect(chroma(out)).toBeGreaterThan(chroma(rgb) + 5);
    expect(Math.abs(luma(out) - luma(rgb))).toBeLessThanOrEqual(1);
    expect(pixel(image, 1, 1).slice(0, 3)).toEqual(rgb); // the input is untouched
  });

  it('boosts a saturated green less than a dull one (vibrance, not saturation)', () => {
    const gain = (rgb: [number, number, number]) =>
      chroma(pixel(vibranceGreensAndSky(solid(1, 1, ...rgb)), 0, 0)) / chroma(rgb);
    expect(gain([90, 120, 80])).toBeGreaterThan(gain([30, 200, 20]));
  });

  it('amount 0 changes nothing', () => {
    const image = solid(2, 2, 90, 120, 80);
    expect(Array.from(vibranceGreensAndSky(image, { amount: 0 }).data)).toEqual(Array.from(image.data));
  });
});
