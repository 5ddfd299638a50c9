// Turns the selection into the products the analyze answer lists (core/contract/staging.ts): recommendation,
// shop product with its tagged link and thumbnail, the 3D model with its credit line, size, colours, material,
// count and whether it is ticked.
import type { StagingProduct } from '../contract/staging';
import { categoryById } from './categories';
import { isAffiliateLink, withAffiliateTag } from './links';
import type { StagingPick } from './selection';

export function toStagingProduct(pick: StagingPick, affiliateTag?: string | null): StagingProduct {
  const { item } = pick;
  const category = categoryById(item.category);
  const link = withAffiliateTag(item.link, affiliateTag);
  return {
    id: item.id,
    category: item.category,
    recommendation: { item: category.item, germanName: category.germanName, priority: pick.need.priority },
    product: {
      title: item.title,
      price: item.priceCents,
      priceIsEstimate: true,
      link,
      affiliate: isAffiliateLink(link),
      image: item.thumbnailUrl,
      review: null,
    },
    model: item.model ? { ...item.model } : null,
    quantity: pick.quantity,
    sizeCm: { ...item.sizeCm },
    colors: [...item.colors],
    material: item.material,
    selected: pick.selected,
    ...(pick.reason ? { unselectedReason: pick.reason } : {}),
  };
}
