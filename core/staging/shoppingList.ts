// The furnishing list of a staged room ('Deine Einrichtungsliste'): one line per product with its count, price
// and buy link (affiliate-tagged when the server has a tag) and the total exact to the cent. Data only: the web
// words the notes that go with it (web/i18n/de.ts: the affiliate disclaimer as the links really are, the
// estimated prices, the virtual furnishing).
import { withAffiliateTag } from './links';
import type { CatalogItem } from './types';

export interface ShoppingLine {
  item: CatalogItem;
  quantity: number;
}

export interface ShoppingListItem {
  id: string;
  /** The product title, with the count in front when more than one ('4 × Esszimmerstuhl …'). */
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** unitPriceCents × quantity. */
  price: number;
  link: string;
  priceIsEstimate: true;
}

export interface ShoppingList {
  items: ShoppingListItem[];
  /** Sum of the lines' prices, euro cents. */
  totalPrice: number;
}

/** The list for these lines; `affiliateTag` is the server's AFFILIATE_TAG (undefined when unset). */
export function buildShoppingList(
  lines: readonly ShoppingLine[],
  affiliateTag?: string | null,
): ShoppingList {
  const tag = affiliateTag?.trim() || undefined;
  const items = lines.map(({ item, quantity }): ShoppingListItem => {
    if (!Number.isInteger(quantity) || quantity < 1)
      throw new RangeError(`invalid quantity ${quantity} for ${item.id}`);
    return {
      id: item.id,
      name: quantity > 1 ? `${quantity} × ${item.title}` : item.title,
      quantity,
      unitPriceCents: item.priceCents,
      price: item.priceCents * quantity,
      link: withAffiliateTag(item.link, tag),
      priceIsEstimate: true,
    };
  });
  return {
    items,
    totalPrice: items.reduce((sum, line) => sum + line.price, 0),
  };
}
