// Instantiates a kernel module from its base64 bytes, synchronously (the modules are under 2 kB, which even a
// page's main thread may compile synchronously), or returns null where WebAssembly is missing or refused (a
// CSP without 'wasm-unsafe-eval'); every caller then runs its JavaScript loop.

/** A WebAssembly memory, as much of it as the kernels use. */
export interface WasmMemory {
  readonly buffer: ArrayBufferLike;
}

/** The part of the WebAssembly API used here; core's target declares no runtime globals (tsconfig.core.json). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports?: object) => { exports: unknown };
  Memory: new (limits: { initial: number; maximum: number; shared: boolean }) => WasmMemory;
}
interface Runtime {
  WebAssembly?: WasmApi;
  atob?: (base64: string) => string;
}

/** Pixels as a kernel gets them (ImageData's clamped bytes) or as a Node buffer holds them. */
export type Bytes = Uint8Array | Uint8ClampedArray;

/** The WebAssembly API where there is one. */
export function wasmApi(): WasmApi | undefined {
  return (globalThis as unknown as Runtime).WebAssembly;
}

const compiled = new Map<string, object>();

/** An instance of the module (compiled once per thread), given `imports` (a frame form's memory). */
export function instantiate<Exports>(base64: string, imports?: object): Exports | null {
  const wasm = wasmApi();
  const { atob } = globalThis as unknown as Runtime;
  try {
    if (!wasm || !atob) return null;
    let module = compiled.get(base64);
    if (!module) {
      module = new wasm.Module(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
      compiled.set(base64, module);
    }
    return new wasm.Instance(module, imports).exports as Exports;
  } catch {
    return null;
  }
}
