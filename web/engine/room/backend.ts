// Which tfjs backend runs the detector in this browser: WebGPU or WebGL when a real GPU is behind them,
// WebAssembly otherwise. Software GPUs (SwiftShader, llvmpipe, WebGPU's fallback adapter) are skipped: measured
// in headless Chromium on a 2-core machine, WebGL on SwiftShader took ~4.2 s per photo, the wasm backend ~0.3 s.
import type { TfBackendName } from './protocol';

const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** True when a WebGL renderer string names a software rasteriser. */
function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE_RENDERER.test(renderer);
}

interface GpuAdapterLike {
  isFallbackAdapter?: boolean;
  info?: { isFallbackAdapter?: boolean; architecture?: string; description?: string };
}

interface NavigatorWithGpu {
  gpu?: { requestAdapter(options?: { powerPreference?: string }): Promise<GpuAdapterLike | null> };
}

async function hasHardwareWebGpu(): Promise<boolean> {
  const gpu = (globalThis.navigator as NavigatorWithGpu | undefined)?.gpu;
  if (!gpu) return false;
  try {
    const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
    if (!adapter) return false;
    const fallback = adapter.isFallbackAdapter ?? adapter.info?.isFallbackAdapter ?? false;
    const description = `${adapter.info?.architecture ?? ''} ${adapter.info?.description ?? ''}`;
    return !fallback && !isSoftwareRenderer(description);
  } catch {
    return false;
  }
}

function hasHardwareWebGl(): boolean {
  try {
    if (typeof OffscreenCanvas === 'undefined') return false;
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return !isSoftwareRenderer(renderer);
  } catch {
    return false;
  }
}

/** The backends worth trying here, best first; 'wasm' is always last and always there. */
export async function backendPreference(): Promise<TfBackendName[]> {
  const order: TfBackendName[] = [];
  if (await hasHardwareWebGpu()) order.push('webgpu');
  if (hasHardwareWebGl()) order.push('webgl');
  order.push('wasm');
  return order;
}
