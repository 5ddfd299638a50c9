// The WebAssembly form of the warp's inner loop (warp.wat), tile by tile: warp.ts plans a block of output rows
// into the module's span table, and for each strip of columns the module finds the source rectangle the strip
// reads, this module copies it into the tile buffer (row by row, each a sequential copy) and the module blends
// the strip into the output block, which is then copied out. Returns the first row it did not do (all of them
// where WebAssembly is unavailable or memory ran out); warp.ts runs its JavaScript loop for those, which gives
// the same bytes.
import { instantiate, type Bytes } from './instantiate';
import { warpWasmBase64 } from './warpWasm';

interface WarpExports {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  measure(rows: number, stripEnd: number, maxXF: number, maxYF: number): number;
  blend(
    rows: number,
    out: number,
    outStride: number,
    tile: number,
    stride: number,
    minXF: number,
    maxXF: number,
    minYF: number,
    maxYF: number,
  ): void;
}

/** Plans output row `y` into `spans` from record `first` on (6 int32 each); returns how many it wrote. */
type PlanRow = (y: number, spans: Int32Array, first: number) => number;

/** Widths and heights beyond this take the JavaScript loop (16.16 positions and the buffers below). */
const MAX_SIDE = 16384;
const SPAN_FIELDS = 6;
const TABLE_SPANS = 16384;
// Block and strip: a tile of 64 rows by 512 columns reads ~100-200 kB of source for a gently turned photo,
// which stays in the cache while it is blended (measured: 2 degrees then runs nearly as fast as a plain
// shift; 32 rows or 256 or 1024 columns were slower). The module's row records hold 64 rows.
const BLOCK_ROWS = 64;
const STRIP = 512;
/** The row records (int32 x 64 each): next span, end of spans, stop, output x, output x at stop. */
const NEXT_AT = 393216;
const END_AT = NEXT_AT + 256;
const X_AT = NEXT_AT + 768;
const RECT_AT = 394496;
const OUT_AT = 458752;
const PAGE = 65536;

let instance: WarpExports | null | undefined;

export function warpBandWasm(
  source: Bytes,
  sourceWidth: number,
  sourceHeight: number,
  out: Bytes,
  width: number,
  rows: { from: number; to: number },
  plan: PlanRow,
  maxXF: number,
  maxYF: number,
): number {
  if (width > MAX_SIDE || sourceWidth > MAX_SIDE || sourceHeight > MAX_SIDE) return rows.from;
  instance ??= instantiate<WarpExports>(warpWasmBase64);
  const ops = instance;
  if (!ops) return rows.from;
  const rowBytes = width * 4;
  // Each output row has 16 bytes of slack: the blend's last turn may write three pixels past the row's end.
  const outStride = rowBytes + 16;
  const tileAt = OUT_AT + BLOCK_ROWS * outStride;
  let heap = new Uint8Array(0);
  let words = new Int32Array(0);
  let spans = new Int32Array(0);
  /** Memory for the output block and a tile of `tileBytes`; false when there is no more. */
  const reserve = (tileBytes: number): boolean => {
    const needed = tileAt + tileBytes;
    try {
      const have = ops.memory.buffer.byteLength;
      if (needed > have) ops.memory.grow(Math.ceil((needed - have) / PAGE));
    } catch {
      return false;
    }
    // Growing replaces the memory's buffer: views of the old one are empty.
    if (heap.buffer !== ops.memory.buffer) {
      heap = new Uint8Array(ops.memory.buffer);
      words = new Int32Array(ops.memory.buffer);
      spans = new Int32Array(ops.memory.buffer, 0, TABLE_SPANS * SPAN_FIELDS);
    }
    return true;
  };
  if (!reserve(0)) return rows.from;

  let y = rows.from;
  while (y < rows.to) {
    // Plan up to BLOCK_ROWS rows, while the table has room for a row of one-pixel spans.
    let block = 0;
    let count = 0;
    while (block < BLOCK_ROWS && y + block < rows.to && count + width <= TABLE_SPANS) {
      words[(NEXT_AT >> 2) + block] = count * SPAN_FIELDS * 4;
      words[(X_AT >> 2) + block] = 0;
      count += plan(y + block, spans, count);
      words[(END_AT >> 2) + block] = count * SPAN_FIELDS * 4;
      block++;
    }
    for (let stripEnd = STRIP; ; stripEnd += STRIP) {
      if (ops.measure(block, stripEnd, maxXF, maxYF) > 0) {
        const x0 = words[RECT_AT >> 2]!;
        const y0 = words[(RECT_AT >> 2) + 2]!;
        // The rectangle's right and lower edges are the last upper-left neighbours' right and lower ones.
        const tw = words[(RECT_AT >> 2) + 1]! - x0 + 2;
        const th = words[(RECT_AT >> 2) + 3]! - y0 + 2;
        if (!reserve(tw * th * 4)) return y; // the block's rows are not out yet: JavaScript does them all
        for (let r = 0; r < th; r++) {
          const from = ((y0 + r) * sourceWidth + x0) * 4;
          heap.set(source.subarray(from, from + tw * 4), tileAt + r * tw * 4);
        }
        ops.blend(
          block,
          OUT_AT,
          outStride,
          (tileAt - (y0 * tw + x0) * 4) | 0,
          tw,
          x0 * 65536,
          (x0 + tw - 1) * 65536 - 1,
          y0 * 65536,
          (y0 + th - 1) * 65536 - 1,
        );
      }
      if (stripEnd >= width) break;
    }
    for (let k = 0; k < block; k++) {
      const at = OUT_AT + k * outStride;
      out.set(heap.subarray(at, at + rowBytes), (y + k) * rowBytes);
    }
    y += block;
  }
  return y;
}
