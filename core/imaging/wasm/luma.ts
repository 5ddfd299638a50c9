// The WebAssembly form of the line detector's downscaled luma (luma.wat): each source row's pixels are copied
// into the module's memory and added to the plane there, which is copied out once at the end. Returns null where
// WebAssembly (with SIMD) is missing or refused, a row is too wide or the plane does not fit; core/analysis/
// verticals.ts then runs its JavaScript loop (the same floats either way).
import { instantiate, type Bytes } from './instantiate';
import { lumaWasmBase64 } from './lumaWasm';

interface LumaExports {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  addRow(columns: number, factor: number, out: number, norm: number): void;
}

const ROW_AT = 65536;
const PLANE_AT = 131072;
const MAX_ROW_PIXELS = 16384;
const PAGE = 65536;

let instance: LumaExports | null | undefined;

/**
 * The box-averaged luma plane (w x h) of an RGBA image `width` wide: output row y sums source rows y * factor
 * onward (up to `height`), columns x * factor onward. Null when it cannot run here.
 */
export function downscaledLumaWasm(
  data: Bytes,
  width: number,
  height: number,
  w: number,
  h: number,
  factor: number,
): Float32Array | null {
  if (w * factor > MAX_ROW_PIXELS) return null;
  instance ??= instantiate<LumaExports>(lumaWasmBase64);
  const ops = instance;
  if (!ops) return null;
  const needed = PLANE_AT + w * h * 4;
  try {
    const have = ops.memory.buffer.byteLength;
    if (needed > have) ops.memory.grow(Math.ceil((needed - have) / PAGE));
  } catch {
    return null;
  }
  const heap = new Uint8Array(ops.memory.buffer);
  heap.fill(0, PLANE_AT, needed);
  const norm = 1 / (factor * factor);
  const bytes = w * factor * 4;
  for (let y = 0; y < h; y++) {
    for (let sy = y * factor; sy < y * factor + factor && sy < height; sy++) {
      const at = sy * width * 4;
      heap.set(data.subarray(at, at + bytes), ROW_AT);
      ops.addRow(w, factor, PLANE_AT + y * w * 4, norm);
    }
  }
  return new Float32Array(ops.memory.buffer.slice(PLANE_AT, needed));
}
