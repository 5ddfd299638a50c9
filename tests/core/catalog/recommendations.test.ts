import { describe, it, expect } from 'vitest';
import {
  MAX_RECOMMENDED_MODES,
  NO_VISIBLE_ELEMENTS,
  ROOM_TYPES,
  isDeviceMode,
  isModeId,
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
    ['kitchen', {}, ['warmLighting', 'autoOptimize']],
    ['bedroom', {}, ['cozyAtmosphere', 'autoOptimize']],
    ['bathroom', {}, ['brightFresh', 'autoOptimize']],
    ['livingRoom', {}, ['ambientLighting', 'autoOptimize']],
    ['exterior', {}, ['goldenHour', 'autoOptimize']],
    ['general', {}, ['generalBrighten', 'autoOptimize']],
    ['mixed', {}, ['generalBrighten', 'autoOptimize']],
    ['bedroom', { hasBed: true }, ['cozyAtmosphere', 'hotelBed']],
    ['bedroom', { hasBed: true, hasClutter: true }, ['cozyAtmosphere', 'declutter', 'hotelBed']],
    [
      'kitchen',
      { hasAppliances: true, hasCountertops: true },
      ['warmLighting', 'cleanCounters', 'shineAppliances'],
    ],
    ['bathroom', { hasToiletries: true }, ['brightFresh', 'spaClean']],
    [
      'livingRoom',
      { hasTV: true, hasPillows: true },
      ['ambientLighting', 'arrangePillows', 'entertainmentTidy'],
    ],
    ['general', { hasClutter: true }, ['generalBrighten', 'declutter']],
    ['mixed', { hasBed: true, hasTV: true }, ['generalBrighten', 'hotelBed', 'entertainmentTidy']],
    ['livingRoom', ALL_VISIBLE, ['ambientLighting', 'declutter', 'hotelBed', 'arrangePillows']],
    ['kitchen', { hasClutter: false, hasBed: false }, ['warmLighting', 'autoOptimize']],
  ] as const)('%s with %j -> %j', (room, elements, expected) => {
    expect(recommendModes(room, elements)).toEqual(expected);
  });

  const rooms: Array<RoomType | 'mixed'> = [...ROOM_TYPES, 'mixed'];
  // Every combination of the seven flags, for every room: the invariants hold for all 128 x 7 inputs.
  const flagNames = VISIBLE_ELEMENTS;
  const combos = Array.from({ length: 2 ** flagNames.length }, (_, bits) =>
    Object.fromEntries(flagNames.map((f, i) => [f, (bits & (1 << i)) !== 0])),
  ) as unknown as VisibleElements[];

  it('always recommends 2 to MAX_RECOMMENDED_MODES distinct known ids, device modes first', () => {
    for (const room of rooms) {
      for (const elements of combos) {
        const ids = recommendModes(room, elements);
        expect(ids.length).toBeGreaterThanOrEqual(2);
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

describe('NO_VISIBLE_ELEMENTS', () => {
  it('has every flag of VISIBLE_ELEMENTS, all false, in that order', () => {
    expect(Object.entries(NO_VISIBLE_ELEMENTS)).toEqual(VISIBLE_ELEMENTS.map((flag) => [flag, false]));
  });
});
