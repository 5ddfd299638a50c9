// The photographer's look: the exposure facts of a photo, how much of the learned table a photo outdoors gets,
// which dark photos are low-key on purpose, the table that adds no colour and the lamp cast taken out in part.
import { describe, expect, it } from 'vitest';
import { sampleColors } from '../../../core/retouch/colorSample';
import { srgbToLab } from '../../../core/retouch/lab';
import {
  exposureOf,
  isLowKey,
  keepChroma,
  lampCastGains,
  OUTDOOR_SHARE,
  outdoorShare,
  withGains,
} from '../../../core/retouch/look';
import { identityLut, mapLut, sampleLut } from '../../../core/retouch/lut3d';
import type { RgbaImage } from '../../../core/imaging/types';

function image(width: number, height: number, grey: (x: number, y: number) => number): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = grey(x, y);
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

describe('exposureOf', () => {
  it('reads the median, the brightest percent and the clipped share', () => {
    // Left half black, right half white (clipped).
    const e = exposureOf(sampleColors(image(200, 100, (x) => (x < 100 ? 0 : 255))));
    expect(e.p99).toBeCloseTo(1, 2);
    expect(e.clipped).toBeCloseTo(0.5, 2);
    const grey = exposureOf(sampleColors(image(200, 100, () => 128)));
    expect(grey.p50).toBeCloseTo(128 / 255, 3);
    expect(grey.clipped).toBe(0);
  });
});

describe('outdoorShare', () => {
  it.each([
    ['well exposed, nothing clipped', { p50: 0.45, p99: 0.9, clipped: 0 }, OUTDOOR_SHARE],
    ['dark (median 0.2)', { p50: 0.2, p99: 0.9, clipped: 0 }, 1],
    ['blown highlights (1 % clipped)', { p50: 0.5, p99: 1, clipped: 0.01 }, 1],
    ['a little dark', { p50: 0.25, p99: 0.9, clipped: 0 }, (1 + OUTDOOR_SHARE) / 2],
    ['a few clipped pixels (0.5 %)', { p50: 0.5, p99: 1, clipped: 0.005 }, (1 + OUTDOOR_SHARE) / 2],
  ])('%s', (_name, exposure, share) => {
    expect(outdoorShare(exposure)).toBeCloseTo(share, 5);
  });

  it('counts no clipping as a fault at dusk (the lamps glow), darkness still', () => {
    expect(outdoorShare({ p50: 0.45, p99: 1, clipped: 0.05 }, true)).toBeCloseTo(OUTDOOR_SHARE, 5);
    expect(outdoorShare({ p50: 0.15, p99: 1, clipped: 0.05 }, true)).toBeCloseTo(1, 5);
  });
});

describe('isLowKey', () => {
  // A lit subject in a dark surround: a soft bright blob, no straight edges.
  const portrait = image(400, 300, (x, y) => 20 + 110 * Math.exp(-((x - 200) ** 2 + (y - 150) ** 2) / 6000));
  // A dim room: dark, but full of vertical edges (door frames, furniture), and a lamp.
  const room = image(400, 300, (x, y) =>
    x > 180 && x < 200 && y < 40 ? 250 : Math.floor(x / 40) % 2 ? 70 : 25,
  );
  it.each([
    ['a portrait under a lamp', portrait, true],
    ['a dim room', room, false],
    // Underexposed as a whole (its brightest pixels stay dark): lifted, whatever it shows.
    ['a near-black photo', image(400, 300, (x, y) => 2 + ((x * 7 + y * 3) % 3)), false],
  ])('%s', (_name, photo, lowKey) => {
    expect(isLowKey(photo, exposureOf(sampleColors(photo)))).toBe(lowKey);
  });
});

describe('keepChroma', () => {
  const chroma = (rgb: readonly number[]) => {
    const [, a, b] = srgbToLab(rgb[0]!, rgb[1]!, rgb[2]!);
    return Math.hypot(a, b);
  };
  // A table that doubles saturation around the grey axis and brightens a little.
  const vivid = mapLut(identityLut(), (r, g, b, out) => {
    const y = (r + g + b) / 3;
    out[0] = Math.min(1, (y + 2 * (r - y)) * 1.1);
    out[1] = Math.min(1, (y + 2 * (g - y)) * 1.1);
    out[2] = Math.min(1, (y + 2 * (b - y)) * 1.1);
  });
  const kept = keepChroma(vivid);

  it.each([
    ['lamp orange', [0.6, 0.35, 0.15]],
    ['skin', [0.8, 0.6, 0.5]],
    ['a green', [0.3, 0.5, 0.3]],
  ])('%s keeps its colour and takes the lightness', (_name, rgb) => {
    const out = sampleLut(kept, rgb[0]!, rgb[1]!, rgb[2]!);
    expect(chroma(out)).toBeLessThanOrEqual(chroma(rgb) + 1.5);
    expect(chroma(sampleLut(vivid, rgb[0]!, rgb[1]!, rgb[2]!))).toBeGreaterThan(chroma(rgb) + 5);
    const L = (c: readonly number[]) => srgbToLab(c[0]!, c[1]!, c[2]!)[0];
    expect(L(out)).toBeCloseTo(L(sampleLut(vivid, rgb[0]!, rgb[1]!, rgb[2]!)), 0);
  });

  it('leaves a table that mutes colour alone', () => {
    const muted = mapLut(identityLut(), (r, g, b, out) => {
      const y = (r + g + b) / 3;
      out[0] = (r + y) / 2;
      out[1] = (g + y) / 2;
      out[2] = (b + y) / 2;
    });
    expect(Array.from(keepChroma(muted).data)).toEqual(Array.from(muted.data));
  });
});

describe('lampCastGains', () => {
  const sampleOf = (rgb: readonly number[]) => ({
    rgb: Float32Array.from([...rgb, ...rgb, ...rgb]),
    count: 3,
  });
  const lab = (c: readonly number[]) => srgbToLab(c[0]!, c[1]!, c[2]!);

  it.each([
    ['a neutral grey', [0.5, 0.5, 0.5]],
    ['a cool blue evening', [0.3, 0.35, 0.5]],
    ['a faintly warm beige', [0.55, 0.52, 0.47]],
  ])('leaves %s alone', (_name, rgb) => {
    expect(lampCastGains(sampleOf(rgb))).toBeNull();
  });

  it('takes part of a lamp-orange cast out and keeps the light warm and the lightness', () => {
    const orange = [0.55, 0.33, 0.18];
    const gains = lampCastGains(sampleOf(orange));
    expect(gains).not.toBeNull();
    const out = sampleLut(withGains(identityLut(), gains!), orange[0]!, orange[1]!, orange[2]!);
    const [L0, , b0] = lab(orange);
    const [L1, , b1] = lab(out);
    expect(b1).toBeLessThan(b0 * 0.75);
    expect(b1).toBeGreaterThan(5);
    expect(Math.abs(L1 - L0)).toBeLessThan(3);
  });
});
