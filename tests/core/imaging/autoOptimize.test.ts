// 'Automatisch optimieren' with the learned retouch, on real photos (../shared/fixtures, read in place): the
// strength and frame guarantees, the dark-room and white-light steps around the model, perspective only on
// architecture, and the closeness to an expert's retouch that the model brings.
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeFixture } from '../../helpers/decodeFixture';
import { luminanceStats } from '../../../core/analysis/luminance';
import { estimateNoise } from '../../../core/analysis/noise';
import { exposure } from '../../../core/imaging/exposure';
import { autoEnhance, autoOptimize, runDeviceMode } from '../../../core/imaging/pipeline';
import type { RgbaImage } from '../../../core/imaging/types';
import { srgb8ToLab } from '../../../core/retouch/lab';
import { meanDeltaE } from '../../../bench/colorDifference';
import { loadRetoucher } from '../retouch/modelFiles';

const retoucher = loadRetoucher();

/**
 * Mean L*, the white things' (L* >= 70, C* <= 20) mean |b*|, and the cast of the light tones (the mean a* and b*
 * of all weakly coloured pixels with L* >= 30, where colour noise averages out).
 */
function labFigures(image: RgbaImage) {
  let sumL = 0;
  let whites = 0;
  let sumB = 0;
  let light = 0;
  let lightA = 0;
  let lightB = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    const [L, a, b] = srgb8ToLab(image.data[i], image.data[i + 1], image.data[i + 2]);
    const C = Math.hypot(a, b);
    sumL += L;
    if (L >= 70 && C <= 20) {
      whites++;
      sumB += Math.abs(b);
    }
    if (L >= 30 && C <= 20) {
      light++;
      lightA += a;
      lightB += b;
    }
  }
  return {
    meanL: sumL / (image.width * image.height),
    whitesAbsB: sumB / Math.max(1, whites),
    cast: [lightA / Math.max(1, light), lightB / Math.max(1, light)],
  };
}

describe('strength and frame', { timeout: 60_000 }, () => {
  let room: RgbaImage;
  /** A photo whose verticals lean by more than REALLY_TILTED_DEG (111_bathroom's lean under 1 degree). */
  let tilted: RgbaImage;
  beforeAll(async () => {
    room = await decodeFixture('rooms/bathroom/111_bathroom.jpg', { width: 640 });
    tilted = await decodeFixture('rooms/bathroom/152_bathroom.jpg', { width: 640 });
  }, 60_000);

  it('strength 0 with --tone-only returns the photo byte for byte, and never touches the caller photo', () => {
    const copy = room.data.slice();
    expect(autoOptimize(room, retoucher, { strength: 0, toneOnly: true }).image.data).toEqual(room.data);
    autoOptimize(room, retoucher);
    expect(room.data).toEqual(copy);
  });

  it('mayOverwrite writes the same result into the given photo instead of a new frame', () => {
    const expected = autoOptimize(room, retoucher, { toneOnly: true }).image;
    const given = { ...room, data: room.data.slice() };
    const result = autoOptimize(given, retoucher, { toneOnly: true, mayOverwrite: true }).image;
    expect(result.data).toBe(given.data);
    expect(result.data).toEqual(expected.data);
  });

  it('tone-only keeps the frame where the full default straightens the verticals', () => {
    const full = autoOptimize(tilted, retoucher);
    expect(full.steps).toContain('perspectiveCorrected');
    expect(full.image.width * full.image.height).toBeLessThan(tilted.width * tilted.height);
    // ...but never more than a tenth of it.
    expect(full.image.width * full.image.height).toBeGreaterThanOrEqual(0.9 * tilted.width * tilted.height);
    const toneOnly = autoOptimize(tilted, retoucher, { toneOnly: true });
    expect([toneOnly.image.width, toneOnly.image.height]).toEqual([tilted.width, tilted.height]);
    expect(toneOnly.steps).not.toContain('perspectiveCorrected');
  });

  it('leaves verticals that lean under a degree alone', () => {
    expect(autoOptimize(room, retoucher).steps).not.toContain('perspectiveCorrected');
  });

  it('half strength changes the photo about half as much as full strength', () => {
    const full = meanDeltaE(autoOptimize(room, retoucher, { toneOnly: true }).image, room);
    const half = meanDeltaE(autoOptimize(room, retoucher, { toneOnly: true, strength: 0.5 }).image, room);
    expect(half).toBeGreaterThan(0.3 * full);
    expect(half).toBeLessThan(0.7 * full);
  });

  it('runDeviceMode runs the learned retouch when given the retoucher, the old rules without', () => {
    const learned = runDeviceMode('autoOptimize', room, { retoucher });
    expect(learned.image.data).toEqual(autoOptimize(room, retoucher).image.data);
    expect(learned.steps).toContain('learned');
    expect(runDeviceMode('autoOptimize', room).steps).not.toContain('learned');
  });
});

