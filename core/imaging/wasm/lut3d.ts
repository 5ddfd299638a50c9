// The WebAssembly form of the learned retouch's table (lut3d.wat), instantiated once per thread: the table is
// written into the module's memory as 16-byte nodes on every call (0.1 ms; a table object may be refilled
// between calls), the pixels pass through in cache-sized chunks. Returns false where WebAssembly (with SIMD) is missing or refused; core/retouch/lut3d.ts then runs its
// JavaScript loop, the reference (within 1 level: f32 here, f64 there).
import { instantiate, type Bytes } from './instantiate';
import { lut3dWasmBase64 } from './lut3dWasm';

interface Lut3dExports {
  memory: { buffer: ArrayBuffer };
  applyLut3d(n: number): void;
}

/** Where the cell tables and the pixel chunk start in the module's memory (see the .wat layout). */
const CELLS_AT = 575488;
const CHUNK_AT = 589824;
const CHUNK_PIXELS = 32768;

/** A table as the kernel reads it: interleaved RGB per node, and per 8-bit value its cell and fraction. */
export interface Lut3dTables {
  /** Output RGB per node, node * 3 + channel (Lut3d.data). */
  nodes: Float32Array;
  /** Per code value, the cell's first node index along R, G and B (not yet multiplied by the strides). */
  cell: Int32Array;
  /** Per code value, the fraction inside the cell. */
  frac: Float64Array;
  /** Nodes per axis. */
  dim: number;
}

let instance: Lut3dExports | null | undefined;

export function applyLut3dWasm(src: Bytes, dst: Bytes, tables: Lut3dTables): boolean {
  instance ??= instantiate<Lut3dExports>(lut3dWasmBase64);
  const ops = instance;
  if (!ops) return false;
  const { buffer } = ops.memory;
  {
    const { nodes, cell, frac, dim } = tables;
    const f32 = new Float32Array(buffer, 0, (nodes.length / 3) * 4);
    for (let n = 0, i = 0; i < nodes.length; n += 4, i += 3) {
      f32[n] = nodes[i]! * 255 + 0.5;
      f32[n + 1] = nodes[i + 1]! * 255 + 0.5;
      f32[n + 2] = nodes[i + 2]! * 255 + 0.5;
      f32[n + 3] = 0;
    }
    const offsets = new Int32Array(buffer, CELLS_AT, 768);
    const fractions = new Float32Array(buffer, CELLS_AT + 4096, 2048);
    for (let v = 0; v < 256; v++) {
      offsets[v] = cell[v]! * 16;
      offsets[256 + v] = cell[v]! * 16 * dim;
      offsets[512 + v] = cell[v]! * 16 * dim * dim;
      const d = Math.fround(frac[v]!);
      fractions.fill(d, v * 4, v * 4 + 4);
      fractions.fill(Math.fround(1 - d), 1024 + v * 4, 1024 + v * 4 + 4);
    }
  }
  const heap = new Uint8Array(buffer);
  const chunkBytes = CHUNK_PIXELS * 4;
  for (let at = 0; at < src.length; at += chunkBytes) {
    const end = Math.min(src.length, at + chunkBytes);
    heap.set(src.subarray(at, end), CHUNK_AT);
    // Four pixels per turn: a last chunk of n % 4 pixels runs over a few stale bytes, never copied out.
    ops.applyLut3d((end - at) >> 2);
    dst.set(heap.subarray(CHUNK_AT, CHUNK_AT + (end - at)), at);
  }
  return true;
}
