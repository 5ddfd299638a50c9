// Turns the selection into the products the analyze answer lists (core/contract/staging.ts): recommendation,
// shop product with its tagged link, count, size and whether it is ticked.
import type { StagingProduct } from '../contract/staging';
import { categoryById } from './categories';
import { withAffiliateTag } from './links';
import type { StagingPick } from './selection';

export function toStagingProduct(pick: StagingPick, affiliateTag?: string | null): StagingProduct {
  const category = categoryById(pick.item.category);
  return {
    id: pick.item.id,
    category: pick.item.category,
    recommendation: { item: category.item, germanName: category.germanName, priority: pick.need.priority },
    product: {
      title: pick.item.name,
      price: pick.item.priceCents,
      priceIsEstimate: true,
      link: withAffiliateTag(pick.item.link, affiliateTag),
      image: pick.item.image.svg,
      review: null,
    },
    quantity: pick.quantity,
    dimensions: { ...pick.item.dimensions },
    selected: pick.selected,
    ...(pick.reason ? { unselectedReason: pick.reason } : {}),
  };
}
