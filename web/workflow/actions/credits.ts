// The balance's one path into the workflow: read from the server once per change (sign-in, sign-out, a
// charged job started or ended) and handed to the store, which is the only holder of the number.

import type { ActionDeps } from './deps';

export function creditActions(deps: ActionDeps) {
  const { store } = deps;
  let loading: AbortController | null = null;

  /** One GET; a newer request supersedes an older one, so a slow answer never overwrites a fresher one. */
  async function refreshCredits(): Promise<void> {
    loading?.abort();
    const controller = (loading = new AbortController());
    const credits = await deps.fetchCredits(controller.signal);
    // Handed over even when it equals the last one read: after a refund it must replace the local deduction.
    if (credits !== null && !controller.signal.aborted) store.dispatch({ type: 'creditsLoaded', credits });
  }

  return {
    refreshCredits,
    /** The session changed: a visitor has 0 and nothing is loaded; a user's balance is read. */
    sessionChanged(userId: string | null): Promise<void> {
      if (userId !== null) return refreshCredits();
      loading?.abort();
      store.dispatch({ type: 'creditsLoaded', credits: 0 });
      return Promise.resolve();
    },
  };
}
