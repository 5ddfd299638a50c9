// A detector box is a rectangle; the object in it is not. This cuts the object out of its box by colour: colours
// frequent in a ring just outside the box are background, colours frequent inside and rare in the ring are the
// object (a one-shot, GrabCut-like colour model). When the evidence is weak (object and surface alike), the
// ellipse inscribed in the box stands in, which covers most small objects with less of the surface than the box.
// Objects also stick out of their boxes (a bottle's neck above it, its edge beside it): the cut follows them a
// little way out.
import type { RgbaImage } from '../imaging/types';
import type { PixelRegion } from '../inpaint/maskOps';

/** Quantisation of the colour histograms: 16 levels per channel. */
const BITS = 4;
/** Ring width around the box, as a share of the box's smaller side (at least 3 px). */
const RING_SHARE = 0.2;
/** A pixel is object when its colour is this much more frequent inside the box than in the ring. */
const OBJECT_RATIO = 2;
/** Below this share of the box the cut is not trusted (a few stray pixels); above it, it cut nothing away. */
const MIN_SHARE = 0.12;
const MAX_SHARE = 0.92;
/** A box at least this many times as wide as tall is a row of things (see refineBox). */
const ROW_ASPECT = 2.5;
/** The share of the inscribed ellipse (radii) always taken as object, whatever the colours say. */
const CORE_ELLIPSE = 0.8;
/**
 * How far the colour cut follows the object up out of its box, as a share of the box's height: the detector's box
 * often stops below a bottle's neck, and a left-over neck is a dark stub that the fill smears down into the hole.
 */
const REACH_SHARE = 0.3;
/**
 * What sticks out is a neck or a sliver of edge: a growth that fills more than this share of the zone around the
 * box is the surface, or something bigger the object is part of, leaking in: dropped.
 */
const MAX_ZONE_SHARE = 0.3;
/** What is followed up must be a neck: no row of it wider than this share of the object's widest row. */
const NECK_SHARE = 0.6;
/** How far the cut follows the object out to the sides (at least 2 px): the box often stops short of its edge. */
const SIDE_SHARE = 0.2;

export interface RefinedObject {
  /** The box clipped to the image and rounded to whole pixels (grown by what sticks out of it, see followOut). */
  box: PixelRegion;
  /** 1 for object pixels, box-local (box.width * box.height, rows top to bottom). */
  mask: Uint8Array;
  /** How it was found: the colour cut, or the inscribed ellipse when the colours did not separate. */
  method: 'colour' | 'ellipse';
}

