// The surface's own detail for a hole, a stand-in for the Gaussian grain: the fine texture (granite speckle, wood
// grain) of the known pixels around it, copied tile by tile onto the smooth structure fill, each tile from the known
// tile whose mean colour is closest to what the structure put there (the same surface, in the same light), near the
// hole and no busier than the surface right around it (no tap or dish rack copied in as texture). Overlapping tiles
// with tent weights, so no seams, rescaled so the blend keeps the texture's amplitude.
import { chamferDistance } from './maskOps';
import type { Random } from './random';

export interface SurfaceDetailOptions {
  /** Half the tile side, px: tiles of 2·step overlap by half. */
  step: number;
  /** The detail is the photo minus its box blur of this radius. */
  blurRadius: number;
  /** Source tiles tried per hole tile. */
  candidates: number;
  /** Weight of the source's distance from the hole tile (per hole size) against the colour difference (levels²). */
  distanceWeight: number;
  /**
   * The surface around the hole: the known pixels within this share of the hole's size (at least a tile) of it.
   * Source tiles busier than its median tile by `busier` are left out (a tap, a dish rack, an edge), and the
   * copied detail is clipped at `clip` times its median detail.
   */
  surfaceReach: number;
  busier: number;
  clip: number;
  random: Random;
}

/**
 * Tiles of 8 px, detail above a 7 px box blur, 32 tries per tile, nearness worth a little colour; the surface is
 * the known band of a third of the hole's size around it, sources at most 1.5 times as busy, detail clipped at 3
 * times its median. Round values, not tuned.
 */
export const SURFACE_DETAIL_DEFAULTS: Omit<SurfaceDetailOptions, 'random'> = {
  step: 4,
  blurRadius: 3,
  candidates: 32,
  distanceWeight: 50,
  surfaceReach: 0.33,
  busier: 1.5,
  clip: 3,
};

/** Box means over known pixels only (normalised by how many were known), per channel; NaN where none was. */
function knownBlur(data: Float32Array, hole: Uint8Array, width: number, height: number, r: number) {
  const n = width * height;
  const sums = new Float64Array((width + 1) * (height + 1) * 4);
  const at = (x: number, y: number) => (y * (width + 1) + x) * 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const o = at(x + 1, y + 1);
      const k = hole[i] ? 0 : 1;
      for (let c = 0; c < 3; c++)
        sums[o + c] =
          k * data[i * 3 + c]! + sums[at(x, y + 1) + c]! + sums[at(x + 1, y) + c]! - sums[at(x, y) + c]!;
      sums[o + 3] = k + sums[at(x, y + 1) + 3]! + sums[at(x + 1, y) + 3]! - sums[at(x, y) + 3]!;
    }
  }
  const blur = new Float32Array(n * 3);
  const full = new Uint8Array(n);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r),
      y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r),
        x1 = Math.min(width, x + r + 1);
      const box = (c: number) =>
        sums[at(x1, y1) + c]! - sums[at(x0, y1) + c]! - sums[at(x1, y0) + c]! + sums[at(x0, y0) + c]!;
      const count = box(3);
      const i = y * width + x;
      for (let c = 0; c < 3; c++) blur[i * 3 + c] = count > 0 ? box(c) / count : Number.NaN;
      full[i] = count === (x1 - x0) * (y1 - y0) && x1 - x0 === 2 * r + 1 && y1 - y0 === 2 * r + 1 ? 1 : 0;
    }
  }
  return { blur, full };
}

/**
 * Per hole pixel and channel, detail to add to `structure` (the smooth fill of the hole, same layout as `data`),
 * copied from the known surroundings of `data` (3 interleaved channels; hole pixels are not read). 0 where no
 * known tile exists.
 */
