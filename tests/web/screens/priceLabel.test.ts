// The prices the mode screen shows, with the builtin server's capabilities as GET /api/ai-capabilities gives them
// (stored on the device): its classical approximations read 'Kostenlos', count 0 towards the sticky bar's price
// and are preselected for a visitor online; what it cannot do reads 'Braucht einen KI-Server' and is never
// preselected; real AI work keeps its credits; without an answer everything server side stays paid and no server
// mode is preselected.
import { describe, expect, it } from 'vitest';
import { MODES, modeById, modeCostById } from '../../../core/catalog/modes';
import { readAiCapabilities, writeAiCapabilities } from '../../../web/data/aiCapabilities';
import type { KeyValueStorage } from '../../../web/data/settings';
import { t } from '../../../web/i18n/de';
import { modePriceLabel, selectionPriceLabel } from '../../../web/screens/modes/priceLabel';
import { creditsNeeded, defaultModes, initialState, type WorkflowState } from '../../../web/workflow/machine';

function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

/** GET /api/ai-capabilities of a builtin server (tests/server/enhance.builtin.test.ts checks the answer). */
const BUILTIN_APPROXIMATIONS = [
  'shineAppliances',
  'gleamingFixtures',
  'landscapeEnhance',
  'curbAppeal',
  'generalEnhance',
];

/** ... and what it cannot do at all (the same test checks that answer). */
const BUILTIN_UNAVAILABLE = ['windowView', 'hotelBed', 'spaClean', 'arrangePillows'];

/** The builtin server's answer, through the device's store, as the screens read it. */
function builtinCapabilities() {
  const storage = memoryStorage();
  writeAiCapabilities(
    {
      approximatedModeIds: BUILTIN_APPROXIMATIONS,
      unavailableModeIds: BUILTIN_UNAVAILABLE,
      removalModeIds: ['declutter', 'cleanCounters'],
    },
    storage,
  );
  storage.setItem('unrelated', 'x');
  return readAiCapabilities(storage);
}

describe('mode prices with the builtin capabilities', () => {
  const builtin = builtinCapabilities();
  const approximated = BUILTIN_APPROXIMATIONS;

  it('reads every classical approximation as free, what it cannot do as needing an AI server, the rest in credits', () => {
    expect(builtin.approximatedModeIds.toSorted()).toEqual(approximated.toSorted());
    expect(builtin.unavailableModeIds).toEqual(BUILTIN_UNAVAILABLE);
    expect(builtin.removalModeIds).toEqual(['declutter', 'cleanCounters']);
    for (const mode of MODES) {
      const label = modePriceLabel(mode, builtin);
      if (mode.runsOn === 'device') expect(label, mode.id).toBe('Kostenlos · offline');
      else if (approximated.includes(mode.id)) expect(label, mode.id).toBe('Kostenlos');
      else if (BUILTIN_UNAVAILABLE.includes(mode.id)) expect(label, mode.id).toBe('Braucht einen KI-Server');
      else expect(label, mode.id).toMatch(/^\d Credits?$/);
    }
    expect(modePriceLabel(modeById('declutter')!, builtin)).toBe('2 Credits');
    expect(modePriceLabel(modeById('generalDeclutter')!, builtin)).toBe('1 Credit');
    // The staging cards open the staging flow, which the builtin server runs: the flow's price.
    expect(modePriceLabel(modeById('virtualStaging')!, builtin)).toBe('5 Credits');
  });

  it('without a stored answer every server mode shows its credits, and none is marked impossible', () => {
    const never = readAiCapabilities(memoryStorage());
    expect(never.unavailableModeIds).toBeNull();
    const garbled = memoryStorage();
    garbled.setItem('raumglanz.aiCapabilities', '{"approximatedModeIds":"curbAppeal"');
    expect(readAiCapabilities(garbled)).toEqual(never);
    expect(modePriceLabel(modeById('curbAppeal')!, never)).toBe('1 Credit');
    expect(modePriceLabel(modeById('landscapeEnhance')!, never)).toBe('2 Credits');
    expect(modePriceLabel(modeById('hotelBed')!, never)).toBe('1 Credit');
  });

  it("reads an answer stored by an older version (no 'unavailableModeIds') as not knowing what fails", () => {
    const old = memoryStorage();
    old.setItem('raumglanz.aiCapabilities', JSON.stringify({ approximatedModeIds: BUILTIN_APPROXIMATIONS }));
    const read = readAiCapabilities(old);
    expect(read).toEqual({ approximatedModeIds: BUILTIN_APPROXIMATIONS, unavailableModeIds: null });
    // Its free modes stay free; what it cannot do is unknown, so nothing of the server is preselected.
    expect(modePriceLabel(modeById('curbAppeal')!, read)).toBe('Kostenlos');
    const bedroom = { roomType: 'bedroom' as const, perImage: { a: 'bedroom' as const } };
    const analysis = { ...bedroom, recommendedModes: ['autoOptimize', 'hotelBed', 'declutter'] };
    expect(defaultModes(analysis as never, [], true, read)).toEqual(['autoOptimize']);
    expect(defaultModes(analysis as never, [], true, builtin)).toEqual(['autoOptimize', 'declutter']);
  });

  it('prices the sticky bar: approximations count 0, and the caption says no AI ran', () => {
    const modes = ['autoOptimize', 'landscapeEnhance', 'curbAppeal'];
    const image = (id: string) => ({
      id,
      name: `${id}.jpg`,
      size: 1,
      type: 'image/jpeg',
      status: 'uploaded' as const,
    });
    const state: WorkflowState = {
      ...initialState,
      images: [image('a'), image('b')],
      modeSelection: { kind: 'individual', uniform: [], perImage: { a: modes, b: modes } },
    };
    const price = creditsNeeded(state, (id) => modeCostById(id, builtin));
    expect(price).toBe(0);
    expect(creditsNeeded(state, (id) => modeCostById(id))).toBe(6);
    expect(selectionPriceLabel(price, true)).toBe(t('modes.priceFreeServer'));
    expect(selectionPriceLabel(price, false)).toBe('Kostenlos – läuft auf deinem Gerät');
    expect(selectionPriceLabel(2, true)).toBe('Kosten: 2 Credits');
  });

  it('preselects an approximation for a visitor online, never a paid mode', () => {
    const analysis = {
      roomType: 'kitchen' as const,
      recommendedModes: ['autoOptimize', 'declutter', 'shineAppliances'],
    };
    expect(defaultModes(analysis as never, [], false, builtin)).toEqual(['autoOptimize', 'shineAppliances']);
    expect(defaultModes(analysis as never, [], false)).toEqual(['autoOptimize']);
  });

  it("preselects for each photo's room: a bedroom and a kitchen get neither the living room's nor the bath's modes", () => {
    const analysis = {
      roomType: 'mixed' as const,
      perImage: { a: 'bedroom' as const, b: 'kitchen' as const },
      recommendedModes: ['autoOptimize', 'cleanCounters', 'arrangePillows', 'spaClean'],
    };
    expect(defaultModes(analysis as never, [], true, builtin)).toEqual(['autoOptimize', 'cleanCounters']);
  });
});
