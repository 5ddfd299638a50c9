// Which device modes a job runs, and in which order. The order is fixed, whatever order the user ticked them in,
// so the same selection always gives the same picture: the catalogue's order, except that geometry goes first
// (it resamples) and the neighbourhood modes go last so they work on the final tones (the rule of
// core/imaging/pipeline.ts). Which mode is which comes from its catalogue category. Server modes and unknown ids
// are a caller's bug.

import { MODES, isDeviceMode, type ModeCategory } from '../../core/catalog';

/** Modes of this category resample the picture: before everything else. */
const GEOMETRY: ModeCategory = 'perspective';
/** Modes of this category look at neighbouring pixels: after every tone and colour change. */
const NEIGHBOURHOOD: ModeCategory = 'detail';
/** Sharpening comes the very last: anything after it would blur or amplify its halos. */
const VERY_LAST = 'sharpen';

const rank = new Map(
  MODES.map((mode) => [
    mode.id,
    mode.category === GEOMETRY ? 0 : mode.id === VERY_LAST ? 3 : mode.category === NEIGHBOURHOOD ? 2 : 1,
  ]),
);

/** The ids in processing order without duplicates; throws RangeError for any id that is not a device mode. */
export function planDeviceModes(modeIds: readonly string[]): string[] {
  const wrong = modeIds.filter((id) => !isDeviceMode(id));
  if (wrong.length > 0) throw new RangeError(`Not device modes: ${wrong.join(', ')}`);
  const wanted = new Set(modeIds);
  const inCatalogueOrder = MODES.filter((mode) => wanted.has(mode.id)).map((mode) => mode.id);
  // Array.prototype.sort is stable: within a rank the catalogue order stays.
  return inCatalogueOrder.sort((a, b) => rank.get(a)! - rank.get(b)!);
}
