// The patch-based completion of one crop (Wexler/Barnes, as in content-aware fill): a nearest-neighbour field
// maps every patch touching the hole to a patch of the known surroundings (found by PatchMatch's propagation and
// random search), the hole pixels are the weighted vote of all patches covering them, and this alternates
// coarse to fine on a pyramid so large structures settle first and fine texture is copied at full resolution.
import { diffuseFill, type FloatPlanes } from './diffusion';
import { chamferDistance } from './maskOps';
import type { Random } from './random';

export interface PatchMatchOptions {
  /** Patch radius in pixels (patches are 2r+1 square). */
  patchRadius: number;
  /** Random numbers for the initial field and the search. */
  random: Random;
  /** Levels whose hole has more pixels than this only carry the field up and vote once (speed on big photos). */
  maxSearchPixels: number;
}

interface Level {
  planes: FloatPlanes;
  hole: Uint8Array;
}

/** The coarsest level has a hole this many patch radii across: coarser loses thin structure (mouldings). */
const COARSEST_HOLE_PATCHES = 4;

/**
 * Fills the hole pixels of `planes` (3 channels) in place; known pixels are read, never written. Returns how well
 * the copied patches fit the known pixels along the hole's border: the median over border patches of their RMS
 * error divided by the patch's own standard deviation (at least 1 level). Near 0 when the surroundings repeat
 * exactly (stripes, tiles), about 1 when a copy predicts the border no better than its mean.
 */
export function patchMatchFill(planes: FloatPlanes, hole: Uint8Array, options: PatchMatchOptions): number {
  const r = options.patchRadius;
  const pyramid: Level[] = [{ planes, hole }];
  // Coarsen until the hole is a few patches across: there the field is found from scratch cheaply.
  for (;;) {
    const top = pyramid[pyramid.length - 1];
    const extent = holeExtent(top.hole, top.planes.width, top.planes.height);
    const { width, height } = top.planes;
    if (extent <= COARSEST_HOLE_PATCHES * r || Math.min(width, height) < 8 * r + 2) break;
    pyramid.push(downsample(top));
  }
  let field: Field | undefined;
  let fit = Infinity;
  for (let level = pyramid.length - 1; level >= 0; level--) {
    const { planes: p, hole: h } = pyramid[level];
    const ctx = makeContext(p, h, r, level === pyramid.length - 1 ? 0.1 : 0.5);
    if (ctx.sources.length === 0) {
      // No whole patch of known pixels at this scale: the smooth membrane is the honest answer.
      diffuseFill(p, h);
      field = undefined;
      continue;
    }
    const coarsest = field === undefined;
    if (coarsest) {
      diffuseFill(p, h);
      field = randomField(ctx, options.random);
    } else {
      field = upsampleField(field!, ctx, options.random);
      vote(ctx, field, false);
    }
    if (ctx.holeCount > options.maxSearchPixels) {
      // Big photo: the structure is settled at the coarser levels; here the field's doubled offsets copy the
      // full-resolution texture from the same places, which costs one vote instead of a search.
      computeCosts(ctx, field);
      vote(ctx, field, true);
    } else {
      const emIterations = coarsest ? 6 : level === 0 ? 2 : 3;
      const pmIterations = coarsest ? 4 : 2;
      // Below the coarsest level the field only needs local refinement; a frame-wide search would mostly
      // try far-off patches that lose anyway.
      const searchRadius = coarsest
        ? Math.max(p.width, p.height)
        : Math.min(Math.max(p.width, p.height), 8 * r);
      for (let em = 0; em < emIterations; em++) {
        computeCosts(ctx, field);
        for (let it = 0; it < pmIterations; it++)
          search(ctx, field, it % 2 === 0, options.random, searchRadius);
        vote(ctx, field, true);
      }
    }
    if (level === 0) {
      fit = borderFit(ctx, field);
      blendSeam(ctx, field);
    }
  }
  return fit;
}

/**
 * How well the best patches of the surroundings could fit the known pixels along the hole's border, without
 * filling it: the search runs on the border patches alone and counts their known pixels only. The measure is
 * patchMatchFill's (median relative error), and a lower bound of it in effect (the full fill's border patches
 * also answer to the hole's content), so a poor value here means the patch fill would be poor too, at a small
 * part of its cost (the border is a thin ring at full resolution).
 */
