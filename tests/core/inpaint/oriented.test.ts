import { describe, expect, it } from 'vitest';
import { orientedFill, tensorField } from '../../../core/inpaint/oriented';

const W = 96;
const H = 64;

/** Three layers like a wall above a counter's lip above its front, their edges tilted by `slope` (dy per dx). */
function layers(slope: number): Float32Array {
  const data = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const t = y - slope * (x - W / 2);
      const v = t < 26 ? 200 : t < 34 ? 120 : 40;
      data.fill(v, (y * W + x) * 3, (y * W + x) * 3 + 3);
    }
  }
  return data;
}

/** A hole wider than tall, across all three layers' edges. */
function wideHole(): Uint8Array {
  const hole = new Uint8Array(W * H);
  for (let y = 16; y < 46; y++) for (let x = 24; x < 72; x++) hole[y * W + x] = 1;
  return hole;
}

function meanAbsError(values: Float32Array, truth: Float32Array, hole: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    sum += Math.abs(values[i * 3] - truth[i * 3]);
    n++;
  }
  return sum / n;
}

describe('orientedFill', () => {
  it.each([
    ['level layers', 0],
    ['layers tilted by 15°', Math.tan((15 * Math.PI) / 180)],
  ])('carries every edge of %s across a wide hole', (_name, slope) => {
    const truth = layers(slope);
    const hole = wideHole();
    const flat = new Float32Array(truth.length).fill(120);
    const filled = orientedFill(truth, hole, W, H, flat, 1);
    // The flat guess is off by about 55 levels on average; the fill along the layers only where the ray's
    // rounding meets an edge, and on the tilted staircase edges, whose steps still tilt the measured direction.
    expect(meanAbsError(flat, truth, hole)).toBeGreaterThan(50);
    expect(meanAbsError(filled, truth, hole)).toBeLessThan(slope === 0 ? 6 : 15);
  });

  it('blends by strength and leaves known pixels as the fallback has them', () => {
    const truth = layers(0);
    const hole = wideHole();
    const flat = new Float32Array(truth.length).fill(120);
    const half = orientedFill(truth, hole, W, H, flat, 0.5);
    const row20 = (20 * W + 40) * 3; // inside the hole, in the wall layer (200)
    expect(half[row20]).toBeCloseTo(160, 0);
    for (let i = 0; i < hole.length; i++) if (!hole[i]) expect(half[i * 3]).toBe(120);
  });

  it('keeps the fallback where the surroundings have no edges to follow', () => {
    const plain = new Float32Array(W * H * 3).fill(90);
    const hole = wideHole();
    const fallback = new Float32Array(plain.length).fill(77);
    expect(orientedFill(plain, hole, W, H, fallback, 1)).toEqual(fallback);
  });

  it('keeps the fallback where edges cross each other (a checkerboard has no one direction)', () => {
    const board = new Float32Array(W * H * 3);
    for (let i = 0; i < W * H; i++)
      board.fill((((i % W) >> 3) + (Math.floor(i / W) >> 3)) % 2 ? 200 : 40, i * 3, i * 3 + 3);
    const hole = wideHole();
    const fallback = new Float32Array(board.length).fill(120);
    const filled = orientedFill(board, hole, W, H, fallback, 1);
    expect(meanAbsError(filled, fallback, hole)).toBeLessThan(20);
  });
});

describe('tensorField', () => {
  it('points the carried-in gradient across level layers (vertical gradient, no horizontal one)', () => {
    const tensor = tensorField(layers(0), wideHole(), W, H);
    const i = (30 * W + 48) * 3;
    expect(tensor[i + 1]).toBeGreaterThan(0);
    expect(tensor[i]).toBeCloseTo(0, 3);
    expect(tensor[i + 2]).toBeCloseTo(0, 3);
  });
});
