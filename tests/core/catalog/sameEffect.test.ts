import { describe, expect, it } from 'vitest';
import {
  doSameThing,
  SAME_EFFECT_GROUPS,
  sameEffectAs,
  selectReplacingSame,
  withoutStacking,
} from '../../../core/catalog/sameEffect';
import { isModeId } from '../../../core/catalog/modes';

describe('SAME_EFFECT_GROUPS', () => {
  it('names only modes of the catalogue, each group at least two', () => {
    for (const [name, ids] of Object.entries(SAME_EFFECT_GROUPS)) {
      expect(ids.length, name).toBeGreaterThanOrEqual(2);
      for (const id of ids) expect(isModeId(id), `${name}: ${id}`).toBe(true);
    }
  });
});

describe('#doSameThing', () => {
  it.each([
    ['autoOptimize', 'brighten', true],
    ['brighten', 'generalBrighten', true],
    ['warmLighting', 'autoOptimize', true],
    ['warmerTones', 'cozyAtmosphere', true],
    ['declutter', 'generalDeclutter', true],
    ['sharpen', 'details', true],
    ['autoOptimize', 'declutter', false],
    ['autoOptimize', 'sharpen', false],
    ['declutter', 'cleanup', false],
    ['brighten', 'brighten', false],
    ['unknown', 'brighten', false],
  ] as const)('%s and %s -> %s', (a, b, expected) => {
    expect(doSameThing(a, b)).toBe(expected);
    expect(doSameThing(b, a)).toBe(expected);
  });

  it('lists no mode as doing the same thing as itself', () => {
    expect(sameEffectAs('autoOptimize')).not.toContain('autoOptimize');
  });
});

describe('#withoutStacking', () => {
  it.each([
    [[], []],
    [['autoOptimize', 'brighten'], ['autoOptimize']],
    [
      ['brighten', 'autoOptimize', 'declutter'],
      ['brighten', 'declutter'],
    ],
    [
      ['warmLighting', 'autoOptimize', 'sharpen', 'details'],
      ['warmLighting', 'sharpen'],
    ],
    [
      ['declutter', 'declutter', 'generalDeclutter', 'cleanup'],
      ['declutter', 'cleanup'],
    ],
    [
      ['perspective', 'sharpen'],
      ['perspective', 'sharpen'],
    ],
  ] as const)('%j -> %j', (ids, expected) => {
    expect(withoutStacking(ids)).toEqual(expected);
  });
});

describe('#selectReplacingSame', () => {
  it.each([
    [['autoOptimize', 'declutter'], 'brighten', ['declutter', 'brighten']],
    [['autoOptimize'], 'sharpen', ['autoOptimize', 'sharpen']],
    [['sharpen', 'declutter'], 'details', ['declutter', 'details']],
    [[], 'brighten', ['brighten']],
  ] as const)('%j plus %s -> %j', (selected, id, expected) => {
    expect(selectReplacingSame(selected, id)).toEqual(expected);
  });
});