export function borderMisfit(planes: FloatPlanes, hole: Uint8Array, options: PatchMatchOptions): number {
  const r = options.patchRadius;
  const full = makeContext(planes, hole, r, 0);
  if (full.sources.length === 0) return Infinity;
  const targets = full.targets.filter((t) => !hole[t]);
  const isTarget = new Uint8Array(hole.length);
  for (const t of targets) isTarget[t] = 1;
  const confidence = full.confidence.map((v, i) => (hole[i] ? 0 : v));
  const ctx: Context = { ...full, targets, isTarget, confidence };
  const field = randomField(ctx, options.random);
  computeCosts(ctx, field);
  const { width, height } = planes;
  for (let it = 0; it < BORDER_ITERATIONS; it++) {
    search(ctx, field, it % 2 === 0, options.random, Math.max(width, height));
  }
  return borderFit(ctx, field);
}

/** Search sweeps of borderMisfit: propagation along the ring converges in a few. */
const BORDER_ITERATIONS = 6;

/** Median over the patches centred on known pixels next to the hole of their relative error on the known pixels. */
function borderFit(ctx: Context, field: Field): number {
  const { width, data, hole, targets } = ctx;
  const errors: number[] = [];
  for (const t of targets) {
    if (hole[t]) continue;
    const s = field.source[t];
    const { x0, x1, y0, y1 } = patchSpan(ctx, t);
    let sum = 0;
    let n = 0;
    const mean = [0, 0, 0];
    const square = [0, 0, 0];
    for (let dy = y0; dy <= y1; dy++) {
      for (let dx = x0; dx <= x1; dx++) {
        const q = t + dy * width + dx;
        if (hole[q]) continue;
        const si = (s + dy * width + dx) * 3;
        for (let c = 0; c < 3; c++) {
          const v = data[q * 3 + c];
          sum += (v - data[si + c]) ** 2;
          mean[c] += v;
          square[c] += v * v;
        }
        n += 3;
      }
    }
    if (n === 0) continue;
    let variance = 0;
    for (let c = 0; c < 3; c++) variance += square[c] - (mean[c] * mean[c] * 3) / n;
    // Relative to the patch's own contrast: a flat wall is 'matched' by any flat patch, noise included.
    errors.push(Math.sqrt(sum / Math.max(variance, n)));
  }
  errors.sort((a, b) => a - b);
  return errors.length ? errors[errors.length >> 1] : Infinity;
}

interface Context {
  width: number;
  height: number;
  data: Float32Array;
  hole: Uint8Array;
  r: number;
  /** Pixel indices whose patch overlaps the hole, in scan order. */
  targets: Int32Array;
  isTarget: Uint8Array;
  /** 1 where a whole patch around the pixel lies inside the crop and outside the hole. */
  valid: Uint8Array;
  sources: Int32Array;
  holeCount: number;
  /** Per pixel, how much it counts in a patch distance: 1 when known, less the deeper it lies in the hole. */
  confidence: Float32Array;
}

interface Field {
  /** Per pixel (meaningful for targets): the centre index of its source patch. */
  source: Int32Array;
  cost: Float64Array;
  /** Pixels of the patch that lie inside the crop, to turn a cost into a per-pixel error. */
  count: Uint16Array;
  width: number;
  height: number;
}

/** Confidence falls by this factor per pixel into the hole (Wexler et al.). */
const CONFIDENCE_DECAY = 1.3;

function makeContext(planes: FloatPlanes, hole: Uint8Array, r: number, floor: number): Context {
  const { width, height, data } = planes;
  // The border is real and the inside is only a guess: matching the border must weigh more, or a patch is chosen
  // for agreeing with the (smooth) guess instead of with the room around it.
  const known = new Uint8Array(width * height);
  for (let i = 0; i < known.length; i++) known[i] = hole[i] ? 0 : 1;
  const depth = chamferDistance(known, width, height);
  const confidence = new Float32Array(width * height);
  for (let i = 0; i < confidence.length; i++) {
    confidence[i] = hole[i] ? Math.max(floor, CONFIDENCE_DECAY ** -(depth[i] / 3)) : 1;
  }
  const near = squareDilate(hole, width, height, r);
  const targets: number[] = [];
  const sources: number[] = [];
  const valid = new Uint8Array(width * height);
  let holeCount = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (hole[i]) holeCount++;
      if (near[i]) targets.push(i);
      else if (x >= r && y >= r && x < width - r && y < height - r) {
        valid[i] = 1;
        sources.push(i);
      }
    }
  }
  return {
    width,
    height,
    data,
    hole,
    r,
    targets: Int32Array.from(targets),
    isTarget: near,
    valid,
    sources: Int32Array.from(sources),
    holeCount,
    confidence,
  };
}

