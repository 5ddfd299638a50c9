// 'Stärke' of 'Automatisch optimieren' (0-100 %, default 100 %): how much of the learned retouch the device
// applies. Kept on this device in localStorage, so the next processing run and the next visit use the
// user's last choice; a missing, unreadable or out-of-range value reads as the default.

export const AUTO_STRENGTH_KEY = 'raumglanz.autoStrength';
export const DEFAULT_AUTO_STRENGTH = 100;

/** The part of the Web Storage API this needs (tests pass a map-backed one). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A whole percent in 0..100; anything that is not a finite number is the default. */
export function normaliseAutoStrength(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_AUTO_STRENGTH;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** localStorage, or null where the browser refuses it (private mode, blocked storage, Node). */
function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readAutoStrength(storage: KeyValueStorage | null = browserStorage()): number {
  try {
    const raw = storage?.getItem(AUTO_STRENGTH_KEY);
    return raw == null || raw.trim() === '' ? DEFAULT_AUTO_STRENGTH : normaliseAutoStrength(Number(raw));
  } catch {
    return DEFAULT_AUTO_STRENGTH;
  }
}

/** Stores the strength (normalised) and returns what was stored. */
export function writeAutoStrength(
  percent: number,
  storage: KeyValueStorage | null = browserStorage(),
): number {
  const value = normaliseAutoStrength(percent);
  try {
    storage?.setItem(AUTO_STRENGTH_KEY, String(value));
  } catch {
    // Storage full or refused: the choice holds for this page only, which is fine.
  }
  return value;
}
