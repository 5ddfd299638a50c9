// The retouch brush's painted stroke: its pixels, and the object the host meant by it. The stroke seeds
// graphCut.ts's cut, which follows the object out of it by colour and edges and takes its contact shadow along;
// where that cut cannot be trusted, the stroke stays as it was painted.
import type { RgbaImage } from '../imaging/types';
import type { PixelRegion } from '../inpaint/maskOps';
import { graphCutSeeded, type GraphCutOptions, type ObjectCut } from './graphCut';

/** A brush stroke in image fractions (x of the width, y of the height), radius as a share of the longer side. */
export interface Stroke {
  points: readonly { x: number; y: number }[];
  radius: number;
}

/**
 * The radius of the stroke's core, surely object, as a share of its radius: the rim of a rough stroke lies on the
 * surface beside the object, and a sure seed there would pull the surface in along with it.
 */
const CORE_SHARE = 0.5;
/**
 * A cut adding more than this many times the stroke's area beyond it has leaked into the surface or into the
 * furniture the object stands on: a host paints most of what they mean. On bench:declutter's strokes (about 60 %
 * of each object), cuts adding up to 1.9 times the stroke took at most 1.1 times the object's area in surface,
 * those adding 2.2 to 4.7 times took 1.5 to 5 times.
 */
const MAX_ADDED = 2;
/**
 * A cut adding less than this share of the stroke's area found no object beyond it: the stroke was all of it, and
 * growing it as an object would only take surface (a round value).
 */
const MIN_ADDED = 0.1;
/**
 * A cut taking more than this share of the pixels along the window's band of sure surface was stopped by the
 * window, not by the object's outline. Objects inside the window measured up to 0.06; a bread box wider than a
 * smaller window 0.12.
 */
const MAX_AT_BAND = 0.1;
/**
 * Less than this share of the stroke's core standing out from the surface by its colour (graphCut.ts
 * SeededCut.distinct): the stroke lies on the surface (a stain, a scratch), and a cut would only run to the
 * nearest edge in the photo. Measured: strokes on a plain counter 0, on objects 0.3-1 (a dark bottle against a
 * dark wall 0.35); clear glass often below, and stays as painted.
 */
const MIN_DISTINCT = 0.25;
/** The graph cut's settings for a stroke (graphCut.ts's defaults for the rest). */
const SNAP_CUT: Partial<GraphCutOptions> = { margin: 0.8 };

export interface SnappedStroke extends ObjectCut {
  /**
   * 'snapped': box and mask are the object's, the stroke included; otherwise they are the stroke's own pixels:
   * 'stroke' when the cut found nothing beyond it, 'leak' when it ran into the surface.
   */
  outcome: 'snapped' | 'stroke' | 'leak';
}

/** The pixels `stroke` covers, as a box inside the image (empty for a stroke without points). */
export function strokeBox(stroke: Stroke, width: number, height: number): PixelRegion {
  if (stroke.points.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const radius = strokeRadius(stroke, width, height);
  const xs = stroke.points.map((p) => p.x * width);
  const ys = stroke.points.map((p) => p.y * height);
  const x0 = Math.max(0, Math.floor(Math.min(...xs) - radius));
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - radius));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(...xs) + radius));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(...ys) + radius));
  return { x: x0, y: y0, width: Math.max(0, x1 - x0 + 1), height: Math.max(0, y1 - y0 + 1) };
}

const strokeRadius = (stroke: Stroke, width: number, height: number) =>
  Math.max(0.5, stroke.radius * Math.max(width, height));

/**
 * Rasterises a stroke as discs along its segments (a capsule per segment) into `mask`: the whole image's, or the
 * region `into`'s (box-local), so a stroke costs its own size.
 */
export function paintStroke(
  mask: Uint8Array,
  width: number,
  height: number,
  stroke: Stroke,
  into: PixelRegion = { x: 0, y: 0, width, height },
): void {
  const radius = strokeRadius(stroke, width, height);
  const points = stroke.points.map((p) => ({ x: p.x * width, y: p.y * height }));
  const segments =
    points.length === 1 ? [[points[0], points[0]]] : points.slice(1).map((p, i) => [points[i], p]);
  for (const [a, b] of segments) {
    const minX = Math.max(into.x, Math.floor(Math.min(a.x, b.x) - radius));
    const maxX = Math.min(into.x + into.width - 1, Math.ceil(Math.max(a.x, b.x) + radius));
    const minY = Math.max(into.y, Math.floor(Math.min(a.y, b.y) - radius));
    const maxY = Math.min(into.y + into.height - 1, Math.ceil(Math.max(a.y, b.y) + radius));
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
        if (ex * ex + ey * ey <= radius * radius) mask[(y - into.y) * into.width + x - into.x] = 1;
      }
    }
  }
}

/**
 * The object the host meant by `stroke` in `image` (with its contact shadow and the stroke itself), or the stroke
 * alone when the cut found nothing beyond it or leaked. Local: the cut's window is set around the stroke.
 */
export function snapStroke(
  image: RgbaImage,
  stroke: Stroke,
  options: Partial<GraphCutOptions> = {},
): SnappedStroke {
  const { width, height } = image;
  const box = strokeBox(stroke, width, height);
  const painted = new Uint8Array(box.width * box.height);
  paintStroke(painted, width, height, stroke, box);
  const plain = (outcome: 'stroke' | 'leak'): SnappedStroke => ({ box, mask: painted, outcome });
  if (painted.length === 0) return plain('stroke');
  const core = new Uint8Array(painted.length);
  paintStroke(core, width, height, { ...stroke, radius: stroke.radius * CORE_SHARE }, box);
  const cut = graphCutSeeded(image, { box, mask: painted }, core, { ...SNAP_CUT, ...options }, MIN_DISTINCT);
  if (cut.distinct < MIN_DISTINCT) return plain('stroke');
  if (cut.atBand > MAX_AT_BAND) return plain('leak');

  const both = cut.mask.length ? [box, cut.box] : [box];
  const x0 = Math.min(...both.map((b) => b.x)),
    y0 = Math.min(...both.map((b) => b.y));
  const x1 = Math.max(...both.map((b) => b.x + b.width)),
    y1 = Math.max(...both.map((b) => b.y + b.height));
  const union: PixelRegion = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  const mask = new Uint8Array(union.width * union.height);
  let strokeArea = 0;
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++)
      if (painted[y * box.width + x]) {
        mask[(box.y + y - y0) * union.width + box.x + x - x0] = 1;
        strokeArea++;
      }
  let added = 0;
  for (let y = 0; y < cut.box.height; y++)
    for (let x = 0; x < cut.box.width; x++) {
      const i = (cut.box.y + y - y0) * union.width + cut.box.x + x - x0;
      if (cut.mask[y * cut.box.width + x] && !mask[i]) {
        mask[i] = 1;
        added++;
      }
    }
  if (added > MAX_ADDED * strokeArea) return plain('leak');
  if (added < MIN_ADDED * strokeArea) return plain('stroke');
  return { box: union, mask, outcome: 'snapped' };
}
