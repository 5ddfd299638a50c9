// Removing what a mask covers from a photo: each group of nearby holes is cut out with a generous margin of
// surroundings, filled, and written back inside the mask only. The fill is a structure layer (membrane and
// biharmonic through the border: smooth, slopes continued) plus the patch search's texture faded with depth (deep
// in a hole, unpredictable copied detail is as likely wrong as right), and the patch fill itself mixed in by how
// well its patches reproduce the border (in full on stripes and tiles; in part between close objects, where the
// smooth layer alone would take the colours of the whole merged hole's border). A 12 MP photo with a few
// object-sized holes takes seconds; nothing outside the mask changes, bit for bit.
import type { RgbaImage } from '../imaging/types';
import { assertImage, cloneImage } from '../imaging/types';
import { biharmonicFill } from './biharmonic';
import { diffuseFill } from './diffusion';
import { chamferDistance, maskComponents, type PixelBox } from './maskOps';
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
  /** Radius splitting the patch fill into low-pass and texture, as a fraction of the hole's size (√area). */
  textureRadius: number;
  /** Share of the copied texture kept at the hole's border where the patches do not reproduce the border. */
  textureStrength: number;
  /** Depth over which that texture fades (e-fold), as a fraction of the hole's size. */
  textureReach: number;
  /**
   * Border misfit (the border patches' RMS error relative to their contrast, see patchMatchFill) at which the
   * patch fill's own structure still gets weight 1/e: well below it the surroundings repeat (stripes, tiles) and
   * the copy is right; Infinity = the patch fill alone.
   */
  patchTrust: number;
}

export const DEFAULT_INPAINT_OPTIONS: InpaintOptions = Object.freeze({
  seed: 1,
  patchRadius: 4,
  marginFraction: 0.5,
  minMargin: 48,
  maxSearchPixels: 40_000,
  textureRadius: 0.05,
  textureStrength: 0.25,
  textureReach: 0.13,
  patchTrust: 1,
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
  const cw = crop.width;
  const ch = crop.height;
  const n = cw * ch;
  const data = new Float32Array(n * 3);
  const hole = new Uint8Array(n);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const i = y * cw + x;
      const p = (crop.y + y) * width + crop.x + x;
      hole[i] = mask[p] ? 1 : 0;
      data[i * 3] = out.data[p * 4];
      data[i * 3 + 1] = out.data[p * 4 + 1];
      data[i * 3 + 2] = out.data[p * 4 + 2];
    }
  }
  // Structure: 0.7 biharmonic (continues slopes) + 0.3 membrane (never overshoots) measured closer to the hidden
  // truth than either alone (bench/fill.ts holes, 10-photo subset: MAE 20.9 against 21.1 and 22.1).
  const membrane = data.slice();
  diffuseFill({ width: cw, height: ch, channels: 3, data: membrane }, hole);
  const structure = data.slice();
  biharmonicFill({ width: cw, height: ch, channels: 3, data: structure }, hole);
  // The thin plate may overshoot between close, contrasting borders (bottles side by side on a counter): it may
  // depart from the membrane (which never leaves the border's range) by at most BIHARMONIC_REACH levels.
  for (let i = 0; i < structure.length; i++) {
    const m = membrane[i];
    const b = Math.min(m + BIHARMONIC_REACH, Math.max(m - BIHARMONIC_REACH, structure[i]));
    structure[i] = 0.7 * b + 0.3 * m;
  }

  const patches = data;
  const misfit = patchMatchFill({ width: cw, height: ch, channels: 3, data: patches }, hole, {
    patchRadius: opts.patchRadius,
    // One stream per crop, so a crop's result does not depend on how many crops came before it.
    random: seededRandom((opts.seed * 0x9e3779b1 + index) >>> 0),
    maxSearchPixels: opts.maxSearchPixels,
  });
  const trust = Number.isFinite(misfit) ? Math.exp(-((misfit / opts.patchTrust) ** 2)) : 0;

  const holeBox = maskComponents(hole, cw, ch)
    .map((c) => c.box)
    .reduce(unionBox);
  const extent = Math.sqrt(countHole(hole));
  const radius = Math.max(2, Math.round(opts.textureRadius * extent));
  // Only the hole's box (plus the blur's reach) is needed: the low-pass of the patch fill there.
  const reach = 2 * radius + 1;
  const x0 = Math.max(0, holeBox.x - reach);
  const y0 = Math.max(0, holeBox.y - reach);
  const bw = Math.min(cw, holeBox.x + holeBox.width + reach) - x0;
  const bh = Math.min(ch, holeBox.y + holeBox.height + reach) - y0;
  const low = new Float32Array(bw * bh * 3);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const i = (y0 + y) * cw + x0 + x;
      for (let c = 0; c < 3; c++) low[(y * bw + x) * 3 + c] = patches[i * 3 + c];
    }
  }
  boxBlur(low, bw, bh, radius);
  boxBlur(low, bw, bh, radius);
  const known = new Uint8Array(n);
  for (let i = 0; i < n; i++) known[i] = hole[i] ? 0 : 1;
  const depth = chamferDistance(known, cw, ch);
  const fade = 1 / (3 * Math.max(1, opts.textureReach * extent));
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const i = (y0 + y) * cw + x0 + x;
      if (!hole[i]) continue;
      const texture = opts.textureStrength * Math.exp(-depth[i] * fade);
      for (let c = 0; c < 3; c++) {
        const p = patches[i * 3 + c];
        const l = low[(y * bw + x) * 3 + c];
        const blended = structure[i * 3 + c] + texture * (p - l);
        data[i * 3 + c] = trust * p + (1 - trust) * blended;
      }
    }
  }
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const i = y * cw + x;
      if (!hole[i]) continue;
      const p = (crop.y + y) * width + crop.x + x;
      // Uint8ClampedArray rounds and clamps.
      out.data[p * 4] = data[i * 3];
      out.data[p * 4 + 1] = data[i * 3 + 1];
      out.data[p * 4 + 2] = data[i * 3 + 2];
    }
  }
}

/** Levels (0..255) the biharmonic may depart from the membrane. */
const BIHARMONIC_REACH = 10;

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
