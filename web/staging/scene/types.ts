// What the scene needs from the rest of staging: the room, the labels, the layout's placed pieces and, per
// product, its model (a GLB URL served by the server, or the parametric builder's spec). render.ts and stage.ts
// both take this one input.
import type { PlacedPiece } from '../../../core/staging/layout';
import type { LabelMap, RoomModel } from '../../../core/staging/room/types';
import type { ParametricSpec } from './parametric';

export type { PlacedPiece };

/** One product's model: a GLB when the catalogue has one, otherwise built from its spec. */
export interface ProductModel {
  glbUrl?: string;
  /** The parametric builder's input; its colours also pick a GLB's fabric variant. */
  spec: ParametricSpec;
}

/** Anything the browser can draw onto a canvas as the room photo. */
export type PhotoSource = ImageBitmap | HTMLCanvasElement | HTMLImageElement;

export interface StagingInput {
  photo: PhotoSource;
  room: RoomModel;
  labels: LabelMap | null;
  pieces: PlacedPiece[];
  /** By product id (PlacedPiece.id). */
  models: Record<string, ProductModel>;
  /** Output width in pixels; the height follows the photo's aspect. Default: the photo's own width. */
  outputWidth?: number;
  /** Hand back the composited layer's alpha (after softening) with the result: the bench checks the photo with it. */
  keepLayerAlpha?: boolean;
  /**
   * Time each stage of the render into StagingResult.timings, waiting for the GPU after each (the bench's split;
   * the waits cost a few milliseconds, so the app leaves it off).
   */
  profile?: boolean;
}

/** A piece's pixel box in the output: x, y, width, height. */
export type PixelBox = [x: number, y: number, w: number, h: number];
