// The smooth fills of a hole cut into regions by barriers (continued straight edges, lines.ts): each region is
// filled only from the known pixels linked to it, so the two sides of an edge keep their own colours instead of
// being smeared into one gradient. Membrane and biharmonic, coarse to fine per region like their uncut versions
// (diffusion.ts, biharmonic.ts); the cuts are exact on the full-resolution level, where they matter, and coarse
// levels only give a starting guess.
import type { FloatPlanes } from './diffusion';
import type { Cuts } from './lines';

export type SmoothKind = 'membrane' | 'biharmonic';

const MEMBRANE = { sweeps: 24, largeSweeps: 6, coarsest: 8 };
const BIHARMONIC = { sweeps: 300, largeSweeps: 10, coarsest: 16 };
const LARGE_LEVEL = 200_000;

const ABSENT = 0;
const KNOWN = 1;
const FREE = 2;

/** Labels (1..count) of the hole pixels connected by links the barriers do not cut; 0 outside the hole. */
export function regionLabels(
  hole: Uint8Array,
  width: number,
  height: number,
  cuts: Cuts,
): { labels: Int32Array; count: number } {
  const labels = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  let count = 0;
  for (let start = 0; start < hole.length; start++) {
    if (!hole[start] || labels[start]) continue;
    count++;
    let top = 0;
    stack[top++] = start;
    labels[start] = count;
    while (top > 0) {
      const p = stack[--top];
      const x = p % width;
      for (let k = 0; k < 4; k++) {
        const q = neighbour(p, x, k, width, hole.length, cuts);
        if (q >= 0 && hole[q] && !labels[q]) {
          labels[q] = count;
          stack[top++] = q;
        }
      }
    }
  }
  return { labels, count };
}

/** The k-th 4-neighbour (left, right, up, down) of p when inside the frame and not cut off; else −1. */
function neighbour(p: number, x: number, k: number, width: number, n: number, cuts: Cuts | null): number {
  switch (k) {
    case 0:
      return x > 0 && !(cuts && cuts.right[p - 1]) ? p - 1 : -1;
    case 1:
      return x < width - 1 && !(cuts && cuts.right[p]) ? p + 1 : -1;
    case 2:
      return p >= width && !(cuts && cuts.down[p - width]) ? p - width : -1;
    default:
      return p + width < n && !(cuts && cuts.down[p]) ? p + width : -1;
  }
}

/**
 * Fills the hole pixels of `planes` in place, each region from the known pixels linked to it: the membrane uses
 * the ring of known pixels next to the region; the biharmonic the known pixels reachable from it without crossing
 * a cut, up to `reach` px away (it reads two pixels deep, and more on its coarse levels). Returns a mask of the
 * hole pixels left unfilled: regions no known pixel links to (closed in by barriers).
 */
export function fillRegions(
  planes: FloatPlanes,
  hole: Uint8Array,
  cuts: Cuts,
  kind: SmoothKind,
  reach = 2,
): Uint8Array {
  const { width, height, channels, data } = planes;
  const n = width * height;
  const { labels, count } = regionLabels(hole, width, height, cuts);
  const unfilled = new Uint8Array(n);
  const depth = kind === 'membrane' ? 1 : Math.max(2, reach);
  const distance = new Int32Array(n);
  const queue = new Int32Array(n);
  for (let l = 1; l <= count; l++) {
    // Breadth-first from the region through uncut links into known pixels, up to `depth` steps.
    distance.fill(-1);
    let head = 0;
    let tail = 0;
    let x0 = width, y0 = height, x1 = -1, y1 = -1; // prettier-ignore
    for (let i = 0; i < n; i++) {
      if (labels[i] !== l) continue;
      distance[i] = 0;
      queue[tail++] = i;
    }
    let knownCount = 0;
    while (head < tail) {
      const p = queue[head++];
      const x = p % width;
      const y = (p - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (distance[p] >= depth) continue;
      for (let k = 0; k < 4; k++) {
        const q = neighbour(p, x, k, width, n, cuts);
        if (q < 0 || hole[q] || distance[q] >= 0) continue;
        distance[q] = distance[p] + 1;
        queue[tail++] = q;
        knownCount++;
      }
    }
    if (knownCount === 0) {
      for (let i = 0; i < n; i++) if (labels[i] === l) unfilled[i] = 1;
      continue;
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    const state = new Uint8Array(w * h);
    const values = new Float32Array(w * h * channels);
    const right = new Uint8Array(w * h);
    const down = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y0 + y) * width + x0 + x;
        const k = y * w + x;
        right[k] = cuts.right[i];
        down[k] = cuts.down[i];
        if (distance[i] < 0) continue;
        state[k] = hole[i] ? FREE : KNOWN;
        if (!hole[i]) for (let c = 0; c < channels; c++) values[k * channels + c] = data[i * channels + c];
      }
    }
    solve({ width: w, height: h, channels, data: values }, state, { right, down }, kind);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const k = y * w + x;
        if (state[k] !== FREE) continue;
        const i = (y0 + y) * width + x0 + x;
        for (let c = 0; c < channels; c++) data[i * channels + c] = values[k * channels + c];
      }
    }
  }
  return unfilled;
}

