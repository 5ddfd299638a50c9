// Which device modes a job runs, and in which order. The order is fixed, whatever order the user ticked them in,
// so the same selection always gives the same picture: the catalogue's order, except that geometry goes first
// (it resamples) and the neighbourhood modes go last so they work on the final tones (the rule of
// core/imaging/pipeline.ts). Server modes and unknown ids are a caller's bug.

import { MODES, isDeviceMode } from '../../core/catalog';

/** Modes that resample the picture: before everything else. */
const FIRST: readonly string[] = ['perspective'];
/** Modes that look at neighbouring pixels: after every tone and colour change, sharpening the very last. */
const LAST: readonly string[] = ['details', 'sharpen'];

const rank = (id: string): number => (FIRST.includes(id) ? 0 : LAST.includes(id) ? 2 + LAST.indexOf(id) : 1);

/** The ids in processing order without duplicates; throws RangeError for any id that is not a device mode. */
export function planDeviceModes(modeIds: readonly string[]): string[] {
  const wrong = modeIds.filter((id) => !isDeviceMode(id));
  if (wrong.length > 0) throw new RangeError(`Not device modes: ${wrong.join(', ')}`);
  const wanted = new Set(modeIds);
  const inCatalogueOrder = MODES.filter((mode) => wanted.has(mode.id)).map((mode) => mode.id);
  // Array.prototype.sort is stable: within a rank the catalogue order stays.
  return inCatalogueOrder.sort((a, b) => rank(a) - rank(b));
}
