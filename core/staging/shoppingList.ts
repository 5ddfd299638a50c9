// The furnishing list of a staged room ('Deine Einrichtungsliste'): one line per product with its count, price
// and buy link (affiliate-tagged when the server has a tag), the total exact to the cent, and the honest notes:
// the affiliate disclaimer, that prices are estimates, and that the photo was furnished virtually.
import { withAffiliateTag } from './links';
import type { CatalogItem } from './types';

/** Said with every list; Amazon's programme asks for this sentence where its tagged links appear. */
export const AFFILIATE_DISCLAIMER_TAGGED =
  'Hinweis: Die Links sind Affiliate-Links. Als Amazon-Partner verdienen wir an qualifizierten Verkäufen; für dich ändert sich der Preis nicht.';
export const AFFILIATE_DISCLAIMER_UNTAGGED =
  'Hinweis: Die Links führen zu einer Shop-Suche nach dem Artikel und sind keine Affiliate-Links; wir verdienen daran nichts.';
/** Prices come from the shipped catalogue, not from the shop. */
export const PRICE_ESTIMATE_NOTE =
  'Alle Preise sind geschätzte Richtpreise inkl. MwSt.; der aktuelle Preis im Shop kann abweichen.';
/** The photo shows the pieces virtually, not in the real room. */
export const VIRTUALLY_FURNISHED_NOTE =
  'Das Foto wurde virtuell eingerichtet: Die Möbel stehen nicht wirklich im Raum.';

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
  affiliateDisclaimer: string;
  priceNote: string;
  virtualNote: string;
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
      name: quantity > 1 ? `${quantity} × ${item.name}` : item.name,
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
    affiliateDisclaimer: tag ? AFFILIATE_DISCLAIMER_TAGGED : AFFILIATE_DISCLAIMER_UNTAGGED,
    priceNote: PRICE_ESTIMATE_NOTE,
    virtualNote: VIRTUALLY_FURNISHED_NOTE,
  };
}
