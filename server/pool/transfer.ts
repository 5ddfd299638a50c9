// Which memory can move between the server's thread and the image pool's workers without a copy: an ArrayBuffer
// moves (postMessage's transfer list) only when the view over it covers all of it, since moving a buffer moves
// every byte of it (a small Node Buffer is a slice of a shared 8 KB slab, which must never move). Pure: used on
// both sides of the pool and table-tested.
import { types } from 'node:util';
import type { RgbaImage } from '../../core/imaging/types';

/** The view's whole buffer when the view covers all of it (and it is not shared memory), else undefined. */
export function wholeBuffer(view: ArrayBufferView): ArrayBuffer | undefined {
  const { buffer } = view;
  if (!types.isArrayBuffer(buffer)) return undefined;
  return view.byteOffset === 0 && view.byteLength === buffer.byteLength ? buffer : undefined;
}

/** Nesting a task's result is searched to (result -> array -> object -> image -> data is four levels). */
const MAX_DEPTH = 5;

/**
 * The buffers in `value` that can move: views covering their whole buffer and bare ArrayBuffers, found in plain
 * objects and arrays, each once (two views over one buffer give it once: a transfer list must not repeat one).
 */
export function movableBuffers(value: unknown): ArrayBuffer[] {
  const found = new Set<ArrayBuffer>();
  const walk = (item: unknown, depth: number): void => {
    if (item === null || typeof item !== 'object' || depth > MAX_DEPTH) return;
    if (types.isArrayBuffer(item)) {
      found.add(item);
    } else if (ArrayBuffer.isView(item)) {
      const buffer = wholeBuffer(item);
      if (buffer) found.add(buffer);
    } else if (Array.isArray(item)) {
      for (const entry of item) walk(entry, depth + 1);
    } else if (isPlainObject(item)) {
      for (const entry of Object.values(item)) walk(entry, depth + 1);
    }
  };
  walk(value, 0);
  return [...found];
}

/** An object literal (of any realm: its prototype is the last before null), not a class instance or a Map. */
function isPlainObject(item: object): boolean {
  const proto: unknown = Object.getPrototypeOf(item);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** True for the one image shape of core/imaging ({ width, height, data: Uint8ClampedArray }). */
export function isRgbaImage(value: unknown): value is RgbaImage {
  if (value === null || typeof value !== 'object') return false;
  const { width, height, data } = value as Partial<RgbaImage>;
  return typeof width === 'number' && typeof height === 'number' && types.isUint8ClampedArray(data);
}
