import { describe, it, expect } from 'vitest';
import {
  MAX_RECOMMENDED_MODES,
  NO_VISIBLE_ELEMENTS,
  ROOM_TYPES,
  isDeviceMode,
  isModeId,
  preselectModes,
  withoutStacking,
  recommendModes,
  VISIBLE_ELEMENTS,
  type RoomType,
  type VisibleElements,
} from '../../../core/catalog';

const ALL_VISIBLE: VisibleElements = {
  hasPillows: true,
  hasBed: true,
  hasTV: true,
  hasAppliances: true,
  hasCountertops: true,
  hasToiletries: true,
  hasClutter: true,
};

describe('#recommendModes', () => {
  it.each([
    ['kitchen', {}, ['autoOptimize']],
    ['bedroom', {}, ['autoOptimize']],
    ['bathroom', {}, ['autoOptimize']],
    ['livingRoom', {}, ['autoOptimize']],
    ['exterior', {}, ['autoOptimize']],
    ['general', {}, ['autoOptimize']],
    ['mixed', {}, ['autoOptimize']],
    ['bedroom', { hasBed: true }, ['autoOptimize', 'hotelBed']],
    ['bedroom', { hasBed: true, hasClutter: true }, ['autoOptimize', 'hotelBed', 'declutter']],
    [
      'kitchen',
      { hasAppliances: true, hasCountertops: true },
      ['autoOptimize', 'cleanCounters', 'shineAppliances'],
    ],
    ['bathroom', { hasToiletries: true }, ['autoOptimize', 'spaClean']],
    [
      'livingRoom',
      { hasTV: true, hasPillows: true },
      ['autoOptimize', 'arrangePillows', 'entertainmentTidy'],
    ],
    ['general', { hasClutter: true }, ['autoOptimize', 'declutter']],
    ['mixed', { hasBed: true, hasTV: true }, ['autoOptimize', 'hotelBed', 'entertainmentTidy']],
    ['livingRoom', ALL_VISIBLE, ['autoOptimize', 'arrangePillows', 'entertainmentTidy', 'declutter']],
    ['kitchen', { hasClutter: false, hasBed: false }, ['autoOptimize']],
  ] as const)('%s with %j -> %j', (room, elements, expected) => {
    expect(recommendModes(room, elements)).toEqual(expected);
  });

  const rooms: Array<RoomType | 'mixed'> = [...ROOM_TYPES, 'mixed'];
  // Every combination of the seven flags, for every room: the invariants hold for all 128 x 7 inputs.
  const flagNames = VISIBLE_ELEMENTS;
  const combos = Array.from({ length: 2 ** flagNames.length }, (_, bits) =>
    Object.fromEntries(flagNames.map((f, i) => [f, (bits & (1 << i)) !== 0])),
  ) as unknown as VisibleElements[];

  it('always recommends 1 to MAX_RECOMMENDED_MODES distinct known ids, device modes first, none stacked', () => {
    for (const room of rooms) {
      for (const elements of combos) {
        const ids = recommendModes(room, elements);
        expect(ids.length).toBeGreaterThanOrEqual(1);
        expect(withoutStacking(ids)).toEqual(ids);
        expect(ids.length).toBeLessThanOrEqual(MAX_RECOMMENDED_MODES);
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(isModeId(id)).toBe(true);
        const firstServer = ids.findIndex((id) => !isDeviceMode(id));
        if (firstServer >= 0) expect(ids.slice(firstServer).some(isDeviceMode)).toBe(false);
      }
    }
  });

  it('recommends the matching server mode for each visible element', () => {
    expect(recommendModes('general', { hasBed: true })).toContain('hotelBed');
    expect(recommendModes('general', { hasClutter: true })).toContain('declutter');
    expect(recommendModes('general', { hasPillows: true })).toContain('arrangePillows');
    expect(recommendModes('general', { hasCountertops: true })).toContain('cleanCounters');
    expect(recommendModes('general', { hasAppliances: true })).toContain('shineAppliances');
    expect(recommendModes('general', { hasToiletries: true })).toContain('spaClean');
    expect(recommendModes('general', { hasTV: true })).toContain('entertainmentTidy');
  });

  it('has a server mode for every visible element, and none without it', () => {
    const base = recommendModes('general', NO_VISIBLE_ELEMENTS);
    for (const flag of VISIBLE_ELEMENTS) {
      const added = recommendModes('general', { ...NO_VISIBLE_ELEMENTS, [flag]: true }).filter(
        (id) => !base.includes(id),
      );
      expect(added, flag).toHaveLength(1);
      expect(isDeviceMode(added[0]), flag).toBe(false);
    }
  });
});

describe('#preselectModes', () => {
  it.each([
    [
      'a visitor keeps the free modes only',
      ['autoOptimize', 'declutter', 'hotelBed'],
      false,
      ['autoOptimize'],
    ],
    ['a signed-in user online keeps all', ['autoOptimize', 'declutter'], true, ['autoOptimize', 'declutter']],
    ['paid only, for a visitor, falls back to the free correction', ['declutter'], false, ['autoOptimize']],
    ['nothing recommended falls back to the free correction', [], true, ['autoOptimize']],
    [
      'two brightenings keep the first',
      ['warmLighting', 'autoOptimize', 'brighten'],
      false,
      ['warmLighting'],
    ],
    [
      'the general room fallback, offline',
      ['generalDeclutter', 'generalBrighten'],
      false,
      ['generalBrighten'],
    ],
    [
      'the general room fallback, signed in',
      ['generalDeclutter', 'generalBrighten'],
      true,
      ['generalDeclutter', 'generalBrighten'],
    ],
  ] as const)('%s', (_name, recommended, canRunPaid, expected) => {
    expect(preselectModes(recommended, canRunPaid)).toEqual(expected);
  });

  it('preselects the server modes the provider only approximates (free), never the paid ones', () => {
    const approximating = { approximatedModeIds: ['shineAppliances', 'generalEnhance'] };
    const recommended = ['autoOptimize', 'declutter', 'shineAppliances'];
    expect(preselectModes(recommended, false)).toEqual(['autoOptimize']);
    expect(preselectModes(recommended, false, approximating)).toEqual(['autoOptimize', 'shineAppliances']);
    // Free, but it brightens like autoOptimize: never stacked.
    expect(preselectModes(['autoOptimize', 'generalEnhance'], false, approximating)).toEqual([
      'autoOptimize',
    ]);
  });

  it('never preselects a paid mode without canRunPaid, for any room and elements', () => {
    for (const room of [...ROOM_TYPES, 'mixed'] as const) {
      const ids = preselectModes(recommendModes(room, ALL_VISIBLE), false);
      expect(ids.every(isDeviceMode), room).toBe(true);
    }
  });
});

describe('NO_VISIBLE_ELEMENTS', () => {
  it('has every flag of VISIBLE_ELEMENTS, all false, in that order', () => {
    expect(Object.entries(NO_VISIBLE_ELEMENTS)).toEqual(VISIBLE_ELEMENTS.map((flag) => [flag, false]));
  });
});
