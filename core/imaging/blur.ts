// Separable blurs of one plane, the building block of sharpening (small Gaussian) and local contrast (large,
// three box passes). Integer arithmetic with fixed-point results; edges repeat the border pixel. Vertical
// passes walk rows, not columns, so they read memory in order.

/** Integer Gaussian weights for `sigma`, radius ceil(3 sigma), summing to exactly 256. */
export function gaussianKernel(sigma: number): Int32Array {
  const radius = Math.max(1, Math.ceil(3 * sigma));
  const raw: number[] = [];
  for (let i = -radius; i <= radius; i++) raw.push(Math.exp(-(i * i) / (2 * sigma * sigma)));
  const total = raw.reduce((a, b) => a + b, 0);
  const weights = Int32Array.from(raw, (w) => Math.round((w / total) * 256));
  // Put the rounding error on the centre tap so the weights sum to 256 and flat areas stay exactly flat.
  const sum = weights.reduce((a, b) => a + b, 0);
  weights[radius] = weights[radius]! + 256 - sum;
  return weights;
}

/**
 * Gaussian blur of an 8-bit plane. The result is in 1/256 code values (a value v comes back as v * 256), which
 * keeps the fraction that unsharp masking needs to avoid banding in its detail layer.
 */
export function gaussianBlurPlane(src: Uint8Array, width: number, height: number, sigma: number): Uint16Array {
  const weights = gaussianKernel(sigma);
  const radius = (weights.length - 1) >> 1;
  // Horizontal pass: 8-bit in, sum of weights (256) times value out; fits 16 bits (255 * 256).
  const tmp = new Uint16Array(width * height);
  const padded = new Uint8Array(width + 2 * radius);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    padded.set(src.subarray(row, row + width), radius);
    padded.fill(src[row]!, 0, radius);
    padded.fill(src[row + width - 1]!, radius + width);
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let k = 0; k < weights.length; k++) acc += weights[k]! * padded[x + k]!;
      tmp[row + x] = acc;
    }
  }
  // Vertical pass: accumulate whole rows so every read is sequential.
  const out = new Uint16Array(width * height);
  const acc = new Uint32Array(width);
  for (let y = 0; y < height; y++) {
    acc.fill(0);
    for (let k = 0; k < weights.length; k++) {
      const sy = Math.min(height - 1, Math.max(0, y + k - radius));
      const w = weights[k]!;
      const srcRow = sy * width;
      for (let x = 0; x < width; x++) acc[x] = acc[x]! + w * tmp[srcRow + x]!;
    }
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = (acc[x]! + 128) >> 8;
  }
  return out;
}

/** One box blur of a 16-bit plane (same scale in and out), radius r, in place via a scratch row. */
function boxBlurPass(plane: Uint16Array, width: number, height: number, r: number): void {
  const size = 2 * r + 1;
  const inv = 1 / size;
  // Horizontal: running sum along each row.
  const line = new Uint16Array(width);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    line.set(plane.subarray(row, row + width));
    const last = width - 1;
    let sum = 0;
    for (let k = -r; k <= r; k++) sum += line[Math.min(last, Math.max(0, k))]!;
    for (let x = 0; x < width; x++) {
      plane[row + x] = Math.round(sum * inv);
      sum += line[Math.min(last, x + r + 1)]! - line[Math.max(0, x - r)]!;
    }
  }
  // Vertical: a running sum per column, advanced one row at a time.
  const sums = new Float64Array(width);
  const lastRow = height - 1;
  const copy = plane.slice();
  for (let k = -r; k <= r; k++) {
    const sy = Math.min(lastRow, Math.max(0, k)) * width;
    for (let x = 0; x < width; x++) sums[x] = sums[x]! + copy[sy + x]!;
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const addRow = Math.min(lastRow, y + r + 1) * width;
    const subRow = Math.max(0, y - r) * width;
    for (let x = 0; x < width; x++) {
      plane[row + x] = Math.round(sums[x]! * inv);
      sums[x] = sums[x]! + copy[addRow + x]! - copy[subRow + x]!;
    }
  }
}

/**
 * An approximately Gaussian blur of an 8-bit plane by three box passes (standard deviation about
 * `radius * 0.6`... see boxRadiusForSigma). Result is in 1/16 code values (v comes back as v * 16).
 */
export function tripleBoxBlurPlane(src: Uint8Array, width: number, height: number, radius: number): Uint16Array {
  const plane = new Uint16Array(width * height);
  for (let i = 0; i < plane.length; i++) plane[i] = src[i]! << 4;
  const r = Math.max(1, Math.round(radius));
  for (let pass = 0; pass < 3; pass++) boxBlurPass(plane, width, height, r);
  return plane;
}

/** Box radius whose three passes approximate a Gaussian of standard deviation `sigma`. */
export function boxRadiusForSigma(sigma: number): number {
  // Three boxes of width w have variance 3 (w^2 - 1) / 12; solve for w = 2r + 1.
  const w = Math.sqrt(4 * sigma * sigma + 1);
  return Math.max(1, Math.round((w - 1) / 2));
}
