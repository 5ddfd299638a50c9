// The balance's one path into the workflow: read from the server once per change (sign-in, sign-out, a
// charged job started or ended) and handed to the store, which is the only holder of the number. An account
// that started with 0 because of the free-credit limits is told why once, when its session is first known.

import type { CreditsResponse } from '../../../core/contract/credits';
import type { MessageKey } from '../../i18n/de';
import type { ActionDeps } from './deps';

/** Why an account started with 0 credits, in the words of de.ts (the limits are in the README's env table). */
const STARTER_WITHHELD_TEXT: Readonly<Record<NonNullable<CreditsResponse['starterWithheld']>, MessageKey>> = {
  NETWORK_LIMIT: 'errors.starterNetworkLimit',
  DAILY_CAP: 'errors.starterDailyCap',
};

export function creditActions(deps: ActionDeps) {
  const { store } = deps;
  let loading: AbortController | null = null;
  /** The account whose withheld starting credits were explained in this session of the app. */
  let explainedFor: string | null = null;

  /** One GET; a newer request supersedes an older one, so a slow answer never overwrites a fresher one. */
  async function readBalance(): Promise<CreditsResponse | null> {
    loading?.abort();
    const controller = (loading = new AbortController());
    const balance = await deps.fetchCredits(controller.signal);
    if (balance === null || controller.signal.aborted) return null;
    // Handed over even when it equals the last one read: after a refund it must replace the local deduction.
    store.dispatch({ type: 'creditsLoaded', credits: balance.credits });
    return balance;
  }

  return {
    async refreshCredits(): Promise<void> {
      await readBalance();
    },
    /** The session changed: a visitor has 0 and nothing is loaded; a user's balance is read. */
    async sessionChanged(userId: string | null): Promise<void> {
      if (userId === null) {
        loading?.abort();
        store.dispatch({ type: 'creditsLoaded', credits: 0 });
        return;
      }
      const balance = await readBalance();
      const withheld = balance?.starterWithheld;
      if (withheld === undefined || explainedFor === userId) return;
      explainedFor = userId;
      store.dispatch({ type: 'noticeShown', notice: { key: STARTER_WITHHELD_TEXT[withheld], tone: 'info' } });
    },
  };
}
