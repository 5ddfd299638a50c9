import { describe, it, expect } from 'vitest';
import {
  SCENE_FEATURE_NAMES,
  isSky,
  isVegetation,
  isWarm,
  isWhite,
  rgbToHsv,
  sceneFeatureVector,
  sceneFeatures,
} from '../../../../core/analysis/room/sceneFeatures';
import { OUTDOOR_IMAGE, ROOM_IMAGE, paint } from './helpers';

describe('#rgbToHsv', () => {
  it.each([
    [255, 0, 0, 0, 1, 1],
    [0, 255, 0, 120, 1, 1],
    [0, 0, 255, 240, 1, 1],
    [128, 128, 128, 0, 0, 128 / 255],
    [0, 0, 0, 0, 0, 0],
  ])('rgb(%i, %i, %i) -> h %i s %i v', (r, g, b, h, s, v) => {
    const hsv = rgbToHsv(r, g, b);
    expect(hsv.h).toBeCloseTo(h, 6);
    expect(hsv.s).toBeCloseTo(s, 6);
    expect(hsv.v).toBeCloseTo(v, 6);
  });
});

describe('colour classes', () => {
  it.each([
    ['clear blue sky', [110, 160, 225], { sky: true, vegetation: false, white: false, warm: false }],
    [
      'grey overcast sky (looks like a wall)',
      [200, 202, 205],
      { sky: false, vegetation: false, white: true, warm: false },
    ],
    ['lawn', [70, 140, 50], { sky: false, vegetation: true, white: false, warm: false }],
    ['white tile', [240, 240, 236], { sky: false, vegetation: false, white: true, warm: false }],
    ['oak cabinet', [170, 110, 60], { sky: false, vegetation: false, white: false, warm: true }],
    ['near black', [10, 20, 10], { sky: false, vegetation: false, white: false, warm: false }],
  ] as const)('%s', (_name, [r, g, b], expected) => {
    const hsv = rgbToHsv(r, g, b);
    expect({
      sky: isSky(hsv),
      vegetation: isVegetation(hsv),
      white: isWhite(hsv),
      warm: isWarm(hsv),
    }).toEqual(expected);
  });
});

describe('#sceneFeatures', () => {
  it('sees sky on top and lawn at the bottom of an outdoor scene', () => {
    const f = sceneFeatures(OUTDOOR_IMAGE);
    expect(f.skyTop).toBeGreaterThan(0.95);
    expect(f.vegetationBottom).toBeGreaterThan(0.9);
    expect(f.white).toBe(0);
  });

  it('sees no sky or vegetation in a room, but a light wall and a wooden floor', () => {
    const f = sceneFeatures(ROOM_IMAGE);
    expect(f.skyTop).toBe(0);
    expect(f.vegetation).toBe(0);
    expect(f.white).toBeGreaterThan(0.5);
    expect(f.warm).toBeGreaterThan(0.3);
    expect(f.topMinusBottom).toBeGreaterThan(0.6);
  });

  it('has no edges in a flat image and mostly axis-aligned edges in a tile grid', () => {
    expect(sceneFeatures(paint(64, 64, () => [128, 128, 128])).edgeDensity).toBe(0);
    const tiles = sceneFeatures(
      paint(96, 96, (x, y) => (x % 8 === 0 || y % 8 === 0 ? [90, 90, 90] : [240, 240, 240])),
    );
    expect(tiles.edgeDensity).toBeGreaterThan(0.3);
    // Where grout lines cross, the gradient points diagonally; the rest is straight.
    expect(tiles.axisEdges).toBeGreaterThan(0.75);
    const diagonal = sceneFeatures(
      paint(96, 96, (x, y) => ((x + y) % 8 < 4 ? [60, 60, 60] : [220, 220, 220])),
    );
    expect(diagonal.axisEdges).toBeLessThan(0.2);
  });

  it('does not depend on the photo size', () => {
    const small = sceneFeatures(
      paint(96, 64, (x, y) => (y < 20 ? [110, 160, 225] : x < 48 ? [70, 140, 50] : [200, 190, 180])),
    );
    const large = sceneFeatures(
      paint(384, 256, (x, y) => (y < 80 ? [110, 160, 225] : x < 192 ? [70, 140, 50] : [200, 190, 180])),
    );
    for (const name of SCENE_FEATURE_NAMES) expect(large[name]).toBeCloseTo(small[name], 1);
  });

  it('puts every cue in the fixed order, each within 0..1', () => {
    const vector = sceneFeatureVector(sceneFeatures(OUTDOOR_IMAGE));
    expect(vector).toHaveLength(SCENE_FEATURE_NAMES.length);
    for (const v of vector) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
  });
});
