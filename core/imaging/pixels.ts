// Whole-pixel access: an RGBA pixel read as one 32-bit word (R in the low byte on little-endian machines, which
// is every browser platform in use). One load and one store per pixel instead of four of each is the single
// biggest speed-up available to a JavaScript image kernel.

export const IS_LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Alpha mask of a pixel word. Written as a negative Int32 so V8 keeps everything a small integer. */
export const ALPHA_MASK = -16777216; // 0xff000000

/**
 * An Int32Array over the same memory as `data`. A buffer not aligned to 4 bytes (a Node Buffer slice can be) is
 * copied first, so reading through the view is always safe; write through a view only of memory you created.
 */
export function pixelWords(data: Uint8ClampedArray): Int32Array {
  if (!IS_LITTLE_ENDIAN) throw new Error('pixel kernels need a little-endian platform');
  const aligned = data.byteOffset % 4 === 0 ? data : data.slice();
  return new Int32Array(aligned.buffer, aligned.byteOffset, aligned.length >> 2);
}

/** clamp8[v + 256] = v limited to 0..255, for v in -256..511: a branch-free clamp. */
export const CLAMP8_OFFSET = 256;
export const CLAMP8: Uint8Array = (() => {
  const table = new Uint8Array(768);
  for (let i = 0; i < table.length; i++) table[i] = Math.min(255, Math.max(0, i - CLAMP8_OFFSET));
  return table;
})();
