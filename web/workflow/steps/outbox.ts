// The outbox's part of the workflow: a photo whose server job waits for the connection, the result that
// arrives for it later (also after a reload, whatever step the user is in), and a queued job that was
// cancelled or refused for good. The queue itself lives in IndexedDB (web/workflow/actions/outbox.ts).

import type { StepRules } from '../events';
import { hasImage, isRunningImage, updateImage, withoutResult } from './shared';

export const outboxRules: StepRules<'imageQueued' | 'queuedResultLanded' | 'queuedJobDropped'> = {
  imageQueued(state, { imageId, message }) {
    // Counted as done (it is not a failure), so the batch ends on the results, where the photo says why it
    // has no result yet; the action replaces the batch's toast with the queue's.
    if (!state.batch || !isRunningImage(state, imageId)) return state;
    const next = updateImage(state, imageId, (image) => ({
      ...withoutResult(image),
      status: 'error',
      error: message,
    }));
    return { ...next, batch: { ...state.batch, done: state.batch.done + 1 } };
  },

  queuedResultLanded(state, { imageId, enhancedKey, description }) {
    // The photo may be running in a new batch by now: that batch's own answer wins.
    if (!hasImage(state, imageId) || isRunningImage(state, imageId)) return state;
    const next = updateImage(state, imageId, (image) => ({
      ...withoutResult(image),
      status: 'enhanced',
      enhancedKey,
      description,
    }));
    return state.batch ? next : { ...next, resultsVisible: true };
  },

  queuedJobDropped(state, { imageIds, error }) {
    let next = state;
    for (const imageId of imageIds) {
      if (!hasImage(next, imageId) || isRunningImage(next, imageId)) continue;
      next = updateImage(next, imageId, (image) =>
        image.status !== 'error'
          ? image
          : error === undefined
            ? { ...withoutResult(image), status: 'uploaded' }
            : { ...withoutResult(image), status: 'error', error },
      );
    }
    return next;
  },
};
