// The whole object from a detector's box, GrabCut-style: a window around the box, its outer band surely surface and
// a core in the box surely object, colour models of both refitted over a few rounds, and a minimum graph cut that
// weighs them against the photo's edges (maxFlow.ts). The box only seeds it, so the cut may follow the object out
// of a box that stops short; the surface around is the background model, so the cut stops where the object meets
// it. Then the contact shadow: the darker surface right under the object, joined to it.
import type { RgbaImage } from '../imaging/types';
import type { PixelRegion } from '../inpaint/maskOps';
import { FlowGraph } from './maxFlow';

export interface GraphCutOptions {
  /** The window around the box, each side, as a share of the box's longer side. */
  margin: number;
  /** Of the margin, the outer share taken as surely surface. */
  surfaceBand: number;
  /** The cut runs on the window area-averaged to at most this long side, px: the cost is the graph's size. */
  workSide: number;
  /** Rounds of colour models and cut. */
  rounds: number;
  /** Weight of the edge term against the colour term (GrabCut's γ). */
  smoothness: number;
  /** Radii of the ellipse in the box taken as surely object, as a share of the box's half sides. */
  core: number;
  /**
   * Radii of the ellipse in the box always added to the cut, as a share of the box's half sides: glass, chrome and
   * white china show the colours around them, where the colour models cannot tell them from the surface, and an
   * object part left in the photo is a ghost while a little surface more in the mask only costs some fill.
   */
  ellipse: number;
  /** How far the contact shadow is followed below the object, as a share of the box's height. */
  shadowReach: number;
  /** A shadow pixel is at least this much darker than the surface beside it (share of its luma). */
  shadowDarker: number;
}

export const DEFAULT_GRAPH_CUT_OPTIONS: GraphCutOptions = Object.freeze({
  margin: 0.5,
  surfaceBand: 0.3,
  workSide: 128,
  rounds: 3,
  smoothness: 50,
  core: 0.35,
  ellipse: 0.8,
  shadowReach: 0.25,
  shadowDarker: 0.1,
});

export interface ObjectCut {
  /** The object's (and its shadow's) bounding box, whole pixels inside the image. */
  box: PixelRegion;
  /** 1 for object pixels, box-local, rows top to bottom. */
  mask: Uint8Array;
}

/** Colour histogram bins per channel (soft, trilinear), 8 levels: a few thousand pixels fill them. */
const LEVELS = 8;
const BINS = LEVELS * LEVELS * LEVELS;

/** A smoothed colour histogram: each colour spread over its 8 nearest bins. */
class ColourModel {
  private readonly counts = new Float64Array(BINS);
  private total = 0;

  private spread(r: number, g: number, b: number, visit: (bin: number, weight: number) => void): void {
    const scale = (LEVELS - 1) / 255;
    const fr = r * scale,
      fg = g * scale,
      fb = b * scale;
    const r0 = Math.min(LEVELS - 2, Math.floor(fr)),
      g0 = Math.min(LEVELS - 2, Math.floor(fg)),
      b0 = Math.min(LEVELS - 2, Math.floor(fb));
    const tr = fr - r0,
      tg = fg - g0,
      tb = fb - b0;
    for (let k = 0; k < 8; k++) {
      const dr = k & 1,
        dg = (k >> 1) & 1,
        db = (k >> 2) & 1;
      const w = (dr ? tr : 1 - tr) * (dg ? tg : 1 - tg) * (db ? tb : 1 - tb);
      visit(((r0 + dr) * LEVELS + g0 + dg) * LEVELS + b0 + db, w);
    }
  }

  add(r: number, g: number, b: number): void {
    this.spread(r, g, b, (bin, w) => (this.counts[bin]! += w));
    this.total++;
  }

  /** −log of the colour's probability, with a small prior so unseen colours cost much but not infinitely. */
  cost(r: number, g: number, b: number): number {
    let p = 0;
    this.spread(r, g, b, (bin, w) => (p += w * this.counts[bin]!));
    return -Math.log((p + 0.05) / (this.total + 0.05 * BINS));
  }
}

