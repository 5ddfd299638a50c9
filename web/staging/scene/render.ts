// The one-shot staging render: the placed pieces in the photo's camera and light, composited over the photo at
// the output size, with each piece's pixel box. The export of the stage and the server-free publish path use it.
import * as THREE from 'three';
import { compositeOverPhoto, measurePhotoLook, photoAtSize, readLayer } from './composite';
import { pieceBoxes } from './pieceBoxes';
import { configureRenderer, EXPORT_QUALITY, photoSize, StagingScene } from './stagingScene';
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
    antialias: false,
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
    const rect = staging.layerRect(width, height, LAYER_MARGIN_PX) ?? [0, 0, 1, 1];
    const [rx, ry, rw, rh] = rect;
    renderer.setSize(rw, rh, false);
    staging.setView(width, height, rect);
    staging.prepare(renderer);
    renderer.compile(staging.scene, staging.camera);
    timer.lap('compile', gl);
    staging.render(renderer);
    timer.lap('render', gl);
    const photo = photoAtSize(input.photo, width, height);
    const look = measurePhotoLook(photo.pixels, photoSize(input.photo).width);
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