/** Marks every pixel within a (2r+1) square of a hole pixel: exactly the patch centres that touch the hole. */
function squareDilate(hole: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const rows = new Uint8Array(width * height);
  dilateLines(hole, rows, height, width, width, 1, r);
  const out = new Uint8Array(width * height);
  dilateLines(rows, out, width, height, 1, width, r);
  return out;
}

/**
 * One direction of the separable square dilation: `lines` lines of `length` pixels, pixel i of line l at
 * l * across + i * along (rows: across = width, along = 1; columns: across = 1, along = width).
 */
function dilateLines(
  src: Uint8Array,
  dst: Uint8Array,
  lines: number,
  length: number,
  across: number,
  along: number,
  r: number,
): void {
  for (let l = 0; l < lines; l++) {
    const base = l * across;
    let last = -1e9;
    for (let i = 0; i < length; i++) {
      if (src[base + i * along]) last = i;
      if (i - last <= r) dst[base + i * along] = 1;
    }
    last = 1e9;
    for (let i = length - 1; i >= 0; i--) {
      if (src[base + i * along]) last = i;
      if (last - i <= r) dst[base + i * along] = 1;
    }
  }
}

function holeExtent(hole: Uint8Array, width: number, height: number): number {
  let minX = width, minY = height, maxX = -1, maxY = -1; // prettier-ignore
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!hole[y * width + x]) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return maxX < 0 ? 0 : Math.max(maxX - minX + 1, maxY - minY + 1);
}

/** Halves the crop; a coarse pixel is hole when any child is, so coarse sources never contain hole pixels. */
function downsample(level: Level): Level {
  const { width, height, data } = level.planes;
  const w = width >> 1;
  const h = height >> 1;
  const out = new Float32Array(w * h * 3);
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const a = 2 * y * width + 2 * x;
      const kids = [a, a + 1, a + width, a + width + 1];
      const o = (y * w + x) * 3;
      let any = 0;
      for (const k of kids) {
        any |= level.hole[k];
        out[o] += data[k * 3] / 4;
        out[o + 1] += data[k * 3 + 1] / 4;
        out[o + 2] += data[k * 3 + 2] / 4;
      }
      hole[y * w + x] = any ? 1 : 0;
    }
  }
  return { planes: { width: w, height: h, channels: 3, data: out }, hole };
}

function emptyField(ctx: Context): Field {
  const n = ctx.width * ctx.height;
  const field: Field = {
    source: new Int32Array(n),
    cost: new Float64Array(n),
    count: new Uint16Array(n),
    width: ctx.width,
    height: ctx.height,
  };
  const { r, width, height } = ctx;
  for (const t of ctx.targets) {
    const x = t % width;
    const y = (t - x) / width;
    const cw = Math.min(width - 1, x + r) - Math.max(0, x - r) + 1;
    const ch = Math.min(height - 1, y + r) - Math.max(0, y - r) + 1;
    field.count[t] = cw * ch;
  }
  return field;
}

function randomField(ctx: Context, random: Random): Field {
  const field = emptyField(ctx);
  for (const t of ctx.targets) field.source[t] = ctx.sources[Math.floor(random() * ctx.sources.length)];
  return field;
}

/** The coarse field, doubled: each fine target keeps its parent's offset when that lands on a valid source. */
function upsampleField(coarse: Field, ctx: Context, random: Random): Field {
  const field = emptyField(ctx);
  const { width, height, valid } = ctx;
  for (const t of ctx.targets) {
    const x = t % width;
    const y = (t - x) / width;
    const cx = Math.min(coarse.width - 1, x >> 1);
    const cy = Math.min(coarse.height - 1, y >> 1);
    const cs = coarse.source[cy * coarse.width + cx];
    const csx = cs % coarse.width;
    const csy = (cs - csx) / coarse.width;
    const sx = Math.min(width - 1, 2 * csx + (x - 2 * cx));
    const sy = Math.min(height - 1, 2 * csy + (y - 2 * cy));
    const s = sy * width + sx;
    field.source[t] = valid[s] ? s : nearestValid(ctx, sx, sy, random);
  }
  return field;
}

