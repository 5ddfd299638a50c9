// The WebAssembly form of the classifier's convolutions (conv.wat), instantiated once per thread: the input is
// written into the module's memory with its zero border, the weights in the kernel's order (rearranged once per
// weight array), and the sums come back channel by channel. Returns null where WebAssembly (with SIMD) is missing
// or refused; core/retouch/classifier.ts then runs its JavaScript loop.
import { instantiate } from './instantiate';
import { convWasmBase64 } from './convWasm';

interface ConvExports {
  memory: { buffer: ArrayBuffer };
  conv3x3s2(
    input: number,
    inChannels: number,
    paddedSide: number,
    weights: number,
    outChannels: number,
    output: number,
    outSize: number,
  ): void;
}

/** Byte offsets of the three regions (see the .wat): room for the classifier's largest layer of each. */
const INPUT_AT = 0;
const WEIGHTS_AT = 1_179_648;
const OUTPUT_AT = 1_835_008;
const MEMORY_BYTES = 48 * 65536;
/** Output channels the kernel computes at once. */
const BLOCK = 16;

let instance: ConvExports | null | undefined;
const rearranged = new WeakMap<Float32Array, Float32Array>();

/** [out][in][3][3] (PyTorch OIHW) as [out / 16][in][tap][16]. */
function kernelOrder(weight: Float32Array, inChannels: number, outChannels: number): Float32Array {
  let w = rearranged.get(weight);
  if (!w) {
    w = new Float32Array(weight.length);
    for (let o = 0; o < outChannels; o++) {
      const block = Math.floor(o / BLOCK);
      const lane = o % BLOCK;
      for (let i = 0; i < inChannels; i++) {
        for (let tap = 0; tap < 9; tap++) {
          w[((block * inChannels + i) * 9 + tap) * BLOCK + lane] = weight[(o * inChannels + i) * 9 + tap]!;
        }
      }
    }
    rearranged.set(weight, w);
  }
  return w;
}

/**
 * conv3x3, stride 2, zero padding 1, without bias: input [in][size][size] -> sums [out][size/2][size/2].
 * Null when WebAssembly is unavailable or the layer does not fit the kernel (channels not a multiple of 16).
 */
export function conv3x3s2Wasm(
  input: Float32Array,
  inChannels: number,
  size: number,
  weight: Float32Array,
  outChannels: number,
): Float32Array | null {
  const padded = size + 2;
  const outSize = size / 2;
  if (
    outChannels % BLOCK !== 0 ||
    size % 2 !== 0 ||
    inChannels * padded * padded * 4 > WEIGHTS_AT - INPUT_AT ||
    weight.length * 4 > OUTPUT_AT - WEIGHTS_AT ||
    outChannels * outSize * outSize * 4 > MEMORY_BYTES - OUTPUT_AT
  ) {
    return null;
  }
  instance ??= instantiate<ConvExports>(convWasmBase64);
  const ops = instance;
  if (!ops) return null;
  const { buffer } = ops.memory;
  const heap = new Float32Array(buffer);
  const inAt = INPUT_AT / 4;
  heap.fill(0, inAt, inAt + inChannels * padded * padded);
  for (let c = 0; c < inChannels; c++) {
    for (let y = 0; y < size; y++) {
      const from = (c * size + y) * size;
      heap.set(input.subarray(from, from + size), inAt + (c * padded + y + 1) * padded + 1);
    }
  }
  heap.set(kernelOrder(weight, inChannels, outChannels), WEIGHTS_AT / 4);
  ops.conv3x3s2(INPUT_AT, inChannels, padded, WEIGHTS_AT, outChannels, OUTPUT_AT, outSize);
  return heap.slice(OUTPUT_AT / 4, OUTPUT_AT / 4 + outChannels * outSize * outSize);
}
