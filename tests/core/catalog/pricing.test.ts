import { describe, it, expect } from 'vitest';
import { MODES, REAL_AI_CAPABILITIES, STAGING_CREDITS, priceUniform } from '../../../core/catalog';
import { PricingError, priceOf } from '../../../core/catalog/pricing';
import { UNKNOWN_AI_CAPABILITIES, modeById, modeCost, modeCostById } from '../../../core/catalog/modes';
import { type AiCapabilities } from '../../../core/catalog/types';

describe('#priceOf', () => {
  // [label, perImageModes, total, perImage, serverModeIds]
  const rows: Array<[string, string[][], number, number[], string[]]> = [
    ['no images', [], 0, [], []],
    ['one image, no modes', [[]], 0, [0], []],
    ['device only: brighten', [['brighten']], 0, [0], []],
    [
      'all global device modes',
      [['brighten', 'warmerTones', 'sharpen', 'perspective', 'sunshine', 'details', 'autoOptimize']],
      0,
      [0],
      [],
    ],
    ['device room modes', [['warmLighting', 'cozyAtmosphere', 'goldenHour', 'generalBrighten']], 0, [0], []],
    ['one server mode', [['declutter']], 2, [2], ['declutter']],
    ['cleanup', [['cleanup']], 1, [1], ['cleanup']],
    ['windowView', [['windowView']], 3, [3], ['windowView']],
    ['virtualStaging, at the staging flow price', [['virtualStaging']], 5, [5], ['virtualStaging']],
    ['device plus server', [['brighten', 'declutter', 'sharpen']], 2, [2], ['declutter']],
    ['two server modes', [['declutter', 'windowView']], 5, [5], ['declutter', 'windowView']],
    ['room server modes', [['hotelBed', 'declutterSurfaces']], 2, [2], ['hotelBed', 'declutterSurfaces']],
    [
      '2-credit room modes',
      [['landscapeEnhance', 'generalEnhance']],
      4,
      [4],
      ['landscapeEnhance', 'generalEnhance'],
    ],
    ['duplicate id counts once', [['declutter', 'declutter']], 2, [2], ['declutter']],
    [
      'same modes on 3 images',
      [
        ['declutter', 'brighten'],
        ['declutter', 'brighten'],
        ['declutter', 'brighten'],
      ],
      6,
      [2, 2, 2],
      ['declutter'],
    ],
    [
      'individual selections',
      [['declutter'], ['brighten'], ['windowView', 'cleanup']],
      6,
      [2, 0, 4],
      ['declutter', 'cleanup', 'windowView'],
    ],
    ['individual, one image without modes', [['hotelBed'], []], 1, [1, 0], ['hotelBed']],
    [
      'server ids in catalogue order, not selection order',
      [['spaClean', 'cleanup']],
      2,
      [2],
      ['cleanup', 'spaClean'],
    ],
    [
      'cozyFurnishing on its one image',
      [['cozyFurnishing']],
      STAGING_CREDITS,
      [STAGING_CREDITS],
      ['cozyFurnishing'],
    ],
    ['cozyFurnishing plus a device mode', [['cozyFurnishing', 'brighten']], 5, [5], ['cozyFurnishing']],
  ];

  it.each(rows)('%s', (_label, perImageModes, total, perImage, serverModeIds) => {
    expect(priceOf({ perImageModes })).toEqual({ total, perImage, serverModeIds });
  });

  it('makes the total the sum of the per-image prices', () => {
    for (const [, perImageModes] of rows) {
      const price = priceOf({ perImageModes });
      expect(price.total).toBe(price.perImage.reduce((a, b) => a + b, 0));
    }
  });

  it('charges every server mode exactly its listed credits on one image', () => {
    for (const m of MODES.filter((x) => x.runsOn === 'server')) {
      expect(priceOf({ perImageModes: [[m.id]] }).total, m.id).toBe(m.listedCredits);
    }
  });

  it('charges nothing for any combination of device modes', () => {
    const device = MODES.filter((x) => x.runsOn === 'device').map((m) => m.id);
    expect(priceOf({ perImageModes: [device, device.slice(0, 3), []] }).total).toBe(0);
  });

  it.each([
    ['unknown id', [['brighten', 'nope']], 'UNKNOWN_MODE', 'nope'],
    ['unknown id on a later image', [['declutter'], ['Declutter']], 'UNKNOWN_MODE', 'Declutter'],
    ['empty id', [['']], 'UNKNOWN_MODE', ''],
    ['cozyFurnishing with two images', [['cozyFurnishing'], []], 'STAGING_NEEDS_ONE_IMAGE', undefined],
    [
      'cozyFurnishing on every one of 3 images',
      [['cozyFurnishing'], ['cozyFurnishing'], ['cozyFurnishing']],
      'STAGING_NEEDS_ONE_IMAGE',
      undefined,
    ],
  ] as const)('throws PricingError for %s', (_label, perImageModes, code, modeId) => {
    let caught: unknown;
    try {
      priceOf({ perImageModes: perImageModes.map((l) => [...l]) });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PricingError);
    expect((caught as PricingError).code).toBe(code);
    expect((caught as PricingError).modeId).toBe(modeId);
  });
});