/** The window's pixels area-averaged by an integer-free factor: RGB floats, work size. */
function workPixels(image: RgbaImage, win: PixelRegion, ww: number, wh: number): Float32Array {
  const out = new Float32Array(ww * wh * 3);
  const sx = win.width / ww;
  const sy = win.height / wh;
  for (let y = 0; y < wh; y++) {
    const ya = win.y + Math.floor(y * sy);
    const yb = Math.max(ya + 1, win.y + Math.floor((y + 1) * sy));
    for (let x = 0; x < ww; x++) {
      const xa = win.x + Math.floor(x * sx);
      const xb = Math.max(xa + 1, win.x + Math.floor((x + 1) * sx));
      let r = 0,
        g = 0,
        b = 0,
        n = 0;
      for (let yy = ya; yy < yb; yy++)
        for (let xx = xa; xx < xb; xx++) {
          const p = (yy * image.width + xx) * 4;
          r += image.data[p]!;
          g += image.data[p + 1]!;
          b += image.data[p + 2]!;
          n++;
        }
      const o = (y * ww + x) * 3;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  }
  return out;
}

const SURE_SURFACE = 2;
const SURE_OBJECT = 1;

/** The window around a box the cut runs on, area-averaged to the work size, with its band of sure surface. */
interface Work {
  /** The window in image pixels. */
  win: PixelRegion;
  /** The work size and the factors from image to work pixels. */
  ww: number;
  wh: number;
  fx: number;
  fy: number;
  /** Whether the work size is below the window's. */
  reduced: boolean;
  rgb: Float32Array;
  /** SURE_SURFACE in the window's outer band (where the frame allows one), to be seeded with the object. */
  seeds: Uint8Array;
}

/** The window around the box x0..x1, y0..y1 (image pixels, inside the image), further down for the shadow. */
function workWindow(
  image: RgbaImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  opts: GraphCutOptions,
): Work {
  const { width, height } = image;
  const grow = Math.max(3, Math.round(opts.margin * Math.max(x1 - x0, y1 - y0)));
  // Further down by the shadow's reach: the shadow lies on the surface below the object.
  const below = grow + Math.round(opts.shadowReach * (y1 - y0));
  const win: PixelRegion = {
    x: Math.max(0, x0 - grow),
    y: Math.max(0, y0 - grow),
    width: Math.min(width, x1 + grow) - Math.max(0, x0 - grow),
    height: Math.min(height, y1 + below) - Math.max(0, y0 - grow),
  };
  const scale = Math.min(1, opts.workSide / Math.max(win.width, win.height));
  const ww = Math.max(1, Math.round(win.width * scale));
  const wh = Math.max(1, Math.round(win.height * scale));
  const fx = ww / win.width;
  const fy = wh / win.height;
  const band = Math.max(1, Math.round(opts.surfaceBand * grow * Math.min(fx, fy)));
  const atFrame = {
    left: win.x === 0,
    top: win.y === 0,
    right: win.x + win.width === width,
    bottom: win.y + win.height === height,
  };
  const seeds = new Uint8Array(ww * wh);
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++)
      if (
        (!atFrame.left && x < band) ||
        (!atFrame.right && x >= ww - band) ||
        (!atFrame.top && y < band) ||
        (!atFrame.bottom && y >= wh - band)
      )
        seeds[y * ww + x] = SURE_SURFACE;
  return { win, ww, wh, fx, fy, reduced: scale < 1, rgb: workPixels(image, win, ww, wh), seeds };
}

/**
 * The minimum cut after `opts.rounds` rounds of colour models refitted to the last cut (`initial` the first
 * guess at the object), only the part joined to the sure object kept.
 */
