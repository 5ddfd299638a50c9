// The model's classifier: a 256x256 thumbnail (bilinear, PyTorch align_corners=False, no antialias, aspect not
// kept) through five strided conv blocks and an 8x8 head to the three weights that blend the basis LUTs.
// The convolutions run in WebAssembly SIMD (imaging/wasm/conv.wat) where they can; the plain loops below are
// the reference and the fallback (no im2col): the whole net is ~73 M multiply-adds, a fifth of a second in
// JavaScript.
import type { RgbaImage } from '../imaging/types';
import { kernelBackend } from '../imaging/wasm/backend';
import { conv3x3s2Wasm } from '../imaging/wasm/conv';
import { HEAD_CHANNELS, HEAD_SIZE, type ConvBlock, type RetouchWeights } from './weights';

export const CLASSIFIER_SIZE = 256;

/** Something with RGB values in [0, 1] at any (x, y): an 8-bit image, or float test inputs. */
export interface RgbSource {
  width: number;
  height: number;
  /** Planar channels [3][height][width] in [0, 1]. */
  planes: Float32Array;
}

/** The three blend weights for a photo. */
export function classify(weights: RetouchWeights, image: RgbaImage | RgbSource): [number, number, number] {
  let x = thumbnail(image);
  let size = CLASSIFIER_SIZE;
  for (const block of weights.blocks) {
    x = convBlock(block, x, size);
    size /= 2;
  }
  return head(weights, x, size);
}

/**
 * The 3 x 256 x 256 classifier input. Reads 8-bit images directly (bytes / 255) so a 12 MP photo is never
 * converted to floats as a whole: only the 4 source pixels of each thumbnail pixel are read.
 */
