// The one image shape every kernel in core/imaging and core/analysis works on: plain RGBA bytes, row-major,
// no canvas and no ImageData, so the same code runs in a Web Worker, on the server and in Node tests.
// Alpha is carried through untouched by every kernel unless its file says otherwise.

/** A plain RGBA frame: `data.length === width * height * 4`, rows top to bottom, 8 bits per channel. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** A new fully transparent image of the given size (all bytes 0). */
export function createImage(width: number, height: number): RgbaImage {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
    throw new RangeError(`Invalid image size ${width}x${height}`);
  }
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

/** A deep copy; kernels use it when an operation decides to change nothing but must still return a new image. */
export function cloneImage(image: RgbaImage): RgbaImage {
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
}

/** Throws when `data` does not match `width * height * 4`; kernels call it so a bad frame fails loudly, early. */
export function assertImage(image: RgbaImage): void {
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
    throw new RangeError(`Invalid image size ${width}x${height}`);
  }
  if (data.length !== width * height * 4) {
    throw new RangeError(`Image data has ${data.length} bytes, expected ${width * height * 4} for ${width}x${height}`);
  }
}
