import { describe, expect, it } from 'vitest';
import { MODES } from '../../../core/catalog';
import { DEVICE_MODE_IDS, autoEnhance, isDeviceModeId, runDeviceMode } from '../../../core/imaging/pipeline';
import { luminanceStats } from '../../../core/analysis/luminance';
import type { RgbaImage } from '../../../core/imaging/types';
import { greyFrom, seededGaussian } from './synthetic';

/** A small, slightly dark, slightly noisy room-like picture: a wall gradient, a floor, a door. */
function scene(): RgbaImage {
  const gauss = seededGaussian(42);
  return greyFrom(120, 90, (x, y) => {
    const wall = y < 60 ? 70 + x * 0.3 : 40;
    const door = x > 40 && x < 60 && y > 20 ? 30 : wall;
    return door + gauss();
  });
}

describe('#runDeviceMode', () => {
  it('knows exactly the device modes of the catalogue', () => {
    const catalogue = MODES.filter((m) => m.runsOn === 'device').map((m) => m.id);
    expect([...DEVICE_MODE_IDS].sort()).toEqual([...catalogue].sort());
    expect(isDeviceModeId('sharpen')).toBe(true);
    expect(isDeviceModeId('declutter')).toBe(false);
  });

  it.each(DEVICE_MODE_IDS)('%s returns a new image and leaves the input alone', (id) => {
    const image = scene();
    const before = image.data.slice();
    const result = runDeviceMode(id, image);
    expect(result.image).not.toBe(image);
    expect(result.image.data).not.toBe(image.data);
    expect(result.image.data.length).toBe(result.image.width * result.image.height * 4);
    expect(image.data).toEqual(before);
    expect(Array.isArray(result.steps)).toBe(true);
  });

  it.each(['brighten', 'generalBrighten', 'warmerTones', 'goldenHour', 'sunshine'])(
    '%s with mayOverwrite writes the same result into the given photo',
    (id) => {
      const expected = runDeviceMode(id, scene()).image;
      const given = scene();
      const result = runDeviceMode(id, given, { mayOverwrite: true }).image;
      expect(result.data).toBe(given.data);
      expect(result.data).toEqual(expected.data);
    },
  );

  it('throws for a mode that does not run on the device', () => {
    expect(() => runDeviceMode('virtualStaging', scene())).toThrow(/Unknown device mode/);
  });

  it('says whether the perspective was corrected, or why not', () => {
    const result = runDeviceMode('perspective', scene());
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]).toMatch(/^perspective/);
  });

  it('autoOptimize reports the steps of auto-enhance', () => {
    const result = runDeviceMode('autoOptimize', scene());
    expect(result.steps).toContain('sharpened');
  });

  it('brighten always lifts, even a photo that is bright enough', () => {
    const bright = greyFrom(40, 30, (x) => 110 + x);
    const result = runDeviceMode('brighten', bright);
    expect(luminanceStats(result.image).mean).toBeGreaterThan(luminanceStats(bright).mean + 0.02);
  });

  it('a room grade first gives a too-dark photo the light it needs', () => {
    const dark = greyFrom(40, 30, (x) => 10 + x / 2);
    expect(luminanceStats(runDeviceMode('warmLighting', dark).image).mean).toBeGreaterThan(0.35);
  });
});

describe('#autoEnhance', () => {
  it('brightens a dark photo and says so', () => {
    const result = autoEnhance(scene());
    expect(luminanceStats(result.image).mean).toBeGreaterThan(0.4);
    expect(result.steps).toContain('exposureUp');
    expect(result.steps.at(-1)).toBe('sharpened');
  });

  it('leaves the brightness of a well exposed photo where it was', () => {
    const fine = greyFrom(100, 80, (x, y) => 40 + x * 1.5 + y);
    const before = luminanceStats(fine).mean;
    const result = autoEnhance(fine);
    expect(Math.abs(luminanceStats(result.image).mean - before)).toBeLessThan(0.02);
    expect(result.steps).not.toContain('exposureUp');
  });

  it('corrects a strong colour cast, and not a mild one', () => {
    const tinted = (blue: number) => {
      const image = greyFrom(100, 80, (x, y) => 60 + x + y);
      for (let i = 0; i < image.data.length; i += 4) image.data[i + 2] = image.data[i + 2] * blue;
      return image;
    };
    expect(autoEnhance(tinted(0.6)).steps).toContain('colorCast');
    expect(autoEnhance(tinted(0.97)).steps).not.toContain('colorCast');
  });
});