/** Coarse to fine: the coarse solution (cuts ignored) starts the sweeps of the finer level. */
function solve(planes: FloatPlanes, state: Uint8Array, cuts: Cuts | null, kind: SmoothKind): void {
  const { width, height, channels, data } = planes;
  const settings = kind === 'membrane' ? MEMBRANE : BIHARMONIC;
  if (width > settings.coarsest && height > settings.coarsest) {
    const w = (width + 1) >> 1;
    const h = (height + 1) >> 1;
    const coarse = new Float32Array(w * h * channels);
    const coarseState = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let known = 0;
        let free = false;
        const o = (y * w + x) * channels;
        for (let dy = 0; dy < 2; dy++) {
          for (let dx = 0; dx < 2; dx++) {
            const sx = 2 * x + dx;
            const sy = 2 * y + dy;
            if (sx >= width || sy >= height) continue;
            const s = sy * width + sx;
            if (state[s] === FREE) free = true;
            if (state[s] !== KNOWN) continue;
            known++;
            for (let c = 0; c < channels; c++) coarse[o + c] += data[s * channels + c];
          }
        }
        if (known) for (let c = 0; c < channels; c++) coarse[o + c] /= known;
        coarseState[y * w + x] = known ? KNOWN : free ? FREE : ABSENT;
      }
    }
    solve({ width: w, height: h, channels, data: coarse }, coarseState, null, kind);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const k = y * width + x;
        if (state[k] !== FREE) continue;
        const o = ((y >> 1) * w + (x >> 1)) * channels;
        for (let c = 0; c < channels; c++) data[k * channels + c] = coarse[o + c];
      }
    }
  } else if (kind === 'biharmonic') {
    solve(planes, state, cuts, 'membrane');
  } else {
    const sum = new Float64Array(channels);
    let n = 0;
    for (let k = 0; k < state.length; k++) {
      if (state[k] !== KNOWN) continue;
      n++;
      for (let c = 0; c < channels; c++) sum[c] += data[k * channels + c];
    }
    for (let k = 0; k < state.length; k++) {
      if (state[k] !== FREE) continue;
      for (let c = 0; c < channels; c++) data[k * channels + c] = n ? sum[c] / n : 0;
    }
  }
  const sweeps = width * height > LARGE_LEVEL ? settings.largeSweeps : settings.sweeps;
  if (kind === 'membrane') membraneSweeps(planes, state, cuts, sweeps);
  else biharmonicSweeps(planes, state, cuts, sweeps);
}

function membraneSweeps(planes: FloatPlanes, state: Uint8Array, cuts: Cuts | null, sweeps: number): void {
  const { width, channels, data } = planes;
  const freeList: number[] = [];
  for (let k = 0; k < state.length; k++) if (state[k] === FREE) freeList.push(k);
  const free = Int32Array.from(freeList);
  // Per free pixel its usable neighbours (present, link not cut), once.
  const table = new Int32Array(free.length * 5);
  free.forEach((p, f) => {
    const x = p % width;
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const q = neighbour(p, x, k, width, state.length, cuts);
      if (q >= 0 && state[q] !== ABSENT) table[f * 5 + 1 + n++] = q;
    }
    table[f * 5] = n;
  });
  for (let s = 0; s < sweeps; s++) {
    for (let f = 0; f < free.length; f++) {
      const n = table[f * 5];
      if (n === 0) continue;
      const k = free[f];
      for (let c = 0; c < channels; c++) {
        let v = 0;
        for (let j = 1; j <= n; j++) v += data[table[f * 5 + j] * channels + c];
        data[k * channels + c] = v / n;
      }
    }
  }
}