function cutRounds(work: Work, initial: Uint8Array, opts: GraphCutOptions): Uint8Array {
  const { ww, wh, rgb, seeds } = work;
  // Edge weights, 8-neighbours, GrabCut's β: the mean colour step of the window sets what counts as an edge.
  const offsets = [
    [1, 0, 1],
    [0, 1, 1],
    [1, 1, Math.SQRT1_2],
    [-1, 1, Math.SQRT1_2],
  ] as const;
  let sum2 = 0;
  let pairs = 0;
  const step2 = (i: number, j: number) => {
    const dr = rgb[i * 3]! - rgb[j * 3]!,
      dg = rgb[i * 3 + 1]! - rgb[j * 3 + 1]!,
      db = rgb[i * 3 + 2]! - rgb[j * 3 + 2]!;
    return dr * dr + dg * dg + db * db;
  };
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++)
      for (const [dx, dy] of offsets) {
        const nx = x + dx,
          ny = y + dy;
        if (nx < 0 || nx >= ww || ny >= wh) continue;
        sum2 += step2(y * ww + x, ny * ww + nx);
        pairs++;
      }
  const beta = pairs > 0 && sum2 > 0 ? pairs / (2 * sum2) : 0;

  let object = initial;
  const sure = 1e9;
  for (let round = 0; round < opts.rounds; round++) {
    const fore = new ColourModel();
    const back = new ColourModel();
    for (let i = 0; i < ww * wh; i++)
      (object[i] ? fore : back).add(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
    const graph = new FlowGraph(ww * wh, ww * wh * 5);
    for (let y = 0; y < wh; y++) {
      for (let x = 0; x < ww; x++) {
        const i = y * ww + x;
        const r = rgb[i * 3]!,
          g = rgb[i * 3 + 1]!,
          b = rgb[i * 3 + 2]!;
        // Source side = object: cutting i from the source costs its surface cost, from the sink its object cost.
        if (seeds[i] === SURE_OBJECT) graph.addTerminal(i, sure, 0);
        else if (seeds[i] === SURE_SURFACE) graph.addTerminal(i, 0, sure);
        else graph.addTerminal(i, back.cost(r, g, b), fore.cost(r, g, b));
        for (const [dx, dy, dist] of offsets) {
          const nx = x + dx,
            ny = y + dy;
          if (nx < 0 || nx >= ww || ny >= wh) continue;
          const j = ny * ww + nx;
          const w = opts.smoothness * dist * Math.exp(-beta * step2(i, j));
          graph.addEdge(i, j, w, w);
        }
      }
    }
    object = graph.minCut();
  }
  return keepSeeded(object, seeds, ww, wh);
}

/** The contact shadow added, the outline of a reduced work size taken along, back in image pixels. */
function finish(object: Uint8Array, work: Work, shadowRows: number, opts: GraphCutOptions, image: RgbaImage) {
  const { ww, wh } = work;
  addShadow(object, work.rgb, ww, wh, shadowRows, opts.shadowDarker);
  // A work pixel on the object's outline averages object and surface: at a reduced size, the outline goes too.
  const grown = work.reduced ? grownByOne(object, ww, wh) : object;
  return toImage(grown, ww, wh, work.win, image.width, image.height);
}

/** The object `box` (pixels) shows in `image`, cut from its surroundings; an empty cut when the box is empty. */
export function graphCutObject(
  image: RgbaImage,
  box: PixelRegion,
  options: Partial<GraphCutOptions> = {},
): ObjectCut {
  const opts = { ...DEFAULT_GRAPH_CUT_OPTIONS, ...options };
  const { width, height } = image;
  const bx0 = Math.max(0, Math.floor(box.x)),
    by0 = Math.max(0, Math.floor(box.y));
  const bx1 = Math.min(width, Math.ceil(box.x + box.width)),
    by1 = Math.min(height, Math.ceil(box.y + box.height));
  if (bx1 <= bx0 || by1 <= by0)
    return { box: { x: bx0, y: by0, width: 0, height: 0 }, mask: new Uint8Array(0) };
  const work = workWindow(image, bx0, by0, bx1, by1, opts);
  const { win, ww, wh, fx, fy, seeds } = work;

  // Seeds in work pixels: the box's core ellipse (over the band, where a small window puts them together).
  const wbx0 = (bx0 - win.x) * fx,
    wbx1 = (bx1 - win.x) * fx,
    wby0 = (by0 - win.y) * fy,
    wby1 = (by1 - win.y) * fy;
  const cx = (wbx0 + wbx1) / 2,
    cy = (wby0 + wby1) / 2;
  const inEllipse = (x: number, y: number, share: number) => {
    const u = (x + 0.5 - cx) / Math.max(0.5, (share * (wbx1 - wbx0)) / 2),
      v = (y + 0.5 - cy) / Math.max(0.5, (share * (wby1 - wby0)) / 2);
    return u * u + v * v <= 1;
  };
  const initial = new Uint8Array(ww * wh);
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++) {
      const i = y * ww + x;
      if (inEllipse(x, y, opts.core)) seeds[i] = SURE_OBJECT;
      const inBox = x + 0.5 >= wbx0 && x + 0.5 < wbx1 && y + 0.5 >= wby0 && y + 0.5 < wby1;
      initial[i] = inBox && seeds[i] !== SURE_SURFACE ? 1 : 0;
    }

  const object = cutRounds(work, initial, opts);
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++) if (inEllipse(x, y, opts.ellipse)) object[y * ww + x] = 1;
  return finish(object, work, Math.round(opts.shadowReach * (by1 - by0) * fy), opts, image);
}