describe('perspective only on architecture', () => {
  it.each(['enhance-pairs/input/a2803.png', 'photos/IMG_20180725_163423.jpg'])(
    '%s (no building in it) keeps its frame',
    async (file) => {
      const photo = await decodeFixture(file, { width: 800 });
      const out = autoOptimize(photo, retoucher).image;
      expect([out.width, out.height]).toEqual([photo.width, photo.height]);
    },
    30_000,
  );
});

describe('the very dark DSLR interior (photos/canon-dslr.jpg)', () => {
  let original: RgbaImage;
  let result: ReturnType<typeof autoOptimize>;
  beforeAll(async () => {
    original = await decodeFixture('photos/canon-dslr.jpg', { width: 1200 });
    result = autoOptimize(original, retoucher, { toneOnly: true });
  }, 60_000);

  it('ends lit (mean L* >= 45 from under 5) with under 1 % clipped', () => {
    expect(labFigures(original).meanL).toBeLessThan(5);
    expect(labFigures(result.image).meanL).toBeGreaterThanOrEqual(45);
    expect(luminanceStats(result.image).clippedHighlights).toBeLessThan(0.01);
  });

  it('has far less grain than a plain exposure lift, and neutral light tones (the lamp cast removed)', () => {
    const plain = exposure(original, { ev: 'auto', maxEv: 10 });
    expect(estimateNoise(result.image)).toBeLessThan(0.5 * estimateNoise(plain));
    const [a, b] = labFigures(result.image).cast;
    expect(Math.abs(a)).toBeLessThanOrEqual(3);
    expect(Math.abs(b)).toBeLessThanOrEqual(3);
    expect(labFigures(plain).cast[1]).toBeGreaterThan(3);
    expect(result.steps).toEqual(expect.arrayContaining(['noise', 'exposureUp']));
  });
});

describe('white things under warm artificial light', () => {
  it.each(['rooms/bedroom/56_bedroom.jpg', 'rooms/bedroom/124_bedroom.jpg', 'rooms/bedroom/97_bedroom.jpg'])(
    '%s: whites end nearer neutral than the model alone leaves them',
    async (file) => {
      const photo = await decodeFixture(file, { width: 640 });
      const model = labFigures(retoucher.retouch(photo)).whitesAbsB;
      const result = autoOptimize(photo, retoucher, { toneOnly: true });
      expect(result.steps).toContain('whites');
      expect(labFigures(result.image).whitesAbsB).toBeLessThan(model - 2);
    },
    30_000,
  );
});

describe('closeness to an expert retouch (enhance-pairs, MIT-Adobe FiveK retoucher C)', () => {
  it('comes within mean CIEDE2000 5 of the expert, far closer than the old rules', async () => {
    const names = ['a2803', 'a2917', 'a3102', 'a3232', 'a4232'];
    const ours: number[] = [];
    const old: number[] = [];
    for (const name of names) {
      const input = await decodeFixture(`enhance-pairs/input/${name}.png`);
      const expert = await decodeFixture(`enhance-pairs/expert/${name}.png`);
      ours.push(meanDeltaE(autoOptimize(input, retoucher, { toneOnly: true }).image, expert));
      old.push(
        meanDeltaE(autoEnhance(input).image.width === input.width ? autoEnhance(input).image : input, expert),
      );
    }
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    expect(mean(ours)).toBeLessThan(5);
    expect(mean(ours)).toBeLessThan(mean(old) - 2);
  }, 120_000);
});
