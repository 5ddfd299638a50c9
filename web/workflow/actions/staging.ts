// Virtual staging's effects (SPEC sections 2, 4, 5 and 8; issue 26): the server's analysis that recommends
// products, the placement on the device (segmenter, camera, floor, layout: the stagingDevice port, loaded with
// the dialog), and the finish: the device renders the arrangement at full size and the one paid call charges
// it and answers the shopping list. The dialog's steps are the machine's (steps/staging.ts); these only report.

import { STAGING_CREDITS } from '../../../core/catalog/limits';
import { saveResult } from '../../data/db';
import type { NoticeKey } from '../../i18n/de';
import { roomTypeFor } from '../machine';
import type { FinalShoppingList, StagingSession, WorkflowState } from '../state';
import type { ActionDeps, PlacedStaging, StagingShoppingList } from './deps';
import { WHOLE_PHOTO } from './imageSizes';
import { classify } from './failure';
import { originalOf, type JobRunner } from './runner';

/** The furnishing list as the final result keeps it: euros, as the state has always held shop prices. */
function toStateList(list: StagingShoppingList): FinalShoppingList {
  return {
    items: list.items.map((item) => ({ name: item.name, price: item.price / 100, link: item.link })),
    totalPrice: list.totalPrice / 100,
  };
}

function openSession(state: WorkflowState): { imageId: string; session: StagingSession } | null {
  const overlay = state.overlay;
  return overlay?.kind === 'staging' ? { imageId: overlay.imageId, session: overlay.session } : null;
}

