// The one-shot staging render: the placed pieces in the photo's camera and light, composited over the photo at
// the output size, with each piece's pixel box. The export of the stage and the server-free publish path use it.
import * as THREE from 'three';
import { compositeOverPhoto, measurePhotoLook, photoAtSize, readLayer } from './composite';
import { pieceBoxes } from './pieceBoxes';
import { configureRenderer, EXPORT_QUALITY, photoSize, StagingScene, type PixelRect } from './stagingScene';
import type { PixelBox, StagingInput } from './types';

export interface StagingResult {
  canvas: HTMLCanvasElement;
  /** By piece key: the box of its rendered pixels in the output; pieces wholly hidden have none. */
  boxes: Record<string, PixelBox>;
  /** Models that differ from their products (scaled GLBs, GLBs that failed and fell back), for the log. */
  notes: string[];
  /** With keepLayerAlpha: the layer's alpha per output pixel, rows top-down; the photo is untouched where it is 0. */
  layerAlpha?: Uint8Array;
  /** With profile: milliseconds per stage, in order (scene, models, compile, render, readback, composite, boxes). */
  timings?: Record<string, number>;
}

/** The output size for a photo and an optional width (the height keeps the photo's aspect). */
export function outputSize(input: Pick<StagingInput, 'photo' | 'outputWidth'>): {
  width: number;
  height: number;
} {
  const photo = photoSize(input.photo);
  const width = Math.round(input.outputWidth ?? photo.width);
  return { width, height: Math.max(1, Math.round((width * photo.height) / photo.width)) };
}

/** Room around the pieces' projected bounds for the softening blur and rounding, output pixels. */
const LAYER_MARGIN_PX = 24;

/**
 * One renderer for every export of the session: under a software renderer compiling the materials' shaders is
 * most of a render's time, and a renderer keeps its compiled programs.
 */
let shared: THREE.WebGLRenderer | null = null;

function exportRenderer(): THREE.WebGLRenderer {
  if (shared && !shared.getContext().isContextLost()) return shared;
  shared = new THREE.WebGLRenderer({
    antialias: true,
    alpha: true,
    premultipliedAlpha: true,
    // The layer is read back after the frame; without this the buffer may be cleared first.
    preserveDrawingBuffer: true,
  });
  configureRenderer(shared);
  shared.setPixelRatio(1);
  return shared;
}

/** Frees the export renderer and its GPU context (the stage calls it when the dialog closes). */
export function releaseExportRenderer(): void {
  shared?.dispose();
  shared?.forceContextLoss();
  shared = null;
}

/** Uploads every texture of the scene's materials now (the render would on first use), so a profile shows it. */
function uploadTextures(renderer: THREE.WebGLRenderer, scene: THREE.Object3D): void {
  const seen = new Set<THREE.Texture>();
  scene.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (!mesh.isMesh) return;
    for (const m of Array.isArray(mesh.material) ? mesh.material : [mesh.material])
      for (const value of Object.values(m))
        if (value instanceof THREE.Texture && !seen.has(value)) {
          seen.add(value);
          renderer.initTexture(value);
        }
  });
}

/** Least side of the part of the photo measured for its look: smaller parts give unsteady noise and blur. */
const MIN_MEASURED_PX = 512;

/** The rendered rect grown to at least MIN_MEASURED_PX a side (about its centre, inside the output). */
function measuredPart(rect: PixelRect, width: number, height: number): [number, number, number, number] {
  const grow = (at: number, size: number, full: number): [number, number] => {
    const want = Math.min(full, Math.max(size, MIN_MEASURED_PX));
    const start = Math.round(Math.min(full - want, Math.max(0, at + size / 2 - want / 2)));
    return [start, want];
  };
  const [x, w] = grow(rect[0], rect[2], width);
  const [y, h] = grow(rect[1], rect[3], height);
  return [x, y, w, h];
}

