// Virtual staging on the device, as the workflow's stagingDevice port: the photo is planned once (segmenter,
// camera, floor, layout: plan.ts) and becomes a PlacedStaging that draws arrangements live on the dialog's canvas
// and renders the chosen one at full size. Loaded with the first staging (three.js, onnxruntime, models).
import { analysisSize } from '../../core/analysis/room/downscale';
import type { StagingProduct } from '../../core/contract/staging';
import { placementProblems, type PlacedPiece } from '../../core/staging/layout';
import type { PlacedStaging, StagingView } from '../workflow/actions/deps';
import { planStaging, sceneModels } from './plan';
import { renderStaging } from './scene/render';
import { StagingStage } from './scene/stage';
import { createSegmenter } from './segmenter';

/** The long side of the finished photo: a listing's size, and the budget a software renderer meets. */
const OUTPUT_SIDE = 2048;
/** The long side of the live view's drawing buffer: sharp in the dialog, light enough to redraw while dragging. */
const PREVIEW_SIDE = 960;

async function toJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))),
      'image/jpeg',
      0.92,
    ),
  );
}

export async function placeOnDevice(
  signal: AbortSignal,
  input: { image: Blob; products: StagingProduct[]; catalogue: StagingProduct[] },
): Promise<PlacedStaging> {
  const photo = await createImageBitmap(input.image, { imageOrientation: 'from-image' });
  const segmenter = createSegmenter();
  try {
    const chosen = new Set(input.products.map((product) => product.id));
    const spares = input.catalogue.filter((product) => !product.selected && !chosen.has(product.id));
    const plan = await planStaging(photo, input.products, segmenter, spares);
    signal.throwIfAborted();
    const models = sceneModels(input.catalogue);
    const [outputWidth] = analysisSize(photo.width, photo.height, OUTPUT_SIDE);
    const views = new Set<StagingView>();
    return {
      pieces: plan.layout.pieces,
      leftOut: plan.layout.leftOut,
      cameraYawDeg: plan.room.camera.yawDeg,
      problems: (pieces, key) => placementProblems(plan.room, pieces, key),
      async mount(canvas) {
        [canvas.width, canvas.height] = analysisSize(photo.width, photo.height, PREVIEW_SIDE);
        const stage = new StagingStage(canvas, {
          photo,
          room: plan.room,
          labels: plan.labels,
          pieces: plan.layout.pieces,
          models,
        });
        const view: StagingView = {
          show: (pieces: readonly PlacedPiece[], active) => stage.setPieces([...pieces], active),
          pieceAt: (x, y) => stage.pieceAt(x, y),
          floorAt: (x, y) => stage.floorAt(x, y),
          dispose() {
            views.delete(view);
            stage.dispose();
          },
        };
        views.add(view);
        await stage.ready();
        return view;
      },
      async render(pieces) {
        const { canvas } = await renderStaging({
          photo,
          room: plan.room,
          labels: plan.labels,
          pieces: [...pieces],
          models,
          outputWidth,
        });
        return toJpeg(canvas);
      },
      dispose() {
        for (const view of [...views]) view.dispose();
        photo.close();
      },
    };
  } catch (error) {
    photo.close();
    throw error;
  } finally {
    segmenter.dispose();
  }
}