/** A valid source near (x, y), searched in growing rings; a random one when none is close. */
function nearestValid(ctx: Context, x: number, y: number, random: Random): number {
  const { width, height, valid, r } = ctx;
  for (let d = 1; d <= 4 * r; d++) {
    for (const [dx, dy] of [
      [d, 0],
      [-d, 0],
      [0, d],
      [0, -d],
      [d, d],
      [-d, -d],
      [d, -d],
      [-d, d],
    ]) {
      // prettier-ignore
      const nx = x + dx;
      const ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < width && ny < height && valid[ny * width + nx]) return ny * width + nx;
    }
  }
  return ctx.sources[Math.floor(random() * ctx.sources.length)];
}

/**
 * The patch around pixel t as offsets from it that stay inside the crop: dx in x0..x1, dy in y0..y1 (a full
 * patch is -r..r both ways), with t's own column and row.
 */
function patchSpan(
  ctx: Context,
  t: number,
): { tx: number; ty: number; x0: number; x1: number; y0: number; y1: number } {
  const { width, height, r } = ctx;
  const tx = t % width;
  const ty = (t - tx) / width;
  return {
    tx,
    ty,
    x0: Math.max(-r, -tx),
    x1: Math.min(r, width - 1 - tx),
    y0: Math.max(-r, -ty),
    y1: Math.min(r, height - 1 - ty),
  };
}

/** Sum of squared differences over the part of the target patch inside the crop; stops early above `limit`. */
function patchDistance(ctx: Context, t: number, s: number, limit: number): number {
  const { width, data, confidence } = ctx;
  const { tx, ty, x0, x1, y0, y1 } = patchSpan(ctx, t);
  let sum = 0;
  for (let dy = y0; dy <= y1; dy++) {
    let q = (ty + dy) * width + tx + x0;
    let ti = q * 3;
    let si = (s + dy * width + x0) * 3;
    for (let dx = x0; dx <= x1; dx++) {
      const a = data[ti] - data[si];
      const b = data[ti + 1] - data[si + 1];
      const c = data[ti + 2] - data[si + 2];
      sum += (a * a + b * b + c * c) * confidence[q];
      q++;
      ti += 3;
      si += 3;
    }
    if (sum > limit) return sum;
  }
  return sum;
}

function computeCosts(ctx: Context, field: Field): void {
  for (const t of ctx.targets) field.cost[t] = patchDistance(ctx, t, field.source[t], Infinity);
}

/** One PatchMatch sweep: propagation from the already visited neighbours, then random search around the best. */
function search(ctx: Context, field: Field, forward: boolean, random: Random, maxRadius: number): void {
  const { width, height, targets, isTarget, valid } = ctx;
  const { source, cost } = field;
  const step = forward ? -1 : 1;
  const n = targets.length;
  for (let k = 0; k < n; k++) {
    const t = targets[forward ? k : n - 1 - k];
    const tx = t % width;
    const ty = (t - tx) / width;
    let best = source[t];
    let bestCost = cost[t];
    const nx = tx + step;
    if (nx >= 0 && nx < width && isTarget[t + step]) {
      const cand = source[t + step] - step;
      // A candidate that wrapped to the next row lands on an edge column, which is never valid.
      if (cand >= 0 && cand < valid.length && valid[cand] && cand !== best) {
        const d = patchDistance(ctx, t, cand, bestCost);
        if (d < bestCost) {
          best = cand;
          bestCost = d;
        }
      }
    }
    const ny = ty + step;
    if (ny >= 0 && ny < height && isTarget[t + step * width]) {
      const cand = source[t + step * width] - step * width;
      if (cand >= 0 && cand < valid.length && valid[cand] && cand !== best) {
        const d = patchDistance(ctx, t, cand, bestCost);
        if (d < bestCost) {
          best = cand;
          bestCost = d;
        }
      }
    }
    const bx = best % width;
    const by = (best - bx) / width;
    for (let radius = maxRadius; radius >= 1; radius >>= 1) {
      const cx = Math.round(bx + (random() * 2 - 1) * radius);
      const cy = Math.round(by + (random() * 2 - 1) * radius);
      if (cx < 0 || cy < 0 || cx >= width || cy >= height) continue;
      const cand = cy * width + cx;
      if (!valid[cand] || cand === best) continue;
      const d = patchDistance(ctx, t, cand, bestCost);
      if (d < bestCost) {
        best = cand;
        bestCost = d;
      }
    }
    source[t] = best;
    cost[t] = bestCost;
  }
}

/**
 * Every hole pixel becomes the weighted mean of what the patches covering it say it is. Weights fall with the
 * patch's error (σ² from the median error), so a patch that fits badly does not smear the texture.
 */
