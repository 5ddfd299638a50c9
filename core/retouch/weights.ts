// The image-adaptive 3D LUT model's parameters (Zeng et al., TPAMI 2020; models/image-adaptive-3dlut/), parsed
// from the two raw little-endian float32 files the caller loads (Node reads them from disk, the web worker
// fetches them): no I/O here. The tensor order and shapes follow the model's manifest.json.

/** Side of each basis LUT (nodes per colour axis). */
export const LUT_DIM = 33;
/** Floats in one basis LUT: 3 output channels x 33^3 nodes, red index fastest, then green, then blue. */
export const LUT_FLOATS = 3 * LUT_DIM * LUT_DIM * LUT_DIM;
export const BASIS_COUNT = 3;

/** One conv block: conv3x3 stride 2 pad 1 -> LeakyReLU(0.2) -> optional InstanceNorm (affine). */
export interface ConvBlock {
  inChannels: number;
  outChannels: number;
  /** [out, in, 3, 3] row-major (PyTorch OIHW). */
  weight: Float32Array;
  bias: Float32Array;
  norm: { gamma: Float32Array; beta: Float32Array } | null;
}

export interface RetouchWeights {
  blocks: ConvBlock[];
  /** The 8x8 head over 128x8x8 features: [3, 128, 8, 8] row-major, a dense layer over the flattened features. */
  headWeight: Float32Array;
  headBias: Float32Array;
  /** The three basis LUTs, each LUT_FLOATS long in the file's layout. */
  luts: [Float32Array, Float32Array, Float32Array];
}

/** Channels of the five conv blocks, and which carry an instance norm. */
const BLOCKS: readonly { in: number; out: number; norm: boolean }[] = [
  { in: 3, out: 16, norm: true },
  { in: 16, out: 32, norm: true },
  { in: 32, out: 64, norm: true },
  { in: 64, out: 128, norm: true },
  { in: 128, out: 128, norm: false },
];
export const HEAD_CHANNELS = 128;
export const HEAD_SIZE = 8;
export const CLASSIFIER_FLOATS = 270083;

/** Parses classifier.bin and luts.bin. Throws when a file has the wrong length (a truncated download). */
export function parseRetouchWeights(classifier: ArrayBuffer, luts: ArrayBuffer): RetouchWeights {
  const c = floats(classifier, CLASSIFIER_FLOATS, 'classifier.bin');
  const l = floats(luts, BASIS_COUNT * LUT_FLOATS, 'luts.bin');
  let offset = 0;
  const take = (length: number): Float32Array => {
    const part = c.subarray(offset, offset + length);
    offset += length;
    return part;
  };
  const blocks = BLOCKS.map((b): ConvBlock => {
    const weight = take(b.out * b.in * 9);
    const bias = take(b.out);
    const norm = b.norm ? { gamma: take(b.out), beta: take(b.out) } : null;
    return { inChannels: b.in, outChannels: b.out, weight, bias, norm };
  });
  const headWeight = take(3 * HEAD_CHANNELS * HEAD_SIZE * HEAD_SIZE);
  const headBias = take(3);
  if (offset !== CLASSIFIER_FLOATS) throw new Error(`classifier layout covers ${offset} floats`);
  return {
    blocks,
    headWeight,
    headBias,
    luts: [
      l.subarray(0, LUT_FLOATS),
      l.subarray(LUT_FLOATS, 2 * LUT_FLOATS),
      l.subarray(2 * LUT_FLOATS, 3 * LUT_FLOATS),
    ],
  };
}

/** A little-endian float32 view (copied when the machine is big-endian or the buffer is unaligned). */
function floats(buffer: ArrayBuffer, expected: number, name: string): Float32Array {
  if (buffer.byteLength !== expected * 4) {
    throw new RangeError(`${name} has ${buffer.byteLength} bytes, expected ${expected * 4}`);
  }
  const view = new DataView(buffer);
  const out = new Float32Array(expected);
  for (let i = 0; i < expected; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
