// Membrane (Laplace) interpolation of a hole from its border: the smoothest surface that meets the known pixels
// around it, solved coarse to fine (Jacobi sweeps on a pyramid) so a hole of any size converges in a few sweeps.
// Half of the fill's smooth structure layer (with the biharmonic), it spreads the seam correction into a hole,
// and is the 'blurred-border diffusion' baseline of the fill benchmark.

/** Interleaved float pixels: `channels` values per pixel, rows top to bottom. */
export interface FloatPlanes {
  width: number;
  height: number;
  channels: number;
  data: Float32Array;
}

const SWEEPS_PER_LEVEL = 24;
/** Above this many pixels a level only smooths what the coarser levels solved: a few sweeps suffice. */
const LARGE_LEVEL = 200_000;
const SWEEPS_LARGE_LEVEL = 6;
const COARSEST_SIDE = 8;

/**
 * Replaces the values of the hole pixels (hole[i] non-zero) in place with the membrane through the known ones.
 * With no known pixel at all the hole is left as it is.
 */
export function diffuseFill(planes: FloatPlanes, hole: Uint8Array, sweeps = SWEEPS_PER_LEVEL): void {
  const { width, height, channels, data } = planes;
  let known = false;
  for (let i = 0; i < hole.length && !known; i++) known = !hole[i];
  if (!known) return;
  if (width > COARSEST_SIDE && height > COARSEST_SIDE) {
    const coarse = downsampleKnown(planes, hole);
    diffuseFill(coarse.planes, coarse.hole, sweeps);
    upsampleInto(planes, hole, coarse.planes);
  } else {
    meanInto(planes, hole);
  }
  jacobi(
    width,
    height,
    channels,
    data,
    hole,
    width * height > LARGE_LEVEL ? Math.min(sweeps, SWEEPS_LARGE_LEVEL) : sweeps,
  );
}

/** Halves the size; a coarse pixel is known when any of its (up to four) children is, with their mean. */
export function downsampleKnown(
  planes: FloatPlanes,
  hole: Uint8Array,
): { planes: FloatPlanes; hole: Uint8Array } {
  const { width, height, channels, data } = planes;
  const w = (width + 1) >> 1;
  const h = (height + 1) >> 1;
  const out = new Float32Array(w * h * channels);
  const outHole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let n = 0;
      const o = (y * w + x) * channels;
      for (let dy = 0; dy < 2; dy++) {
        const sy = 2 * y + dy;
        if (sy >= height) continue;
        for (let dx = 0; dx < 2; dx++) {
          const sx = 2 * x + dx;
          if (sx >= width) continue;
          const s = sy * width + sx;
          if (hole[s]) continue;
          n++;
          for (let c = 0; c < channels; c++) out[o + c] += data[s * channels + c];
        }
      }
      if (n === 0) outHole[y * w + x] = 1;
      else for (let c = 0; c < channels; c++) out[o + c] /= n;
    }
  }
  return { planes: { width: w, height: h, channels, data: out }, hole: outHole };
}

/** Hole pixels take the bilinear value of a grid `factor` times coarser (the coarser solution, as their start). */
export function upsampleInto(planes: FloatPlanes, hole: Uint8Array, coarse: FloatPlanes, factor = 2): void {
  const { width, height, channels, data } = planes;
  const cw = coarse.width;
  const ch = coarse.height;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(ch - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!hole[i]) continue;
      const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(cw - 1, x0 + 1);
      const wx = fx - x0;
      for (let c = 0; c < channels; c++) {
        const a = coarse.data[(y0 * cw + x0) * channels + c];
        const b = coarse.data[(y0 * cw + x1) * channels + c];
        const d = coarse.data[(y1 * cw + x0) * channels + c];
        const e = coarse.data[(y1 * cw + x1) * channels + c];
        data[i * channels + c] = (a * (1 - wx) + b * wx) * (1 - wy) + (d * (1 - wx) + e * wx) * wy;
      }
    }
  }
}

function meanInto(planes: FloatPlanes, hole: Uint8Array): void {
  const { channels, data } = planes;
  const sum = new Float64Array(channels);
  let n = 0;
  for (let i = 0; i < hole.length; i++) {
    if (hole[i]) continue;
    n++;
    for (let c = 0; c < channels; c++) sum[c] += data[i * channels + c];
  }
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    for (let c = 0; c < channels; c++) data[i * channels + c] = sum[c] / n;
  }
}

/** Gauss-Seidel sweeps over the hole pixels only (4-neighbour average; known pixels are the fixed border). */
function jacobi(
  width: number,
  height: number,
  channels: number,
  data: Float32Array,
  hole: Uint8Array,
  sweeps: number,
): void {
  const indices: number[] = [];
  for (let i = 0; i < hole.length; i++) if (hole[i]) indices.push(i);
  for (let s = 0; s < sweeps; s++) {
    for (const i of indices) {
      const x = i % width;
      const y = (i - x) / width;
      let n = 0;
      const left = x > 0 ? i - 1 : -1;
      const right = x < width - 1 ? i + 1 : -1;
      const up = y > 0 ? i - width : -1;
      const down = y < height - 1 ? i + width : -1;
      if (left >= 0) n++;
      if (right >= 0) n++;
      if (up >= 0) n++;
      if (down >= 0) n++;
      for (let c = 0; c < channels; c++) {
        let v = 0;
        if (left >= 0) v += data[left * channels + c];
        if (right >= 0) v += data[right * channels + c];
        if (up >= 0) v += data[up * channels + c];
        if (down >= 0) v += data[down * channels + c];
        data[i * channels + c] = v / n;
      }
    }
  }
}
