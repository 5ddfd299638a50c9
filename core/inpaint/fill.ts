// Removing what a mask covers from a photo: each group of nearby holes is cut out with a generous margin of
// surroundings (the material the fill copies from), filled by the patch search, and written back inside the
// mask only. Working per crop keeps a 12 MP photo with a few object-sized holes to seconds; nothing outside the
// mask changes, bit for bit.
import type { RgbaImage } from '../imaging/types';
import { assertImage, cloneImage } from '../imaging/types';
import { diffuseFill } from './diffusion';
import { maskComponents, type PixelBox } from './maskOps';
import { patchMatchFill } from './patchMatch';
import { seededRandom } from './random';

export interface InpaintOptions {
  /** Seed of the random search: the same seed, image and mask give the same result. */
  seed: number;
  /** Patch radius (9x9 patches by default: 7x7 copied texture more sharply but matched structure worse). */
  patchRadius: number;
  /** Surroundings cut out around a hole, as a fraction of the hole's larger side (at least minMargin px). */
  marginFraction: number;
  minMargin: number;
  /** Hole pixels per level from which the search is skipped and the coarser field carried up (speed). */
  maxSearchPixels: number;
  /**
   * Take the fill's large-scale shading from the membrane through the border and only the texture from the
   * copied patches (radius of that split as a fraction of the hole's size; 0 turns it off).
   */
  shadingRadius: number;
}

export const DEFAULT_INPAINT_OPTIONS: InpaintOptions = Object.freeze({
  seed: 1,
  patchRadius: 4,
  marginFraction: 0.5,
  minMargin: 48,
  maxSearchPixels: 40_000,
  shadingRadius: 0.15,
});

/**
 * A copy of `image` with the pixels where mask[i] is non-zero filled from their surroundings. RGB is filled;
 * alpha is kept as it was. A mask with nothing set returns an unchanged copy.
 */
export function inpaint(
  image: RgbaImage,
  mask: Uint8Array,
  options: Partial<InpaintOptions> = {},
): RgbaImage {
  assertImage(image);
  const { width, height } = image;
  if (mask.length !== width * height) {
    throw new RangeError(`mask has ${mask.length} entries, expected ${width * height}`);
  }
  const opts = { ...DEFAULT_INPAINT_OPTIONS, ...options };
  const out = cloneImage(image);
  const crops = holeCrops(mask, width, height, opts);
  crops.forEach((crop, index) => fillCrop(out, mask, crop, opts, index));
  return out;
}

/** The crops to fill: each hole's box plus margin, merged while they overlap so every hole is in one crop. */
export function holeCrops(
  mask: Uint8Array,
  width: number,
  height: number,
  opts: Pick<InpaintOptions, 'marginFraction' | 'minMargin'> = DEFAULT_INPAINT_OPTIONS,
): PixelBox[] {
  let boxes = maskComponents(mask, width, height).map(({ box }) => {
    const margin = Math.max(
      opts.minMargin,
      Math.round(opts.marginFraction * Math.max(box.width, box.height)),
    );
    const x0 = Math.max(0, box.x - margin);
    const y0 = Math.max(0, box.y - margin);
    const x1 = Math.min(width, box.x + box.width + margin);
    const y1 = Math.min(height, box.y + box.height + margin);
    return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  });
  for (let merged = true; merged;) {
    merged = false;
    const next: PixelBox[] = [];
    for (const box of boxes) {
      const other = next.findIndex((b) => overlaps(b, box));
      if (other < 0) next.push(box);
      else {
        next[other] = unionBox(next[other], box);
        merged = true;
      }
    }
    boxes = next;
  }
  return boxes;
}

