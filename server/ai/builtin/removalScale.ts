// The size the removal fills at, and the way back: a large photo's fill runs on a copy whose long side is
// REMOVAL_SIDE, and only the filled pixels come back into the full photo, scaled up and blended at the mask's
// edge; every other pixel stays the photo's own. The way back costs the removed area, not the photo.
// removeAtRemovalSize runs copy, fill and way back as one image pool task, so none of it is on the server's thread.
import { areaAverageRows } from '../../../core/analysis/room/downscale';
import { removeClutter, type DeclutterModeId, type RemovedClutter } from '../../../core/declutter';
import type { Detection } from '../../../core/analysis/room/types';
import type { RemoveClutterOptions } from '../../../core/declutter/removeClutter';
import type { RgbaImage } from '../types';

/**
 * The long side the removal fills at: more than Airbnb's and ImmoScout24's 1920 px (core/export/portalPresets.ts),
 * and a round on a 12 MP kitchen took 2.4 s here instead of 6.3 s at full size (2 busy cores, 29 Nov 2026). The
 * filled area is that much softer in a full-size download; nothing else is.
 */
export const REMOVAL_SIDE = 2048;

/**
 * One removal round at the removal's size in one go: the copy, core/declutter's fill on it and the fill brought
 * back into `image` (the image pool's 'removeClutterScaled' task, so a 50 MP photo's passes never run on the
 * server's thread).
 */
export function removeAtRemovalSize(
  image: RgbaImage,
  detections: readonly Detection[],
  mode: DeclutterModeId,
  /** Other settings of the removal (bench:declutter tries them; the task passes none). */
  options?: Partial<RemoveClutterOptions>,
): RemovedClutter {
  const copy = removalCopy(image);
  return fillAtFullSize(image, copy, removeClutter(copy, detections, mode, [], options));
}

/** `image` itself when it fits `side` (REMOVAL_SIDE), else an area-averaged copy that does. */
export function removalCopy(image: RgbaImage, side = REMOVAL_SIDE): RgbaImage {
  const scale = Math.min(1, side / Math.max(image.width, image.height));
  if (scale === 1) return image;
  const w = Math.max(1, Math.round(image.width * scale));
  const h = Math.max(1, Math.round(image.height * scale));
  const out = { width: w, height: h, data: new Uint8ClampedArray(w * h * 4) };
  areaAverageRows(image, out, 0, h);
  return out;
}

/**
 * The removal done on `copy` (removalCopy of `full`) as a removal of `full`: the copy's fill scaled up
 * (bilinear) into the full photo where the copy's mask, scaled up, covers it, blended by the mask's coverage at
 * its edge; boxes in full pixels; the mask at full size (1 wherever a pixel took any of the fill).
 */
export function fillAtFullSize(full: RgbaImage, copy: RgbaImage, removal: RemovedClutter): RemovedClutter {
  if (copy === full) return removal;
  const { width: W, height: H } = full;
  const { width: w, height: h } = copy;
  const sx = w / W;
  const sy = h / H;
  const removed = removal.removed.map((o) => {
    const [x, y, bw, bh] = o.box;
    return { ...o, box: [x / sx, y / sy, bw / sx, bh / sy].map(Math.round) as typeof o.box };
  });
  const mask = new Uint8Array(W * H);
  // Nothing filled: the photo itself (the pool hands back a new object for the copy, so no identity check).
  if (removal.removed.length === 0 && removal.paintedAreas === 0)
    return { ...removal, image: full, removed, mask };

  // Each copy row's masked span, so a full row visits only the columns its two source rows can fill.
  const spanLo = new Int32Array(h).fill(w);
  const spanHi = new Int32Array(h).fill(-1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!removal.mask[y * w + x]) continue;
      spanLo[y] = Math.min(spanLo[y]!, x);
      spanHi[y] = x;
    }
  }
  const data = full.data.slice();
  const fill = removal.image.data;
  const m = removal.mask;
  for (let Y = 0; Y < H; Y++) {
    const fy = Math.min(h - 1, Math.max(0, (Y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(h - 1, y0 + 1);
    const ty = fy - y0;
    const lo = Math.min(spanLo[y0]!, spanLo[y1]!);
    const hi = Math.max(spanHi[y0]!, spanHi[y1]!);
    if (hi < 0) continue;
    const X0 = Math.max(0, Math.floor((lo - 1 + 0.5) / sx));
    const X1 = Math.min(W - 1, Math.ceil((hi + 1 + 0.5) / sx));
    for (let X = X0; X <= X1; X++) {
      const fx = Math.min(w - 1, Math.max(0, (X + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(w - 1, x0 + 1);
      const tx = fx - x0;
      const w00 = (1 - tx) * (1 - ty) * m[y0 * w + x0]!;
      const w10 = tx * (1 - ty) * m[y0 * w + x1]!;
      const w01 = (1 - tx) * ty * m[y1 * w + x0]!;
      const w11 = tx * ty * m[y1 * w + x1]!;
      const cover = w00 + w10 + w01 + w11;
      if (cover === 0) continue;
      mask[Y * W + X] = 1;
      // The fill's colour from the bilinear weights of the copy's four pixels; the photo's own where the
      // mask's coverage falls off, so the scaled-up edge blends instead of stepping.
      const i00 = (y0 * w + x0) * 4, i10 = (y0 * w + x1) * 4; // prettier-ignore
      const i01 = (y1 * w + x0) * 4, i11 = (y1 * w + x1) * 4; // prettier-ignore
      const b00 = (1 - tx) * (1 - ty), b10 = tx * (1 - ty), b01 = (1 - tx) * ty, b11 = tx * ty; // prettier-ignore
      const o = (Y * W + X) * 4;
      for (let c = 0; c < 3; c++) {
        const f = b00 * fill[i00 + c]! + b10 * fill[i10 + c]! + b01 * fill[i01 + c]! + b11 * fill[i11 + c]!;
        data[o + c] = cover * f + (1 - cover) * data[o + c]!;
      }
    }
  }
  return { ...removal, image: { width: W, height: H, data }, removed, mask };
}
