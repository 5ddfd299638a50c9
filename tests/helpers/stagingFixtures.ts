// Small staging fixtures for the workflow's tests: products as the analysis answers them and pieces as the
// layout places them, so the machine's table tests and the actions' tests build the same shapes.
import type { StagingProduct } from '../../core/contract/staging';
import type { PlacedPiece } from '../../core/staging/layout';
import type { WorkflowEvent } from '../../web/workflow/events';

export function stagingProduct(
  id: string,
  category: string,
  priceCents: number,
  extra: Partial<StagingProduct> = {},
): StagingProduct {
  return {
    id,
    category,
    recommendation: { item: category, germanName: category, priority: 'essential' },
    product: {
      title: `Produkt ${id}`,
      price: priceCents,
      priceIsEstimate: true,
      link: `https://shop.example/${id}`,
      affiliate: false,
      image: null,
      review: null,
    },
    quantity: 1,
    sizeCm: { w: 100, d: 50, h: 80 },
    colors: ['#808080'],
    material: 'Webstoff grau',
    selected: true,
    model: null,
    ...extra,
  };
}

export function placedPiece(key: string, extra: Partial<PlacedPiece> = {}): PlacedPiece {
  const [id = key, unit = '0'] = key.split('#');
  return {
    key,
    id,
    category: 'sofa',
    unit: Number(unit),
    x: 0,
    z: -3,
    rotationDeg: 0,
    elevationM: 0,
    sizeM: { w: 2, d: 0.9, h: 0.8 },
    onFloor: true,
    ...extra,
  };
}

/** The events from an open dialog to the arranging step with these products and pieces. */
export function toArranging(products: StagingProduct[], pieces: PlacedPiece[]): WorkflowEvent[] {
  return [
    { type: 'stagingAnalysisStarted' },
    { type: 'stagingAnalysed', products, alternatives: [], roomType: 'livingRoom' },
    { type: 'stagingPlacementStarted' },
    { type: 'stagingPlaced', pieces, leftOut: [] },
  ];
}
