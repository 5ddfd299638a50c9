// The public face of virtual staging: the catalogue and its ProductSource, the room's selection, the shopping
// list, the product pictures and the builtin renderer's composition. Pure TypeScript: no DOM, no Node APIs.
export * from './types';
export { CATEGORIES, categoryById, NEEDS_ONE_OF, TYPICAL_FLOOR_AREA_M2 } from './categories';
export { AUTO_STYLE, resolveStyle } from './styles';
export { CATALOG, catalogItemById, catalogCounts, PRODUCT_IMAGE_DIR, PRODUCT_PNG_PX_PER_CM } from './catalog';
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
  AFFILIATE_DISCLAIMER_TAGGED,
  AFFILIATE_DISCLAIMER_UNTAGGED,
  PRICE_ESTIMATE_NOTE,
  VIRTUALLY_FURNISHED_NOTE,
} from './shoppingList';
export type { ShoppingLine, ShoppingList, ShoppingListItem } from './shoppingList';
export { shopSearchLink, withAffiliateTag } from './links';
export { pictureFrame, productSvg } from './art';
export type { PictureFrame } from './art';
export { composeStaging, defaultFloor, pieceFromItem, CAMERA_HEIGHT_CM } from './compose';
export type { ComposeResult, FloorEstimate, PixelBox, PlacedUnit, StagingPiece } from './compose';
export { resizeRgba } from './resample';
export { floorFromDetections, FLOOR_STANDING_LABELS, MIN_FLOOR_EVIDENCE_SCORE } from './floorEvidence';
