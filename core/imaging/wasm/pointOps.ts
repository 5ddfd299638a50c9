// The WebAssembly form of the point operations (pointOps.wat): instantiated once per thread and fed in
// cache-sized chunks: copy in, run, copy out, so the pixels cross memory once. Returns false where WebAssembly
// is missing or refused; lut.ts then runs its JavaScript loop, which gives the same bytes.
import { throughChunks, type ChunkArea } from './chunks';
import { instantiate, type Bytes } from './instantiate';
import { pointOpsWasmBase64 } from './pointOpsWasm';

interface PointOpsExports {
  memory: { buffer: ArrayBuffer };
  prepare(): void;
  applyLuts(at: number, n: number): void;
  applyMatrixLuts(at: number, n: number): void;
}

/** The pixel chunk's area in the module's memory (see the .wat layout). */
const CHUNKS: ChunkArea = { at: 458752, pixels: 32768 };
/** The matrix rows (i16 m0, m1, m2, rounding; one row every 16 bytes). */
const MATRIX_AT = 2048;
/** Coefficients beyond this (|m| > 2 in 12-bit fixed point) would overflow the i16 lanes of the dot products. */
const MAX_COEFFICIENT = 8192;

let instance: PointOpsExports | null | undefined;

function pointOps(): PointOpsExports | null {
  if (instance === undefined) instance = instantiate<PointOpsExports>(pointOpsWasmBase64);
  return instance;
}

/** The three byte tables into the module, and its combined tables built from them. */
function loadTables(ops: PointOpsExports, r: Uint8Array, g: Uint8Array, b: Uint8Array): void {
  const heap = new Uint8Array(ops.memory.buffer);
  heap.set(r, 0);
  heap.set(g, 256);
  heap.set(b, 512);
  ops.prepare();
}

/** Per-channel tables (256 entries each) applied to RGBA bytes; false when WebAssembly is unavailable. */
export function applyLutsWasm(src: Bytes, dst: Bytes, r: Uint8Array, g: Uint8Array, b: Uint8Array): boolean {
  const ops = pointOps();
  if (!ops) return false;
  loadTables(ops, r, g, b);
  throughChunks(ops.memory, CHUNKS, src, dst, (at, n) => ops.applyLuts(at, n));
  return true;
}

/**
 * A 3x3 matrix in 12-bit fixed point (9 integers), then per-channel tables; false when WebAssembly is
 * unavailable or a coefficient is out of the module's range. Matrix results outside 0..255 are clamped.
 */
export function applyMatrixLutsWasm(
  src: Bytes,
  dst: Bytes,
  m: Int32Array,
  r: Uint8Array,
  g: Uint8Array,
  b: Uint8Array,
): boolean {
  if (m.some((c) => Math.abs(c) > MAX_COEFFICIENT)) return false;
  const ops = pointOps();
  if (!ops) return false;
  loadTables(ops, r, g, b);
  const rows = new Int16Array(ops.memory.buffer, MATRIX_AT, 24);
  for (let c = 0; c < 3; c++) rows.set([m[3 * c]!, m[3 * c + 1]!, m[3 * c + 2]!, 2048], 8 * c);
  throughChunks(ops.memory, CHUNKS, src, dst, (at, n) => ops.applyMatrixLuts(at, n));
  return true;
}
