// How a photo's result names the server's work, for a job answered at once and for one delivered later from
// the outbox alike: the server's own words when it gave some ('Entrümpeln – 6 Gegenstände entfernt: …'),
// otherwise the catalogue's names of the modes.

import { modeById } from '../../../core/catalog/modes';
import { t } from '../../i18n/de';

export function serverNote(description: string, modeIds: readonly string[]): string {
  const what = description.trim() || modeIds.map((id) => modeById(id)?.name ?? id).join(', ');
  return t('results.serverModes', { modes: what });
}
