// The public face of virtual staging: the catalogue (the shipped examples, or an operator's product feed) and its
// ProductSource, the room's selection, the products of the analysis answer and the shopping list. The furniture
// itself is rendered on the device (web/staging). Pure TypeScript: no DOM, no Node APIs.
export { PRODUCT_STYLES, type ProductStyle, PRIORITIES, type CategoryId, type CatalogItem } from './types';
export { CATEGORIES, categoryById, NEEDS_ONE_OF, TYPICAL_FLOOR_AREA_M2 } from './categories';
export { AUTO_STYLE, resolveStyle } from './styles';
export { CATALOG, catalogItemById, catalogCounts } from './catalog';
export { FeedError, parseFeed, parseFeedJson } from './feed';
export { catalogSource, type ProductSource } from './source';
export {
  recommendStaging,
  roomNeeds,
  selectProducts,
  FLOOR_SHARE_STANDING,
  type StagingFilters,
  type StagingSelection,
} from './selection';
export { toStagingProduct } from './products';
export { buildShoppingList, type ShoppingList } from './shoppingList';
export { isAffiliateLink, shopSearchLink, withAffiliateTag } from './links';
