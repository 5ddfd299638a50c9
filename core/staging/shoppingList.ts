// The furnishing list of a staged room ('Deine Einrichtungsliste'): one line per product with its count, price
// and buy link (affiliate-tagged when the server has a tag), the total exact to the cent, and the honest notes:
// the affiliate disclaimer (as the links really are), that the products are examples with estimated prices, and
// that the photo was furnished virtually.
import { isAffiliateLink, withAffiliateTag } from './links';
import type { CatalogItem } from './types';

/** Said with every list, matching its links: Amazon's programme asks for this sentence where its tagged links appear. */
export const AFFILIATE_DISCLAIMER_TAGGED =
  'Hinweis: Die Links sind Affiliate-Links. Als Amazon-Partner verdienen wir an qualifizierten Verkäufen; für dich ändert sich der Preis nicht.';
export const AFFILIATE_DISCLAIMER_PARTLY_TAGGED =
  'Hinweis: Die Amazon-Links sind Affiliate-Links. Als Amazon-Partner verdienen wir an qualifizierten Verkäufen; für dich ändert sich der Preis nicht. Die übrigen Links sind keine Affiliate-Links.';
export const AFFILIATE_DISCLAIMER_UNTAGGED =
  'Hinweis: Die Links sind keine Affiliate-Links; wir verdienen daran nichts.';
/** The catalogue's products are examples of the kind of piece, not offers from a shop. */
export const EXAMPLE_PRODUCTS_NOTE = 'Beispielprodukte, Preise geschätzt';
/** Prices come from the catalogue, not from the shop. */
export const PRICE_ESTIMATE_NOTE = `${EXAMPLE_PRODUCTS_NOTE}: Die Richtpreise enthalten MwSt.; der aktuelle Preis im Shop kann abweichen.`;
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
      name: quantity > 1 ? `${quantity} × ${item.title}` : item.title,
      quantity,
      unitPriceCents: item.priceCents,
      price: item.priceCents * quantity,
      link: withAffiliateTag(item.link, tag),
      priceIsEstimate: true,
    };
  });
  const tagged = items.filter((line) => isAffiliateLink(line.link)).length;
  return {
    items,
    totalPrice: items.reduce((sum, line) => sum + line.price, 0),
    affiliateDisclaimer:
      tagged === 0
        ? AFFILIATE_DISCLAIMER_UNTAGGED
        : tagged === items.length
          ? AFFILIATE_DISCLAIMER_TAGGED
          : AFFILIATE_DISCLAIMER_PARTLY_TAGGED,
    priceNote: PRICE_ESTIMATE_NOTE,
    virtualNote: VIRTUALLY_FURNISHED_NOTE,
  };
}
