import { describe, expect, it } from 'vitest';
import {
  exportGeometry,
  highestFittingQuality,
  PORTAL_PRESETS,
  QUALITY_RANGE,
  type PortalPresetId,
} from '../../../core/export/portalPresets';

type Expected = { width: number; height: number; cropW: number; cropH: number; belowMinimum: boolean };

describe('exportGeometry', () => {
  it.each<[PortalPresetId, number, number, Expected]>([
    // 4:3 camera photo to Airbnb's 3:2: the height is cropped, then 1920 wide.
    ['airbnb', 4000, 3000, { width: 1920, height: 1280, cropW: 4000, cropH: 2667, belowMinimum: false }],
    // A portrait photo to 3:2: the crop keeps the full width.
    ['airbnb', 3000, 4000, { width: 1920, height: 1280, cropW: 3000, cropH: 2000, belowMinimum: false }],
    // Exactly Airbnb's minimum: kept, nothing to report.
    ['airbnb', 1024, 683, { width: 1024, height: 683, cropW: 1024, cropH: 683, belowMinimum: false }],
    ['original', 4000, 3000, { width: 4000, height: 3000, cropW: 4000, cropH: 3000, belowMinimum: false }],
    ['original', 256, 171, { width: 256, height: 171, cropW: 256, cropH: 171, belowMinimum: false }],
    ['booking', 4000, 3000, { width: 2560, height: 1920, cropW: 4000, cropH: 3000, belowMinimum: false }],
    ['vrbo', 6000, 4000, { width: 3840, height: 2560, cropW: 6000, cropH: 4000, belowMinimum: false }],
    ['immoscout24', 4032, 3024, { width: 1920, height: 1440, cropW: 4032, cropH: 3024, belowMinimum: false }],
    // Portrait photos are measured turned: 700 x 1050 meets Vrbo's 1024 x 683.
    ['vrbo', 700, 1050, { width: 700, height: 1050, cropW: 700, cropH: 1050, belowMinimum: false }],
  ])('%s %d x %d', (id, w, h, expected) => {
    const g = exportGeometry(w, h, PORTAL_PRESETS[id]);
    const { width, height, belowMinimum } = g;
    expect({ width, height, cropW: g.crop.width, cropH: g.crop.height, belowMinimum }).toEqual(expected);
    expect(g.crop.x).toBe(Math.floor((w - g.crop.width) / 2));
    expect(g.crop.y).toBe(Math.floor((h - g.crop.height) / 2));
    const preset = PORTAL_PRESETS[id];
    expect(Math.max(g.width, g.height)).toBeGreaterThanOrEqual(Math.max(preset.minWidth, preset.minHeight));
    if (preset.aspect !== null) expect(Math.abs(g.width / g.height - preset.aspect)).toBeLessThan(0.01);
  });

  // A photo smaller than the portal asks for is never enlarged: it keeps its (cropped) size and says so.
  it.each<[PortalPresetId, number, number, Expected]>([
    // The case: a 256 px photo for Airbnb was enlarged to 1025 px.
    ['airbnb', 256, 171, { width: 256, height: 171, cropW: 256, cropH: 171, belowMinimum: true }],
    ['airbnb', 900, 600, { width: 900, height: 600, cropW: 900, cropH: 600, belowMinimum: true }],
    // Wide enough, but the 3:2 crop of a panorama is too low.
    ['airbnb', 3000, 600, { width: 900, height: 600, cropW: 900, cropH: 600, belowMinimum: true }],
    ['booking', 800, 600, { width: 800, height: 600, cropW: 800, cropH: 600, belowMinimum: true }],
    ['vrbo', 800, 600, { width: 800, height: 600, cropW: 800, cropH: 600, belowMinimum: true }],
    ['vrbo', 600, 1050, { width: 600, height: 1050, cropW: 600, cropH: 1050, belowMinimum: true }],
    ['immoscout24', 1000, 1000, { width: 1000, height: 1000, cropW: 1000, cropH: 1000, belowMinimum: true }],
  ])('%s %d x %d: kept, below the minimum', (id, w, h, expected) => {
    const g = exportGeometry(w, h, PORTAL_PRESETS[id]);
    const { width, height, belowMinimum } = g;
    expect({ width, height, cropW: g.crop.width, cropH: g.crop.height, belowMinimum }).toEqual(expected);
    expect(g.width).toBeLessThanOrEqual(w);
    expect(g.height).toBeLessThanOrEqual(h);
  });

  it('never enlarges, whatever the photo and the portal', () => {
    for (const preset of Object.values(PORTAL_PRESETS)) {
      for (const [w, h] of [
        [1, 1],
        [64, 4000],
        [4000, 64],
        [1023, 682],
        [2000, 1333],
        [9000, 6000],
      ] as const) {
        const g = exportGeometry(w, h, preset);
        expect(g.width, `${preset.id} ${w}x${h}`).toBeLessThanOrEqual(g.crop.width);
        expect(g.height, `${preset.id} ${w}x${h}`).toBeLessThanOrEqual(g.crop.height);
      }
    }
  });
});

describe('highestFittingQuality', () => {
  /** A fake encoder whose size grows with quality: bytes = quality * scale. */
  const encoder = (scale: number) => {
    const calls: number[] = [];
    return {
      calls,
      encode: async (quality: number) => {
        calls.push(quality);
        return { size: Math.round(quality * scale) };
      },
    };
  };

  it.each<[string, number, number, (q: number) => boolean]>([
    ['fits at the top quality: one encode', 1000, 2000, (q) => q === QUALITY_RANGE.max],
    ['needs about 0.7', 1000, 700, (q) => q <= 0.7 && q > 0.69],
    ['needs about 0.55', 1000, 560, (q) => q <= 0.56 && q > 0.54],
    ['nothing fits: the floor', 1000, 100, (q) => q === QUALITY_RANGE.min],
  ])('%s', async (_name, scale, maxBytes, ok) => {
    const fake = encoder(scale);
    const { file, quality } = await highestFittingQuality(fake.encode, maxBytes);
    expect(ok(quality)).toBe(true);
    if (quality > QUALITY_RANGE.min) expect(file.size).toBeLessThanOrEqual(maxBytes);
    expect(fake.calls.length).toBeLessThanOrEqual(8);
  });
});

describe('PORTAL_PRESETS', () => {
  it('only the original carries text; every limit is positive', () => {
    for (const preset of Object.values(PORTAL_PRESETS)) {
      expect(preset.maxBytes).toBeGreaterThan(0);
      expect(preset.allowsText).toBe(preset.id === 'original');
    }
  });
});