/** A colour counts as the object's when the object's model finds it this many times likelier than the surface's. */
const DISTINCT_RATIO = 4;

export interface SeededCut extends ObjectCut {
  /**
   * The share of the sure object's pixels whose colour tells them from the window's band of sure surface
   * (DISTINCT_RATIO): near 0 where the seed lies on the surface itself, and the cut only follows the photo's
   * edges.
   */
  distinct: number;
  /**
   * The share of the pixels just inside the window's band of sure surface that the cut took: a cut that runs along
   * the band was stopped by the window, not by the object's outline.
   */
  atBand: number;
}

/**
 * The object that the pixels `seed.mask` (box-local in `seed.box`) lie on, cut as graphCutObject cuts a box's:
 * the window is set around the seed's box, the `sure` pixels (box-local too, within the seed) are surely object,
 * and the seed's pixels are the first guess at it. The box's ellipse is not added; the shadow is followed down
 * from the object the cut found, by the same share of its height. No cut (an empty one) when less than
 * `minDistinct` of the sure pixels stand out from the surface by their colour.
 */
export function graphCutSeeded(
  image: RgbaImage,
  seed: ObjectCut,
  sure: Uint8Array,
  options: Partial<GraphCutOptions> = {},
  minDistinct = 0,
): SeededCut {
  const opts = { ...DEFAULT_GRAPH_CUT_OPTIONS, ...options };
  const { box } = seed;
  const none = (distinct: number) => ({ box, mask: new Uint8Array(0), distinct, atBand: 0 });
  if (box.width <= 0 || box.height <= 0) return none(0);
  const work = workWindow(image, box.x, box.y, box.x + box.width, box.y + box.height, opts);
  const { win, ww, wh, fx, fy, seeds } = work;
  // Every seed pixel marks its work pixel, so a thin stroke keeps its seeds at a reduced work size.
  const initial = new Uint8Array(ww * wh);
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) {
      const k = y * box.width + x;
      if (!seed.mask[k]) continue;
      const i =
        Math.min(wh - 1, Math.floor((box.y + y - win.y) * fy)) * ww +
        Math.min(ww - 1, Math.floor((box.x + x - win.x) * fx));
      initial[i] = 1;
      if (sure[k]) seeds[i] = SURE_OBJECT;
    }
  const distinct = distinctShare(work);
  if (distinct < minDistinct) return none(distinct);

  const object = cutRounds(work, initial, opts);
  let inner = 0,
    taken = 0,
    top = wh,
    bottom = -1;
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++) {
      const i = y * ww + x;
      if (object[i]) {
        top = Math.min(top, y);
        bottom = y;
      }
      if (seeds[i] === SURE_SURFACE) continue;
      const nextToBand =
        (x > 0 && seeds[i - 1] === SURE_SURFACE) ||
        (x < ww - 1 && seeds[i + 1] === SURE_SURFACE) ||
        (y > 0 && seeds[i - ww] === SURE_SURFACE) ||
        (y < wh - 1 && seeds[i + ww] === SURE_SURFACE);
      if (!nextToBand) continue;
      inner++;
      if (object[i]) taken++;
    }
  const shadowRows = Math.round(opts.shadowReach * Math.max(0, bottom - top + 1));
  return { ...finish(object, work, shadowRows, opts, image), distinct, atBand: inner ? taken / inner : 0 };
}

