// Thin-plate (biharmonic) relaxation of a hole from its border: unlike the membrane it also carries the border's
// slopes into the hole (a curved shading keeps bending instead of flattening). Coarse to fine on the membrane's
// pyramid, a fixed number of Gauss-Seidel sweeps of the 13-point stencil per level: far from converged on big
// holes (biharmonic relaxation is slow), a bounded-cost step from the membrane towards the thin plate.
import { diffuseFill, downsampleKnown, upsampleInto, type FloatPlanes } from './diffusion';

const SWEEPS_PER_LEVEL = 300;
/** Above this many pixels a level mostly refines what the coarser levels solved. */
const LARGE_LEVEL = 200_000;
const SWEEPS_LARGE_LEVEL = 10;
const COARSEST_SIDE = 16;

/**
 * Moves the values of the hole pixels (hole[i] non-zero) in place towards the biharmonic surface through the
 * known ones (the frame edge is mirrored). With no known pixel at all the hole is left as it is.
 */
export function biharmonicFill(planes: FloatPlanes, hole: Uint8Array, sweeps = SWEEPS_PER_LEVEL): void {
  const { width, height } = planes;
  let known = false;
  for (let i = 0; i < hole.length && !known; i++) known = !hole[i];
  if (!known) return;
  if (width > COARSEST_SIDE && height > COARSEST_SIDE) {
    const coarse = downsampleKnown(planes, hole);
    biharmonicFill(coarse.planes, coarse.hole, sweeps);
    upsampleInto(planes, hole, coarse.planes);
  } else {
    diffuseFill(planes, hole);
  }
  relax(planes, hole, width * height > LARGE_LEVEL ? Math.min(sweeps, SWEEPS_LARGE_LEVEL) : sweeps);
}

/** u = (8·(4-neighbours) − 2·(diagonals) − (distance-2 neighbours)) / 20 at every hole pixel, in scan order. */
function relax(planes: FloatPlanes, hole: Uint8Array, sweeps: number): void {
  const { width, height, channels, data } = planes;
  const inner: number[] = [];
  const edge: number[] = [];
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    if (x >= 2 && y >= 2 && x < width - 2 && y < height - 2) inner.push(i);
    else edge.push(i);
  }
  // Near the frame edge, the stencil's neighbours are mirrored (clamped as a last resort on tiny frames); their
  // indices are computed once.
  const mx = (x: number) => Math.min(width - 1, Math.max(0, x < 0 ? -x : x >= width ? 2 * width - 2 - x : x));
  const my = (y: number) =>
    Math.min(height - 1, Math.max(0, y < 0 ? -y : y >= height ? 2 * height - 2 - y : y));
  const STENCIL = [
    [-1, 0, 8], [1, 0, 8], [0, -1, 8], [0, 1, 8],
    [-1, -1, -2], [1, -1, -2], [-1, 1, -2], [1, 1, -2],
    [-2, 0, -1], [2, 0, -1], [0, -2, -1], [0, 2, -1],
  ] as const; // prettier-ignore
  const edgeNeighbours = new Int32Array(edge.length * 12);
  edge.forEach((i, e) => {
    const x = i % width;
    const y = (i - x) / width;
    STENCIL.forEach(([dx, dy], k) => (edgeNeighbours[e * 12 + k] = my(y + dy) * width + mx(x + dx)));
  });
  const innerIndices = Int32Array.from(inner);
  const w = width;
  const w2 = 2 * width;
  for (let s = 0; s < sweeps; s++) {
    for (let k = 0; k < innerIndices.length; k++) {
      const i = innerIndices[k];
      for (let c = 0; c < channels; c++) {
        const o = i * channels + c;
        const cw = w * channels;
        const n4 = data[o - channels] + data[o + channels] + data[o - cw] + data[o + cw];
        const dg =
          data[o - cw - channels] +
          data[o - cw + channels] +
          data[o + cw - channels] +
          data[o + cw + channels];
        const d2 =
          data[o - 2 * channels] + data[o + 2 * channels] + data[o - w2 * channels] + data[o + w2 * channels];
        data[o] = (8 * n4 - 2 * dg - d2) / 20;
      }
    }
    for (let e = 0; e < edge.length; e++) {
      const base = e * 12;
      for (let c = 0; c < channels; c++) {
        let v = 0;
        for (let k = 0; k < 12; k++) v += STENCIL[k][2] * data[edgeNeighbours[base + k] * channels + c];
        data[edge[e] * channels + c] = v / 20;
      }
    }
  }
}
