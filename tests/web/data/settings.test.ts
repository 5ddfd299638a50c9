// The settings kept on this device: what a reload reads back, what a broken or missing value reads as, and that
// the settings actions and the next processing run see the same stored value.
import { describe, expect, it } from 'vitest';
import {
  AUTO_STRENGTH_KEY,
  DEFAULT_AUTO_STRENGTH,
  normaliseAutoStrength,
  readAutoStrength,
  writeAutoStrength,
  readDownloadFormat,
  readInstallDismissed,
  readPortalPreset,
  readRetentionDays,
  writeDownloadFormat,
  writeInstallDismissed,
  writePortalPreset,
  writeRetentionDays,
  type KeyValueStorage,
} from '../../../web/data/settings';
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

describe('the other settings', () => {
  it('keeps the retention period, and reads anything but an offered choice as 30 days', () => {
    const storage = memoryStorage();
    expect(readRetentionDays(storage)).toBe(30);
    writeRetentionDays(7, storage);
    expect(readRetentionDays(storage)).toBe(7);
    expect(readRetentionDays(memoryStorage({ 'raumglanz.retentionDays': '12' }))).toBe(30);
    expect(readRetentionDays(memoryStorage({ 'raumglanz.retentionDays': '0' }))).toBe(0);
  });

  it('keeps the download format, JPEG unless PNG was chosen', () => {
    const storage = memoryStorage();
    expect(readDownloadFormat(storage)).toBe('jpg');
    writeDownloadFormat('png', storage);
    expect(readDownloadFormat(storage)).toBe('png');
    expect(readDownloadFormat(memoryStorage({ 'raumglanz.downloadFormat': 'gif' }))).toBe('jpg');
  });

  it('keeps the portal the downloads are for, reading anything unknown as the original', () => {
    const storage = memoryStorage();
    expect(readPortalPreset(storage)).toBe('original');
    writePortalPreset('airbnb', storage);
    expect(readPortalPreset(storage)).toBe('airbnb');
    expect(settingsActions(storage).portalPreset()).toBe('airbnb');
    settingsActions(storage).setPortalPreset('booking');
    expect(storage.map.get('raumglanz.exportPreset')).toBe('booking');
    expect(readPortalPreset(memoryStorage({ 'raumglanz.exportPreset': 'flickr' }))).toBe('original');
    expect(readPortalPreset(null)).toBe('original');
  });

  it('keeps the install banner dismissed for good', () => {
    const storage = memoryStorage();
    expect(readInstallDismissed(storage)).toBe(false);
    writeInstallDismissed(storage);
    expect(readInstallDismissed(storage)).toBe(true);
    expect(readInstallDismissed(null)).toBe(false);
  });

  it('holds the retention chosen on this page where the storage refuses it', () => {
    const settings = settingsActions(null);
    expect(settings.retentionDays()).toBe(30);
    settings.setRetentionDays(90);
    expect(settings.retentionDays()).toBe(90);
  });
});
