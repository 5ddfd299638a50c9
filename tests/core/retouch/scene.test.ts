// The scene test that decides which of autoOptimize's steps run: open sky grown from the top edge, exteriors and
// dusk told apart from rooms whose ceiling or walls are pale or cool; and the sky's blue kept in the table.
import { describe, expect, it } from 'vitest';
import { identityLut, mapLut, sampleLut } from '../../../core/retouch/lut3d';
import { srgbToLab } from '../../../core/retouch/lab';
import { keepSkyBlue, sceneOf } from '../../../core/retouch/scene';
import type { RgbaImage } from '../../../core/imaging/types';

type Rgb = readonly [number, number, number];

/** A photo of horizontal bands: each band's colour and the share of the height it takes, top first. */
function bands(width: number, height: number, parts: ReadonlyArray<readonly [Rgb, number]>): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  let y = 0;
  for (const [colour, share] of parts) {
    const rows = Math.round(share * height);
    for (let r = 0; r < rows && y < height; r++, y++) {
      for (let x = 0; x < width; x++) data.set([...colour, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const BLUE_SKY: Rgb = [110, 160, 225];
const DUSK_SKY: Rgb = [20, 40, 110];
const HOUSE: Rgb = [170, 140, 110];
const CEILING: Rgb = [235, 235, 238];
const COOL_CEILING: Rgb = [225, 228, 235];
const WALL: Rgb = [200, 180, 150];

describe('sceneOf', () => {
  it.each([
    [
      'a house under a blue sky',
      [
        [BLUE_SKY, 0.35],
        [HOUSE, 0.65],
      ],
      { exterior: true, openSky: true, dusk: false },
    ],
    [
      'a twilight shot',
      [
        [DUSK_SKY, 0.35],
        [HOUSE, 0.65],
      ],
      { exterior: true, openSky: true, dusk: true },
    ],
    [
      'a room: white ceiling, warm walls',
      [
        [CEILING, 0.2],
        [WALL, 0.8],
      ],
      { exterior: false, openSky: false },
    ],
    [
      'a room under a cool ceiling',
      [
        [COOL_CEILING, 0.2],
        [WALL, 0.8],
      ],
      { exterior: false, openSky: false },
    ],
    // A blue wall low in the photo is no sky: sky is grown from the top.
    [
      'a blue wall below a ceiling',
      [
        [CEILING, 0.3],
        [BLUE_SKY, 0.4],
        [WALL, 0.3],
      ],
      { exterior: false },
    ],
  ] as const)('%s', (_name, parts, expected) => {
    expect(sceneOf(bands(400, 300, parts))).toMatchObject(expected);
  });

  it('measures the share of open sky', () => {
    expect(
      sceneOf(
        bands(400, 300, [
          [BLUE_SKY, 0.25],
          [HOUSE, 0.75],
        ]),
      ).skyShare,
    ).toBeCloseTo(0.25, 1);
  });
});

describe('keepSkyBlue', () => {
  /** A table that halves every colour's chroma around its grey, as a model muting a sky would. */
  const muting = mapLut(identityLut(), (r, g, b, out) => {
    const grey = (r + g + b) / 3;
    out[0] = grey + (r - grey) / 2;
    out[1] = grey + (g - grey) / 2;
    out[2] = grey + (b - grey) / 2;
  });
  const chroma = (rgb: readonly number[]) => {
    const [, a, b] = srgbToLab(rgb[0]!, rgb[1]!, rgb[2]!);
    return Math.hypot(a, b);
  };
  const kept = keepSkyBlue(muting);

  it('gives a blue sky back at least 90 % of its chroma', () => {
    const sky = BLUE_SKY.map((v) => v / 255);
    expect(chroma(sampleLut(muting, sky[0]!, sky[1]!, sky[2]!))).toBeLessThan(0.7 * chroma(sky));
    expect(chroma(sampleLut(kept, sky[0]!, sky[1]!, sky[2]!))).toBeGreaterThanOrEqual(0.9 * chroma(sky));
  });

  it.each([
    ['a warm wall', WALL],
    ['green grass', [80, 140, 60] as Rgb],
    ['a red door', [170, 40, 40] as Rgb],
  ])('leaves %s as the table has it', (_name, colour) => {
    const c = colour.map((v) => v / 255);
    const [r, g, b] = sampleLut(kept, c[0]!, c[1]!, c[2]!);
    const [r0, g0, b0] = sampleLut(muting, c[0]!, c[1]!, c[2]!);
    expect(Math.max(Math.abs(r - r0), Math.abs(g - g0), Math.abs(b - b0))).toBeLessThan(0.01);
  });
});
