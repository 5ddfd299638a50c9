// The retouch brush's snap (core/declutter/snapStroke.ts): a rough stroke over part of an object grows to the whole
// object and its shadow; a stroke over the plain surface, over an object of the surface's own colour or over a
// piece of furniture wider than the window stays as painted. The bounds are the measured figures with a margin.
import sharp from 'sharp';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildClutterMask } from '../../../core/declutter/buildMask';
import { removeClutter } from '../../../core/declutter/removeClutter';
import { paintStroke, snapStroke, type SnappedStroke, type Stroke } from '../../../core/declutter/snapStroke';
import type { RgbaImage } from '../../../core/imaging/types';

const W = 200;
const H = 160;

/** A deterministic hash of a pixel's position, 0..1: the surface's grain. */
function grain(x: number, y: number): number {
  let h = (x * 374761393 + y * 668265263) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** A toaster-like object: a body 60 x 50, a knob sticking out on the right and a lever on top. */
const onObject = (x: number, y: number) =>
  (x >= 70 && x < 130 && y >= 60 && y < 110) ||
  (x >= 130 && x < 142 && y >= 75 && y < 85) ||
  (x >= 90 && x < 98 && y >= 48 && y < 60);
/** Its soft contact shadow: the surface darkened to 0.55 at the object's base, fading out over 10 rows. */
const shade = (x: number, y: number) =>
  x >= 66 && x < 134 && y >= 110 && y < 120 ? 0.55 + (0.45 * (y - 110)) / 10 : 1;
/** A dark plinth across the whole photo at the bottom: furniture, not a thing to remove. */
const onPlinth = (_x: number, y: number) => y >= 135 && y < 150;

/** A grainy light counter with the object (in `colour`, none when null) and its shadow. */
function scene(colour: readonly [number, number, number] | null, plinth = false): RgbaImage {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const v = 175 + ((x * 7 + y * 13) % 9) - 4 + Math.round((grain(x, y) - 0.5) * 16);
      const s = shade(x, y);
      let pixel = [v * s, (v - 8) * s, (v - 18) * s];
      if (colour && onObject(x, y)) pixel = colour.map((c) => c + Math.round((grain(y, x) - 0.5) * 10));
      if (plinth && onPlinth(x, y)) pixel = [60 + (x % 3), 45, 35];
      data.set([...pixel, 255], (y * W + x) * 4);
    }
  }
  return { width: W, height: H, data };
}

const BLUE = [60, 90, 160] as const;
/** A host's rough horizontal stroke over the middle of the body: 68 % of the object, a little over its sides. */
const overObject: Stroke = {
  points: [
    { x: 88 / W, y: 85 / H },
    { x: 112 / W, y: 85 / H },
  ],
  radius: 20 / W,
};

const strokeMask = (stroke: Stroke) => {
  const mask = new Uint8Array(W * H);
  paintStroke(mask, W, H, stroke);
  return mask;
};

const at = (snap: SnappedStroke, x: number, y: number) => {
  const lx = x - snap.box.x;
  const ly = y - snap.box.y;
  return lx >= 0 && ly >= 0 && lx < snap.box.width && ly < snap.box.height
    ? snap.mask[ly * snap.box.width + lx]!
    : 0;
};

/** The share of the object's pixels that `covered` takes, and the surface pixels it takes besides (shadow apart). */
function score(covered: (x: number, y: number) => number) {
  let object = 0,
    taken = 0,
    surface = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      if (onObject(x, y)) {
        object++;
        if (covered(x, y)) taken++;
      } else if (shade(x, y) === 1 && covered(x, y)) surface++;
    }
  return { covered: taken / object, surface: surface / object };
}

const area = (mask: Uint8Array) => mask.reduce((n, v) => n + v, 0);

