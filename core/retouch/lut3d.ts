// 33x33x33 colour lookup tables as the image-adaptive 3D LUT model defines them: node (r, g, b) sits at input
// colour (r, g, b) * binsize with binsize = float32(1.000001 / 32), values are output RGB in [0, 1] units (they may
// leave [0, 1] a little), read by trilinear interpolation exactly as the model's trilinear.cpp (d = t - floor(t)).
// The engine's other tables (imaging/lut.ts) are per channel and cannot mix channels, hence this kernel.
import { runBands } from '../imaging/bands';
import { assertImage, frameLike, type RgbaImage } from '../imaging/types';
import { kernelBackend } from '../imaging/wasm/backend';
import { applyLut3dWasm } from '../imaging/wasm/lut3d';
import { BASIS_COUNT, LUT_DIM } from './weights';

/** Output RGB per node, interleaved (node * 3 + channel), node = r + g*33 + b*33^2. */
export interface Lut3d {
  readonly data: Float32Array;
}

const DIM = LUT_DIM;
const DIM2 = DIM * DIM;
const NODES = DIM * DIM2;
export const BINSIZE = Math.fround(1.000001 / (DIM - 1));

/** The table that returns its input (within 2e-6 for every 8-bit colour). */
export function identityLut(): Lut3d {
  const data = new Float32Array(NODES * 3);
  for (let b = 0; b < DIM; b++) {
    for (let g = 0; g < DIM; g++) {
      for (let r = 0; r < DIM; r++) {
        const n = (r + g * DIM + b * DIM2) * 3;
        data[n] = r / (DIM - 1);
        data[n + 1] = g / (DIM - 1);
        data[n + 2] = b / (DIM - 1);
      }
    }
  }
  return { data };
}

/** w0 * LUT0 + w1 * LUT1 + w2 * LUT2, from the model's planar layout into the interleaved one. */
export function blendLuts(bases: readonly Float32Array[], w: readonly number[]): Lut3d {
  if (bases.length !== BASIS_COUNT || w.length !== BASIS_COUNT)
    throw new RangeError('three bases and weights');
  const data = new Float32Array(NODES * 3);
  for (let c = 0; c < 3; c++) {
    for (let n = 0; n < NODES; n++) {
      const i = c * NODES + n;
      data[n * 3 + c] = w[0] * bases[0][i] + w[1] * bases[1][i] + w[2] * bases[2][i];
    }
  }
  return { data };
}

/** Identity + strength * (lut - identity): 0 returns the input, 1 the table itself. */
export function withStrength(lut: Lut3d, strength: number): Lut3d {
  const s = Math.min(1, Math.max(0, strength));
  const id = identityLut().data;
  const data = new Float32Array(lut.data.length);
  for (let i = 0; i < data.length; i++) data[i] = id[i] + s * (lut.data[i] - id[i]);
  return { data };
}

/**
 * A colour function applied after the table, node by node: `fn` receives a node's RGB and writes the new RGB
 * into `out`. Smooth functions survive the trilinear reading; hard thresholds would show as 1/32 steps.
 */
export function mapLut(lut: Lut3d, fn: (r: number, g: number, b: number, out: Float64Array) => void): Lut3d {
  const data = new Float32Array(lut.data.length);
  const out = new Float64Array(3);
  for (let n = 0; n < NODES * 3; n += 3) {
    fn(lut.data[n], lut.data[n + 1], lut.data[n + 2], out);
    data[n] = out[0];
    data[n + 1] = out[1];
    data[n + 2] = out[2];
  }
  return { data };
}

/** One colour through the table (floats in, floats out; inputs clamped to [0, 1]). */
export function sampleLut(lut: Lut3d, r: number, g: number, b: number): [number, number, number] {
  const [ir, dr] = cell(r);
  const [ig, dg] = cell(g);
  const [ib, db] = cell(b);
  const base = (ir + ig * DIM + ib * DIM2) * 3;
  const out: [number, number, number] = [0, 0, 0];
  for (let c = 0; c < 3; c++) out[c] = trilinear(lut.data, base + c, dr, dg, db);
  return out;
}

function cell(x: number): [number, number] {
  const t = Math.min(1, Math.max(0, x)) / BINSIZE;
  const i = Math.min(DIM - 2, Math.floor(t));
  return [i, t - i];
}

const SR = 3;
const SG = DIM * 3;
const SB = DIM2 * 3;

