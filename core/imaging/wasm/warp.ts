// The WebAssembly form of the warp's inner loop (warp.wat): the source is copied into the module's memory once
// per call (grown to fit), warp.ts plans each output row's spans into the module's span table, the module
// blends the row, and the row is copied out. Returns null where WebAssembly is unavailable or the output row is
// wider than the module's buffers (warp.ts then runs its JavaScript loop, which gives the same bytes).
import { instantiate, type Bytes } from './instantiate';
import { warpWasmBase64 } from './warpWasm';

interface WarpExports {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  warpRow(spans: number, sourceWidth: number, maxXF: number, maxYF: number): void;
}

const MAX_WIDTH = 16384;
const ROW_AT = 393216;
const SOURCE_AT = 458752;
const PAGE = 65536;

let instance: WarpExports | null | undefined;

export interface WarpRows {
  /** The span table to plan a row into (6 int32 per span). */
  spans: Int32Array;
  /** Blends output row `y` from `count` planned spans into the output. */
  row(y: number, count: number, maxXF: number, maxYF: number): void;
}

export function warpRowsWasm(
  source: Bytes,
  sourceWidth: number,
  sourceHeight: number,
  out: Bytes,
  width: number,
): WarpRows | null {
  if (width > MAX_WIDTH) return null;
  instance ??= instantiate<WarpExports>(warpWasmBase64);
  const ops = instance;
  if (!ops) return null;
  const needed = SOURCE_AT + sourceWidth * sourceHeight * 4;
  try {
    const have = ops.memory.buffer.byteLength;
    if (needed > have) ops.memory.grow(Math.ceil((needed - have) / PAGE));
  } catch {
    return null; // no room for another copy of the photo: the JavaScript loop needs none
  }
  const heap = new Uint8Array(ops.memory.buffer);
  heap.set(source.subarray(0, sourceWidth * sourceHeight * 4), SOURCE_AT);
  const rowBytes = width * 4;
  return {
    spans: new Int32Array(ops.memory.buffer, 0, MAX_WIDTH * 6),
    row(y, count, maxXF, maxYF) {
      ops.warpRow(count, sourceWidth, maxXF, maxYF);
      out.set(heap.subarray(ROW_AT, ROW_AT + rowBytes), y * rowBytes);
    },
  };
}
