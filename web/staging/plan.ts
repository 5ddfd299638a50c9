// Plans a staging on the device: the photo's classes (the segmenter), its camera (vanishing points), the floor
// plan in metres, and where each ticked product goes (the layout). The dialog and `npm run stage` both start
// here; the scene (scene/) then renders the plan. Runs at 1024 px on the long side, which is all the fits need.
import { analysisSize } from '../../core/analysis/room/downscale';
import type { StagingProduct } from '../../core/contract/staging';
import { layoutWithSpares, type LayoutProduct, type LayoutResult } from '../../core/staging/layout';
import { fitCamera } from '../../core/staging/room/fitCamera';
import { roomFromLabels } from '../../core/staging/room/floorPlan';
import type { LabelMap, RoomModel } from '../../core/staging/room/types';
import { sizeInMetres } from '../../core/staging/size';
import type { CategoryId } from '../../core/staging/types';
import type { ParametricSpec } from './scene/parametric';
import type { Segmenter } from './segmenter';

/** The long side the room is analysed at. */
const ANALYSIS_SIDE = 1024;

export interface StagingPlan {
  room: RoomModel;
  labels: LabelMap;
  layout: LayoutResult;
}

/** The photo's pixels at the analysis size. */
function analysisPixels(photo: ImageBitmap): ImageData {
  const [width, height] = analysisSize(photo.width, photo.height, ANALYSIS_SIDE);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas');
  context.drawImage(photo, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}

/** Rec. 601 luma, the grey the line detector works on. */
function luminance(pixels: ImageData): Float32Array {
  const grey = new Float32Array(pixels.width * pixels.height);
  const data = pixels.data;
  for (let i = 0, p = 0; i < grey.length; i++, p += 4)
    grey[i] = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
  return grey;
}

function layoutProduct(product: StagingProduct): LayoutProduct {
  return {
    id: product.id,
    category: product.category as CategoryId,
    quantity: product.quantity,
    sizeM: sizeInMetres(product),
  };
}

const priced = (product: StagingProduct) => ({
  product: layoutProduct(product),
  priceCents: product.product.price,
});

/**
 * `products` are the ticked ones; `spares` the room's unticked pieces, which a furnished room may get instead of
 * the ticked ones it has no place for (core/staging/layout/spares.ts).
 */
export async function planStaging(
  photo: ImageBitmap,
  products: readonly StagingProduct[],
  segmenter: Pick<Segmenter, 'segment'>,
  spares: readonly StagingProduct[] = [],
): Promise<StagingPlan> {
  const pixels = analysisPixels(photo);
  const labels = await segmenter.segment(pixels);
  const gray = { width: pixels.width, height: pixels.height, data: luminance(pixels) };
  const camera = fitCamera({ gray });
  const room = roomFromLabels(labels, camera);
  const ticked = products.filter((product) => product.selected).map(priced);
  const layout = layoutWithSpares(room, ticked, spares.map(priced), { labels, gray });
  return { room, labels, layout };
}

/** What the scene builds for each product: its glTF model when the feed names one, else the parametric piece. */
export function sceneModels(
  products: readonly StagingProduct[],
): Record<string, { glbUrl?: string; spec: ParametricSpec }> {
  return Object.fromEntries(
    products.map((product) => [
      product.id,
      {
        ...(product.model ? { glbUrl: product.model.url } : {}),
        spec: {
          category: product.category as CategoryId,
          sizeCm: product.sizeCm,
          colors: product.colors,
          material: product.material,
        },
      },
    ]),
  );
}
