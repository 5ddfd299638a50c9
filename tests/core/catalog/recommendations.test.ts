import { describe, it, expect } from 'vitest';
import {
  NO_VISIBLE_ELEMENTS,
  REAL_AI_CAPABILITIES,
  ROOM_TYPES,
  isDeviceMode,
  recommendModes,
  VISIBLE_ELEMENTS,
  type RoomType,
  type VisibleElements,
} from '../../../core/catalog';
import { MAX_RECOMMENDED_MODES } from '../../../core/catalog/limits';
import { UNKNOWN_AI_CAPABILITIES, isModeId, modeById } from '../../../core/catalog/modes';
import { modeFitsRoom, offeredRecommendations, preselectModes } from '../../../core/catalog/recommendations';
import { withoutStacking } from '../../../core/catalog/sameEffect';
import { type AiCapabilities } from '../../../core/catalog/types';

/** GET /api/ai-capabilities of the offline builtin server (tests/server/enhance.builtin.test.ts checks it). */
const BUILTIN: AiCapabilities = {
  approximatedModeIds: [
    'shineAppliances',
    'gleamingFixtures',
    'landscapeEnhance',
    'curbAppeal',
    'generalEnhance',
  ],
  unavailableModeIds: ['windowView', 'hotelBed', 'spaClean', 'arrangePillows'],
};

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
    // A room's own mode only for its room: pillows on a bed are no reason for the living room's cushions.
    ['bedroom', { hasBed: true, hasPillows: true }, ['autoOptimize', 'hotelBed']],
    ['bedroom', ALL_VISIBLE, ['autoOptimize', 'hotelBed', 'declutter']],
    ['kitchen', ALL_VISIBLE, ['autoOptimize', 'cleanCounters', 'shineAppliances', 'declutter']],
    ['bathroom', ALL_VISIBLE, ['autoOptimize', 'spaClean', 'declutter']],
    ['exterior', ALL_VISIBLE, ['autoOptimize', 'declutter']],
    ['general', ALL_VISIBLE, ['autoOptimize', 'declutter']],
    ['general', { hasBed: true, hasCountertops: true }, ['autoOptimize']],
    // A mixed set may hold any room: each photo's screen cuts the list to its own room.
    ['mixed', { hasPillows: true, hasToiletries: true }, ['autoOptimize', 'arrangePillows', 'spaClean']],
  ] as const)('%s with %j -> %j', (room, elements, expected) => {
    expect(recommendModes(room, elements)).toEqual(expected);
  });

  it.each([
    ['bedroom', ALL_VISIBLE, BUILTIN, ['autoOptimize', 'declutter']],
    ['bedroom', ALL_VISIBLE, REAL_AI_CAPABILITIES, ['autoOptimize', 'hotelBed', 'declutter']],
    // Not knowing what the server can do is no reason to hide an idea; the preselection is where it counts.
    ['bedroom', ALL_VISIBLE, UNKNOWN_AI_CAPABILITIES, ['autoOptimize', 'hotelBed', 'declutter']],
    ['bathroom', { hasToiletries: true }, BUILTIN, ['autoOptimize']],
    ['livingRoom', ALL_VISIBLE, BUILTIN, ['autoOptimize', 'entertainmentTidy', 'declutter']],
    ['kitchen', ALL_VISIBLE, BUILTIN, ['autoOptimize', 'cleanCounters', 'shineAppliances', 'declutter']],
    ['mixed', { hasBed: true, hasTV: true }, BUILTIN, ['autoOptimize', 'entertainmentTidy']],
  ] as const)('%s with %j and capabilities %j -> %j', (room, elements, capabilities, expected) => {
    expect(recommendModes(room, elements, capabilities)).toEqual(expected);
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
        // Only what does something on a photo of this room, and (given the builtin's answer) what it can do.
        if (room !== 'mixed')
          for (const id of ids) expect(modeFitsRoom(id, room), `${room} ${id}`).toBe(true);
        for (const id of recommendModes(room, elements, BUILTIN)) {
          expect(BUILTIN.unavailableModeIds, `${room} ${id}`).not.toContain(id);
        }
      }
    }
  });

  it('recommends the matching server mode for each visible element in its own room', () => {
    expect(recommendModes('bedroom', { hasBed: true })).toContain('hotelBed');
    expect(recommendModes('general', { hasClutter: true })).toContain('declutter');
    expect(recommendModes('livingRoom', { hasPillows: true })).toContain('arrangePillows');
    expect(recommendModes('kitchen', { hasCountertops: true })).toContain('cleanCounters');
    expect(recommendModes('kitchen', { hasAppliances: true })).toContain('shineAppliances');
    expect(recommendModes('bathroom', { hasToiletries: true })).toContain('spaClean');
    expect(recommendModes('livingRoom', { hasTV: true })).toContain('entertainmentTidy');
  });

  it('has a server mode for every visible element in a mixed set, and none without it', () => {
    const base = recommendModes('mixed', NO_VISIBLE_ELEMENTS);
    for (const flag of VISIBLE_ELEMENTS) {
      const added = recommendModes('mixed', { ...NO_VISIBLE_ELEMENTS, [flag]: true }).filter(
        (id) => !base.includes(id),
      );
      expect(added, flag).toHaveLength(1);
      expect(isDeviceMode(added[0]), flag).toBe(false);
    }
  });
});