function vote(ctx: Context, field: Field, weighted: boolean): void {
  const { data, hole, targets } = ctx;
  let sigma2 = 1;
  if (weighted) {
    const errors = Array.from(targets, (t) => field.cost[t] / (3 * field.count[t])).sort((a, b) => a - b);
    sigma2 = Math.max(1, errors[Math.floor(errors.length * 0.5)] ?? 1);
  }
  const { acc, weights } = patchVotes(ctx, field, hole, (t) =>
    weighted ? Math.exp(-field.cost[t] / (3 * field.count[t]) / (2 * sigma2)) + 1e-6 : 1,
  );
  for (let q = 0; q < hole.length; q++) {
    if (!hole[q] || weights[q] === 0) continue;
    data[q * 3] = acc[q * 3] / weights[q];
    data[q * 3 + 1] = acc[q * 3 + 1] / weights[q];
    data[q * 3 + 2] = acc[q * 3 + 2] / weights[q];
  }
}

/**
 * What the field's patches say the pixels of `mask` are: per pixel, the sum over the patches covering it of the
 * patch's weight times its source pixel (acc, 3 values a pixel), and the sum of those weights.
 */
function patchVotes(
  ctx: Context,
  field: Field,
  mask: Uint8Array,
  weightOf: (t: number) => number,
): { acc: Float64Array; weights: Float64Array } {
  const { width, height, data, targets } = ctx;
  const acc = new Float64Array(width * height * 3);
  const weights = new Float64Array(width * height);
  for (const t of targets) {
    const w = weightOf(t);
    const s = field.source[t];
    const { x0, x1, y0, y1 } = patchSpan(ctx, t);
    for (let dy = y0; dy <= y1; dy++) {
      for (let dx = x0; dx <= x1; dx++) {
        const q = t + dy * width + dx;
        if (!mask[q]) continue;
        const si = (s + dy * width + dx) * 3;
        acc[q * 3] += w * data[si];
        acc[q * 3 + 1] += w * data[si + 1];
        acc[q * 3 + 2] += w * data[si + 2];
        weights[q] += w;
      }
    }
  }
  return { acc, weights };
}

/** Pixels outside the hole within this distance carry the seam residual. */
const SEAM_RING = 2;
/** Residuals beyond this are structure the patches chose not to continue, not shading: they are not spread. */
const SEAM_MAX_RESIDUAL = 24;

/**
 * Poisson-like seam blending: the patches also predict the known ring around the hole; the difference between
 * the real ring and that prediction (a shading or colour offset of the copied texture) is spread smoothly over
 * the hole, so the fill meets its border without a visible edge.
 */
function blendSeam(ctx: Context, field: Field): void {
  const { width, height, data, hole } = ctx;
  let minX = width, minY = height, maxX = -1, maxY = -1; // prettier-ignore
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (maxX < 0) return;
  const bx = Math.max(0, minX - SEAM_RING);
  const by = Math.max(0, minY - SEAM_RING);
  const bw = Math.min(width - 1, maxX + SEAM_RING) - bx + 1;
  const bh = Math.min(height - 1, maxY + SEAM_RING) - by + 1;
  const near = squareDilate(hole, width, height, SEAM_RING);
  const ring = new Uint8Array(width * height);
  for (let i = 0; i < ring.length; i++) ring[i] = near[i] && !hole[i] ? 1 : 0;
  // What the field predicts for the ring pixels (plain mean of the covering patches).
  const { acc, weights } = patchVotes(ctx, field, ring, () => 1);
  const residual = new Float32Array(bw * bh * 3);
  const free = new Uint8Array(bw * bh).fill(1);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const q = (by + y) * width + bx + x;
      if (!ring[q] || weights[q] === 0) continue;
      const o = (y * bw + x) * 3;
      free[y * bw + x] = 0;
      for (let c = 0; c < 3; c++) {
        const d = data[q * 3 + c] - acc[q * 3 + c] / weights[q];
        residual[o + c] = Math.max(-SEAM_MAX_RESIDUAL, Math.min(SEAM_MAX_RESIDUAL, d));
      }
    }
  }
  diffuseFill({ width: bw, height: bh, channels: 3, data: residual }, free);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const q = (by + y) * width + bx + x;
      if (!hole[q]) continue;
      const o = (y * bw + x) * 3;
      data[q * 3] += residual[o];
      data[q * 3 + 1] += residual[o + 1];
      data[q * 3 + 2] += residual[o + 2];
    }
  }
}
