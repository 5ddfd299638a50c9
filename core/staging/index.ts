// The public face of virtual staging: the catalogue (the shipped examples, or an operator's product feed) and its
// ProductSource, the room's selection, the products of the analysis answer and the shopping list. The furniture
// itself is rendered on the device (web/staging). Pure TypeScript: no DOM, no Node APIs.
export * from './types';
export { CATEGORIES, categoryById, NEEDS_ONE_OF, TYPICAL_FLOOR_AREA_M2 } from './categories';
export { AUTO_STYLE, resolveStyle } from './styles';
export { CATALOG, catalogItemById, catalogCounts } from './catalog';
export { FeedError, parseFeed, parseFeedJson } from './feed';
export { catalogSource, rankCandidates } from './source';
export type { ItemNeed, NeedCandidates, ProductFilters, ProductSource } from './source';
export {
  recommendStaging,
  roomNeeds,
  selectProducts,
  FLOOR_SHARE_FLAT,
  FLOOR_SHARE_STANDING,
} from './selection';
export type { StagingFilters, StagingPick, StagingSelection, UnselectedReason } from './selection';
export { toStagingProduct } from './products';
export {
  buildShoppingList,
  AFFILIATE_DISCLAIMER_PARTLY_TAGGED,
  AFFILIATE_DISCLAIMER_TAGGED,
  AFFILIATE_DISCLAIMER_UNTAGGED,
  EXAMPLE_PRODUCTS_NOTE,
  PRICE_ESTIMATE_NOTE,
  VIRTUALLY_FURNISHED_NOTE,
} from './shoppingList';
export type { ShoppingLine, ShoppingList, ShoppingListItem } from './shoppingList';
export { isAffiliateLink, shopSearchLink, withAffiliateTag } from './links';
