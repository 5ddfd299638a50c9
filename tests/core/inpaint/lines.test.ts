import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../../core/imaging/types';
import { inpaint } from '../../../core/inpaint';
import { cutLinks, findBarriers, type Barrier } from '../../../core/inpaint/lines';
import { fillRegions, regionLabels } from '../../../core/inpaint/regions';

const W = 160;
const H = 120;

type Shade = (x: number, y: number) => number;

/** A grey image from a shade per pixel, sampled 4x4 inside each pixel so edges are anti-aliased as in a photo. */
function image(shade: Shade): RgbaImage {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let v = 0;
      for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) v += shade(x + (sx + 0.5) / 4 - 0.5, y + (sy + 0.5) / 4 - 0.5); // prettier-ignore
      data.set([v / 16, v / 16, v / 16, 255], (y * W + x) * 4);
    }
  }
  return { width: W, height: H, data };
}

function disc(cx: number, cy: number, r: number): Uint8Array {
  const mask = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) mask[y * W + x] = 1; // prettier-ignore
  return mask;
}

function planes(source: RgbaImage, mask: Uint8Array) {
  const data = new Float32Array(W * H * 3);
  for (let i = 0; i < W * H; i++) for (let c = 0; c < 3; c++) data[i * 3 + c] = mask[i] ? 0 : source.data[i * 4 + c]; // prettier-ignore
  return { width: W, height: H, channels: 3, data };
}

/** Mean absolute error of the red channel over the hole pixels farther than `margin` px from every true edge. */
function errorAwayFromEdges(out: RgbaImage, truth: Shade, mask: Uint8Array, edgeDistance: Shade, margin = 3) {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!mask[i] || edgeDistance(x, y) <= margin) continue;
      sum += Math.abs(out.data[i * 4] - truth(x, y));
      n++;
    }
  }
  return sum / n;
}

/** A point of the barrier at parameter t. */
const at = (b: Barrier, t: number) => [b.x0 + t * b.dx, b.y0 + t * b.dy];

// Two flat regions split by the straight line y = 20 + 0.5·x (about 27°): dark above, light below.
const diagonal: Shade = (x, y) => (y < 20 + 0.5 * x ? 60 : 190);
const diagonalDistance: Shade = (x, y) => Math.abs(y - 20 - 0.5 * x) / Math.hypot(1, 0.5);

// An L corner: a dark shutter fills the lower left quadrant below y = 60 and left of x = 80, its corner at the
// centre of the hole, so both edges enter the hole from one side only and must meet at the corner.
const corner: Shade = (x, y) => (x < 80 && y > 60 ? 40 : 200);
const cornerDistance: Shade = (x, y) =>
  x < 80 && y > 60
    ? Math.min(80 - x, y - 60)
    : Math.hypot(Math.max(0, x - 80), Math.max(0, 60 - y)) || Math.min(Math.abs(x - 80), Math.abs(y - 60));

