// The user's settings kept on this device (web/data/settings.ts): the 'Stärke' of 'Automatisch optimieren',
// how long old sessions stay, the download format, the portal the downloads are for and the dismissed install
// banner. Screens and the frame read and change them only here.

import type { PortalPresetId } from '../../../core/export/portalPresets';
import type { ResultFormat } from '../../../core/text/fileNames';
import type { RetentionDays } from '../../data/retention';
import {
  readAutoStrength,
  readDownloadFormat,
  readInstallDismissed,
  readPortalPreset,
  readRetentionDays,
  writeAutoStrength,
  writeDownloadFormat,
  writeInstallDismissed,
  writePortalPreset,
  writeRetentionDays,
  type KeyValueStorage,
} from '../../data/settings';

export function settingsActions(storage?: KeyValueStorage | null) {
  // The retention chosen on this page, also where the storage refuses it (private mode, tests).
  let chosenRetention: RetentionDays | null = null;
  return {
    /** The stored strength in whole percent (0..100, default 100). */
    autoStrength: (): number => readAutoStrength(storage),
    /** Keeps the strength for the next runs (and reloads); returns the value stored. */
    setAutoStrength: (percent: number): number => writeAutoStrength(percent, storage),
    retentionDays: (): RetentionDays => chosenRetention ?? readRetentionDays(storage),
    setRetentionDays(days: RetentionDays): void {
      chosenRetention = days;
      writeRetentionDays(days, storage);
    },
    /** 'png' only when the user ticked 'Als PNG herunterladen'. */
    downloadFormat: (): ResultFormat => readDownloadFormat(storage),
    setDownloadFormat: (format: ResultFormat): void => writeDownloadFormat(format, storage),
    /** 'original' until the user picks a portal under 'Exportieren für'. */
    portalPreset: (): PortalPresetId => readPortalPreset(storage),
    setPortalPreset: (id: PortalPresetId): void => writePortalPreset(id, storage),
    installDismissed: (): boolean => readInstallDismissed(storage),
    dismissInstall: (): void => writeInstallDismissed(storage),
  };
}