export function thumbnail(image: RgbaImage | RgbSource): Float32Array {
  const S = CLASSIFIER_SIZE;
  const { width, height } = image;
  const cols = axis(width, S);
  const rows = axis(height, S);
  const out = new Float32Array(3 * S * S);
  const read: (c: number, i: number) => number =
    'planes' in image
      ? (c, i) => image.planes[c * width * height + i]
      : (c, i) => image.data[i * 4 + c] / 255;
  for (let y = 0; y < S; y++) {
    const y0 = rows.i0[y] * width;
    const y1 = rows.i1[y] * width;
    const fy = rows.frac[y];
    for (let x = 0; x < S; x++) {
      const x0 = cols.i0[x];
      const x1 = cols.i1[x];
      const fx = cols.frac[x];
      for (let c = 0; c < 3; c++) {
        const top = read(c, y0 + x0) * (1 - fx) + read(c, y0 + x1) * fx;
        const bottom = read(c, y1 + x0) * (1 - fx) + read(c, y1 + x1) * fx;
        out[c * S * S + y * S + x] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return out;
}

/** Source positions along one axis, as F.interpolate(mode='bilinear', align_corners=False) computes them. */
function axis(inSize: number, outSize: number): { i0: Int32Array; i1: Int32Array; frac: Float64Array } {
  const scale = inSize / outSize;
  const i0 = new Int32Array(outSize);
  const i1 = new Int32Array(outSize);
  const frac = new Float64Array(outSize);
  for (let i = 0; i < outSize; i++) {
    const src = Math.max(0, (i + 0.5) * scale - 0.5);
    const lo = Math.min(Math.floor(src), inSize - 1);
    i0[i] = lo;
    i1[i] = Math.min(lo + 1, inSize - 1);
    frac[i] = src - lo;
  }
  return { i0, i1, frac };
}

/**
 * conv3x3 stride 2 pad 1 -> LeakyReLU(0.2) -> InstanceNorm; input [in][size][size], output [out][size/2][size/2].
 * The input is first split into its four phases (even/odd rows x even/odd columns), each size/2 square with a
 * zero row and column in front for the padding: then every tap of the stride-2 kernel reads one phase with
 * stride 1, and the inner loop is a contiguous multiply-add that V8 runs at full speed.
 */
function convBlock(block: ConvBlock, input: Float32Array, size: number): Float32Array {
  const { inChannels, outChannels, weight, bias } = block;
  const outSize = size / 2;
  const plane = outSize * outSize;
  const sums =
    kernelBackend() === 'wasm' ? conv3x3s2Wasm(input, inChannels, size, weight, outChannels) : null;
  if (sums) {
    for (let o = 0; o < outChannels; o++) {
      const values = sums.subarray(o * plane, (o + 1) * plane);
      for (let p = 0; p < plane; p++) {
        const v = values[p] + bias[o];
        values[p] = v >= 0 ? v : 0.2 * v;
      }
      if (block.norm) instanceNorm(values, block.norm.gamma[o], block.norm.beta[o]);
    }
    return sums;
  }
  const ps = outSize + 1; // phase side, with the padding row/column at index 0
  const phasePlane = ps * ps;
  // [in][row parity][column parity][ps][ps]; never-written entries are the zero padding.
  const phases = new Float32Array(inChannels * 4 * phasePlane);
  for (let i = 0; i < inChannels; i++) {
    for (let y = 0; y < size; y++) {
      const py = y & 1;
      // Even rows sit at phase row y/2 + 1 (ky = 1 reads phase row oy + 1); odd rows at (y + 1) / 2 (ky = 0 reads
      // row 2oy - 1 -> phase row oy, ky = 2 reads row 2oy + 1 -> phase row oy + 1).
      const row = py === 0 ? (y >> 1) + 1 : (y + 1) >> 1;
      for (let x = 0; x < size; x++) {
        const px = x & 1;
        const col = px === 0 ? (x >> 1) + 1 : (x + 1) >> 1;
        phases[((i * 4 + py * 2 + px) * ps + row) * ps + col] = input[(i * size + y) * size + x];
      }
    }
  }
  // Tap k (0, 1, 2) reads phase parity PAR[k] at offset OFF[k] from the output index.
  const PAR = [1, 0, 1];
  const OFF = [0, 1, 1];
  const out = new Float32Array(outChannels * plane);
  const acc = new Float64Array(plane);
  for (let o = 0; o < outChannels; o++) {
    acc.fill(bias[o]);
    for (let i = 0; i < inChannels; i++) {
      const wBase = (o * inChannels + i) * 9;
      for (let ky = 0; ky < 3; ky++) {
        for (let kx = 0; kx < 3; kx++) {
          const w = weight[wBase + ky * 3 + kx];
          const base = (i * 4 + PAR[ky] * 2 + PAR[kx]) * phasePlane + OFF[ky] * ps + OFF[kx];
          for (let oy = 0; oy < outSize; oy++) {
            const src = base + oy * ps;
            const dst = oy * outSize;
            for (let ox = 0; ox < outSize; ox++) acc[dst + ox] += w * phases[src + ox];
          }
        }
      }
    }
    const outBase = o * plane;
    for (let p = 0; p < plane; p++) {
      const v = acc[p];
      out[outBase + p] = v >= 0 ? v : 0.2 * v;
    }
    if (block.norm)
      instanceNorm(out.subarray(outBase, outBase + plane), block.norm.gamma[o], block.norm.beta[o]);
  }
  return out;
}

/** Per-channel normalisation over the plane: biased variance, eps 1e-5, then the affine gamma and beta. */
function instanceNorm(values: Float32Array, gamma: number, beta: number): void {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  const mean = sum / values.length;
  let sq = 0;
  for (let i = 0; i < values.length; i++) sq += (values[i] - mean) ** 2;
  const scale = gamma / Math.sqrt(sq / values.length + 1e-5);
  for (let i = 0; i < values.length; i++) values[i] = (values[i] - mean) * scale + beta;
}

/** The 8x8 convolution without padding over 128x8x8 features: a dot product per output weight. */
function head(weights: RetouchWeights, features: Float32Array, size: number): [number, number, number] {
  if (size !== HEAD_SIZE || features.length !== HEAD_CHANNELS * HEAD_SIZE * HEAD_SIZE) {
    throw new Error(`classifier features are ${size}x${size}, expected ${HEAD_SIZE}x${HEAD_SIZE}`);
  }
  const out: [number, number, number] = [0, 0, 0];
  for (let k = 0; k < 3; k++) {
    let sum = weights.headBias[k];
    const base = k * features.length;
    for (let i = 0; i < features.length; i++) sum += weights.headWeight[base + i] * features[i];
    out[k] = sum;
  }
  return out;
}