/** The object's pixels inside `box` (pixel coordinates) of `image`. */
export function refineBox(image: RgbaImage, box: PixelRegion): RefinedObject {
  const { width, height, data } = image;
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(width, Math.ceil(box.x + box.width));
  const y1 = Math.min(height, Math.ceil(box.y + box.height));
  const clipped = { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
  const bw = clipped.width;
  const mask = new Uint8Array(bw * clipped.height);
  if (x1 <= x0 || y1 <= y0) return { box: clipped, mask, method: 'ellipse' };
  const ring = Math.max(3, Math.round(RING_SHARE * Math.min(x1 - x0, y1 - y0)));
  const bins = 1 << (3 * BITS);
  const inside = new Float64Array(bins);
  const outside = new Float64Array(bins);
  const bin = (p: number) =>
    ((data[p * 4] >> (8 - BITS)) << (2 * BITS)) | ((data[p * 4 + 1] >> (8 - BITS)) << BITS) | (data[p * 4 + 2] >> (8 - BITS)); // prettier-ignore
  let nIn = 0;
  let nOut = 0;
  for (let y = Math.max(0, y0 - ring); y < Math.min(height, y1 + ring); y++) {
    for (let x = Math.max(0, x0 - ring); x < Math.min(width, x1 + ring); x++) {
      const p = y * width + x;
      if (x >= x0 && x < x1 && y >= y0 && y < y1) {
        inside[bin(p)]++;
        nIn++;
      } else {
        outside[bin(p)]++;
        nOut++;
      }
    }
  }
  const boxArea = (x1 - x0) * (y1 - y0);
  const cut = new Uint8Array(bw * clipped.height);
  let count = 0;
  if (nOut > 0) {
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const p = y * width + x;
        const b = bin(p);
        // Half a count for colours the ring never showed: rare in the ring is not the same as impossible.
        const pIn = inside[b] / nIn;
        const pOut = (outside[b] + 0.5) / nOut;
        if (pIn > OBJECT_RATIO * pOut) {
          cut[(y - y0) * bw + x - x0] = 1;
          count++;
        }
      }
    }
  }
  // Keep the pieces that reach into the middle half of the box: the object, not a patch of odd floor at the edge.
  // A box much wider than tall holds a row of things (a tea set, jars side by side): there the middle half of its
  // height, along the whole width, so the pieces at the row's ends stay with it.
  let kept = 0;
  if (count > 0) {
    const row = x1 - x0 >= ROW_ASPECT * (y1 - y0);
    const cx0 = row ? x0 : x0 + (x1 - x0) / 4, cx1 = row ? x1 : x1 - (x1 - x0) / 4, cy0 = y0 + (y1 - y0) / 4, cy1 = y1 - (y1 - y0) / 4; // prettier-ignore
    const labels = labelComponents(cut, bw, clipped.height);
    const central = new Set<number>();
    for (let y = Math.ceil(cy0); y < cy1; y++) {
      for (let x = Math.ceil(cx0); x < cx1; x++) {
        const label = labels[(y - y0) * bw + x - x0];
        if (label > 0) central.add(label);
      }
    }
    for (let i = 0; i < labels.length; i++) {
      if (central.has(labels[i])) {
        mask[i] = 1;
        kept++;
      }
    }
  }
  const share = kept / boxArea;
  if (share < MIN_SHARE || share > MAX_SHARE) {
    return { box: clipped, mask: ellipseMask(bw, clipped.height), method: 'ellipse' };
  }
  fillEnclosed(mask, bw, clipped.height);
  // Where object and surface share colours (a white bowl on a white shelf) the cut misses parts of the object:
  // the core ellipse is always removed as well, which costs little surface and never leaves half an object.
  const core = ellipseMask(bw, clipped.height, CORE_ELLIPSE);
  for (let i = 0; i < mask.length; i++) mask[i] |= core[i];
  const isObject = (p: number) => {
    const b = bin(p);
    return inside[b] / nIn > (OBJECT_RATIO * (outside[b] + 0.5)) / nOut;
  };
  return { ...followOut(width, clipped, mask, isObject), method: 'colour' };
}

/**
 * The object's mask grown past its box, up and to the sides, into pixels of object colour 4-connected to it; the
 * box grows with it. Upwards only a narrow part (a neck, a cap) is followed: what goes on up as wide as the object
 * is something bigger it is part of (the coffee maker above a carafe) or the surface leaking in, and the box is
 * kept as it was.
 */
function followOut(
  width: number,
  box: PixelRegion,
  mask: Uint8Array,
  isObject: (p: number) => boolean,
): { box: PixelRegion; mask: Uint8Array } {
  const up = Math.min(box.y, Math.round(REACH_SHARE * box.height));
  const side = Math.max(2, Math.round(SIDE_SHARE * box.width));
  const left = Math.min(box.x, side);
  const zone = { x: box.x - left, y: box.y - up, width: 0, height: up + box.height };
  zone.width = left + box.width + Math.min(width - box.x - box.width, side);
  const grown = new Uint8Array(zone.width * zone.height);
  const stack: number[] = [];
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      if (!mask[y * box.width + x]) continue;
      const z = (y + up) * zone.width + x + left;
      grown[z] = 1;
      if (y === 0 || x === 0 || x === box.width - 1) stack.push(z);
    }
  }
  const inBox = (zx: number, zy: number) => zy >= up && zx >= left && zx < left + box.width;
  let added = 0;
  const rowWidth = new Int32Array(up);
  while (stack.length > 0) {
    const z = stack.pop()!;
    for (const q of neighbours(z, zone.width, zone.height)) {
      const zx = q % zone.width;
      const zy = (q - zx) / zone.width;
      if (grown[q] || inBox(zx, zy) || !isObject((zone.y + zy) * width + zone.x + zx)) continue;
      grown[q] = 1;
      added++;
      if (zy < up) rowWidth[zy]++;
      stack.push(q);
    }
  }
  let widest = 0;
  for (let y = 0; y < box.height; y++) {
    let w = 0;
    for (let x = 0; x < box.width; x++) w += mask[y * box.width + x];
    widest = Math.max(widest, w);
  }
  const narrow = rowWidth.every((w) => w <= NECK_SHARE * widest);
  const around = zone.width * zone.height - box.width * box.height;
  if (added === 0 || added > MAX_ZONE_SHARE * around || !narrow) return { box, mask };
  return tighten(grown, zone, box);
}