describe('#modeFitsRoom', () => {
  it.each([
    ['hotelBed', 'bedroom', true],
    ['hotelBed', 'livingRoom', false],
    ['hotelBed', 'general', false],
    ['arrangePillows', 'bedroom', false],
    ['hotelBed', undefined, true],
    ['declutter', 'bathroom', true],
    ['generalDeclutter', 'kitchen', true],
  ] as const)('%s on a photo of %s: %s', (id, room, fits) => {
    expect(modeFitsRoom(id, room)).toBe(fits);
  });
});

describe('#offeredRecommendations', () => {
  const recommended = ['autoOptimize', 'hotelBed', 'arrangePillows', 'declutter'];
  it.each([
    [
      'a bedroom, on a generative server',
      ['bedroom'],
      REAL_AI_CAPABILITIES,
      ['autoOptimize', 'hotelBed', 'declutter'],
    ],
    ['a bedroom, on the builtin server', ['bedroom'], BUILTIN, ['autoOptimize', 'declutter']],
    [
      'a bedroom, the server not heard yet',
      ['bedroom'],
      UNKNOWN_AI_CAPABILITIES,
      ['autoOptimize', 'hotelBed', 'declutter'],
    ],
    [
      'a bedroom and a living room',
      ['bedroom', 'livingRoom'],
      REAL_AI_CAPABILITIES,
      ['autoOptimize', 'hotelBed', 'arrangePillows', 'declutter'],
    ],
    ['a kitchen', ['kitchen'], REAL_AI_CAPABILITIES, ['autoOptimize', 'declutter']],
    ['no room known', [], REAL_AI_CAPABILITIES, recommended],
  ] as const)('%s', (_name, rooms, capabilities, expected) => {
    expect(offeredRecommendations(recommended, rooms, capabilities)).toEqual(expected);
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
    const approximating = {
      approximatedModeIds: ['shineAppliances', 'generalEnhance'],
      unavailableModeIds: [],
    };
    const recommended = ['autoOptimize', 'declutter', 'shineAppliances'];
    expect(preselectModes(recommended, false)).toEqual(['autoOptimize']);
    expect(preselectModes(recommended, false, approximating)).toEqual(['autoOptimize', 'shineAppliances']);
    // Free, but it brightens like autoOptimize: never stacked.
    expect(preselectModes(['autoOptimize', 'generalEnhance'], false, approximating)).toEqual([
      'autoOptimize',
    ]);
  });

  it.each([
    [
      'the builtin server: never what it cannot do',
      ['autoOptimize', 'hotelBed', 'declutter'],
      BUILTIN,
      undefined,
      ['autoOptimize', 'declutter'],
    ],
    [
      'the builtin server, only impossible ones',
      ['hotelBed', 'spaClean'],
      BUILTIN,
      undefined,
      ['autoOptimize'],
    ],
    [
      'a generative server: all of them',
      ['autoOptimize', 'hotelBed', 'declutter'],
      REAL_AI_CAPABILITIES,
      undefined,
      ['autoOptimize', 'hotelBed', 'declutter'],
    ],
    [
      'the server not heard yet: no server mode, nobody knows it works',
      ['autoOptimize', 'hotelBed', 'declutter'],
      UNKNOWN_AI_CAPABILITIES,
      undefined,
      ['autoOptimize'],
    ],
    [
      "a bedroom photo: not the living room's cushions",
      ['autoOptimize', 'hotelBed', 'arrangePillows'],
      REAL_AI_CAPABILITIES,
      ['bedroom'],
      ['autoOptimize', 'hotelBed'],
    ],
    [
      'a kitchen and a bathroom: each room its own, no bedroom mode',
      ['autoOptimize', 'cleanCounters', 'spaClean', 'hotelBed'],
      REAL_AI_CAPABILITIES,
      ['kitchen', 'bathroom'],
      ['autoOptimize', 'cleanCounters', 'spaClean'],
    ],
    [
      'a bedroom on the builtin server',
      ['autoOptimize', 'hotelBed', 'arrangePillows', 'declutter'],
      BUILTIN,
      ['bedroom'],
      ['autoOptimize', 'declutter'],
    ],
  ] as const)('signed in and online, %s', (_name, recommended, capabilities, rooms, expected) => {
    expect(preselectModes(recommended, true, capabilities, rooms)).toEqual(expected);
  });

  it('never preselects, for any room and elements, what the builtin server cannot do or what misses the room', () => {
    for (const room of ROOM_TYPES) {
      for (const canRunPaid of [true, false]) {
        const ids = preselectModes(recommendModes(room, ALL_VISIBLE), canRunPaid, BUILTIN, [room]);
        for (const id of ids) {
          expect(BUILTIN.unavailableModeIds, `${room} ${id}`).not.toContain(id);
          expect(modeById(id)?.roomType ?? room, `${room} ${id}`).toMatch(new RegExp(`^(${room}|general)$`));
        }
      }
    }
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
