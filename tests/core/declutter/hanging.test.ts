import { describe, expect, it } from 'vitest';
import type { Detection } from '../../../core/analysis/room/types';
import { hangsFromCord } from '../../../core/declutter';
import { createImage, type RgbaImage } from '../../../core/imaging/types';

const SIZE = 200;
/** A shade's box: 20 x 24 px with its top at y 60 (bottom at 0.42 of the frame). */
const shade = (label: Detection['label'] = 'bottle', top = 60): Detection => ({
  label,
  score: 0.5,
  box: { x: 90 / SIZE, y: top / SIZE, width: 20 / SIZE, height: 24 / SIZE },
});

/** A light wall (luma ~200) with `draw` painted in dark grey. */
function wall(draw: (x: number, y: number) => boolean): RgbaImage {
  const image = createImage(SIZE, SIZE);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const v = draw(x, y) ? 60 : 200 + ((x * 7 + y * 13) % 5);
      image.data.set([v, v, v, 255], (y * SIZE + x) * 4);
    }
  }
  return image;
}

const cordTo = (bottom: number) => (x: number, y: number) => x === 100 && y < bottom;

describe('#hangsFromCord', () => {
  it.each([
    ['a shade under a thin cord', wall(cordTo(60)), shade(), true],
    [
      'a slightly slanting cord',
      wall((x, y) => y < 60 && x === 100 + Math.round((60 - y) / 30)),
      shade(),
      true,
    ],
    ['a cord crossing a band of its own brightness', wall((x, y) => (x === 100 && y < 60) || (y >= 45 && y < 47)), shade(), true], // prettier-ignore
    ['nothing above the box', wall(() => false), shade(), false],
    ['a cord that ends above the box', wall((x, y) => x === 100 && y < 30), shade(), false],
    ['a step edge above it (a cupboard side), not a thin line', wall((x) => x < 100), shade(), false],
    ['a line above something low in the frame (a window bar behind a bottle)', wall(cordTo(110)), shade('bottle', 110), false], // prettier-ignore
    ['a line above a label no shade is taken for', wall(cordTo(60)), shade('remote'), false],
  ])('%s', (_name, image, detection, hanging) => {
    expect(hangsFromCord(image, detection)).toBe(hanging);
  });
});
