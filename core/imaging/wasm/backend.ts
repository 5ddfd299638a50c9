// Which loops run the kernels that have a WebAssembly form (point operations, sharpening): 'wasm' where the
// platform allows it (each kernel falls back to JavaScript by itself where it does not), or 'js'. Both give the
// same bytes; tests switch to 'js' to compare them, and the benchmark to show what WebAssembly adds.
export type KernelBackend = 'wasm' | 'js';

let current: KernelBackend = 'wasm';

export function kernelBackend(): KernelBackend {
  return current;
}

/** @public Tests and benchmarks switch it; the app always runs the default. */
export function setKernelBackend(next: KernelBackend): void {
  current = next;
}
