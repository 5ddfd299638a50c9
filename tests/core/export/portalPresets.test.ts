import { describe, expect, it } from 'vitest';
import {
  exportGeometry,
  highestFittingQuality,
  PORTAL_PRESETS,
  QUALITY_RANGE,
  type PortalPresetId,
} from '../../../core/export/portalPresets';

describe('exportGeometry', () => {
  it.each<[PortalPresetId, number, number, { width: number; height: number; cropW: number; cropH: number }]>([
    // 4:3 camera photo to Airbnb's 3:2: the height is cropped, then 1920 wide.
    ['airbnb', 4000, 3000, { width: 1920, height: 1280, cropW: 4000, cropH: 2667 }],
    // A portrait photo to 3:2: the crop keeps the full width.
    ['airbnb', 3000, 4000, { width: 1920, height: 1280, cropW: 3000, cropH: 2000 }],
    // Small photo: scaled up to Airbnb's minimum.
    ['airbnb', 900, 600, { width: 1025, height: 683, cropW: 900, cropH: 600 }],
    ['original', 4000, 3000, { width: 4000, height: 3000, cropW: 4000, cropH: 3000 }],
    ['booking', 4000, 3000, { width: 2560, height: 1920, cropW: 4000, cropH: 3000 }],
    ['vrbo', 6000, 4000, { width: 3840, height: 2560, cropW: 6000, cropH: 4000 }],
    ['vrbo', 800, 600, { width: 1024, height: 768, cropW: 800, cropH: 600 }],
    ['immoscout24', 4032, 3024, { width: 1920, height: 1440, cropW: 4032, cropH: 3024 }],
  ])('%s %d x %d', (id, w, h, expected) => {
    const g = exportGeometry(w, h, PORTAL_PRESETS[id]);
    expect({ width: g.width, height: g.height, cropW: g.crop.width, cropH: g.crop.height }).toEqual(expected);
    expect(g.crop.x).toBe(Math.floor((w - g.crop.width) / 2));
    expect(g.crop.y).toBe(Math.floor((h - g.crop.height) / 2));
    const preset = PORTAL_PRESETS[id];
    expect(Math.max(g.width, g.height)).toBeGreaterThanOrEqual(Math.max(preset.minWidth, preset.minHeight));
    if (preset.aspect !== null) expect(Math.abs(g.width / g.height - preset.aspect)).toBeLessThan(0.01);
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