describe('#findBarriers', () => {
  it('finds a straight edge that crosses the hole, on the edge and seen on both sides', () => {
    const mask = disc(80, 60, 24);
    const barriers = findBarriers(planes(image(diagonal), mask), mask, Math.sqrt(24 * 24 * Math.PI));
    expect(barriers).toHaveLength(1);
    const [b] = barriers;
    expect(b.twoSided).toBe(true);
    for (const t of [b.t0, (b.t0 + b.t1) / 2, b.t1]) {
      const [x, y] = at(b, t);
      expect(diagonalDistance(x, y)).toBeLessThan(0.7);
    }
    // It spans the hole: from one side of the disc to the other (a chord of about 48 px through the centre).
    expect(b.t1 - b.t0).toBeGreaterThan(44);
  });

  it('stops both arms of an L corner at the corner', () => {
    const mask = disc(80, 60, 22);
    const barriers = findBarriers(planes(image(corner), mask), mask, Math.sqrt(22 * 22 * Math.PI));
    expect(barriers).toHaveLength(2);
    for (const b of barriers) {
      expect(b.twoSided).toBe(false);
      const [x, y] = at(b, b.t1);
      expect(Math.hypot(x - 80, y - 60)).toBeLessThan(2.5);
    }
  });

  // A shelf between two white walls (x < 30, x > 130): its back edge (dark panel above, light board below,
  // sloping a little) is seen for only 7 px on each side of a wide hole, less than a run needs alone.
  const shelf =
    (rightWall: number): Shade =>
    (x, y) =>
      x < 30 || x > rightWall ? 220 : y < 60 + 0.08 * (x - 80) ? 80 : 170;
  const ellipse = (cx: number, cy: number, rx: number, ry: number) => {
    const mask = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) mask[y * W + x] = 1; // prettier-ignore
    return mask;
  };

  it('continues an edge seen for a few pixels on both sides of the hole (a shelf behind a bowl)', () => {
    const mask = ellipse(80, 60, 42, 18);
    const barriers = findBarriers(planes(image(shelf(130)), mask), mask, Math.sqrt(Math.PI * 42 * 18));
    const edge = barriers.filter((b) => Math.abs(b.dy / b.dx) < 0.3);
    expect(edge).toHaveLength(1);
    expect(edge[0]!.twoSided).toBe(true);
    const [x, y] = at(edge[0]!, (edge[0]!.t0 + edge[0]!.t1) / 2);
    expect(Math.abs(y - (60 + 0.08 * (x - 80)))).toBeLessThan(1);
  });

  it('does not trust so short a piece seen on one side only', () => {
    const mask = ellipse(80, 60, 42, 18);
    const barriers = findBarriers(planes(image(shelf(121)), mask), mask, Math.sqrt(Math.PI * 42 * 18));
    expect(barriers.filter((b) => Math.abs(b.dy / b.dx) < 0.3)).toEqual([]);
  });

  it('continues a short edge beside one hole before the long ones of a busy crop use up its lines', () => {
    // 17 cupboard door edges run into a long hole below them (a dish rack), each seen over the whole band; on the
    // right, a wall meets the counter at y = 60, seen only 10 px either side of a bottle's hole. The 16 lines a
    // crop may have go to the edges whose pixels lie nearest a hole (kitchen 152's counter behind its bottles).
    const [w, h] = [480, 160];
    const shade: Shade = (x, y) => {
      if (x < 350) return y < 110 ? (Math.floor(x / 20) % 2 ? 60 : 200) : 128;
      if (Math.abs(x - 400) > 20) return 128;
      return y < 60 ? 80 : 190;
    };
    const data = new Float32Array(w * h * 3);
    const mask = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        mask[i] = (x >= 10 && x < 345 && y >= 100 && y < 120) || ((x - 400) / 10) ** 2 + ((y - 60) / 25) ** 2 <= 1 ? 1 : 0; // prettier-ignore
        let v = 0;
        for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) v += shade(x + (sx + 0.5) / 4 - 0.5, y + (sy + 0.5) / 4 - 0.5); // prettier-ignore
        for (let c = 0; c < 3; c++) data[i * 3 + c] = mask[i] ? 0 : v / 16;
      }
    }
    const area = mask.reduce((sum, v) => sum + v, 0);
    const barriers = findBarriers({ width: w, height: h, channels: 3, data }, mask, Math.sqrt(area));
    const counter = barriers.filter((b) => Math.abs(b.dy) < 0.1);
    expect(counter).toHaveLength(1);
    expect(counter[0]!.twoSided).toBe(true);
    expect(Math.abs(counter[0]!.y0 - 60)).toBeLessThan(1);
  });

  it.each([
    ['a smooth shading', (x: number, y: number) => 60 + x * 0.6 + y * 0.3],
    ['fine noise', (x: number, y: number) => 128 + 40 * Math.sin(x * 12.9898 + y * 78.233)],
    ['a faint edge (a step of 6 levels)', (x: number, y: number) => (y < 20 + 0.5 * x ? 120 : 126)],
    ['a short edge ending before the hole', (x: number, y: number) => (x < 30 && y > 60 ? 40 : 200)],
  ])('finds nothing in %s', (_name, shade) => {
    const mask = disc(80, 60, 24);
    expect(findBarriers(planes(image(shade), mask), mask, Math.sqrt(24 * 24 * Math.PI))).toEqual([]);
  });
});

// Flat synthetic regions repeat exactly, so the patch fill alone would copy them perfectly (and be trusted): the
// structure layer is tested with the patches out of the way (patchTrust 0).
// The isotropic structure the continued edges are judged against: no patches, no fill along the grain.
const structure = { patchTrust: 0, oriented: 0 };