/** Stage timer for profile runs: each lap waits for the GPU first, so GPU work lands in the stage that queued it. */
function stageTimer(gl: WebGL2RenderingContext | WebGLRenderingContext | null, on: boolean) {
  const timings: Record<string, number> = {};
  let last = performance.now();
  const pixel = new Uint8Array(4);
  return {
    timings,
    lap(name: string, glNow = gl): void {
      if (!on) return;
      // A one-pixel read blocks until the queued draws ran; gl.finish alone may return early in Chromium.
      if (glNow) glNow.readPixels(0, 0, 1, 1, glNow.RGBA, glNow.UNSIGNED_BYTE, pixel);
      const now = performance.now();
      timings[name] = Math.round((timings[name] ?? 0) + now - last);
      last = now;
    },
  };
}

/** Output width of the warm-up render: small, so it costs the compiles and uploads and next to no shading. */
const PREWARM_WIDTH = 96;

/**
 * Readies the export renderer for these pieces while the user still arranges: loads their models, uploads their
 * textures and draws them once at a tiny size, which compiles every program (and under SwiftShader JIT-compiles
 * its draw routines, which happens on first draw, not on compile). A later renderStaging of the same products
 * then starts warm. Best called when the machine is idle; a failure only means the export starts cold.
 */
export async function prewarmStaging(input: StagingInput): Promise<void> {
  await renderStaging({ ...input, outputWidth: PREWARM_WIDTH, keepLayerAlpha: false, profile: false });
}

export async function renderStaging(input: StagingInput): Promise<StagingResult> {
  const { width, height } = outputSize(input);
  const timer = stageTimer(null, Boolean(input.profile));
  const staging = new StagingScene(input.room, input.labels, input.photo, EXPORT_QUALITY);
  try {
    timer.lap('scene');
    const notes = await staging.setPieces(input.pieces, input.models);
    timer.lap('models');
    // Taken after the models loaded: nothing awaits from here on, so concurrent renders never interleave on it.
    const renderer = exportRenderer();
    const gl = renderer.getContext();
    staging.setOutputSize(width, height);
    // Only the part the pieces and their shadows can reach is rendered and read back: under a software renderer
    // every pixel of the frame costs (clear, multisample resolve, readback, the shadow catchers' shading).
    const rect: PixelRect = staging.layerRect(width, height, LAYER_MARGIN_PX) ?? [0, 0, 1, 1];
    const [rx, ry, rw, rh] = rect;
    renderer.setSize(rw, rh, false);
    staging.setView(width, height, rect);
    staging.prepare(renderer);
    uploadTextures(renderer, staging.scene);
    timer.lap('upload', gl);
    renderer.compile(staging.scene, staging.camera);
    timer.lap('compile', gl);
    staging.render(renderer);
    timer.lap('render', gl);
    const photo = photoAtSize(input.photo, width, height, measuredPart(rect, width, height));
    const look = measurePhotoLook(photo.pixels, photoSize(input.photo).width, width);
    timer.lap('photo');
    const layer = readLayer(gl, rw, rh);
    timer.lap('readback');
    // Softens the layer in place, so its alpha afterwards is what was drawn over the photo.
    const result = compositeOverPhoto(photo.canvas, layer, look, { x: rx, y: ry });
    timer.lap('composite');
    const boxes = pieceBoxes(renderer, staging, rect);
    timer.lap('boxes', gl);
    const timings = input.profile ? timer.timings : undefined;
    if (!input.keepLayerAlpha) return { canvas: result, boxes, notes, timings };
    const layerAlpha = new Uint8Array(width * height);
    for (let y = 0; y < rh; y++)
      for (let x = 0; x < rw; x++) layerAlpha[(ry + y) * width + rx + x] = layer.data[(y * rw + x) * 4 + 3]!;
    return { canvas: result, boxes, notes, layerAlpha, timings };
  } finally {
    staging.dispose();
  }
}
