import { describe, it, expect } from 'vitest';
import {
  MODES,
  ROOM_TYPES,
  ROOM_TYPE_LABELS,
  STAGING_CREDITS,
  isDeviceMode,
  priceUniform,
} from '../../../core/catalog';
import {
  GLOBAL_MODES,
  ROOM_MODES,
  isModeId,
  modeById,
  modeCost,
  opensStagingFlow,
  roomModes,
} from '../../../core/catalog/modes';
import { MODE_CATEGORIES } from '../../../core/catalog/types';

/** Range of a mode's listed credits (SPEC section 9). */
const MODE_CREDITS_MIN = 1;
const MODE_CREDITS_MAX = 5;

// The credit table of SPEC section 3, written out again so a change in the catalogue is caught here.
const SPEC_GLOBAL_CREDITS: Record<string, number> = {
  cleanup: 1,
  declutter: 2,
  autoOptimize: 2,
  warmerTones: 1,
  brighten: 1,
  sharpen: 1,
  perspective: 2,
  details: 2,
  sunshine: 1,
  windowView: 3,
  // SPEC lists 3, but the card opens the one staging flow, which charges 5 (issue 27: the card shows the charge).
  virtualStaging: 5,
  cozyFurnishing: 5,
};

const SPEC_ROOM_MODES: Record<string, Record<string, number>> = {
  kitchen: { cleanCounters: 1, shineAppliances: 1, warmLighting: 1 },
  bedroom: { hotelBed: 1, cozyAtmosphere: 1, declutterSurfaces: 1 },
  bathroom: { spaClean: 1, brightFresh: 1, gleamingFixtures: 1 },
  livingRoom: { arrangePillows: 1, entertainmentTidy: 1, ambientLighting: 1 },
  exterior: { curbAppeal: 1, landscapeEnhance: 2, goldenHour: 1 },
  general: { generalDeclutter: 1, generalBrighten: 1, generalEnhance: 2 },
};

const DEVICE_MODE_IDS = [
  'brighten',
  'warmerTones',
  'sharpen',
  'perspective',
  'sunshine',
  'details',
  'autoOptimize',
  'warmLighting',
  'ambientLighting',
  'brightFresh',
  'goldenHour',
  'generalBrighten',
  'cozyAtmosphere',
];

describe('MODES', () => {
  it('has every id exactly once', () => {
    const ids = MODES.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(12 + 18);
  });

  it('lists exactly the global modes of the spec table, for every room', () => {
    expect(GLOBAL_MODES.map((m) => m.id).sort()).toEqual(Object.keys(SPEC_GLOBAL_CREDITS).sort());
    for (const m of GLOBAL_MODES) expect(m.roomType).toBeUndefined();
  });

  it.each(Object.entries(SPEC_GLOBAL_CREDITS))(
    'lists %s at %i credits and charges them when it runs on the server',
    (id, credits) => {
      expect(modeById(id)?.listedCredits).toBe(credits);
      expect(priceUniform([id], 1).total).toBe(isDeviceMode(id) ? 0 : credits);
    },
  );

  it.each(Object.entries(SPEC_ROOM_MODES))(
    'lists the %s modes with the credits of the spec',
    (room, credits) => {
      const modes = ROOM_MODES.filter((m) => m.roomType === room);
      expect(Object.fromEntries(modes.map((m) => [m.id, m.listedCredits]))).toEqual(credits);
      for (const [id, listed] of Object.entries(credits)) {
        expect(priceUniform([id], 1).total, id).toBe(isDeviceMode(id) ? 0 : listed);
      }
    },
  );

  it('gives every room type exactly 3 room modes and no other room types', () => {
    for (const room of ROOM_TYPES) expect(roomModes(room)).toHaveLength(3);
    expect(ROOM_MODES).toHaveLength(ROOM_TYPES.length * 3);
    for (const m of ROOM_MODES) expect(ROOM_TYPES).toContain(m.roomType);
  });

  it('runs exactly the light and colour modes on the device', () => {
    const device = MODES.filter((m) => m.runsOn === 'device').map((m) => m.id);
    expect([...device].sort()).toEqual([...DEVICE_MODE_IDS].sort());
  });

  it('keeps every listed credit within the range of SPEC section 9', () => {
    for (const m of MODES) {
      expect(Number.isInteger(m.listedCredits)).toBe(true);
      expect(m.listedCredits).toBeGreaterThanOrEqual(MODE_CREDITS_MIN);
      expect(m.listedCredits).toBeLessThanOrEqual(MODE_CREDITS_MAX);
    }
  });

  it('lists both staging cards at the one staging price, the price the staging flow charges', () => {
    const staging = MODES.filter(opensStagingFlow);
    expect(staging.map((m) => m.id)).toEqual(['virtualStaging', 'cozyFurnishing']);
    for (const m of staging) expect(modeCost(m), m.id).toBe(STAGING_CREDITS);
  });

  it('fills every display field with real text', () => {
    for (const m of MODES) {
      expect(m.name.trim().length, m.id).toBeGreaterThan(2);
      expect(m.description.trim().length, m.id).toBeGreaterThan(15);
      expect(m.icon.trim().length, m.id).toBeGreaterThan(0);
      // An icon name of the web's SVG set, never an emoji (which shows as a box without an emoji font).
      expect(m.icon, m.id).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(m.prompt.length, m.id).toBeGreaterThan(80);
      expect(m.prompt, m.id).toMatch(/photo-realistic/i);
      expect(MODE_CATEGORIES, m.id).toContain(m.category);
      expect(Number.isInteger(m.priority), m.id).toBe(true);
    }
  });

  it('has distinct names within what one screen shows (global plus one room)', () => {
    for (const room of ROOM_TYPES) {
      const names = [...GLOBAL_MODES, ...roomModes(room)].map((m) => m.name);
      expect(new Set(names).size, room).toBe(names.length);
    }
  });

  it('uses the example wording of the brief for brighten', () => {
    expect(modeById('brighten')).toMatchObject({
      name: 'Aufhellen',
      description: 'Dunkle Räume natürlich aufhellen',
    });
  });

  it('puts staging modes in the staging category', () => {
    expect(modeById('virtualStaging')?.category).toBe('staging');
    expect(modeById('cozyFurnishing')?.category).toBe('staging');
  });

  it('is frozen, so no caller can change a price at run time', () => {
    expect(Object.isFrozen(MODES)).toBe(true);
    expect(Object.isFrozen(MODES[0])).toBe(true);
  });
});