describe('#inpaint along straight edges', () => {
  it('continues a diagonal edge straight through the hole, each side keeping its colour', () => {
    const source = image(diagonal);
    const mask = disc(80, 60, 24);
    const guided = errorAwayFromEdges(inpaint(source, mask, structure), diagonal, mask, diagonalDistance);
    const smooth = errorAwayFromEdges(inpaint(source, mask, { ...structure, lines: false }), diagonal, mask, diagonalDistance); // prettier-ignore
    expect(guided).toBeLessThan(2);
    // Without the line, the two sides are smeared into each other (this is what the test tells apart).
    expect(smooth).toBeGreaterThan(10);
  });

  it('fills an L corner inside the hole: the shutter keeps its corner', () => {
    const source = image(corner);
    const mask = disc(80, 60, 22);
    const guided = errorAwayFromEdges(inpaint(source, mask, structure), corner, mask, cornerDistance);
    const smooth = errorAwayFromEdges(inpaint(source, mask, { ...structure, lines: false }), corner, mask, cornerDistance); // prettier-ignore
    expect(guided).toBeLessThan(2);
    expect(smooth).toBeGreaterThan(10);
  });

  it('gives the continued edge a soft profile, not a pixel-sharp staircase', () => {
    const source = image(diagonal);
    const mask = disc(80, 60, 24);
    const out = inpaint(source, mask, structure);
    // On the line itself both sides meet halfway; a pixel or two away each side has its own colour.
    let onLine = 0;
    let n = 0;
    for (let x = 64; x <= 96; x += 2) {
      const y = 20 + 0.5 * x;
      if (Number.isInteger(y) && mask[y * W + x]) {
        onLine += out.data[(y * W + x) * 4];
        n++;
      }
    }
    expect(n).toBeGreaterThan(4);
    expect(onLine / n).toBeGreaterThan(95);
    expect(onLine / n).toBeLessThan(155);
  });

  it('is the fill of before where no line enters the hole, bit for bit', () => {
    const source = image((x, y) => 128 + 40 * Math.sin(x * 12.9898 + y * 78.233));
    const mask = disc(70, 50, 20);
    const a = inpaint(source, mask);
    const b = inpaint(source, mask, { lines: false });
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
  });

  it('fills a hole at the frame edge that an edge runs into', () => {
    const shade: Shade = (_x, y) => (y < 60 ? 70 : 180);
    const source = image(shade);
    const mask = disc(0, 60, 26);
    const distance: Shade = (_x, y) => Math.abs(y - 60);
    expect(errorAwayFromEdges(inpaint(source, mask, structure), shade, mask, distance)).toBeLessThan(1);
    expect(errorAwayFromEdges(inpaint(source, mask, { ...structure, lines: false }), shade, mask, distance)).toBeGreaterThan(8); // prettier-ignore
  });

  it('continues an edge across a thin brush stroke and changes nothing outside it', () => {
    const source = image(diagonal);
    const mask = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 75; x <= 84; x++) mask[y * W + x] = 1;
    const out = inpaint(source, mask, structure);
    expect(errorAwayFromEdges(out, diagonal, mask, diagonalDistance, 2)).toBeLessThan(0.3);
    // The membrane alone rounds the edge off across a 10 px stroke.
    const smooth = inpaint(source, mask, { ...structure, lines: false });
    expect(errorAwayFromEdges(smooth, diagonal, mask, diagonalDistance, 2)).toBeGreaterThan(0.9);
    for (let i = 0; i < W * H; i++) if (!mask[i]) expect(out.data[i * 4]).toBe(source.data[i * 4]);
  });
});

describe('#cutLinks and #regionLabels', () => {
  const vertical: Barrier = { x0: 10.5, y0: 2, dx: 0, dy: 1, t0: 0, t1: 5, twoSided: true, before: 0, after: 0 }; // prettier-ignore

  it('cuts exactly the links a barrier crosses', () => {
    const cuts = cutLinks([vertical], 20, 10);
    const cut: string[] = [];
    for (let i = 0; i < 200; i++) {
      if (cuts.right[i]) cut.push(`r${i % 20},${Math.floor(i / 20)}`);
      if (cuts.down[i]) cut.push(`d${i % 20},${Math.floor(i / 20)}`);
    }
    expect(cut).toEqual(['r10,2', 'r10,3', 'r10,4', 'r10,5', 'r10,6', 'r10,7']);
  });

  it('splits a hole into regions only where a barrier runs through it', () => {
    const hole = new Uint8Array(200);
    for (let y = 3; y <= 6; y++) for (let x = 5; x <= 15; x++) hole[y * 20 + x] = 1;
    expect(regionLabels(hole, 20, 10, cutLinks([vertical], 20, 10)).count).toBe(2);
    const short = { ...vertical, t1: 2 };
    expect(regionLabels(hole, 20, 10, cutLinks([short], 20, 10)).count).toBe(1);
  });

  it('fills each region from its own side only, and reports regions no known pixel reaches', () => {
    const width = 20;
    const data = new Float32Array(200);
    for (let i = 0; i < 200; i++) data[i] = i % 20 <= 10 ? 50 : 150;
    const hole = new Uint8Array(200);
    for (let y = 3; y <= 6; y++) for (let x = 5; x <= 15; x++) hole[y * 20 + x] = 1;
    const cuts = cutLinks([{ ...vertical, t0: -1, t1: 8 }], width, 10);
    for (const kind of ['membrane', 'biharmonic'] as const) {
      const values = data.map((v, i) => (hole[i] ? 0 : v));
      const unfilled = fillRegions({ width, height: 10, channels: 1, data: values }, hole, cuts, kind, 4);
      expect(unfilled.includes(1)).toBe(false);
      for (let i = 0; i < 200; i++) if (hole[i]) expect(values[i]).toBeCloseTo(data[i], 3);
    }
    const closed = new Uint8Array(200);
    closed[5 * 20 + 10] = 1;
    const box: Barrier[] = [
      { ...vertical, x0: 9.5, y0: 4.5, t0: 0, t1: 1 },
      { ...vertical, x0: 10.5, y0: 4.5, t0: 0, t1: 1 },
      { ...vertical, x0: 9.5, y0: 4.5, dx: 1, dy: 0, t0: 0, t1: 1 },
      { ...vertical, x0: 9.5, y0: 5.5, dx: 1, dy: 0, t0: 0, t1: 1 },
    ];
    const unfilled = fillRegions({ width, height: 10, channels: 1, data: data.slice() }, closed, cutLinks(box, width, 10), 'membrane'); // prettier-ignore
    expect(unfilled[5 * 20 + 10]).toBe(1);
  });
});