describe('#snapStroke', () => {
  it('grows a stroke over 68 % of an object to the whole object, its knob, lever and shadow', () => {
    const image = scene(BLUE);
    const painted = strokeMask(overObject);
    expect(score((x, y) => painted[y * W + x]!).covered).toBeLessThan(0.7);

    const snap = snapStroke(image, overObject);
    expect(snap.outcome).toBe('snapped');
    // Measured: all of the object; of the surface beside it (its shadow apart) 0.11 of the object's area, the
    // outline of the cut's reduced work size.
    const { covered, surface } = score((x, y) => at(snap, x, y));
    expect(covered).toBeGreaterThanOrEqual(0.97);
    expect(surface).toBeLessThan(0.15);
    let shadow = 0;
    for (let x = 70; x < 130; x++) for (let y = 110; y < 114; y++) shadow += at(snap, x, y);
    expect(shadow / (60 * 4)).toBeGreaterThan(0.9);
    let dropped = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) if (painted[y * W + x] && !at(snap, x, y)) dropped++;
    expect(dropped).toBe(0);
  });

  it('removes the whole object with the brush, grown as a detected object is (one painted area)', () => {
    const { mask, paintedAreas } = buildClutterMask(scene(BLUE), [], [overObject]);
    const { covered, surface } = score((x, y) => mask[y * W + x]!);
    // Measured: covered 1, the growth round the object and its shadow 1.44 times its area.
    expect(covered).toBe(1);
    expect(surface).toBeLessThan(1.6);
    expect(paintedAreas).toBe(1);
  });

  it('keeps a stroke over the plain surface as painted', () => {
    const image = scene(null);
    const snap = snapStroke(image, overObject);
    expect(snap.outcome).toBe('stroke');
    const { mask } = buildClutterMask(image, [], [overObject]);
    expect(area(mask)).toBe(area(strokeMask(overObject)));
  });

  it('keeps the stroke over an object of the surface’s own colour', () => {
    const snap = snapStroke(scene([175, 167, 157]), overObject);
    expect(snap.outcome).toBe('stroke');
    expect(area(snap.mask)).toBe(area(strokeMask(overObject)));
  });

  it('keeps a thin line over a big object as painted (a cable in front of it): the cut would add too much', () => {
    const line: Stroke = {
      points: [
        { x: 100 / W, y: 55 / H },
        { x: 100 / W, y: 105 / H },
      ],
      radius: 3 / W,
    };
    const snap = snapStroke(scene(BLUE), line);
    expect(snap.outcome).toBe('leak');
    const { mask } = buildClutterMask(scene(BLUE), [], [line]);
    expect(area(mask)).toBe(area(strokeMask(line)));
  });

  it('keeps a stroke over furniture across the photo (a plinth) as painted', () => {
    const onPlinthStroke: Stroke = {
      points: [
        { x: 95 / W, y: 142 / H },
        { x: 105 / W, y: 142 / H },
      ],
      radius: 6 / W,
    };
    expect(snapStroke(scene(BLUE, true), onPlinthStroke).outcome).not.toBe('snapped');
    const { mask } = buildClutterMask(scene(BLUE, true), [], [onPlinthStroke]);
    expect(area(mask)).toBe(area(strokeMask(onPlinthStroke)));
  });

  it('costs the stroke’s size, not the photo’s: its cut runs on a window round the stroke', () => {
    const snap = snapStroke(scene(BLUE), overObject);
    expect(snap.box.width * snap.box.height).toBeLessThan(0.3 * W * H);
  });
});

describe('the brush on a real kitchen (fixture rooms/kitchen/69_kitchen.jpg, 580 x 436)', () => {
  it('grows a stroke down the middle of the black toaster to the whole toaster', async () => {
    const file = resolve(import.meta.dirname, '../../../../shared/fixtures/rooms/kitchen/69_kitchen.jpg');
    const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const image: RgbaImage = { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
    const [w, h] = [info.width, info.height];
    // The toaster spans x 200..237, y 207..233 (by its dark pixels); its body without the outline:
    const body = { x0: 202, x1: 236, y0: 209, y1: 232 };
    const stroke: Stroke = {
      points: [
        { x: 218 / w, y: 212 / h },
        { x: 218 / w, y: 226 / h },
      ],
      radius: 10 / w,
    };
    const result = removeClutter(image, [], 'declutter', [stroke]);
    let covered = 0;
    for (let y = body.y0; y < body.y1; y++)
      for (let x = body.x0; x < body.x1; x++) covered += result.mask[y * w + x]!;
    const share = covered / ((body.x1 - body.x0) * (body.y1 - body.y0));
    // Measured: the painted stroke 0.6 of the body, snapped all of it.
    expect(share).toBeGreaterThan(0.97);
    // Not the coffee machine and bottle left of it, nor the hob's panel right of it.
    let away = 0;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) if ((x < 190 || x > 250) && result.mask[y * w + x]) away++;
    expect(away).toBe(0);
    expect(result.paintedAreas).toBe(1);
    expect(result.description).toBe('Retuschiert: 1 markierte Stelle');
  });
});
