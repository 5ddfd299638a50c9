// The user's settings that change how the next processing run works: today the 'Stärke' of 'Automatisch
// optimieren' (web/data/autoStrength.ts). Screens read and change it only here.

import { readAutoStrength, writeAutoStrength, type KeyValueStorage } from '../../data/autoStrength';

export function settingsActions(storage?: KeyValueStorage | null) {
  return {
    /** The stored strength in whole percent (0..100, default 100). */
    autoStrength: (): number => readAutoStrength(storage),
    /** Keeps the strength for the next runs (and reloads); returns the value stored. */
    setAutoStrength: (percent: number): number => writeAutoStrength(percent, storage),
  };
}
