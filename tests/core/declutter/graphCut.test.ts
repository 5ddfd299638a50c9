import { describe, expect, it } from 'vitest';
import type { Detection } from '../../../core/analysis/room/types';
import { buildClutterMask } from '../../../core/declutter/buildMask';
import { graphCutObject } from '../../../core/declutter/graphCut';
import type { RgbaImage } from '../../../core/imaging/types';
import type { PixelRegion } from '../../../core/inpaint/maskOps';

const W = 160;
const H = 120;

type Paint = (x: number, y: number) => readonly [number, number, number] | null;

/** A slightly textured light surface (a counter) with what `paint` draws over it. */
function scene(paint: Paint): RgbaImage {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const v = 170 + ((x * 7 + y * 13) % 9) - 4;
      data.set([...(paint(x, y) ?? [v, v - 6, v - 14]), 255], (y * W + x) * 4);
    }
  }
  return { width: W, height: H, data };
}

const disc = (cx: number, cy: number, r: number) => (x: number, y: number) =>
  (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
/** A dark bottle: body 18 x 34 at (71, 50), neck 6 x 14 above it. */
const bottle = (x: number, y: number) =>
  (x >= 71 && x < 89 && y >= 50 && y < 84) || (x >= 77 && x < 83 && y >= 36 && y < 50);
/** Its contact shadow: the surface darkened by a third in the 8 rows under the body, a little wider than it. */
const shadow = (x: number, y: number) => x >= 68 && x < 92 && y >= 84 && y < 92;
/** A counter's front edge at row 96: a dark cabinet front below. */
const cabinet = (x: number, y: number) => y >= 96 && x >= 0;

const RED = [200, 30, 30] as const;
const GLASS = [60, 80, 50] as const;

interface Case {
  name: string;
  paint: Paint;
  /** The object's pixels (what must be cut). */
  object: (x: number, y: number) => boolean;
  /** Pixels that must stay out (the surface, past the shadow or the counter's edge). */
  outside: (x: number, y: number) => boolean;
  box: PixelRegion;
  minCovered: number;
  maxOutside: number;
}

const cases: Case[] = [
  {
    name: 'a disc whose box is tight',
    paint: (x, y) => (disc(80, 60, 16)(x, y) ? RED : null),
    object: disc(80, 60, 16),
    outside: (x, y) => !disc(80, 60, 19)(x, y),
    box: { x: 64, y: 44, width: 33, height: 33 },
    minCovered: 0.97,
    maxOutside: 0.02,
  },
  {
    name: 'a disc whose box stops short of its left half',
    paint: (x, y) => (disc(80, 60, 16)(x, y) ? RED : null),
    object: disc(80, 60, 16),
    outside: (x, y) => !disc(80, 60, 19)(x, y),
    box: { x: 74, y: 46, width: 23, height: 28 },
    minCovered: 0.95,
    maxOutside: 0.02,
  },
  {
    name: 'a bottle whose box stops at its shoulder: the neck too',
    paint: (x, y) => (bottle(x, y) ? GLASS : null),
    object: bottle,
    outside: (x, y) => !(x >= 68 && x < 92 && y >= 33 && y < 88),
    box: { x: 71, y: 50, width: 18, height: 34 },
    minCovered: 0.95,
    maxOutside: 0.02,
  },
  {
    name: 'a bottle and its contact shadow, not the counter’s edge below it',
    paint: (x, y) => {
      if (bottle(x, y)) return GLASS;
      if (cabinet(x, y)) return [70, 45, 30];
      if (shadow(x, y)) return [110, 104, 96];
      return null;
    },
    object: (x, y) => bottle(x, y) || shadow(x, y),
    outside: cabinet,
    box: { x: 71, y: 38, width: 18, height: 46 },
    minCovered: 0.93,
    maxOutside: 0.0,
  },
];

function score(cut: ReturnType<typeof graphCutObject>, c: Case): { covered: number; outside: number } {
  let covered = 0, total = 0, out = 0, outTotal = 0; // prettier-ignore
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const lx = x - cut.box.x, ly = y - cut.box.y; // prettier-ignore
      const inCut =
        lx >= 0 &&
        ly >= 0 &&
        lx < cut.box.width &&
        ly < cut.box.height &&
        cut.mask[ly * cut.box.width + lx] === 1;
      if (c.object(x, y)) {
        total++;
        if (inCut) covered++;
      } else if (c.outside(x, y)) {
        outTotal++;
        if (inCut) out++;
      }
    }
  }
  return { covered: covered / total, outside: out / outTotal };
}

describe('#graphCutObject', () => {
  it.each(cases)('$name', (c) => {
    const { covered, outside } = score(graphCutObject(scene(c.paint), c.box), c);
    expect(covered).toBeGreaterThanOrEqual(c.minCovered);
    expect(outside).toBeLessThanOrEqual(c.maxOutside);
  });

  it('cuts the same at a smaller work size (the window area-averaged)', () => {
    const c = cases[2]!;
    const { covered, outside } = score(graphCutObject(scene(c.paint), c.box, { workSide: 48 }), c);
    expect(covered).toBeGreaterThanOrEqual(0.9);
    expect(outside).toBeLessThanOrEqual(0.03);
  });

  it('answers an empty cut for an empty box', () => {
    const cut = graphCutObject(
      scene(() => null),
      { x: 10, y: 10, width: 0, height: 5 },
    );
    expect(cut.box.width * cut.box.height).toBe(0);
    expect(cut.mask.length).toBe(0);
  });

  it('keeps only the part joined to the box’s core: a second object of the same colour nearby stays', () => {
    const other = disc(130, 60, 8);
    const paint: Paint = (x, y) => (disc(80, 60, 16)(x, y) || other(x, y) ? RED : null);
    const cut = graphCutObject(scene(paint), { x: 64, y: 44, width: 33, height: 33 }, { margin: 0.9 });
    const { outside } = score(cut, { ...cases[0]!, outside: other });
    expect(outside).toBe(0);
  });
});

describe('#buildClutterMask with the graph cut', () => {
  it('masks the whole bottle and its shadow from a box that stops at the shoulder', () => {
    const c = cases[3]!;
    const detection: Detection = {
      label: 'bottle',
      score: 0.5,
      box: { x: 71 / W, y: 50 / H, width: 18 / W, height: 34 / H },
    };
    const { mask, objects } = buildClutterMask(scene(c.paint), [detection], [], { cut: 'graph' });
    expect(objects.map((o) => o.method)).toEqual(['graph']);
    let missed = 0;
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (c.object(x, y) && !mask[y * W + x]) missed++;
    expect(missed).toBe(0);
  });
});
