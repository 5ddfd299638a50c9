// The public face of the catalogue: modes, room types, packages, limits, pricing and the rule that
// turns a room analysis into recommended modes.
// It exports what is used outside core/catalog; code inside the folder imports the single files.
export {
  ROOM_TYPES,
  type RoomType,
  MODE_CATEGORIES,
  type ModeCategory,
  type Mode,
  type AiCapabilities,
  type ProviderCapabilities,
} from './types';
export {
  modeById,
  isModeId,
  roomModes,
  isDeviceMode,
  opensStagingFlow,
  enhanceModeIds,
  modeCost,
  modeCostById,
  GLOBAL_MODES,
  ROOM_MODES,
  MODES,
  ROOM_TYPE_LABELS,
  REAL_AI_CAPABILITIES,
  UNKNOWN_AI_CAPABILITIES,
} from './modes';
export {
  modeFitsRoom,
  recommendModes,
  offeredRecommendations,
  preselectModes,
  VISIBLE_ELEMENTS,
  type VisibleElements,
  NO_VISIBLE_ELEMENTS,
} from './recommendations';
export {
  sameEffectAs,
  doSameThing,
  withoutStacking,
  selectReplacingSame,
  SAME_EFFECT_GROUPS,
} from './sameEffect';
export { CREDIT_PACKAGES } from './packages';
export {
  MAX_FILE_BYTES,
  MAX_PIXELS,
  MAX_UPLOAD_FILES,
  STAGING_CREDITS,
  MAX_RECOMMENDED_MODES,
  AIRBNB_IMPORT_MAX,
  BOOKING_IMPORT_MAX,
  BOOKING_SIZE_PREFERENCE,
} from './limits';
export { priceOf, priceUniform, PricingError, STAGING_MODE_ID } from './pricing';
