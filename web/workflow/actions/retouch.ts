// The retouch brush's effect: an enhanced photo's result with the painted strokes filled (in a worker, through
// the `retouch` port), stored in the device database as the photo's new result, so it is what the results view
// shows, what is downloaded and what survives a reload. Free and offline: nothing leaves the device.

import type { Stroke } from '../../../core/declutter/buildMask';
import { getResult, saveResult } from '../../data/db';
import type { ActionDeps } from './deps';
import { classify } from './failure';

/** Results of earlier retouches are stored under this kind prefix; only the latest one is kept. */
const RETOUCH_KIND = 'retouch-';

export function retouchActions(deps: ActionDeps) {
  const { db, store } = deps;
  return {
    /**
     * Fills `strokes` (fractions of the photo) in the enhanced result of `imageId`. Resolves true when the
     * result was replaced, false when there was nothing to do or it was cancelled; failures tell the user.
     */
    async retouch(signal: AbortSignal, imageId: string, strokes: readonly Stroke[]): Promise<boolean> {
      const image = store.getState().images.find((i) => i.id === imageId);
      const previous = image?.status === 'enhanced' ? image.enhancedKey : undefined;
      if (!previous || strokes.length === 0) return false;
      try {
        const blob = await getResult(db, previous);
        if (!blob) throw new Error('result missing');
        const result = await deps.retouch(signal, { blob, strokes });
        if (signal.aborted) return false;
        const enhancedKey = await saveResult(db, imageId, `${RETOUCH_KIND}${deps.newKey()}`, result.blob);
        store.dispatch({ type: 'imageRetouched', imageId, enhancedKey, description: result.description });
        if (previous.startsWith(`${imageId}:${RETOUCH_KIND}`)) await db.results.delete(previous);
        return true;
      } catch (error) {
        if (signal.aborted || classify(error).kind === 'cancelled') return false;
        console.warn('raumglanz: retouch failed', error);
        store.dispatch({ type: 'noticeShown', notice: { key: 'retouch.failed', tone: 'error' } });
        return false;
      }
    },
  };
}