/** The zone's mask cut down to the box plus the grown pixels' extent (the rest of the zone is empty). */
function tighten(
  grown: Uint8Array,
  zone: PixelRegion,
  box: PixelRegion,
): { box: PixelRegion; mask: Uint8Array } {
  let x0 = box.x, y0 = box.y, x1 = box.x + box.width; // prettier-ignore
  const y1 = box.y + box.height;
  for (let zy = 0; zy < zone.height; zy++) {
    for (let zx = 0; zx < zone.width; zx++) {
      if (!grown[zy * zone.width + zx]) continue;
      x0 = Math.min(x0, zone.x + zx);
      y0 = Math.min(y0, zone.y + zy);
      x1 = Math.max(x1, zone.x + zx + 1);
    }
  }
  const tight = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  const mask = new Uint8Array(tight.width * tight.height);
  for (let y = 0; y < tight.height; y++) {
    const from = (y + tight.y - zone.y) * zone.width + tight.x - zone.x;
    mask.set(grown.subarray(from, from + tight.width), y * tight.width);
  }
  return { box: tight, mask };
}

/** 4-connected labels of a box-local mask (0 = not set). */
function labelComponents(cut: Uint8Array, bw: number, bh: number): Int32Array {
  const labels = new Int32Array(bw * bh);
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < cut.length; start++) {
    if (!cut[start] || labels[start]) continue;
    labels[start] = ++next;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      for (const q of neighbours(p, bw, bh)) {
        if (cut[q] && !labels[q]) {
          labels[q] = next;
          stack.push(q);
        }
      }
    }
  }
  return labels;
}

function neighbours(p: number, bw: number, bh: number): number[] {
  const x = p % bw;
  const y = (p - x) / bw;
  const out: number[] = [];
  if (x > 0) out.push(p - 1);
  if (x < bw - 1) out.push(p + 1);
  if (y > 0) out.push(p - bw);
  if (y < bh - 1) out.push(p + bw);
  return out;
}

/** Background pockets the border cannot reach (a cup's handle, a label on a bottle) become object too. */
function fillEnclosed(mask: Uint8Array, bw: number, bh: number): void {
  const open = new Uint8Array(bw * bh);
  const stack: number[] = [];
  for (let p = 0; p < bw * bh; p++) {
    const x = p % bw;
    const y = (p - x) / bw;
    if ((x === 0 || y === 0 || x === bw - 1 || y === bh - 1) && !mask[p]) {
      open[p] = 1;
      stack.push(p);
    }
  }
  while (stack.length > 0) {
    const p = stack.pop()!;
    for (const q of neighbours(p, bw, bh)) {
      if (!mask[q] && !open[q]) {
        open[q] = 1;
        stack.push(q);
      }
    }
  }
  for (let p = 0; p < bw * bh; p++) if (!mask[p] && !open[p]) mask[p] = 1;
}

/** The ellipse inscribed in a bw x bh box (its radii scaled by `scale`), box-local. */
export function ellipseMask(bw: number, bh: number, scale = 1): Uint8Array {
  const mask = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const u = (x + 0.5 - bw / 2) / (bw / 2);
      const v = (y + 0.5 - bh / 2) / (bh / 2);
      if (u * u + v * v <= scale * scale) mask[y * bw + x] = 1;
    }
  }
  return mask;
}
