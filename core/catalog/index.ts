// The public face of the catalogue: modes, room types, packages, limits, pricing and the rule that
// turns a room analysis into recommended modes.
// It exports what production code outside core/catalog uses; code inside the folder and tests import the single
// files.
export { ROOM_TYPES, type RoomType, type ModeCategory, type Mode, type ProviderCapabilities } from './types';
export { isDeviceMode, enhanceModeIds, MODES, ROOM_TYPE_LABELS, REAL_AI_CAPABILITIES } from './modes';
export {
  recommendModes,
  VISIBLE_ELEMENTS,
  type VisibleElements,
  NO_VISIBLE_ELEMENTS,
} from './recommendations';
export { CREDIT_PACKAGES } from './packages';
export {
  MAX_FILE_BYTES,
  MAX_PIXELS,
  MAX_UPLOAD_FILES,
  STAGING_CREDITS,
  AIRBNB_IMPORT_MAX,
  BOOKING_IMPORT_MAX,
  BOOKING_SIZE_PREFERENCE,
} from './limits';
export { priceUniform, STAGING_MODE_ID } from './pricing';