export function stagingActions(deps: ActionDeps, jobs: JobRunner, refreshCredits: () => Promise<void>) {
  const { store } = deps;
  /** The placed room the arranging step shows; dropped when the dialog closes or places anew. */
  let scene: PlacedStaging | null = null;

  const notice = (key: NoticeKey, values?: Record<string, string | number>) =>
    store.dispatch({
      type: 'noticeShown',
      notice: { key, tone: 'error', ...(values ? { values } : {}) },
    });

  /** Tells the user why a call failed; answers nothing. */
  function explain(error: unknown, otherwise: 'toast.stagingAnalysisFailed' | 'toast.stagingFailed'): void {
    const failure = classify(error);
    if (failure.kind === 'unauthenticated') deps.goToLogin('staging');
    else if (failure.kind === 'insufficientCredits')
      notice('toast.stagingNeedsCredits', { n: failure.needed || STAGING_CREDITS });
    else if (failure.kind !== 'cancelled')
      notice(otherwise, { message: failure.kind === 'failed' ? failure.message : '' });
  }

  /** The photo under the open dialog, or null (with the SPEC's toast) when there is not exactly one. */
  function stagedImageId(): string | null {
    const state = store.getState();
    const open = openSession(state);
    if (state.images.length !== 1 || !open) {
      notice('toast.stagingNeedsOneImage');
      return null;
    }
    return open.imageId;
  }

  /** Whether the user may start: signed in (else the login flow) and holding STAGING_CREDITS. */
  function mayStage(): boolean {
    if (!deps.isSignedIn()) {
      deps.goToLogin('staging');
      return false;
    }
    if (store.getState().credits < STAGING_CREDITS) {
      notice('toast.stagingNeedsCredits', { n: STAGING_CREDITS });
      return false;
    }
    return true;
  }

  function dropScene(): void {
    scene?.dispose();
    scene = null;
  }

  const options = (session: StagingSession, roomType = session.roomType) => ({
    style: session.style,
    budget: session.budget,
    ...(roomType ? { roomType } : {}),
  });

  return {
    /** A staging mode card: the dialog for exactly one photo, else the toast. */
    openStaging(): void {
      store.dispatch({ type: 'stagingRedirect' });
    },

    /** The login flow, for a visitor who wants to stage. */
    stagingLogin(): void {
      deps.goToLogin('staging');
    },

    /** Stops a running step and lets go of the placed room (the dialog was closed). */
    cancelStaging(): void {
      jobs.abort();
      dropScene();
    },

    /** The placed room the arranging step draws, while there is one. */
    stagingScene(): PlacedStaging | null {
      return scene;
    },

    async analyzeStaging(): Promise<void> {
      const imageId = stagedImageId();
      if (!imageId || !mayStage()) return;
      const open = openSession(store.getState());
      if (!open || open.session.step !== 'options') return;
      store.dispatch({ type: 'stagingAnalysisStarted' });
      const signal = jobs.begin();
      try {
        const image = await originalOf(deps, imageId);
        const answer = await deps.staging.analyze(signal, {
          image,
          fit: WHOLE_PHOTO,
          options: options(open.session, roomTypeFor(store.getState(), imageId)),
        });
        if (signal.aborted) return;
        store.dispatch({
          type: 'stagingAnalysed',
          products: answer.products,
          alternatives: answer.alternatives,
          roomType: answer.roomType,
        });
      } catch (error) {
        if (signal.aborted) return;
        store.dispatch({ type: 'stagingAnalysisFailed' });
        explain(error, 'toast.stagingAnalysisFailed');
      }
    },

    /** Places the ticked products on the device: the room's camera and floor, then the stager's layout. */
    async placeStaging(): Promise<void> {
      store.dispatch({ type: 'stagingPlacementStarted' });
      const open = openSession(store.getState());
      if (!open || open.session.step !== 'placing') return;
      const signal = jobs.begin();
      dropScene();
      try {
        const image = await originalOf(deps, open.imageId);
        const chosen = open.session.products.filter((p) => p.selected);
        const placed = await deps.stagingDevice.place(signal, {
          image,
          products: chosen,
          catalogue: [...open.session.products, ...open.session.alternatives],
        });
        if (signal.aborted) {
          placed.dispose();
          return;
        }
        scene = placed;
        store.dispatch({ type: 'stagingPlaced', pieces: placed.pieces, leftOut: placed.leftOut });
      } catch {
        if (signal.aborted) return;
        store.dispatch({ type: 'stagingPlacementFailed' });
        // The device's errors (WebGL, WebAssembly, a model download) are the browser's English: say it in German.
        notice('toast.stagingPlacementFailed');
      }
    },

    /**
     * The finish: the arrangement rendered at full size on the device, then the one paid call (charged
     * STAGING_CREDITS once for its Idempotency-Key, nothing when the render fails) answers the shopping list.
     */
    async finishStaging(): Promise<void> {
      const imageId = stagedImageId();
      if (!imageId || !mayStage() || !scene) return;
      store.dispatch({ type: 'stagingFinishStarted' });
      const open = openSession(store.getState());
      if (!open || open.session.step !== 'finishing') return;
      const signal = jobs.begin();
      const counts = new Map<string, number>();
      for (const piece of open.session.pieces) counts.set(piece.id, (counts.get(piece.id) ?? 0) + 1);
      let stagedImage: Blob;
      try {
        stagedImage = await scene.render(open.session.pieces);
      } catch {
        if (signal.aborted) return;
        store.dispatch({ type: 'stagingFinishFailed' });
        // Nothing was sent, so nothing was charged; the browser's own error is not for the host.
        notice('toast.stagingRenderFailed');
        return;
      }
      try {
        const staged = await deps.staging.apply(signal, {
          image: await originalOf(deps, imageId),
          fit: WHOLE_PHOTO,
          stagedImage,
          selectedProducts: [...counts].map(([id, quantity]) => ({ id, quantity })),
          options: options(open.session),
          idempotencyKey: deps.newKey(),
        });
        const stagedKey = await saveResult(deps.db, imageId, 'staged', staged.blob);
        if (signal.aborted) return;
        store.dispatch({
          type: 'stagingCompleted',
          imageId,
          stagedKey,
          shoppingList: toStateList(staged.shoppingList),
        });
        void refreshCredits();
      } catch (error) {
        if (signal.aborted) return;
        store.dispatch({ type: 'stagingFinishFailed' });
        explain(error, 'toast.stagingFailed');
        void refreshCredits();
      }
    },
  };
}
