// The workflow's effects, composed: what happens when the user presses a button or the session changes. Each
// step's actions live in their own module and share one job runner, so starting a job stops the last one.
// Screens reach these only through web/services (useActions); nothing else starts an effect.

import { clearImages } from '../../data/db';
import { analysisActions } from './analysis';
import { creditActions } from './credits';
import type { ActionDeps } from './deps';
import { downloadActions } from './downloads';
import { outboxActions } from './outbox';
import { processingActions } from './processing';
import { retouchActions } from './retouch';
import { createJobRunner } from './runner';
import { settingsActions } from './settings';
import { stagingActions } from './staging';
import { storageActions } from './storage';
import { suggestionActions } from './suggestions';
import { uploadActions } from './upload';

export type { ActionDeps } from './deps';

export type Actions = ReturnType<typeof createActions>;

export function createActions(deps: ActionDeps) {
  const jobs = createJobRunner();
  const credits = creditActions(deps);
  const outbox = outboxActions(deps, credits.refreshCredits);
  const settings = settingsActions();
  return {
    ...uploadActions(deps),
    ...analysisActions(deps, jobs),
    ...processingActions(deps, jobs, credits.refreshCredits, outbox),
    ...suggestionActions(deps, jobs, credits.refreshCredits, outbox),
    ...outbox,
    ...storageActions(deps, settings.retentionDays),
    ...stagingActions(deps, jobs, credits.refreshCredits),
    ...downloadActions(deps),
    ...retouchActions(deps),
    ...settings,
    ...credits,
    /** Start over: the workflow and the photos on this device are cleared. */
    async reset(): Promise<void> {
      jobs.abort();
      deps.store.dispatch({ type: 'reset' });
      await clearImages(deps.db);
      await outbox.refreshOutbox();
    },
  };
}
