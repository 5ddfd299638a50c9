// The one running job the actions share: starting a job aborts the one before, so 'Abbrechen', 'Zurück' and
// reset stop whatever runs, and a late answer of a stopped job is ignored by its `signal.aborted` check.

import { t } from '../../i18n/de';
import type { ActionDeps } from './deps';

export interface JobRunner {
  /** Aborts the running job and hands out the signal of the new one. */
  begin(): AbortSignal;
  abort(): void;
}

export function createJobRunner(): JobRunner {
  let running: AbortController | null = null;
  return {
    begin() {
      running?.abort();
      running = new AbortController();
      return running.signal;
    },
    abort: () => running?.abort(),
  };
}

/** The stored original of a photo; gone only when the device's storage was cleared under us. */
export async function originalOf(deps: Pick<ActionDeps, 'db'>, imageId: string): Promise<Blob> {
  const row = await deps.db.images.get(imageId);
  if (!row) throw new Error(t('results.noResult'));
  return row.original;
}