/** SeededCut's `distinct`: colour models of the sure object and the sure surface alone. */
function distinctShare({ rgb, seeds, ww, wh }: Work): number {
  const object = new ColourModel();
  const surface = new ColourModel();
  for (let i = 0; i < ww * wh; i++)
    if (seeds[i] === SURE_OBJECT) object.add(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
    else if (seeds[i] === SURE_SURFACE) surface.add(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
  let sure = 0,
    distinct = 0;
  for (let i = 0; i < ww * wh; i++) {
    if (seeds[i] !== SURE_OBJECT) continue;
    sure++;
    const [r, g, b] = [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
    if (surface.cost(r, g, b) - object.cost(r, g, b) > Math.log(DISTINCT_RATIO)) distinct++;
  }
  return sure ? distinct / sure : 0;
}

/** Only the parts of the cut joined to the sure object (8-connected): stray specks of object colour are surface. */
function keepSeeded(object: Uint8Array, seeds: Uint8Array, ww: number, wh: number): Uint8Array {
  const kept = new Uint8Array(ww * wh);
  const stack: number[] = [];
  for (let i = 0; i < ww * wh; i++)
    if (seeds[i] === SURE_OBJECT && object[i] && !kept[i]) {
      kept[i] = 1;
      stack.push(i);
    }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % ww,
      y = (i - x) / ww;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx,
          ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= ww || ny >= wh) continue;
        const j = ny * ww + nx;
        if (object[j] && !kept[j]) {
          kept[j] = 1;
          stack.push(j);
        }
      }
  }
  return kept;
}

function grownByOne(mask: Uint8Array, ww: number, wh: number): Uint8Array {
  const out = mask.slice();
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++) {
      if (mask[y * ww + x]) continue;
      for (let dy = -1; dy <= 1 && !out[y * ww + x]; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx,
            ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < ww && ny < wh && mask[ny * ww + nx]) {
            out[y * ww + x] = 1;
            break;
          }
        }
    }
  return out;
}

const luma = (rgb: Float32Array, i: number) =>
  0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;

/**
 * The contact shadow: below each column of the object, down to `reach` rows, the pixels darker by `darker` than the
 * surface at that row beside the object (the median of the row's pixels left and right of the object's span), as
 * long as they run on unbroken from the object's bottom.
 */
function addShadow(
  object: Uint8Array,
  rgb: Float32Array,
  ww: number,
  wh: number,
  reach: number,
  darker: number,
) {
  let x0 = ww,
    x1 = -1;
  const bottom = new Int32Array(ww).fill(-1);
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++)
      if (object[y * ww + x]) {
        bottom[x] = y;
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
      }
  if (x1 < 0 || reach <= 0) return;
  const span = x1 - x0 + 1;
  const side = Math.max(2, Math.round(span / 2));
  for (let x = x0; x <= x1; x++) {
    if (bottom[x]! < 0) continue;
    for (let y = bottom[x]! + 1; y < Math.min(wh, bottom[x]! + 1 + reach); y++) {
      const beside: number[] = [];
      for (let k = Math.max(0, x0 - side); k < x0; k++)
        if (!object[y * ww + k]) beside.push(luma(rgb, y * ww + k));
      for (let k = x1 + 1; k < Math.min(ww, x1 + 1 + side); k++)
        if (!object[y * ww + k]) beside.push(luma(rgb, y * ww + k));
      if (beside.length < 2) break;
      beside.sort((a, b) => a - b);
      const surface = beside[beside.length >> 1]!;
      if (luma(rgb, y * ww + x) > surface * (1 - darker)) break;
      object[y * ww + x] = 1;
    }
  }
}

/** The work-size cut back in image pixels (each image pixel takes its work pixel), cropped to its bounding box. */
function toImage(
  object: Uint8Array,
  ww: number,
  wh: number,
  win: PixelRegion,
  width: number,
  height: number,
): ObjectCut {
  let x0 = width,
    y0 = height,
    x1 = -1,
    y1 = -1;
  const at = (X: number, Y: number) =>
    object[
      Math.min(wh - 1, Math.floor(((Y - win.y) * wh) / win.height)) * ww +
        Math.min(ww - 1, Math.floor(((X - win.x) * ww) / win.width))
    ];
  for (let Y = win.y; Y < win.y + win.height; Y++)
    for (let X = win.x; X < win.x + win.width; X++)
      if (at(X, Y)) {
        x0 = Math.min(x0, X);
        x1 = Math.max(x1, X);
        y0 = Math.min(y0, Y);
        y1 = Math.max(y1, Y);
      }
  if (x1 < 0) return { box: { x: win.x, y: win.y, width: 0, height: 0 }, mask: new Uint8Array(0) };
  const box = { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
  const mask = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) mask[y * box.width + x] = at(x0 + x, y0 + y) ? 1 : 0;
  return { box, mask };
}
