// Pixels through a kernel module's memory in cache-sized chunks (copy in, run, copy out), so a frame crosses
// main memory once however many passes the module makes over a chunk. Shared by the point operations and the
// learned retouch's 3D table, whose modules work in place on their chunk.
import type { Bytes } from './instantiate';

/** A module's chunk area: where it starts and how many pixels a chunk holds (plus 4 kB of room to place it). */
export interface ChunkArea {
  at: number;
  pixels: number;
}

/**
 * Runs `run(at, n)` over `src` chunk by chunk (`n` pixels at byte offset `at` of `memory`), results into `dst`
 * (may be `src`). Both 4-byte aligned. A kernel may run over a few stale pixels after a chunk's end: they are
 * never copied out.
 */
export function throughChunks(
  memory: { buffer: ArrayBufferLike },
  area: ChunkArea,
  src: Bytes,
  dst: Bytes,
  run: (at: number, n: number) => void,
): void {
  const heap = new Uint8Array(memory.buffer);
  const chunkBytes = area.pixels * 4;
  // The chunk sits 2 kB (mod 4 kB) away from where the output lies: memcpy (rep movsb on AMD Zen 3, glibc) runs
  // about 5x slower when the destination is 1-31 bytes (mod 4096) after the source, which is where a page-aligned
  // chunk copied out to a fresh array (glibc's mmap blocks start 16 bytes into a page) lands: copying the frame
  // out took 17 ms instead of 3.5. Shared frames are copied another way (relaxed atomics) and never were slow.
  const at = area.at + ((dst.byteOffset + 2048) & 4032);
  for (let from = 0; from < src.length; from += chunkBytes) {
    const end = Math.min(src.length, from + chunkBytes);
    heap.set(src.subarray(from, end), at);
    run(at, (end - from) >> 2);
    dst.set(heap.subarray(at, at + (end - from)), from);
  }
}
