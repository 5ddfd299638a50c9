// Every choice the user makes that this device keeps (localStorage), in one place: its key, its default and how
// a stored value is read back. A missing, unreadable or out-of-range value reads as the default, and a storage
// that refuses to work (private mode, blocked storage, Node) never throws. Screens change them only through the
// settings actions (web/workflow/actions/settings.ts).

import { isPortalPresetId, type PortalPresetId } from '../../core/export/portalPresets';
import type { ResultFormat } from '../../core/text/fileNames';
import { DEFAULT_RETENTION_DAYS, RETENTION_CHOICES, type RetentionDays } from './retention';

/** The part of the Web Storage API this needs (tests pass a map-backed one). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** localStorage, or null where the browser refuses it (private mode, blocked storage, Node). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: KeyValueStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage full or refused: the choice holds for this page only, which is fine.
  }
}

// 'Stärke' of 'Automatisch optimieren' (0-100 %, default 100 %): how much of the learned retouch the device
// applies, for the next processing run and the next visit.
export const AUTO_STRENGTH_KEY = 'raumglanz.autoStrength';
export const DEFAULT_AUTO_STRENGTH = 100;

/** A whole percent in 0..100; anything that is not a finite number is the default. */
export function normaliseAutoStrength(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_AUTO_STRENGTH;
  return Math.min(100, Math.max(0, Math.round(value)));
}

export function readAutoStrength(storage: KeyValueStorage | null = browserStorage()): number {
  const raw = read(storage, AUTO_STRENGTH_KEY);
  return raw == null || raw.trim() === '' ? DEFAULT_AUTO_STRENGTH : normaliseAutoStrength(Number(raw));
}

/** Stores the strength (normalised) and returns what was stored. */
export function writeAutoStrength(percent: number, storage: KeyValueStorage | null = browserStorage()): number {
  const value = normaliseAutoStrength(percent);
  write(storage, AUTO_STRENGTH_KEY, String(value));
  return value;
}

// How long old sessions' photos stay on this device (web/data/retention.ts).
const RETENTION_KEY = 'raumglanz.retentionDays';

export function readRetentionDays(storage: KeyValueStorage | null = browserStorage()): RetentionDays {
  const raw = read(storage, RETENTION_KEY);
  const days = Number(raw);
  return raw !== null && (RETENTION_CHOICES as readonly number[]).includes(days)
    ? (days as RetentionDays)
    : DEFAULT_RETENTION_DAYS;
}

export function writeRetentionDays(days: RetentionDays, storage: KeyValueStorage | null = browserStorage()): void {
  write(storage, RETENTION_KEY, String(days));
}

// The downloads' format: JPEG unless the user asked for PNG (web/services/download.ts).
const FORMAT_KEY = 'raumglanz.downloadFormat';

export function readDownloadFormat(storage: KeyValueStorage | null = browserStorage()): ResultFormat {
  return read(storage, FORMAT_KEY) === 'png' ? 'png' : 'jpg';
}

export function writeDownloadFormat(
  format: ResultFormat,
  storage: KeyValueStorage | null = browserStorage(),
): void {
  write(storage, FORMAT_KEY, format);
}

// 'raumglanz installieren' dismissed for good (web/app/InstallPrompt.tsx).
const INSTALL_DISMISSED_KEY = 'raumglanz.installDismissed';

export function readInstallDismissed(storage: KeyValueStorage | null = browserStorage()): boolean {
  return read(storage, INSTALL_DISMISSED_KEY) === '1';
}

export function writeInstallDismissed(storage: KeyValueStorage | null = browserStorage()): void {
  write(storage, INSTALL_DISMISSED_KEY, '1');
}

// The portal the downloads are made for (web/services/portalExport.ts): 'original' until one is chosen here.
const PORTAL_PRESET_KEY = 'raumglanz.exportPreset';

export function readPortalPreset(storage: KeyValueStorage | null = browserStorage()): PortalPresetId {
  const raw = read(storage, PORTAL_PRESET_KEY);
  return isPortalPresetId(raw) ? raw : 'original';
}

export function writePortalPreset(id: PortalPresetId, storage: KeyValueStorage | null = browserStorage()): void {
  write(storage, PORTAL_PRESET_KEY, id);
}
