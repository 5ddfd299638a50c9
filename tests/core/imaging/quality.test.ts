// Quality of the device modes on real photos (../shared/fixtures, read in place). Each test asserts a measured
// property of the result; sizes are reduced where the property does not depend on resolution, to keep the
// suite quick. Perspective correction has its own tests (perspective.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeFixture } from '../../helpers/decodeFixture';
import { luminanceStats } from '../../../core/analysis/luminance';
import { estimateNoise } from '../../../core/analysis/noise';
import { autoEnhance, runDeviceMode } from '../../../core/imaging/pipeline';
import { exposure } from '../../../core/imaging/exposure';
import { defaultSharpenOptions, sharpen } from '../../../core/imaging/sharpen';
import { GRADE_IDS } from '../../../core/imaging/grades';
import type { RgbaImage } from '../../../core/imaging/types';
import { channelMeans, edgeEnergy, overshoots, quantile } from './synthetic';

const ROOMS = [
  'rooms/bedroom/1_bedroom.jpg',
  'rooms/bedroom/15_bedroom.jpg',
  'rooms/kitchen/42_kitchen.jpg',
  'rooms/bathroom/97_bathroom.jpg',
  'rooms/living_room/Places365_val_00006486.jpg',
  'rooms/frontal/28_frontal.jpg',
];

const rooms = new Map<string, RgbaImage>();
beforeAll(async () => {
  for (const file of ROOMS) rooms.set(file, await decodeFixture(file, { width: 480 }));
});
const room = (file: string) => rooms.get(file)!; // decoded in beforeAll

function changedBytes(a: RgbaImage, b: RgbaImage): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) n++;
  return n;
}

describe('auto-enhance on a very dark interior (photos/canon-dslr.jpg)', () => {
  let original: RgbaImage;
  let result: ReturnType<typeof autoEnhance>;
  beforeAll(async () => {
    original = await decodeFixture('photos/canon-dslr.jpg', { width: 1500 });
    result = autoEnhance(original);
  }, 60_000);

  it('lifts the mean luminance from under 0.01 to a natural 0.40..0.55', () => {
    expect(luminanceStats(original).mean).toBeLessThan(0.01);
    const { mean } = luminanceStats(result.image);
    expect(mean).toBeGreaterThanOrEqual(0.4);
    expect(mean).toBeLessThanOrEqual(0.55);
  });

  it('clips under 1 % of the highlights', () => {
    expect(luminanceStats(result.image).clippedHighlights).toBeLessThan(0.01);
  });

  it('filters the noise the lift brings up: far less than a plain exposure lift to the same level', () => {
    const plain = exposure(original, { ev: 'auto', maxEv: 10 });
    expect(estimateNoise(result.image)).toBeLessThan(0.5 * estimateNoise(plain));
  });

  it('says what it did, in German', () => {
    expect(result.steps).toContain('exposureUp');
    expect(result.steps).toContain('noise');
    expect(result.image.width).toBe(original.width);
  });
});

describe('auto-enhance on ordinary listing photos', () => {
  it.each(ROOMS)(
    '%s: keeps a well exposed photo near its brightness and clips at most 1 point more',
    (file) => {
      const before = luminanceStats(room(file));
      const after = luminanceStats(autoEnhance(room(file)).image);
      if (before.mean >= 0.4) expect(Math.abs(after.mean - before.mean)).toBeLessThan(0.03);
      else expect(after.mean).toBeGreaterThan(before.mean + 0.05);
      expect(after.clippedHighlights).toBeLessThan(before.clippedHighlights + 0.01);
    },
  );
});

describe('warmer tones', () => {
  it.each(ROOMS)('%s: raises the red/blue balance while mean luminance moves less than 2 percent', (file) => {
    const image = room(file);
    const out = runDeviceMode('warmerTones', image).image;
    const before = channelMeans(image);
    const after = channelMeans(out);
    expect(after.r / after.b).toBeGreaterThan((before.r / before.b) * 1.05);
    const meanBefore = luminanceStats(image).mean;
    expect(Math.abs(luminanceStats(out).mean - meanBefore) / meanBefore).toBeLessThan(0.02);
  });
});

describe('sharpen', () => {
  // The halo bound: no pixel may leave the luma range of its input 5x5 neighbourhood by more than the halo limit
  // (20 levels, ~8 % of the range: crisp edges, no visible glow beside a dark door frame on a white wall).
  // A plain unsharp mask of the same strength goes well beyond it on every one of these photos.
  it.each(ROOMS)('%s: raises edge energy by over 40 percent with halos bounded by the halo limit', (file) => {
    const image = room(file);
    const out = runDeviceMode('sharpen', image).image;
    expect(edgeEnergy(out)).toBeGreaterThan(1.4 * edgeEnergy(image));
    const halos = overshoots(image, out);
    const limit = defaultSharpenOptions.haloLimit;
    expect(halos[halos.length - 1]).toBeLessThanOrEqual(limit + 0.5);
    const plain = overshoots(image, sharpen(image, { haloLimit: 0 }));
    expect(quantile(plain, 0.999)).toBeGreaterThan(limit * 1.4);
    expect(plain[plain.length - 1]).toBeGreaterThan(limit * 2.5);
  });
});

describe('brighten and the room grades', () => {
  it('brighten lifts a dark living room clearly without blowing it out', () => {
    const image = room('rooms/living_room/Places365_val_00006486.jpg');
    const before = luminanceStats(image);
    const result = runDeviceMode('brighten', image);
    const after = luminanceStats(result.image);
    expect(after.mean).toBeGreaterThan(before.mean + 0.1);
    expect(after.clippedHighlights).toBeLessThan(before.clippedHighlights + 0.01);
    expect(result.steps).toEqual(['brightened']);
  });

  it.each(GRADE_IDS)(
    '%s changes a tenth of the bytes of every photo and clips at most 1 point more',
    (id) => {
      for (const file of ROOMS) {
        const image = room(file);
        const out = runDeviceMode(id, image).image;
        expect(changedBytes(image, out)).toBeGreaterThan(image.data.length / 10);
        expect(luminanceStats(out).clippedHighlights).toBeLessThan(
          luminanceStats(image).clippedHighlights + 0.01,
        );
      }
    },
  );

  it('details adds local contrast and sharpness', () => {
    const image = room('rooms/kitchen/42_kitchen.jpg');
    expect(edgeEnergy(runDeviceMode('details', image).image)).toBeGreaterThan(1.2 * edgeEnergy(image));
  });
});
