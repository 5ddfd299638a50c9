// Every reference check of the model's manifest.json (referenceChecks), computed by an independent float32 numpy
// implementation: blend weights and float outputs within 1e-4, 8-bit outputs within 1, image means within 0.1.
import { describe, expect, it, vi } from 'vitest';
import { applyLut3d, blendLuts, sampleLut, type RgbSource } from '../../../core/retouch';
import type { RgbaImage } from '../../../core/imaging/types';
import { loadRetoucher, manifest, modelBytes } from './modelFiles';

// The classifier and 16.7 M-colour passes take seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

interface PixelCheck {
  x: number;
  y: number;
  in: number[];
  out: number[];
  out8: number[];
}
interface ImageCheck {
  weights: number[];
  pixels: PixelCheck[];
  mean_out8: number[];
}
const checks = manifest.referenceChecks as {
  gradient64: ImageCheck;
  grey05: ImageCheck;
  pattern300x200: ImageCheck;
  basis0Only: { cases: { in: number[]; out: number[] }[] };
  layoutProbe: {
    offset: number;
    basis: number;
    channel: number;
    b: number;
    g: number;
    r: number;
    value: number;
  };
};

const retoucher = loadRetoucher();

function imageOf(
  width: number,
  height: number,
  rgb: (x: number, y: number) => [number, number, number],
): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data.set([...rgb(x, y), 255], i);
    }
  }
  return { width, height, data };
}

const images: Record<'gradient64' | 'pattern300x200', RgbaImage> = {
  gradient64: imageOf(64, 64, (x, y) => [4 * x, 4 * y, 255 - 2 * (x + y)]),
  pattern300x200: imageOf(300, 200, (x, y) => [
    Math.floor((x * 255) / 299),
    Math.floor((y * 255) / 199),
    (7 * (x + y)) % 256,
  ]),
};

function expectClose(actual: readonly number[], expected: readonly number[], tolerance: number): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((v, i) =>
    expect(Math.abs(v - expected[i]), `index ${i}: ${v} vs ${expected[i]}`).toBeLessThanOrEqual(tolerance),
  );
}

function meanRgb(image: RgbaImage): number[] {
  const sum = [0, 0, 0];
  for (let i = 0; i < image.data.length; i += 4) for (let c = 0; c < 3; c++) sum[c] += image.data[i + c];
  return sum.map((s) => s / (image.width * image.height));
}

const to8 = (v: number) => Math.min(255, Math.max(0, Math.floor(v * 255 + 0.5)));

describe.each(['gradient64', 'pattern300x200'] as const)('reference image %s', (name) => {
  const check = checks[name];
  const image = images[name];

  it('gives the reference blend weights', () => {
    expectClose(retoucher.blendWeights(image), check.weights, 1e-4);
  });

  it('gives the reference float and 8-bit outputs at every listed pixel, and the reference mean', () => {
    const lut = retoucher.lutFor(image);
    const out = applyLut3d(image, lut);
    for (const p of check.pixels) {
      const i = (p.y * image.width + p.x) * 4;
      const input = [0, 1, 2].map((c) => image.data[i + c] / 255);
      expectClose(input, p.in, 1e-5);
      expectClose(sampleLut(lut, input[0], input[1], input[2]), p.out, 1e-4);
      expectClose([out.data[i], out.data[i + 1], out.data[i + 2]], p.out8, 1);
    }
    expectClose(meanRgb(out), check.mean_out8, 0.1);
  });

  it('matches the retoucher end to end (retouch = apply of lutFor)', () => {
    expect(retoucher.retouch(image).data).toEqual(applyLut3d(image, retoucher.lutFor(image)).data);
  });
});

describe('reference image grey05 (float input 0.5, not a byte)', () => {
  const check = checks.grey05;
  const size = 16;
  const grey: RgbSource = { width: size, height: size, planes: new Float32Array(3 * size * size).fill(0.5) };

  it('gives the reference weights and output', () => {
    expectClose(retoucher.blendWeights(grey), check.weights, 1e-4);
    const lut = retoucher.lutFor(grey);
    for (const p of check.pixels) {
      const out = sampleLut(lut, p.in[0], p.in[1], p.in[2]);
      expectClose(out, p.out, 1e-4);
      expectClose(out.map(to8), p.out8, 1);
      expectClose(out.map(to8), check.mean_out8, 1);
    }
  });
});

describe('basis LUT0 alone (weights 1, 0, 0)', () => {
  const lut = blendLuts(retoucher.weights.luts, [1, 0, 0]);
  it.each(checks.basis0Only.cases)('maps $in to the reference output', (c) => {
    expectClose(sampleLut(lut, c.in[0], c.in[1], c.in[2]), c.out, 1e-4);
  });
});

describe('weight files', () => {
  it('hold the layout probe at the stated float offset, and the parser puts it at its (basis, channel, b, g, r)', () => {
    const probe = checks.layoutProbe;
    const raw = new DataView(modelBytes('luts.bin')).getFloat32(probe.offset * 4, true);
    expect(Math.abs(raw - probe.value)).toBeLessThan(1e-7);
    const parsed =
      retoucher.weights.luts[probe.basis][
        probe.channel * 33 ** 3 + probe.b * 33 ** 2 + probe.g * 33 + probe.r
      ];
    expect(parsed).toBe(raw);
  });

  it('are rejected when truncated', async () => {
    const { parseRetouchWeights } = await import('../../../core/retouch');
    expect(() => parseRetouchWeights(modelBytes('classifier.bin').slice(4), modelBytes('luts.bin'))).toThrow(
      /bytes/,
    );
  });
});