export function surfaceDetail(
  data: Float32Array,
  structure: Float32Array,
  hole: Uint8Array,
  width: number,
  height: number,
  options: SurfaceDetailOptions,
): Float32Array {
  const { step, blurRadius, candidates, distanceWeight, random } = options;
  const side = 2 * step;
  const out = new Float32Array(width * height * 3);
  const weights = new Float32Array(width * height);
  const { blur, full } = knownBlur(data, hole, width, height, blurRadius);
  // Source tiles: every tile on a step grid whose pixels all have their whole blur window known.
  const sources: number[] = [];
  for (let y = 0; y + side <= height; y += 2)
    for (let x = 0; x + side <= width; x += 2) {
      let ok = true;
      for (let yy = y; yy < y + side && ok; yy += 1)
        for (let xx = x; xx < x + side; xx++)
          if (!full[yy * width + xx]) {
            ok = false;
            break;
          }
      if (ok) sources.push(y * width + x);
    }
  if (sources.length === 0) return out;
  const high = (i: number) =>
    Math.abs(data[i * 3]! - blur[i * 3]!) +
    Math.abs(data[i * 3 + 1]! - blur[i * 3 + 1]!) +
    Math.abs(data[i * 3 + 2]! - blur[i * 3 + 2]!);
  const energy = (s: number) => {
    let e = 0;
    for (let dy = 0; dy < side; dy++) for (let dx = 0; dx < side; dx++) e += high(s + dy * width + dx);
    return e / (side * side);
  };
  const holeArea = hole.reduce((a, v) => a + (v ? 1 : 0), 0);
  const reach = 3 * Math.max(side, options.surfaceReach * Math.sqrt(holeArea));
  const distance = chamferDistance(hole, width, height);
  const centre = (s: number) => s + step * width + step;
  const surface = sources.filter((s) => distance[centre(s)]! <= reach).map(energy);
  if (surface.length === 0) return out;
  surface.sort((a, b) => a - b);
  const typical = surface[surface.length >> 1]!;
  const calm = sources.filter((s) => energy(s) <= options.busier * typical);
  if (calm.length === 0) return out;
  sources.length = 0;
  sources.push(...calm);
  // Per channel: a third of the tile's summed |detail| is one channel's typical level.
  const limit = (options.clip * typical) / 3;
  const tileMean = (x0: number, y0: number, values: Float32Array, only: Uint8Array | null) => {
    const m = [0, 0, 0];
    let n = 0;
    for (let y = y0; y < Math.min(height, y0 + side); y++)
      for (let x = x0; x < Math.min(width, x0 + side); x++) {
        const i = y * width + x;
        if (only && !only[i]) continue;
        for (let c = 0; c < 3; c++) m[c]! += values[i * 3 + c]!;
        n++;
      }
    return n ? m.map((v) => v / n) : null;
  };
  let hx0 = width,
    hy0 = height,
    hx1 = -1,
    hy1 = -1,
    count = 0;
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    const x = i % width,
      y = (i - x) / width;
    hx0 = Math.min(hx0, x);
    hx1 = Math.max(hx1, x);
    hy0 = Math.min(hy0, y);
    hy1 = Math.max(hy1, y);
    count++;
  }
  const extent = Math.max(1, Math.sqrt(count));
  // A regular grid of tiles one step apart, from a whole tile before the hole: every hole pixel lies in two tiles
  // per axis, whose tent weights sum to one.
  for (let ty = (Math.floor(hy0 / step) - 2) * step; ty <= hy1; ty += step) {
    for (let tx = (Math.floor(hx0 / step) - 2) * step; tx <= hx1; tx += step) {
      let any = false;
      for (let y = Math.max(0, ty); y < Math.min(height, ty + side) && !any; y++)
        for (let x = Math.max(0, tx); x < Math.min(width, tx + side); x++)
          if (hole[y * width + x]) {
            any = true;
            break;
          }
      if (!any) continue;
      const target = tileMean(Math.max(0, tx), Math.max(0, ty), structure, hole);
      if (!target) continue;
      let best = -1;
      let bestCost = Infinity;
      for (let k = 0; k < candidates; k++) {
        const s = sources[Math.floor(random() * sources.length)]!;
        const sx = s % width,
          sy = (s - sx) / width;
        const mean = tileMean(sx, sy, blur, null)!;
        const dist = Math.hypot(sx - tx, sy - ty) / extent;
        const cost =
          (mean[0]! - target[0]!) ** 2 +
          (mean[1]! - target[1]!) ** 2 +
          (mean[2]! - target[2]!) ** 2 +
          distanceWeight * dist * dist;
        if (cost < bestCost) {
          bestCost = cost;
          best = s;
        }
      }
      const sx = best % width,
        sy = (best - sx) / width;
      for (let dy = 0; dy < side; dy++) {
        const y = ty + dy;
        if (y < 0 || y >= height) continue;
        const wy = 1 - Math.abs(dy + 0.5 - step) / step;
        for (let dx = 0; dx < side; dx++) {
          const x = tx + dx;
          if (x < 0 || x >= width || !hole[y * width + x]) continue;
          const w = wy * (1 - Math.abs(dx + 0.5 - step) / step);
          const from = (sy + dy) * width + sx + dx;
          const i = y * width + x;
          weights[i]! += w * w;
          for (let c = 0; c < 3; c++)
            out[i * 3 + c]! +=
              w * Math.max(-limit, Math.min(limit, data[from * 3 + c]! - blur[from * 3 + c]!));
        }
      }
    }
  }
  // Two unrelated tiles blended halfway keep only √½ of their amplitude: rescaled to the source's.
  for (let i = 0; i < weights.length; i++) {
    if (weights[i]! <= 0) continue;
    const k = 1 / Math.sqrt(weights[i]!);
    for (let c = 0; c < 3; c++) out[i * 3 + c]! *= k;
  }
  return out;
}
