// Filling along the surroundings' grain: a counter in front of a wall, a row of drawers or a skirting board is
// made of parallel edges, and an isotropic fill of a wide hole over them is a fog graded from one layer to the
// next. The known pixels' local edge direction (their structure tensor) is carried into the hole, and where it is
// clear each hole pixel is interpolated between the known pixels met first along it on either side.
import { diffuseFill } from './diffusion';

/** Half-size of the window (px) over which a known pixel's structure tensor is summed. */
const TENSOR_RADIUS = 2;
/** Below this coherence the surroundings have no direction to follow; the weight rises linearly from it to 1. */
const MIN_COHERENCE = 0.3;

/**
 * Per pixel of the crop, the local structure tensor (sxx, syy, sxy), summed over a small window of known pixels
 * and carried into the hole by the membrane.
 */
export function tensorField(
  data: Float32Array,
  hole: Uint8Array,
  width: number,
  height: number,
): Float32Array {
  const raw = new Float32Array(width * height * 3);
  // Sobel gradients (the 3x3 window all known): plain differences across a staircase edge overweight its risers
  // and tilt the direction towards the steeper axis.
  const v = (i: number) => data[i * 3] + data[i * 3 + 1] + data[i * 3 + 2];
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      let known = true;
      for (let dy = -1; dy <= 1 && known; dy++)
        for (let dx = -1; dx <= 1; dx++) if (hole[i + dy * width + dx]) known = false;
      if (!known) continue;
      const n = i - width;
      const s = i + width;
      const gx = v(n + 1) + 2 * v(i + 1) + v(s + 1) - v(n - 1) - 2 * v(i - 1) - v(s - 1);
      const gy = v(s - 1) + 2 * v(s) + v(s + 1) - v(n - 1) - 2 * v(n) - v(n + 1);
      raw[i * 3] = gx * gx;
      raw[i * 3 + 1] = gy * gy;
      raw[i * 3 + 2] = gx * gy;
    }
  }
  const summed = new Float32Array(raw.length);
  const r = TENSOR_RADIUS;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (hole[i]) continue;
      for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r); yy++) {
        for (let xx = Math.max(0, x - r); xx <= Math.min(width - 1, x + r); xx++) {
          const j = (yy * width + xx) * 3;
          summed[i * 3] += raw[j];
          summed[i * 3 + 1] += raw[j + 1];
          summed[i * 3 + 2] += raw[j + 2];
        }
      }
    }
  }
  diffuseFill({ width, height, channels: 3, data: summed }, hole);
  return summed;
}

/**
 * Each hole pixel interpolated along its local edge direction between the first known pixels on either side
 * (the nearer side weighing more), blended into `fallback` by `strength` times how clear the direction is
 * (coherence (λ1 − λ2) / (λ1 + λ2) above MIN_COHERENCE). Pixels whose rays reach no known pixel keep `fallback`.
 */
export function orientedFill(
  data: Float32Array,
  hole: Uint8Array,
  width: number,
  height: number,
  fallback: Float32Array,
  strength: number,
): Float32Array {
  const tensor = tensorField(data, hole, width, height);
  const out = fallback.slice();
  const reach = width + height;
  const first = (x: number, y: number, sx: number, sy: number): { at: number; steps: number } | null => {
    for (let s = 1; s < reach; s++) {
      const px = Math.round(x + s * sx);
      const py = Math.round(y + s * sy);
      if (px < 0 || py < 0 || px >= width || py >= height) return null;
      const p = py * width + px;
      if (!hole[p]) return { at: p, steps: s };
    }
    return null;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!hole[i]) continue;
      const sxx = tensor[i * 3];
      const syy = tensor[i * 3 + 1];
      const sxy = tensor[i * 3 + 2];
      const trace = sxx + syy;
      if (trace <= 0) continue;
      const coherence = Math.sqrt((sxx - syy) ** 2 + 4 * sxy * sxy) / trace;
      const weight = strength * Math.max(0, (coherence - MIN_COHERENCE) / (1 - MIN_COHERENCE));
      if (weight <= 0) continue;
      // The dominant gradient's angle; the edges run perpendicular to it.
      const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
      const dx = -Math.sin(angle);
      const dy = Math.cos(angle);
      const a = first(x, y, dx, dy);
      const b = first(x, y, -dx, -dy);
      if (!a && !b) continue;
      for (let c = 0; c < 3; c++) {
        const va = a ? data[a.at * 3 + c] : 0;
        const vb = b ? data[b.at * 3 + c] : 0;
        const along = a && b ? (va * b.steps + vb * a.steps) / (a.steps + b.steps) : a ? va : vb;
        out[i * 3 + c] += weight * (along - out[i * 3 + c]);
      }
    }
  }
  return out;
}