describe('#modeById / #isModeId', () => {
  it.each([
    ['brighten', true],
    ['generalEnhance', true],
    ['cozyFurnishing', true],
    ['Brighten', false],
    ['', false],
    ['toString', false],
    ['__proto__', false],
  ])('%j -> %s', (id, known) => {
    expect(isModeId(id)).toBe(known);
    expect(modeById(id)?.id).toBe(known ? id : undefined);
  });
});

describe('#roomModes', () => {
  it.each([
    ['kitchen', ['cleanCounters', 'shineAppliances', 'warmLighting']],
    ['bedroom', ['hotelBed', 'cozyAtmosphere', 'declutterSurfaces']],
    ['bathroom', ['spaClean', 'brightFresh', 'gleamingFixtures']],
    ['livingRoom', ['arrangePillows', 'entertainmentTidy', 'ambientLighting']],
    ['exterior', ['curbAppeal', 'landscapeEnhance', 'goldenHour']],
    ['general', ['generalDeclutter', 'generalBrighten', 'generalEnhance']],
  ] as const)('%s -> %j in priority order', (room, ids) => {
    const modes = roomModes(room);
    expect(modes.map((m) => m.id)).toEqual(ids);
    expect(modes.every((m) => m.roomType === room)).toBe(true);
  });
});

describe('#isDeviceMode / #modeCost', () => {
  it.each(DEVICE_MODE_IDS)('%s runs on the device and costs 0', (id) => {
    expect(isDeviceMode(id)).toBe(true);
    expect(modeCost(modeById(id)!)).toBe(0);
  });

  it('charges every server mode its listed credits', () => {
    const server = MODES.filter((m) => !isDeviceMode(m.id));
    expect(server.length).toBe(MODES.length - DEVICE_MODE_IDS.length);
    for (const m of server) expect(modeCost(m)).toBe(m.listedCredits);
  });

  it('does not call unknown ids device modes', () => {
    expect(isDeviceMode('nope')).toBe(false);
  });
});

describe('ROOM_TYPE_LABELS', () => {
  it('names every room type in German', () => {
    expect(ROOM_TYPE_LABELS).toEqual({
      kitchen: 'Küche',
      bedroom: 'Schlafzimmer',
      bathroom: 'Badezimmer',
      livingRoom: 'Wohnzimmer',
      exterior: 'Außenbereich',
      general: 'Allgemein',
    });
  });
});
