// A furnished room leaves the selection's big pieces out (it has its bed, its wardrobe): a stager would bring the
// room's accent pieces instead, a plant or a floor lamp that the selection left unticked for floor space. Within
// the money the left-out pieces free, each spare is tried in the selection's order and kept when the layout
// places it without moving any ticked piece out. Furniture (a bench, a desk) is never a spare: in a furnished
// room its spot is where the photo's own pieces stand that the segmentation does not name.
import { layoutRoom } from './layout';
import type { PhotoEvidence } from './constraints';
import type { LayoutProduct, LayoutResult } from './types';
import type { RoomModel } from '../room/types';
import type { CategoryId } from '../types';

/** What may stand in for a ticked piece: pieces that stand alone in a corner or beside a seat. */
const SPARE_CATEGORIES: ReadonlySet<CategoryId> = new Set(['plant', 'floorLamp']);

export interface PricedProduct {
  product: LayoutProduct;
  /** Price of one unit. */
  priceCents: number;
}

export interface SparesResult extends LayoutResult {
  /** Ids of the spares the layout placed, in the order tried. */
  added: string[];
}

export function layoutWithSpares(
  room: RoomModel,
  ticked: readonly PricedProduct[],
  spares: readonly PricedProduct[],
  photo: PhotoEvidence | null = null,
): SparesResult {
  const chosen = ticked.map((t) => t.product);
  let best = layoutRoom(room, chosen, photo);
  const price = new Map(ticked.map((t) => [t.product.id, t.priceCents]));
  let money = best.leftOut.reduce((sum, l) => sum + (price.get(l.id) ?? 0), 0);
  const categories = new Set(chosen.map((p) => p.category));
  const added: string[] = [];
  for (const spare of spares) {
    const cost = spare.priceCents * spare.product.quantity;
    const { category } = spare.product;
    if (cost > money || categories.has(category) || !SPARE_CATEGORIES.has(category)) continue;
    const tried = layoutRoom(room, [...chosen, spare.product], photo);
    const placedIds = (result: LayoutResult) => result.pieces.filter((p) => p.id !== spare.product.id).length;
    const spareUnits = tried.pieces.filter((p) => p.id === spare.product.id).length;
    if (spareUnits !== spare.product.quantity || placedIds(tried) < best.pieces.length) continue;
    chosen.push(spare.product);
    categories.add(spare.product.category);
    added.push(spare.product.id);
    money -= cost;
    best = tried;
  }
  return { ...best, added };
}
