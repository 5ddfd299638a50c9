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

export async function renderStaging(input: StagingInput): Promise<StagingResult> {
  const { width, height } = outputSize(input);
  const staging = new StagingScene(input.room, input.labels, input.photo, EXPORT_QUALITY);
  try {
    const notes = await staging.setPieces(input.pieces, input.models);
    // Taken after the models loaded: nothing awaits from here on, so concurrent renders never interleave on it.
    const renderer = exportRenderer();
    renderer.setSize(width, height, false);
    staging.setOutputSize(width, height);
    staging.render(renderer);
    const photo = photoAtSize(input.photo, width, height);
    const look = measurePhotoLook(photo.pixels, photoSize(input.photo).width);
    const layer = readLayer(renderer.getContext(), width, height);
    // Softens the layer in place, so its alpha afterwards is what was drawn over the photo.
    const result = compositeOverPhoto(photo.canvas, layer, look);
    const boxes = pieceBoxes(renderer, staging, width, height);
    if (!input.keepLayerAlpha) return { canvas: result, boxes, notes };
    const layerAlpha = new Uint8Array(width * height);
    for (let i = 0; i < layerAlpha.length; i++) layerAlpha[i] = layer.data[i * 4 + 3]!;
    return { canvas: result, boxes, notes, layerAlpha };
  } finally {
    staging.dispose();
  }
}