describe('#priceUniform', () => {
  it.each([
    [['declutter'], 0, 0],
    [['declutter'], 1, 2],
    [['declutter'], 4, 8],
    [['brighten', 'sharpen'], 10, 0],
    [['declutter', 'windowView', 'brighten'], 3, 15],
    [[], 5, 0],
    [['cozyFurnishing'], 1, 5],
  ])('%j on %i images costs %i', (modeIds, imageCount, total) => {
    const price = priceUniform(modeIds, imageCount);
    expect(price.total).toBe(total);
    expect(price.perImage).toHaveLength(imageCount);
    expect(price).toEqual(priceOf({ perImageModes: Array.from({ length: imageCount }, () => modeIds) }));
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects image count %s', (n) => {
    expect(() => priceUniform(['declutter'], n)).toThrow(PricingError);
  });

  it('refuses staging on more than one image', () => {
    expect(() => priceUniform(['cozyFurnishing'], 2)).toThrow(/exactly 1 image/);
  });

  it('agrees with the catalogue on the staging price', () => {
    expect(priceUniform(['cozyFurnishing'], 1).total).toBe(modeById('cozyFurnishing')?.listedCredits);
  });
});

describe('#modeCost / #priceUniform with the provider capabilities', () => {
  // The builtin provider's classical approximations (server/ai/builtin/operations.ts MODE_OPERATIONS).
  const approximating: AiCapabilities = {
    approximatedModeIds: [
      'shineAppliances',
      'gleamingFixtures',
      'landscapeEnhance',
      'curbAppeal',
      'generalEnhance',
    ],
    unavailableModeIds: [],
  };
  // [mode id, credits with real AI everywhere, credits with the approximating provider]
  const rows: Array<[string, number, number]> = [
    ['brighten', 0, 0],
    ['autoOptimize', 0, 0],
    ['shineAppliances', 1, 0],
    ['gleamingFixtures', 1, 0],
    ['landscapeEnhance', 2, 0],
    ['curbAppeal', 1, 0],
    ['generalEnhance', 2, 0],
    ['declutter', 2, 2],
    ['generalDeclutter', 1, 1],
    ['hotelBed', 1, 1],
    ['windowView', 3, 3],
    ['cozyFurnishing', 5, 5],
  ];
  it.each(rows)('%s costs %i with real AI, %i when approximated', (id, real, approximated) => {
    const mode = modeById(id)!;
    expect(modeCost(mode)).toBe(real);
    expect(modeCost(mode, REAL_AI_CAPABILITIES)).toBe(real);
    expect(modeCost(mode, approximating)).toBe(approximated);
    expect(modeCostById(id, approximating)).toBe(approximated);
  });

  it('prices a mixed selection: only the real AI work is charged', () => {
    const ids = ['autoOptimize', 'shineAppliances', 'declutter', 'landscapeEnhance'];
    expect(priceUniform(ids, 3).total).toBe(3 * (1 + 2 + 2));
    expect(priceUniform(ids, 3, approximating)).toEqual({
      total: 3 * 2,
      perImage: [2, 2, 2],
      serverModeIds: ['declutter', 'shineAppliances', 'landscapeEnhance'],
    });
    expect(priceUniform(['generalEnhance', 'curbAppeal'], 2, approximating).total).toBe(0);
  });

  it('charges nothing for a mode the server cannot do (it never runs), its listed credits while nobody knows', () => {
    const builtin: AiCapabilities = { ...approximating, unavailableModeIds: ['windowView', 'hotelBed'] };
    expect(modeCostById('hotelBed', builtin)).toBe(0);
    expect(modeCostById('windowView', builtin)).toBe(0);
    expect(priceUniform(['declutter', 'hotelBed', 'shineAppliances'], 2, builtin).total).toBe(2 * 2);
    expect(modeCostById('hotelBed', UNKNOWN_AI_CAPABILITIES)).toBe(1);
    expect(modeCostById('windowView', UNKNOWN_AI_CAPABILITIES)).toBe(3);
  });
});
