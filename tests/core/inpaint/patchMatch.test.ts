import { describe, expect, it } from 'vitest';
import { borderMisfit, patchMatchFill } from '../../../core/inpaint/patchMatch';
import { seededRandom } from '../../../core/inpaint';

const W = 120;
const H = 90;

function planes(shade: (x: number, y: number) => number, hole: Uint8Array) {
  const data = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) for (let c = 0; c < 3; c++) data[(y * W + x) * 3 + c] = hole[y * W + x] ? 0 : shade(x, y); // prettier-ignore
  return { width: W, height: H, channels: 3, data };
}

function disc(cx: number, cy: number, r: number): Uint8Array {
  const mask = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) mask[y * W + x] = 1; // prettier-ignore
  return mask;
}

const options = (seed: number) => ({ patchRadius: 4, random: seededRandom(seed), maxSearchPixels: 40_000 });

describe('#borderMisfit', () => {
  it.each([
    ['stripes', (x: number) => (Math.floor(x / 6) % 2) * 150 + 50],
    ['a checkerboard', (x: number, y: number) => ((Math.floor(x / 8) + Math.floor(y / 8)) % 2) * 150 + 50],
    ['noise', (x: number, y: number) => ((Math.sin(x * 12.9898 + y * 78.233) * 43758.5453) % 1) * 127 + 128],
    [
      'a shaded wall with a dark frame',
      (x: number, y: number) => (x > 70 && x < 80 ? 40 : 120 + x * 0.5 + y),
    ],
  ])('is at most the full fill’s misfit (so it can rule the fill out), on %s', (_name, shade) => {
    const hole = disc(60, 45, 16);
    const bound = borderMisfit(planes(shade, hole), hole, options(3));
    const full = patchMatchFill(planes(shade, hole), hole, options(3));
    expect(bound).toBeLessThanOrEqual(full + 1e-9);
  });

  it('tells repeating surroundings (near 0) from noise', () => {
    const hole = disc(60, 45, 16);
    const stripes = borderMisfit(
      planes((x) => (Math.floor(x / 6) % 2) * 150 + 50, hole),
      hole,
      options(1),
    );
    const noisy = borderMisfit(planes((x, y) => ((Math.sin(x * 12.9898 + y * 78.233) * 43758.5453) % 1) * 127 + 128, hole), hole, options(1)); // prettier-ignore
    expect(stripes).toBeLessThan(0.05);
    expect(noisy).toBeGreaterThan(0.5);
  });
});
