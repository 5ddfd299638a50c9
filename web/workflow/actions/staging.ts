// Virtual staging's effects (SPEC sections 2, 4, 5 and 8): opening the dialog from a staging mode card, the room
// analysis that recommends products, and furnishing the photo with the ticked ones. The dialog owns its steps
// (options, analyzing, selection, staging, complete) and moves by what these answer: null means the step failed
// and a toast said why, so the dialog goes back one step.

import { STAGING_CREDITS } from '../../../core/catalog/limits';
import type { AnalyzeStagingResponse, StagingOptions, StagingProduct } from '../../../core/contract/staging';
import { saveResult } from '../../data/db';
import { roomTypeFor } from '../machine';
import type { NoticeKey } from '../../i18n/de';
import type { ShoppingList } from '../state';
import type { ActionDeps, StagingShoppingList } from './deps';
import { originalOf, type JobRunner } from './runner';

/** The furnishing list as the final result keeps it: euros, as the state has always held shop prices. */
function toStateList(list: StagingShoppingList): ShoppingList {
  return {
    items: list.items.map((item) => ({ name: item.name, price: item.price / 100, link: item.link })),
    totalPrice: list.totalPrice / 100,
    affiliateDisclaimer: `${list.affiliateDisclaimer} ${list.priceNote}`,
  };
}

export function stagingActions(deps: ActionDeps, jobs: JobRunner, refreshCredits: () => Promise<void>) {
  const { store } = deps;
  const notice = (key: NoticeKey, values?: Record<string, string | number>) =>
    store.dispatch({
      type: 'noticeShown',
      notice: { key, tone: 'error', ...(values ? { values } : {}) },
    });

  /** The photo under the open dialog, or null (with the SPEC's toast) when there is not exactly one. */
  function stagedImageId(): string | null {
    const state = store.getState();
    const overlay = state.overlay;
    if (state.images.length !== 1 || overlay?.kind !== 'staging') {
      notice('toast.stagingNeedsOneImage');
      return null;
    }
    return overlay.imageId;
  }

  /** Whether the user may start: signed in (else the login flow) and holding STAGING_CREDITS. */
  function mayStage(): boolean {
    if (!deps.isSignedIn()) {
      deps.goToLogin();
      return false;
    }
    if (store.getState().credits < STAGING_CREDITS) {
      notice('toast.stagingNeedsCredits', { n: STAGING_CREDITS });
      return false;
    }
    return true;
  }

  return {
    /** A staging mode card: the dialog for exactly one photo, else the toast. */
    openStaging(): void {
      store.dispatch({ type: 'stagingRedirect' });
    },

    /** The login flow, for a visitor who wants to stage. */
    stagingLogin(): void {
      deps.goToLogin();
    },

    /** Stops a running analysis or staging (the dialog was closed). */
    cancelStaging(): void {
      jobs.abort();
    },

    async analyzeStaging(options: StagingOptions): Promise<AnalyzeStagingResponse | null> {
      const imageId = stagedImageId();
      if (!imageId || !mayStage()) return null;
      const signal = jobs.begin();
      try {
        const state = store.getState();
        const roomType = roomTypeFor(state, imageId);
        const image = await originalOf(deps, imageId);
        return await deps.staging.analyze(signal, {
          image,
          options: { ...options, ...(roomType ? { roomType } : {}) },
        });
      } catch (error) {
        if (signal.aborted) return null;
        const failure = deps.classify(error);
        if (failure.kind === 'unauthenticated') deps.goToLogin();
        else if (failure.kind === 'insufficientCredits')
          notice('toast.stagingNeedsCredits', { n: failure.needed || STAGING_CREDITS });
        else
          notice('toast.stagingAnalysisFailed', {
            message: failure.kind === 'failed' ? failure.message : '',
          });
        return null;
      }
    },

    /** Furnishes the photo; answers the number of pieces, or null when it failed (the toast says why). */
    async applyStaging(
      products: readonly StagingProduct[],
      options: StagingOptions,
      roomType: StagingOptions['roomType'],
    ): Promise<number | null> {
      const chosen = products.filter((p) => p.selected);
      if (chosen.length === 0) {
        notice('toast.stagingNeedsItem');
        return null;
      }
      const imageId = stagedImageId();
      if (!imageId || !mayStage()) return null;
      const signal = jobs.begin();
      try {
        const image = await originalOf(deps, imageId);
        const staged = await deps.staging.apply(signal, {
          image,
          selectedProducts: chosen.map((p) => ({ id: p.id, quantity: p.quantity })),
          options: { ...options, ...(roomType ? { roomType } : {}) },
          idempotencyKey: deps.newKey(),
        });
        const url = await saveResult(deps.db, imageId, 'staged', staged.blob);
        if (signal.aborted) return null;
        store.dispatch({
          type: 'stagingCompleted',
          imageId,
          stagedUrl: url,
          shoppingList: toStateList(staged.shoppingList),
        });
        void refreshCredits();
        return chosen.length;
      } catch (error) {
        if (signal.aborted) return null;
        const failure = deps.classify(error);
        if (failure.kind === 'unauthenticated') deps.goToLogin();
        else if (failure.kind === 'insufficientCredits')
          notice('toast.stagingNeedsCredits', { n: failure.needed || STAGING_CREDITS });
        else notice('toast.stagingFailed', { message: failure.kind === 'failed' ? failure.message : '' });
        void refreshCredits();
        return null;
      }
    },
  };
}
