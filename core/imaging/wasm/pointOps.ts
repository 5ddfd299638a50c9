// The WebAssembly form of the point operations (pointOps.wat): instantiated once per thread and fed in
// cache-sized chunks: copy in, run, copy out, so the pixels cross memory once. Returns false where WebAssembly
// is missing or refused; lut.ts then runs its JavaScript loop, which gives the same bytes.
import { instantiate, type Bytes } from './instantiate';
import { pointOpsWasmBase64 } from './pointOpsWasm';

interface PointOpsExports {
  memory: { buffer: ArrayBuffer };
  applyLuts(n: number): void;
  applyMatrixLuts(n: number, ...m: number[]): void;
}

/** Where the pixel chunk starts in the module's memory, and how many pixels it holds (see the .wat layout). */
const CHUNK_AT = 16384;
const CHUNK_PIXELS = 32768;
/** The matrix path's word tables (i32 x 1280 each), and the table offset of value 0. */
const WIDE_AT = 1024;
const WIDE_SIZE = 1280;
const WIDE_OFFSET = 512;

let instance: PointOpsExports | null | undefined;

function pointOps(): PointOpsExports | null {
  if (instance === undefined) instance = instantiate<PointOpsExports>(pointOpsWasmBase64);
  return instance;
}

/**
 * Runs `run(n)` over `src` chunk by chunk, results into `dst` (may be `src`). Both 4-byte aligned. A kernel that
 * does four pixels per turn runs over up to three stale pixels after a chunk's end, which are never copied out.
 */
function chunked(ops: PointOpsExports, src: Bytes, dst: Bytes, run: (n: number) => void): void {
  const heap = new Uint8Array(ops.memory.buffer);
  const chunkBytes = CHUNK_PIXELS * 4;
  for (let at = 0; at < src.length; at += chunkBytes) {
    const end = Math.min(src.length, at + chunkBytes);
    heap.set(src.subarray(at, end), CHUNK_AT);
    run((end - at) >> 2);
    dst.set(heap.subarray(CHUNK_AT, CHUNK_AT + (end - at)), at);
  }
}

/** Per-channel tables (256 entries each) applied to RGBA bytes; false when WebAssembly is unavailable. */
export function applyLutsWasm(src: Bytes, dst: Bytes, r: Uint8Array, g: Uint8Array, b: Uint8Array): boolean {
  const ops = pointOps();
  if (!ops) return false;
  const heap = new Uint8Array(ops.memory.buffer);
  heap.set(r, 0);
  heap.set(g, 256);
  heap.set(b, 512);
  chunked(ops, src, dst, (n) => ops.applyLuts(n));
  return true;
}

/**
 * A 3x3 matrix in 12-bit fixed point (9 integers), then per-channel tables; false when WebAssembly is
 * unavailable. Matrix results between -512 and 767 are clamped by the widened tables.
 */
export function applyMatrixLutsWasm(
  src: Bytes,
  dst: Bytes,
  m: Int32Array,
  r: Uint8Array,
  g: Uint8Array,
  b: Uint8Array,
): boolean {
  const ops = pointOps();
  if (!ops) return false;
  const words = new Int32Array(ops.memory.buffer, WIDE_AT, 3 * WIDE_SIZE);
  [r, g, b].forEach((lut, c) => {
    const base = c * WIDE_SIZE;
    for (let i = 0; i < WIDE_SIZE; i++)
      words[base + i] = lut[Math.min(255, Math.max(0, i - WIDE_OFFSET))]! << (8 * c);
  });
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = Array.from(m);
  chunked(ops, src, dst, (n) => ops.applyMatrixLuts(n, m0!, m1!, m2!, m3!, m4!, m5!, m6!, m7!, m8!));
  return true;
}
