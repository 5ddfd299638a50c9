// Frames in a shared WebAssembly memory of their own: a header of table areas, then the pixels. A kernel module
// instantiated over that memory (pointOpsFrame) works on the pixels where they lie, where over its own memory it
// copies them in and out in chunks, which was half of a point operation's time. Each thread working on a frame
// takes a table area of its own, so threads running bands of one frame never write each other's tables.
import { wasmApi, type WasmMemory } from './instantiate';

/** Table areas in a frame's header: as many threads as this can work on one frame with its own tables. */
const TABLE_AREAS = 4;
/** One table area: pointOps.wat's layout, a whole number of 64 kB pages (its own memory's chunk follows one). */
export const TABLE_AREA_BYTES = 458752;
const PAGE_BYTES = 65536;
const PIXELS_AT = TABLE_AREAS * TABLE_AREA_BYTES;
/** A free word in the first area's gap (between the matrix constants and the RG table): areas handed out. */
const AREAS_TAKEN_AT = 4096;

/** This thread's frame memories by their buffer (a memory's buffer is one object for its whole life). */
const memories = new WeakMap<ArrayBufferLike, WasmMemory>();

/**
 * A shared buffer for `bytes` of pixels (framePixels is their view): a frame memory where shared
 * WebAssembly memories are allowed, else a plain SharedArrayBuffer (kernels then copy through their own memory).
 */
export function newFrameBuffer(bytes: number): SharedArrayBuffer {
  const wasm = wasmApi();
  if (wasm) {
    const pages = Math.ceil((PIXELS_AT + bytes) / PAGE_BYTES);
    try {
      return adoptFrameMemory(new wasm.Memory({ initial: pages, maximum: pages, shared: true }));
    } catch {
      // Refused (no cross-origin isolation) or out of address space: the plain buffer below works the same.
    }
  }
  return new SharedArrayBuffer(bytes);
}

/** Makes a frame memory made by another thread (posted as the memory itself) known to this one. */
export function adoptFrameMemory(memory: WasmMemory): SharedArrayBuffer {
  const buffer = memory.buffer as SharedArrayBuffer;
  memories.set(buffer, memory);
  return buffer;
}

/** The `bytes` of pixels in a buffer from newFrameBuffer (after the header in a frame memory). */
export function framePixels(buffer: ArrayBufferLike, bytes: number): Uint8ClampedArray {
  return new Uint8ClampedArray(buffer, memories.has(buffer) ? PIXELS_AT : 0, bytes);
}

/** The frame memory holding these bytes, when this thread knows it as one. */
export function frameMemoryOf(bytes: ArrayBufferView): WasmMemory | undefined {
  return memories.get(bytes.buffer);
}

/** A table area of the frame for the calling thread, to keep (null once all are taken: copy through chunks). */
export function takeTableArea(memory: WasmMemory): number | null {
  const taken = Atomics.add(new Int32Array(memory.buffer, AREAS_TAKEN_AT, 1), 0, 1);
  return taken < TABLE_AREAS ? taken * TABLE_AREA_BYTES : null;
}
