import { describe, expect, it } from 'vitest';
import { biharmonicFill, diffuseFill, holeCrops, inpaint } from '../../../core/inpaint';
import type { RgbaImage } from '../../../core/imaging/types';

const W = 160;
const H = 120;

function image(shade: (x: number, y: number) => [number, number, number], alpha = 255): RgbaImage {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      data.set([...shade(x, y), alpha], (y * W + x) * 4);
    }
  }
  return { width: W, height: H, data };
}

function disc(cx: number, cy: number, r: number, into: Uint8Array = new Uint8Array(W * H)): Uint8Array {
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) into[y * W + x] = 1; // prettier-ignore
  return into;
}

/** Mean absolute difference of the red channel inside the mask. */
function holeError(a: RgbaImage, b: RgbaImage, mask: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    sum += Math.abs(a.data[i * 4] - b.data[i * 4]);
    n++;
  }
  return sum / n;
}

const grey = (v: number): [number, number, number] => [v, v, v];
const noise = (x: number, y: number): [number, number, number] => {
  const h = Math.sin(x * 12.9898 + y * 78.233) * 43758.5453;
  const v = Math.floor((h - Math.floor(h)) * 256);
  return [v, (v * 7) % 256, (v * 13) % 256];
};

/** The membrane through the border: what a fill that knows nothing about texture gives. */
function membrane(source: RgbaImage, mask: Uint8Array): RgbaImage {
  const data = new Float32Array(W * H * 3);
  for (let i = 0; i < W * H; i++) for (let c = 0; c < 3; c++) data[i * 3 + c] = source.data[i * 4 + c];
  diffuseFill({ width: W, height: H, channels: 3, data }, mask);
  const out = { width: W, height: H, data: source.data.slice() };
  for (let i = 0; i < W * H; i++) for (let c = 0; c < 3; c++) out.data[i * 4 + c] = data[i * 3 + c];
  return out;
}

describe('#inpaint', () => {
  it('never changes a pixel outside the mask, nor alpha inside it', () => {
    const source = image(noise, 200);
    const mask = disc(40, 40, 15);
    disc(120, 80, 22, mask);
    const out = inpaint(source, mask);
    let changedOutside = 0;
    let changedInside = 0;
    for (let i = 0; i < W * H; i++) {
      const same = [0, 1, 2, 3].every((c) => out.data[i * 4 + c] === source.data[i * 4 + c]);
      if (!mask[i] && !same) changedOutside++;
      if (mask[i] && !same) changedInside++;
      expect(out.data[i * 4 + 3]).toBe(200);
    }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(0);
    expect(source.data[(40 * W + 40) * 4]).toBe(noise(40, 40)[0]); // the input is not written either
  });

  it.each([
    // texture, the fill's max error, the membrane's min error (which shows the test can tell them apart)
    ['vertical stripes', (x: number) => grey((Math.floor(x / 6) % 2) * 150 + 50), 20, 50],
    [
      'checkerboard',
      (x: number, y: number) => grey(((Math.floor(x / 8) + Math.floor(y / 8)) % 2) * 150 + 50),
      25,
      50,
    ],
    ['horizontal edge', (_x: number, y: number) => grey(y < 58 ? 60 : 200), 20, 25],
  ] as const)(
    'continues %s through a hole, unlike a smooth fill',
    (_name, shade, maxError, membraneError) => {
      const source = image((x, y) => shade(x, y));
      const mask = disc(80, 60, 24);
      const out = inpaint(source, mask);
      expect(holeError(out, source, mask)).toBeLessThan(maxError);
      expect(holeError(membrane(source, mask), source, mask)).toBeGreaterThan(membraneError);
    },
  );

  it('copies texture exactly when the patches are trusted whatever their fit', () => {
    const source = image((x) => grey((Math.floor(x / 6) % 2) * 150 + 50));
    const mask = disc(80, 60, 24);
    expect(holeError(inpaint(source, mask, { patchTrust: Infinity }), source, mask)).toBeLessThan(2);
  });

  it('does not paste unpredictable detail: on noise it stays near the smooth fill, far below the patches alone', () => {
    const source = image(noise);
    const mask = disc(80, 60, 24);
    const smooth = holeError(membrane(source, mask), source, mask);
    const ours = holeError(inpaint(source, mask), source, mask);
    const patchesAlone = holeError(inpaint(source, mask, { patchTrust: Infinity }), source, mask);
    expect(ours).toBeLessThan(smooth * 1.2);
    expect(ours).toBeLessThan(patchesAlone * 0.9);
  });

  it('is deterministic for a seed', () => {
    const source = image(noise);
    const mask = disc(70, 50, 20);
    const a = inpaint(source, mask, { seed: 7 });
    const b = inpaint(source, mask, { seed: 7 });
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
  });

  it('returns an unchanged copy for an empty mask and rejects a mask of the wrong size', () => {
    const source = image(noise);
    const out = inpaint(source, new Uint8Array(W * H));
    expect(out.data).not.toBe(source.data);
    expect(Buffer.from(out.data).equals(Buffer.from(source.data))).toBe(true);
    expect(() => inpaint(source, new Uint8Array(10))).toThrow(RangeError);
  });

  it('fills a hole touching the frame edge', () => {
    const source = image((x) => grey(40 + x));
    const mask = disc(0, 60, 20);
    const out = inpaint(source, mask);
    expect(holeError(out, source, mask)).toBeLessThan(12);
  });
});

