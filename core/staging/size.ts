// A product's size as the layout and the scene use it: metres, from the catalogue's centimetres.
import type { LayoutProduct } from './layout';

export function sizeInMetres(product: {
  sizeCm: { w: number; d: number; h: number };
}): LayoutProduct['sizeM'] {
  const { w, d, h } = product.sizeCm;
  return { w: w / 100, d: d / 100, h: h / 100 };
}
