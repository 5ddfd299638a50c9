// One removal mask from what the detector found and what the user painted: each object cut from its box
// (refineBox's colour cut, or graphCut.ts with `cut: 'graph'`), grown round by a share of its size so its outline
// and contact shadow go too, with the shadow side (below the object, where room light falls from above) grown
// further; painted strokes are added as they are.
import type { Detection } from '../analysis/room/types';
import type { CocoLabel } from '../analysis/room/cocoLabels';
import type { RgbaImage } from '../imaging/types';
import { dilateMask, type PixelRegion } from '../inpaint/maskOps';
import { graphCutObject } from './graphCut';
import { refineBox } from './refineBox';

/** A brush stroke in image fractions (x of the width, y of the height), radius as a share of the longer side. */
export interface Stroke {
  points: readonly { x: number; y: number }[];
  radius: number;
}

export interface ClutterMaskOptions {
  /** Round growth of every object, as a share of its box's smaller side (at least minGrowPixels). */
  growShare: number;
  minGrowPixels: number;
  /** Extra growth downwards for the contact shadow, as a share of the box's height. */
  shadowShare: number;
  /**
   * How the object is cut from its box: 'colour' (refineBox: a one-shot colour model, the ellipse when unsure) or
   * 'graph' (graphCut.ts: a GrabCut-style graph cut seeded by the box, with the contact shadow).
   */
  cut: 'colour' | 'graph';
}

export const DEFAULT_CLUTTER_MASK_OPTIONS: ClutterMaskOptions = Object.freeze({
  growShare: 0.15,
  minGrowPixels: 3,
  shadowShare: 0.12,
  cut: 'colour',
});

export interface MaskedObject {
  label: CocoLabel;
  score: number;
  /** The detector's box in pixels [x, y, width, height]. */
  box: [number, number, number, number];
  method: 'colour' | 'ellipse' | 'graph';
}

export interface ClutterMask {
  /** 1 where pixels are removed, width * height. */
  mask: Uint8Array;
  objects: MaskedObject[];
}

/** The mask removing `detections` (boxes in fractions) and the painted `strokes` from `image`. */
export function buildClutterMask(
  image: RgbaImage,
  detections: readonly Detection[],
  strokes: readonly Stroke[] = [],
  options: Partial<ClutterMaskOptions> = {},
): ClutterMask {
  const opts = { ...DEFAULT_CLUTTER_MASK_OPTIONS, ...options };
  const { width, height } = image;
  const mask = new Uint8Array(width * height);
  const objects: MaskedObject[] = [];
  for (const detection of detections) {
    const box: PixelRegion = {
      x: Math.round(detection.box.x * width),
      y: Math.round(detection.box.y * height),
      width: Math.round(detection.box.width * width),
      height: Math.round(detection.box.height * height),
    };
    const refined =
      opts.cut === 'graph'
        ? { ...graphCutObject(image, box), method: 'graph' as const }
        : refineBox(image, box);
    if (refined.box.width === 0 || refined.box.height === 0) continue;
    addGrown(mask, width, height, refined.box, refined.mask, opts);
    objects.push({
      label: detection.label,
      score: detection.score,
      box: [refined.box.x, refined.box.y, refined.box.width, refined.box.height],
      method: refined.method,
    });
  }
  for (const stroke of strokes) paintStroke(mask, width, height, stroke);
  return { mask, objects };
}

/** ORs the box-local object mask, grown round and towards its shadow, into the image mask. */
function addGrown(
  mask: Uint8Array,
  width: number,
  height: number,
  box: PixelRegion,
  local: Uint8Array,
  opts: ClutterMaskOptions,
): void {
  const grow = Math.max(opts.minGrowPixels, Math.round(opts.growShare * Math.min(box.width, box.height)));
  const drop = Math.round(opts.shadowShare * box.height);
  // A window around the box big enough for the growth, so the dilation costs the object's size, not the photo's.
  const x0 = Math.max(0, box.x - grow - 1);
  const y0 = Math.max(0, box.y - grow - 1);
  const x1 = Math.min(width, box.x + box.width + grow + 1);
  const y1 = Math.min(height, box.y + box.height + drop + grow + 1);
  const ww = x1 - x0;
  const wh = y1 - y0;
  const window = new Uint8Array(ww * wh);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      if (!local[y * box.width + x]) continue;
      // The object and its copies shifted down up to `drop` pixels: the shadow it casts on the surface.
      for (let d = 0; d <= drop; d++) {
        const wy = box.y + y + d - y0;
        if (wy < wh) window[wy * ww + box.x + x - x0] = 1;
      }
    }
  }
  const grown = dilateMask(window, ww, wh, grow);
  for (let y = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++) if (grown[y * ww + x]) mask[(y0 + y) * width + x0 + x] = 1;
  }
}

/** Rasterises a stroke as discs along its segments (a capsule per segment). */
export function paintStroke(mask: Uint8Array, width: number, height: number, stroke: Stroke): void {
  const radius = Math.max(0.5, stroke.radius * Math.max(width, height));
  const points = stroke.points.map((p) => ({ x: p.x * width, y: p.y * height }));
  const segments =
    points.length === 1 ? [[points[0], points[0]]] : points.slice(1).map((p, i) => [points[i], p]);
  for (const [a, b] of segments) {
    const minX = Math.max(0, Math.floor(Math.min(a.x, b.x) - radius));
    const maxX = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + radius));
    const minY = Math.max(0, Math.floor(Math.min(a.y, b.y) - radius));
    const maxY = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + radius));
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length2 = dx * dx + dy * dy;
    for (let y = minY; y <= maxY; y++) {
      for (let x = minX; x <= maxX; x++) {
        const px = x + 0.5 - a.x;
        const py = y + 0.5 - a.y;
        const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / length2));
        const ex = px - t * dx;
        const ey = py - t * dy;
        if (ex * ex + ey * ey <= radius * radius) mask[y * width + x] = 1;
      }
    }
  }
}
