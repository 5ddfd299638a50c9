// Step 2, processing: a batch starts (deducting its price locally at once), each photo runs, succeeds (perhaps
// without a mode that failed alone) or fails alone, and the batch ends finished or aborted, its toast counting
// the photos as they came out. The balance rules live here too: what the server says wins.

import type { StepRules } from '../events';
import { canApply, currentView, plannedJobs } from '../selectors';
import {
  imageStatus,
  isBatchActive,
  isRunningImage,
  nonNegative,
  stopBatch,
  updateImage,
  withNotice,
  withoutResult,
} from './shared';

export const processingRules: StepRules<
  | 'enhancementStarted'
  | 'imageEnhancing'
  | 'imageEnhanced'
  | 'imageFailed'
  | 'batchFinished'
  | 'batchAborted'
  | 'insufficientCredits'
  | 'creditsLoaded'
> = {
  enhancementStarted(state, { price, startedAt }) {
    const view = currentView(state);
    if ((view !== 'modes' && view !== 'results') || state.overlay || !canApply(state)) return state;
    const planned = new Set(plannedJobs(state).map((job) => job.imageId));
    return {
      ...state,
      images: state.images.map((image) =>
        planned.has(image.id) ? { ...withoutResult(image), status: 'pending' } : image,
      ),
      batch: { startedAt, total: planned.size, done: 0, partial: 0, failed: 0 },
      // Hidden while processing; batchFinished shows them again (SPEC section 4).
      showOptions: false,
      resultsVisible: false,
      // Deducted locally at once; the effect refreshes the real balance from the server.
      credits: Math.max(0, state.credits - nonNegative(price)),
    };
  },

  imageEnhancing(state, { imageId }) {
    if (!state.batch || imageStatus(state, imageId) !== 'pending') return state;
    return updateImage(state, imageId, (image) => ({ ...image, status: 'enhancing' }));
  },

  imageEnhanced(state, event) {
    if (!state.batch || !isRunningImage(state, event.imageId)) return state;
    const next = updateImage(state, event.imageId, (image) => ({
      ...withoutResult(image),
      status: 'enhanced',
      enhancedKey: event.enhancedKey,
      ...(event.description !== undefined ? { description: event.description } : {}),
      ...(event.error !== undefined ? { error: event.error } : {}),
    }));
    const partial = state.batch.partial + (event.error !== undefined ? 1 : 0);
    return { ...next, batch: { ...state.batch, done: state.batch.done + 1, partial } };
  },

  imageFailed(state, event) {
    // One bad image fails alone; the batch goes on (SPEC section 8).
    if (!state.batch || !isRunningImage(state, event.imageId)) return state;
    const next = updateImage(state, event.imageId, (image) => ({
      ...withoutResult(image),
      status: 'error',
      error: event.error,
    }));
    return { ...next, batch: { ...state.batch, failed: state.batch.failed + 1 } };
  },

  batchFinished(state) {
    const batch = state.batch;
    if (!batch) return state;
    const stopped = stopBatch(state);
    if (batch.done === 0) {
      // 'Fehler' / 'Keines der Bilder konnte erfolgreich optimiert werden.'
      return withNotice(stopped, { key: 'toast.batchNoneSucceeded', tone: 'error' });
    }
    if (batch.partial > 0) {
      // 'Teilweise optimiert' / '{done} von {total} Bildern optimiert; bei {partial} davon hat eine Optimierung
      // nicht geklappt, siehe Ergebnisse' (+ ', {failed} Fehler')
      return withNotice(
        { ...stopped, resultsVisible: true },
        {
          key: 'toast.batchPartly',
          values: { done: batch.done, total: batch.total, partial: batch.partial, failed: batch.failed },
          tone: 'info',
        },
      );
    }
    // 'Optimierung abgeschlossen' / '{done} von {total} Bildern erfolgreich optimiert' (+ ', {failed} Fehler')
    return withNotice(
      { ...stopped, resultsVisible: true },
      {
        key: 'toast.batchDone',
        values: { done: batch.done, total: batch.total, failed: batch.failed },
        tone: 'success',
      },
    );
  },

  batchAborted(state, { reason }) {
    if (!isBatchActive(state)) return state;
    const stopped = stopBatch(state);
    // 'Fehler' / 'Optimierung fehlgeschlagen'
    return reason === 'error' ? withNotice(stopped, { key: 'toast.enhanceFailed', tone: 'error' }) : stopped;
  },

  insufficientCredits(state, event) {
    const needed = nonNegative(event.needed);
    const current = nonNegative(event.current);
    return {
      ...stopBatch(state),
      credits: current,
      overlay: { kind: 'insufficientCredits', needed, current },
    };
  },

  creditsLoaded(state, { credits }) {
    if (!Number.isFinite(credits) || credits === state.credits) return state;
    return { ...state, credits: nonNegative(credits) };
  },
};
