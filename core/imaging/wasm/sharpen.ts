// The WebAssembly form of the streaming unsharp mask (sharpen.wat): planes.ts's binomialLumaResponse row by
// row, with each source row copied into the module's ring and each output row copied out, so `out` may be
// `image` (a row is written only after the rows up to two below it were read) or another thread's band.
// Returns false where WebAssembly is unavailable or the image is wider than the rings (the caller's
// JavaScript loop then runs).
import { CLAMP8 } from '../pixels';
import { instantiate, type Bytes } from './instantiate';
import { sharpenWasmBase64 } from './sharpenWasm';

interface SharpenExports {
  memory: { buffer: ArrayBuffer };
  prepareRow(slot: number, width: number): void;
  writeRow(k0: number, k1: number, k2: number, k3: number, k4: number, width: number): void;
}

/** The widest row the rings hold (see the .wat layout); wider photos take the JavaScript loop. */
export const SHARPEN_WASM_MAX_WIDTH = 8192;
const RESPONSE_ENTRIES = 8161;
const CLAMP_AT = 16384;
const PIXELS_AT = 17408;
const SLOT_BYTES = 32768;
const OUT_AT = 509008;

let instance: SharpenExports | null | undefined;

const slot = (y: number) => ((y % 5) + 5) % 5;

/** Rows rows.from..rows.to of the filtered image into `out`; false when this form cannot run. */
export function binomialLumaResponseWasm(
  src: Bytes,
  dst: Bytes,
  width: number,
  height: number,
  response: Int16Array,
  rows: { from: number; to: number },
): boolean {
  if (width > SHARPEN_WASM_MAX_WIDTH || response.length !== RESPONSE_ENTRIES || width < 1) return false;
  instance ??= instantiate<SharpenExports>(sharpenWasmBase64);
  const ops = instance;
  if (!ops) return false;
  const heap = new Uint8Array(ops.memory.buffer);
  new Int16Array(ops.memory.buffer, 0, RESPONSE_ENTRIES).set(response);
  heap.set(CLAMP8, CLAMP_AT);
  const rowBytes = width * 4;
  const prepare = (y: number) => {
    const source = Math.min(height - 1, Math.max(0, y)) * rowBytes;
    heap.set(src.subarray(source, source + rowBytes), PIXELS_AT + slot(y) * SLOT_BYTES);
    ops.prepareRow(slot(y), width);
  };
  for (let y = rows.from - 2; y <= rows.from + 2; y++) prepare(y);
  for (let y = rows.from; y < rows.to; y++) {
    ops.writeRow(slot(y - 2), slot(y - 1), slot(y), slot(y + 1), slot(y + 2), width);
    dst.set(heap.subarray(OUT_AT, OUT_AT + rowBytes), y * rowBytes);
    prepare(y + 3);
  }
  return true;
}
