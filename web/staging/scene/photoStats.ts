// What the compositor must imitate in the photo: its noise (median absolute Laplacian in flat areas, as a
// Gaussian sigma in 8-bit steps) and its softness (how wide its strongest edges are, as a blur sigma in
// pixels). Pure functions on RGBA pixels, measured at the output size the render is composited at.

/** RGBA pixels as ImageData holds them. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

function luminance(p: Pixels): Float32Array {
  const out = new Float32Array(p.width * p.height);
  for (let i = 0, j = 0; i < out.length; i++, j += 4) {
    out[i] = 0.299 * p.data[j]! + 0.587 * p.data[j + 1]! + 0.114 * p.data[j + 2]!;
  }
  return out;
}

/** The value below which `fraction` of a histogram's mass lies (bins of width `step`). */
function quantile(hist: Uint32Array, total: number, fraction: number, step: number): number {
  let seen = 0;
  for (let i = 0; i < hist.length; i++) {
    seen += hist[i]!;
    if (seen >= total * fraction) return (i + 0.5) * step;
  }
  return (hist.length - 0.5) * step;
}

/**
 * The photo's noise sigma (8-bit units). Flat pixels are those whose gradient is in the lowest third; on pure
 * Gaussian noise the 4-neighbour Laplacian has sigma·√20 and its median absolute value is 0.6745 of that.
 */
export function estimateNoiseSigma(p: Pixels): number {
  const { width: w, height: h } = p;
  if (w < 8 || h < 8) return 0;
  const y = luminance(p);
  const GRAD_BINS = 512;
  const gradHist = new Uint32Array(GRAD_BINS);
  const grad = new Float32Array(w * h);
  let n = 0;
  for (let r = 1; r < h - 1; r++) {
    for (let c = 1; c < w - 1; c++) {
      const i = r * w + c;
      const g = Math.abs(y[i + 1]! - y[i - 1]!) + Math.abs(y[i + w]! - y[i - w]!);
      grad[i] = g;
      gradHist[Math.min(GRAD_BINS - 1, Math.floor(g))]!++;
      n++;
    }
  }
  const flat = quantile(gradHist, n, 0.33, 1);
  const LAP_BINS = 1024;
  const lapHist = new Uint32Array(LAP_BINS);
  let m = 0;
  for (let r = 1; r < h - 1; r++) {
    for (let c = 1; c < w - 1; c++) {
      const i = r * w + c;
      if (grad[i]! > flat) continue;
      const lap = Math.abs(4 * y[i]! - y[i - 1]! - y[i + 1]! - y[i - w]! - y[i + w]!);
      lapHist[Math.min(LAP_BINS - 1, Math.floor(lap * 4))]!++;
      m++;
    }
  }
  if (!m) return 0;
  return quantile(lapHist, m, 0.5, 0.25) / (0.6745 * Math.sqrt(20));
}

/**
 * The photo's softness as a Gaussian blur sigma in pixels. On its strongest edges (top 1 % of gradients) the
 * ratio of the central-difference gradient to the 9×9 range is about 0.4/sigma for a blurred step, and about
 * 0.5 for a step between two pixels (sharp).
 */
export function estimateBlurSigma(p: Pixels): number {
  const { width: w, height: h } = p;
  if (w < 16 || h < 16) return 0;
  const y = luminance(p);
  const BINS = 256;
  const hist = new Uint32Array(BINS);
  const grad = new Float32Array(w * h);
  let n = 0;
  for (let r = 4; r < h - 4; r++) {
    for (let c = 4; c < w - 4; c++) {
      const i = r * w + c;
      const g = Math.hypot(y[i + 1]! - y[i - 1]!, y[i + w]! - y[i - w]!) / 2;
      grad[i] = g;
      hist[Math.min(BINS - 1, Math.floor(g))]!++;
      n++;
    }
  }
  const strong = Math.max(8, quantile(hist, n, 0.99, 1));
  const ratios: number[] = [];
  // A stride keeps this fast at 2048 px; the strongest edges are plentiful.
  const stride = Math.max(1, Math.floor(Math.sqrt((w * h) / 400_000)));
  for (let r = 4; r < h - 4; r += stride) {
    for (let c = 4; c < w - 4; c += stride) {
      const i = r * w + c;
      if (grad[i]! < strong) continue;
      let lo = 255;
      let hi = 0;
      for (let dr = -4; dr <= 4; dr++) {
        for (let dc = -4; dc <= 4; dc++) {
          const v = y[i + dr * w + dc]!;
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
      }
      if (hi - lo > 24) ratios.push(grad[i]! / (hi - lo));
    }
  }
  if (ratios.length < 20) return 0;
  ratios.sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)]!;
  return Math.min(4, 0.4 / Math.max(median, 0.05));
}

/** Mean linear-light luminance of the photo (0..1), for the key light's strength. */
export function meanLinearLuminance(p: Pixels): number {
  const toLinear = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    toLinear[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  let sum = 0;
  const count = p.width * p.height;
  for (let j = 0; j < count * 4; j += 4) {
    sum +=
      0.2126 * toLinear[p.data[j]!]! +
      0.7152 * toLinear[p.data[j + 1]!]! +
      0.0722 * toLinear[p.data[j + 2]!]!;
  }
  return count ? sum / count : 0;
}
