// The 'Stärke' store: what a reload reads back, what a broken or missing value reads as, and that the settings
// actions and the next processing run see the same stored value.
import { describe, expect, it } from 'vitest';
import {
  AUTO_STRENGTH_KEY,
  DEFAULT_AUTO_STRENGTH,
  normaliseAutoStrength,
  readAutoStrength,
  writeAutoStrength,
  type KeyValueStorage,
} from '../../../web/data/autoStrength';
import { settingsActions } from '../../../web/workflow/actions/settings';

/** Web Storage's contract over a Map: strings in, strings out. */
function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return { map, getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, String(value)) };
}

describe('autoStrength store', () => {
  it.each([
    [42, 42],
    [0, 0],
    [100, 100],
    [42.6, 43],
    [-5, 0],
    [180, 100],
    [Number.NaN, DEFAULT_AUTO_STRENGTH],
    [Number.POSITIVE_INFINITY, DEFAULT_AUTO_STRENGTH],
  ])('normalises %s to %s', (input, expected) => {
    expect(normaliseAutoStrength(input)).toBe(expected);
  });

  it('reads 100 % when nothing is stored yet', () => {
    expect(readAutoStrength(memoryStorage())).toBe(100);
    expect(DEFAULT_AUTO_STRENGTH).toBe(100);
  });

  it.each([
    ['35', 35],
    ['0', 0],
    ['', 100],
    ['abc', 100],
    ['250', 100],
    ['-1', 0],
  ])('reads the stored text %j as %s', (stored, expected) => {
    expect(readAutoStrength(memoryStorage({ [AUTO_STRENGTH_KEY]: stored }))).toBe(expected);
  });

  it('keeps a written value for the next read (a reload), normalised', () => {
    const storage = memoryStorage();
    expect(writeAutoStrength(62.4, storage)).toBe(62);
    expect(storage.map.get(AUTO_STRENGTH_KEY)).toBe('62');
    expect(readAutoStrength(storage)).toBe(62);
    writeAutoStrength(0, storage);
    expect(readAutoStrength(storage)).toBe(0);
  });

  it('survives a storage that refuses to work', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readAutoStrength(broken)).toBe(100);
    expect(writeAutoStrength(30, broken)).toBe(30);
    expect(readAutoStrength(null)).toBe(100);
  });

  it('is what the settings actions read and write', () => {
    const storage = memoryStorage();
    const settings = settingsActions(storage);
    expect(settings.autoStrength()).toBe(100);
    expect(settings.setAutoStrength(25)).toBe(25);
    expect(settingsActions(storage).autoStrength()).toBe(25);
  });
});