/** The thin-plate stencil: (offset x, offset y, weight); u = Σ weight·u(neighbour) / 20. */
const STENCIL = [
  [-1, 0, 8], [1, 0, 8], [0, -1, 8], [0, 1, 8],
  [-1, -1, -2], [1, -1, -2], [-1, 1, -2], [1, 1, -2],
  [-2, 0, -1], [2, 0, -1], [0, -2, -1], [0, 2, -1],
] as const; // prettier-ignore

/**
 * Gauss-Seidel sweeps of the thin plate where a pixel's whole 13-point stencil is present and reachable without
 * crossing a cut; elsewhere (next to a barrier or the region's edge) the membrane's average of its usable
 * neighbours, which keeps each side to itself.
 */
function biharmonicSweeps(planes: FloatPlanes, state: Uint8Array, cuts: Cuts | null, sweeps: number): void {
  const { width, height, channels, data } = planes;
  const freeList: number[] = [];
  for (let k = 0; k < state.length; k++) if (state[k] === FREE) freeList.push(k);
  const free = Int32Array.from(freeList);
  // Per free pixel: 12 stencil indices, or (with a leading −n) its n usable 4-neighbours.
  const table = new Int32Array(free.length * 13);
  const present = (q: number) => state[q] !== ABSENT;
  free.forEach((p, f) => {
    const x = p % width;
    const y = (p - x) / width;
    const near: number[] = [];
    for (let k = 0; k < 4; k++) {
      const q = neighbour(p, x, k, width, state.length, cuts);
      near.push(q >= 0 && present(q) ? q : -1);
    }
    let whole = x >= 2 && y >= 2 && x < width - 2 && y < height - 2 && near.every((q) => q >= 0);
    if (whole) {
      // Diagonals through either side, distance 2 straight on: both steps uncut.
      const [l, r, u, d] = near;
      const step = (q: number, k: number) => neighbour(q, q % width, k, width, state.length, cuts);
      const diagonals = [
        [step(u, 0), step(l, 2)],
        [step(u, 1), step(r, 2)],
        [step(d, 0), step(l, 3)],
        [step(d, 1), step(r, 3)],
      ];
      const far = [step(l, 0), step(r, 1), step(u, 2), step(d, 3)];
      whole =
        diagonals.every(([a, b]) => (a >= 0 && present(a)) || (b >= 0 && present(b))) &&
        far.every((q) => q >= 0 && present(q));
    }
    if (whole) {
      STENCIL.forEach(([dx, dy], k) => (table[f * 13 + k] = p + dy * width + dx));
      table[f * 13 + 12] = 1;
    } else {
      const usable = near.filter((q) => q >= 0);
      table[f * 13 + 12] = -usable.length;
      usable.forEach((q, k) => (table[f * 13 + k] = q));
    }
  });
  const cw = width * channels;
  const ch = channels;
  for (let s = 0; s < sweeps; s++) {
    for (let f = 0; f < free.length; f++) {
      const base = f * 13;
      const mode = table[base + 12];
      if (mode === 1) {
        // The whole stencil, unrolled (the hot loop).
        const o0 = free[f] * ch;
        for (let c = 0; c < ch; c++) {
          const o = o0 + c;
          const n4 = data[o - ch] + data[o + ch] + data[o - cw] + data[o + cw];
          const dg = data[o - cw - ch] + data[o - cw + ch] + data[o + cw - ch] + data[o + cw + ch];
          const d2 = data[o - 2 * ch] + data[o + 2 * ch] + data[o - 2 * cw] + data[o + 2 * cw];
          data[o] = (8 * n4 - 2 * dg - d2) / 20;
        }
      } else if (mode < 0) {
        const k = free[f];
        const n = -mode;
        for (let c = 0; c < ch; c++) {
          let v = 0;
          for (let j = 0; j < n; j++) v += data[table[base + j] * ch + c];
          data[k * ch + c] = v / n;
        }
      }
    }
  }
}
