// The WebAssembly form of the point operations (pointOps.wat). Pixels in a frame memory (frames.ts), worked on
// in place, run where they lie, through an instance over that memory; any others go through this thread's own
// instance in cache-sized chunks (copy in, run, copy out), so they cross memory once. Returns false where
// WebAssembly is missing or refused; lut.ts then runs its JavaScript loop, which gives the same bytes.
import { throughChunks, type ChunkArea } from './chunks';
import { frameMemoryOf, TABLE_AREA_BYTES, takeTableArea } from './frames';
import { instantiate, type Bytes, type WasmMemory } from './instantiate';
import { pointOpsFrameWasmBase64 } from './pointOpsFrameWasm';
import { pointOpsWasmBase64 } from './pointOpsWasm';

interface PointOpsExports {
  prepare(tables: number): void;
  applyLuts(at: number, n: number, tables: number): void;
  applyMatrixLuts(at: number, n: number, tables: number): void;
}

/** An instance and the table area it uses in its memory. */
interface PointOps {
  exports: PointOpsExports;
  memory: WasmMemory;
  tables: number;
}

/** The pixel chunk's area in the own instance's memory: after its one table area (see the .wat layout). */
const CHUNKS: ChunkArea = { at: TABLE_AREA_BYTES, pixels: 32768 };
/** The matrix rows in a table area (i16 m0, m1, m2, rounding; one row every 16 bytes). */
const MATRIX_AT = 2048;
/** The pixels a turn of the module's loops takes: a call may work on up to this many minus one beyond n. */
const TURN_PIXELS = 4;
/** Coefficients beyond this (|m| > 2 in 12-bit fixed point) would overflow the i16 lanes of the dot products. */
const MAX_COEFFICIENT = 8192;

let own: PointOps | null | undefined;
/** This thread's instances over frame memories (null: the frame had no table area left for this thread). */
const overFrames = new WeakMap<WasmMemory, PointOps | null>();

function ownOps(): PointOps | null {
  if (own === undefined) {
    const exports = instantiate<PointOpsExports & { memory: WasmMemory }>(pointOpsWasmBase64);
    own = exports && { exports, memory: exports.memory, tables: 0 };
  }
  return own;
}

/** The instance over the frame memory `src` lies in, when it is one and `dst` is the same pixels. */
function frameOps(src: Bytes, dst: Bytes): PointOps | null {
  const memory = frameMemoryOf(src);
  if (!memory || dst.buffer !== src.buffer || dst.byteOffset !== src.byteOffset) return null;
  let ops = overFrames.get(memory);
  if (ops === undefined) {
    ops = null;
    const tables = takeTableArea(memory);
    if (tables !== null) {
      const exports = instantiate<PointOpsExports>(pointOpsFrameWasmBase64, { env: { memory } });
      if (exports) ops = { exports, memory, tables };
    }
    overFrames.set(memory, ops);
  }
  return ops;
}

/** The three byte tables into the instance's table area, and its combined tables built from them. */
function loadTables(ops: PointOps, r: Uint8Array, g: Uint8Array, b: Uint8Array): void {
  const area = new Uint8Array(ops.memory.buffer, ops.tables, 768);
  area.set(r, 0);
  area.set(g, 256);
  area.set(b, 512);
  ops.exports.prepare(ops.tables);
}

/**
 * Runs `apply` over the pixels: where they lie in a frame memory (whole turns of the loops: a turn past the end
 * would write pixels that another thread's band may hold), the rest through the own instance's chunks.
 */
function run(
  src: Bytes,
  dst: Bytes,
  prepare: (ops: PointOps) => void,
  apply: (ops: PointOps, at: number, n: number) => void,
): boolean {
  const chunked = ownOps();
  if (!chunked) return false;
  const inFrame = frameOps(src, dst);
  const pixels = src.length >> 2;
  const done = inFrame ? pixels - (pixels % TURN_PIXELS) : 0;
  if (inFrame) {
    prepare(inFrame);
    apply(inFrame, src.byteOffset, done);
  }
  if (done < pixels) {
    prepare(chunked);
    throughChunks(chunked.memory, CHUNKS, src.subarray(done * 4), dst.subarray(done * 4), (at, n) =>
      apply(chunked, at, n),
    );
  }
  return true;
}

/** Per-channel tables (256 entries each) applied to RGBA bytes; false when WebAssembly is unavailable. */
export function applyLutsWasm(src: Bytes, dst: Bytes, r: Uint8Array, g: Uint8Array, b: Uint8Array): boolean {
  return run(
    src,
    dst,
    (ops) => loadTables(ops, r, g, b),
    (ops, at, n) => ops.exports.applyLuts(at, n, ops.tables),
  );
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
  return run(
    src,
    dst,
    (ops) => {
      loadTables(ops, r, g, b);
      const rows = new Int16Array(ops.memory.buffer, ops.tables + MATRIX_AT, 24);
      for (let c = 0; c < 3; c++) rows.set([m[3 * c]!, m[3 * c + 1]!, m[3 * c + 2]!, 2048], 8 * c);
    },
    (ops, at, n) => ops.exports.applyMatrixLuts(at, n, ops.tables),
  );
}