/** Mean |forward difference| (x and y, red channel) over the hole pixels whose right and lower neighbours are too. */
function detail(out: RgbaImage, mask: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < H - 1; y++) {
    for (let x = 0; x < W - 1; x++) {
      const i = y * W + x;
      if (!mask[i] || !mask[i + 1] || !mask[i + W]) continue;
      sum +=
        Math.abs(out.data[(i + 1) * 4] - out.data[i * 4]) + Math.abs(out.data[(i + W) * 4] - out.data[i * 4]);
      n += 2;
    }
  }
  return sum / n;
}

describe('#inpaint grain', () => {
  // A wall with camera noise: a flat grey with seeded noise of about ±12 levels.
  const grainy = (x: number, y: number): [number, number, number] => {
    const h = Math.sin(x * 12.9898 + y * 78.233) * 43758.5453;
    return grey(128 + Math.round((h - Math.floor(h) - 0.5) * 24));
  };

  it('gives the fill a part of the fine detail of its border, as much as asked', () => {
    const source = image(grainy);
    const mask = disc(80, 60, 24);
    const border = detail(source, new Uint8Array(W * H).fill(1));
    expect(detail(inpaint(source, mask, { grain: 0 }), mask)).toBeLessThan(0.12 * border);
    const some = detail(inpaint(source, mask), mask) / border;
    expect(some).toBeGreaterThan(0.15);
    expect(some).toBeLessThan(0.45);
    expect(detail(inpaint(source, mask, { grain: 1 }), mask) / border).toBeGreaterThan(0.6);
  });

  it('adds none where the border has none', () => {
    const source = image(() => grey(90));
    const mask = disc(80, 60, 24);
    const out = inpaint(source, mask);
    for (let i = 0; i < W * H; i++) if (mask[i]) expect(out.data[i * 4]).toBe(90);
  });
});

describe('#inpaint patch trust', () => {
  it('makes no patch fill where even the best border matches miss, and trusts it on stripes', () => {
    const noisy = image(noise);
    const mask = disc(80, 60, 24);
    const withTrust = inpaint(noisy, mask);
    const without = inpaint(noisy, mask, { patchTrust: 0 });
    expect(Buffer.from(withTrust.data).equals(Buffer.from(without.data))).toBe(true);
    const stripes = image((x) => grey((Math.floor(x / 6) % 2) * 150 + 50));
    expect(holeError(inpaint(stripes, mask), stripes, mask)).toBeLessThan(2);
    expect(holeError(inpaint(stripes, mask, { patchTrust: 0 }), stripes, mask)).toBeGreaterThan(8);
  });
});

describe('#holeCrops', () => {
  it.each([
    [
      'two far holes stay apart',
      [
        [20, 20],
        [140, 100],
      ],
      2,
    ],
    [
      'two near holes share a crop',
      [
        [60, 60],
        [75, 60],
      ],
      1,
    ],
  ])('%s', (_name, centres, crops) => {
    const mask = new Uint8Array(W * H);
    for (const [x, y] of centres) disc(x, y, 3, mask);
    const boxes = holeCrops(mask, W, H, { marginFraction: 1, minMargin: 10 });
    expect(boxes).toHaveLength(crops);
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(W);
    }
  });
});

describe('#biharmonicFill', () => {
  it('continues a curved shading into a hole, which the membrane flattens', () => {
    const planes = () => {
      const data = new Float32Array(W * H);
      for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data[y * W + x] = (x - 80) ** 2 / 20 + y;
      return data;
    };
    const truth = planes();
    const hole = disc(80, 60, 30);
    const meanError = (
      fill: (p: { width: number; height: number; channels: number; data: Float32Array }) => void,
    ) => {
      const data = planes();
      for (let i = 0; i < hole.length; i++) if (hole[i]) data[i] = 0;
      fill({ width: W, height: H, channels: 1, data });
      let sum = 0;
      let n = 0;
      for (let i = 0; i < hole.length; i++) {
        if (!hole[i]) continue;
        sum += Math.abs(data[i] - truth[i]);
        n++;
      }
      return sum / n;
    };
    const membraneError = meanError((p) => diffuseFill(p, hole, 400));
    expect(membraneError).toBeGreaterThan(10);
    expect(meanError((p) => biharmonicFill(p, hole))).toBeLessThan(membraneError * 0.75);
  });
});

describe('#diffuseFill', () => {
  it('reproduces a linear ramp inside a hole (the membrane of a plane is the plane)', () => {
    const data = new Float32Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data[y * W + x] = 2 * x + y;
    const hole = disc(80, 60, 30);
    const truth = data.slice();
    for (let i = 0; i < hole.length; i++) if (hole[i]) data[i] = 0;
    diffuseFill({ width: W, height: H, channels: 1, data }, hole, 400);
    let worst = 0;
    for (let i = 0; i < hole.length; i++) if (hole[i]) worst = Math.max(worst, Math.abs(data[i] - truth[i]));
    expect(worst).toBeLessThan(1);
  });
});
