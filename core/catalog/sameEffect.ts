// Modes that do the same thing to a photo, as data: two modes of one group would stack the same correction
// (two brightenings make a well-exposed photo flat and washed out), so a selection never holds two of a group.
// The recommendation, the preselection and the mode toggle all ask this module.

/** Each group: modes that change the same property of the photo. A mode may be in several groups. */
export const SAME_EFFECT_GROUPS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  // Exposure and tone: each lifts brightness or shadows (the room light modes gently, autoOptimize adaptively).
  brightness: [
    'autoOptimize',
    'brighten',
    'generalBrighten',
    'brightFresh',
    'sunshine',
    'warmLighting',
    'cozyAtmosphere',
    'ambientLighting',
    'goldenHour',
    'generalEnhance',
  ],
  // White balance: each shifts the colour temperature (autoOptimize neutralises it, the others warm it).
  colourTemperature: [
    'autoOptimize',
    'warmerTones',
    'sunshine',
    'warmLighting',
    'cozyAtmosphere',
    'ambientLighting',
    'goldenHour',
    'brightFresh',
  ],
  // Local contrast and detail.
  detail: ['sharpen', 'details', 'generalEnhance'],
  // Removing loose items from the whole room.
  clutter: ['declutter', 'generalDeclutter'],
});

/** The ids that share a group with `modeId` (not `modeId` itself). */
export function sameEffectAs(modeId: string): string[] {
  const others = new Set<string>();
  for (const group of Object.values(SAME_EFFECT_GROUPS)) {
    if (group.includes(modeId)) for (const id of group) if (id !== modeId) others.add(id);
  }
  return [...others];
}

/** True when the two modes would apply the same correction twice. */
export function doSameThing(a: string, b: string): boolean {
  return a !== b && sameEffectAs(a).includes(b);
}

/** The ids in order, each dropped when an earlier kept one does the same thing (and repeats dropped). */
export function withoutStacking(modeIds: readonly string[]): string[] {
  const kept: string[] = [];
  for (const id of modeIds) {
    if (!kept.includes(id) && !kept.some((other) => doSameThing(other, id))) kept.push(id);
  }
  return kept;
}

/** A selection after the user picks `modeId`: the modes doing the same thing make way for it. */
export function selectReplacingSame(selected: readonly string[], modeId: string): string[] {
  return [...selected.filter((id) => id !== modeId && !doSameThing(id, modeId)), modeId];
}
