// Instantiates a kernel module from its base64 bytes, synchronously (the modules are under 1 kB, which even a
// page's main thread may compile synchronously), or returns null where WebAssembly is missing or refused (a
// CSP without 'wasm-unsafe-eval'); every caller then runs its JavaScript loop.

/** The part of the WebAssembly API used here; core's target declares no runtime globals (tsconfig.core.json). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}
interface Runtime {
  WebAssembly?: WasmApi;
  atob?: (base64: string) => string;
}

/** Pixels as a kernel gets them (ImageData's clamped bytes) or as a Node buffer holds them. */
export type Bytes = Uint8Array | Uint8ClampedArray;

export function instantiate<Exports>(base64: string): Exports | null {
  const { WebAssembly: wasm, atob } = globalThis as unknown as Runtime;
  try {
    if (!wasm || !atob) return null;
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return new wasm.Instance(new wasm.Module(bytes)).exports as Exports;
  } catch {
    return null;
  }
}
