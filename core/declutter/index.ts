// Removing clutter: which detected objects each cleaning mode removes, their masks, and the German description.
export {
  isDeclutterMode,
  DECLUTTER_MODE_IDS,
  type DeclutterModeId,
  NEVER_CLUTTER,
  CLUTTER_LABELS,
} from './clutterLabels';
export { selectClutter, BOOKSHELF_MIN_BOOKS } from './selectClutter';
export { hangsFromCord } from './hanging';
export { refineBox } from './refineBox';
export { buildClutterMask } from './buildMask';
export { paintStroke, snapStroke, type SnappedStroke, type Stroke } from './snapStroke';
export { describeRemoval, GERMAN_CLUTTER_NAMES, NOTHING_REMOVED_DE } from './germanNames';
export { removeClutter, clutterIn, type RemovedClutter } from './removeClutter';