function overlaps(a: PixelBox, b: PixelBox): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function unionBox(a: PixelBox, b: PixelBox): PixelBox {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

function fillCrop(
  out: RgbaImage,
  mask: Uint8Array,
  crop: PixelBox,
  opts: InpaintOptions,
  index: number,
): void {
  const { width } = out;
  const n = crop.width * crop.height;
  const data = new Float32Array(n * 3);
  const hole = new Uint8Array(n);
  for (let y = 0; y < crop.height; y++) {
    for (let x = 0; x < crop.width; x++) {
      const i = y * crop.width + x;
      const p = (crop.y + y) * width + crop.x + x;
      hole[i] = mask[p] ? 1 : 0;
      data[i * 3] = out.data[p * 4];
      data[i * 3 + 1] = out.data[p * 4 + 1];
      data[i * 3 + 2] = out.data[p * 4 + 2];
    }
  }
  const membrane = opts.shadingRadius > 0 ? data.slice() : undefined;
  if (membrane) diffuseFill({ width: crop.width, height: crop.height, channels: 3, data: membrane }, hole);
  patchMatchFill({ width: crop.width, height: crop.height, channels: 3, data }, hole, {
    patchRadius: opts.patchRadius,
    // One stream per crop, so a crop's result does not depend on how many crops came before it.
    random: seededRandom((opts.seed * 0x9e3779b1 + index) >>> 0),
    maxSearchPixels: opts.maxSearchPixels,
  });
  if (membrane) {
    const holeBox = maskComponents(hole, crop.width, crop.height)
      .map((c) => c.box)
      .reduce(unionBox);
    const extent = Math.sqrt(countHole(hole));
    const radius = Math.max(2, Math.round(opts.shadingRadius * extent));
    // P + blur(M - P): the low frequencies of the membrane M replace those of the patches P; outside the
    // hole M - P is zero, so the correction fades out towards the border it already agrees with.
    // Only the hole's box (plus the blur's reach) can change, so only that part is blurred.
    const reach = 2 * radius + 1;
    const x0 = Math.max(0, holeBox.x - reach);
    const y0 = Math.max(0, holeBox.y - reach);
    const bw = Math.min(crop.width, holeBox.x + holeBox.width + reach) - x0;
    const bh = Math.min(crop.height, holeBox.y + holeBox.height + reach) - y0;
    const diff = new Float32Array(bw * bh * 3);
    for (let y = 0; y < bh; y++) {
      for (let x = 0; x < bw; x++) {
        const i = (y0 + y) * crop.width + x0 + x;
        if (!hole[i]) continue;
        for (let c = 0; c < 3; c++) diff[(y * bw + x) * 3 + c] = membrane[i * 3 + c] - data[i * 3 + c];
      }
    }
    boxBlur(diff, bw, bh, radius);
    boxBlur(diff, bw, bh, radius);
    for (let y = 0; y < bh; y++) {
      for (let x = 0; x < bw; x++) {
        const i = (y0 + y) * crop.width + x0 + x;
        if (!hole[i]) continue;
        for (let c = 0; c < 3; c++) data[i * 3 + c] += diff[(y * bw + x) * 3 + c];
      }
    }
  }
  for (let y = 0; y < crop.height; y++) {
    for (let x = 0; x < crop.width; x++) {
      const i = y * crop.width + x;
      if (!hole[i]) continue;
      const p = (crop.y + y) * width + crop.x + x;
      // Uint8ClampedArray rounds and clamps.
      out.data[p * 4] = data[i * 3];
      out.data[p * 4 + 1] = data[i * 3 + 1];
      out.data[p * 4 + 2] = data[i * 3 + 2];
    }
  }
}

function countHole(hole: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < hole.length; i++) n += hole[i];
  return n;
}

/** In-place box blur of 3-channel planes (running sums, edges clamped), rows then columns. */
function boxBlur(data: Float32Array, width: number, height: number, radius: number): void {
  const line = new Float32Array(Math.max(width, height) * 3);
  const blurLine = (length: number, start: number, stride: number) => {
    for (let j = 0; j < length; j++) {
      const p = (start + j * stride) * 3;
      line[j * 3] = data[p];
      line[j * 3 + 1] = data[p + 1];
      line[j * 3 + 2] = data[p + 2];
    }
    const norm = 1 / (2 * radius + 1);
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (let j = -radius - 1; j < radius; j++) sum += line[Math.min(length - 1, Math.max(0, j)) * 3 + c];
      for (let j = 0; j < length; j++) {
        sum += line[Math.min(length - 1, j + radius) * 3 + c] - line[Math.max(0, j - radius - 1) * 3 + c];
        data[(start + j * stride) * 3 + c] = sum * norm;
      }
    }
  };
  for (let y = 0; y < height; y++) blurLine(width, y * width, 1);
  for (let x = 0; x < width; x++) blurLine(height, x, width);
}