function trilinear(d: Float32Array, i: number, dr: number, dg: number, db: number): number {
  const c00 = d[i] * (1 - dr) + d[i + SR] * dr;
  const c10 = d[i + SG] * (1 - dr) + d[i + SG + SR] * dr;
  const c01 = d[i + SB] * (1 - dr) + d[i + SB + SR] * dr;
  const c11 = d[i + SB + SG] * (1 - dr) + d[i + SB + SG + SR] * dr;
  return (c00 * (1 - dg) + c10 * dg) * (1 - db) + (c01 * (1 - dg) + c11 * dg) * db;
}

// Per 8-bit code value: the cell's node offset along each axis (already multiplied by that axis' stride) and the
// fraction inside it. Module-level constants so V8 inlines their addresses into the hot loop (see imaging/lut.ts).
const CELL_R = new Int32Array(256);
const CELL_G = new Int32Array(256);
const CELL_B = new Int32Array(256);
const FRAC = new Float64Array(256);
/** The cell's node index along one axis per code value, for the WebAssembly kernel's own strides. */
const CELL = new Int32Array(256);
for (let v = 0; v < 256; v++) {
  const [i, d] = cell(v / 255);
  CELL[v] = i;
  CELL_R[v] = i * SR;
  CELL_G[v] = i * SG;
  CELL_B[v] = i * SB;
  FRAC[v] = d;
}

/**
 * The table applied to every pixel of an 8-bit image into `out` (a new image unless given; may be `image`).
 * 8-bit output = floor(clamp(out * 255 + 0.5, 0, 255)) as the model's demo does. Alpha is kept. Runs the
 * WebAssembly kernel (imaging/wasm/lut3d.wat, f32 SIMD) where it can; the loop below is the f64 reference and
 * the fallback, and the two differ by 1 level at most.
 */
export function applyLut3d(
  image: RgbaImage,
  lut: Lut3d,
  out: RgbaImage = frameLike(image, image.width, image.height),
): RgbaImage {
  assertImage(image);
  if (out.width !== image.width || out.height !== image.height) {
    throw new RangeError('output image must have the size of the input');
  }
  // Each output row depends on its own input row only: the rows can be shared between threads.
  runBands({ kind: 'lut3d', nodes: lut.data, src: image, dst: out }, (from, to) =>
    applyLut3dRows(image, lut.data, out, from, to),
  );
  return out;
}

/** Rows [from, to) of applyLut3d, `d` being the table's nodes (a helper thread's way in, core/imaging/bands). */
export function applyLut3dRows(
  image: RgbaImage,
  d: Float32Array,
  out: RgbaImage,
  from: number,
  to: number,
): void {
  const rowBytes = image.width * 4;
  const src = image.data.subarray(from * rowBytes, to * rowBytes);
  const dst = out.data.subarray(from * rowBytes, to * rowBytes);
  if (
    kernelBackend() === 'wasm' &&
    applyLut3dWasm(src, dst, { nodes: d, cell: CELL, frac: FRAC, dim: DIM })
  ) {
    return;
  }
  for (let p = 0; p < src.length; p += 4) {
    const r = src[p];
    const g = src[p + 1];
    const b = src[p + 2];
    const dr = FRAC[r];
    const dg = FRAC[g];
    const db = FRAC[b];
    const i = CELL_R[r] + CELL_G[g] + CELL_B[b];
    const er = 1 - dr;
    const eg = 1 - dg;
    const eb = 1 - db;
    const w000 = er * eg * eb;
    const w100 = dr * eg * eb;
    const w010 = er * dg * eb;
    const w110 = dr * dg * eb;
    const w001 = er * eg * db;
    const w101 = dr * eg * db;
    const w011 = er * dg * db;
    const w111 = dr * dg * db;
    for (let c = 0; c < 3; c++) {
      const k = i + c;
      const v =
        w000 * d[k] +
        w100 * d[k + SR] +
        w010 * d[k + SG] +
        w110 * d[k + SG + SR] +
        w001 * d[k + SB] +
        w101 * d[k + SB + SR] +
        w011 * d[k + SB + SG] +
        w111 * d[k + SB + SG + SR];
      // Uint8ClampedArray rounds half to even; floor(x + 0.5) is the model's rounding.
      dst[p + c] = Math.floor(v * 255 + 0.5);
    }
    dst[p + 3] = src[p + 3];
  }
}
