// Steps 4 and 5's effects: suggestions asked for the enhanced photos, and the ticked ones (plus the user's own)
// implemented into the final photos one photo at a time, each stored on the device, before the final view shows
// them with what the server really applied to each.

import { getResult, saveResult } from '../../data/db';
import { t } from '../../i18n/de';
import {
  implementPlan,
  roomTypeFor,
  suggestionSourceImages,
  type AppliedToPhoto,
  type WorkflowState,
} from '../machine';
import type { ActionDeps } from './deps';
import { forServer } from './imageSizes';
import { classify, type Failure } from './failure';
import type { OutboxActions } from './outbox';
import { originalOf, type JobRunner } from './runner';

/** Why a photo was not changed, in German. */
function failureText(failure: Failure): string {
  if (failure.kind === 'failed') return failure.message;
  if (failure.kind === 'insufficientCredits') return t('errors.insufficientCredits');
  if (failure.kind === 'unauthenticated') return t('errors.unauthenticated');
  return t('suggestions.notSent');
}

export function suggestionActions(
  deps: ActionDeps,
  jobs: JobRunner,
  refreshCredits: () => Promise<void>,
  outbox: Pick<OutboxActions, 'suggestionsOrQueue'>,
) {
  const { db, store } = deps;

  /** The enhanced photos the suggestions are about, in the order 'Bild n:' counts them. */
  const sourcesOf = async (state: WorkflowState) => {
    const sources = suggestionSourceImages(state);
    const images = await Promise.all(
      sources.map(async (i) => (await getResult(db, i.enhancedKey!)) ?? originalOf(deps, i.id)),
    );
    return { sources, images };
  };

  async function requestSuggestions(): Promise<void> {
    const signal = jobs.begin();
    store.dispatch({ type: 'suggestionsRequested' });
    const state = store.getState();
    if (!state.suggestionsLoading) return;
    try {
      const { sources, images } = await sourcesOf(state);
      const roomTypes = sources.map((i) => roomTypeFor(state, i.id) ?? 'general');
      const suggestions = await outbox.suggestionsOrQueue(signal, {
        imageIds: sources.map((i) => i.id),
        images,
        roomTypes,
      });
      if (suggestions === null) {
        // Queued until the connection is back (actions/outbox.ts); the answer lands then.
        store.dispatch({ type: 'suggestionsFailed' });
        store.dispatch({
          type: 'noticeShown',
          notice: { key: 'outbox.queued', values: { count: 1 }, tone: 'info' },
        });
        return;
      }
      store.dispatch({ type: 'suggestionsReceived', suggestions });
    } catch (error) {
      if (signal.aborted) return;
      const failure = classify(error);
      store.dispatch({ type: 'suggestionsFailed' });
      // One toast at a time: the reason replaces the plain 'Es konnten keine Vorschläge erstellt werden.'
      if (failure.kind === 'failed') {
        store.dispatch({
          type: 'noticeShown',
          notice: {
            key: 'toast.suggestionsFailedBecause',
            values: { message: failure.message },
            tone: 'error',
          },
        });
      }
    }
  }

  /**
   * 'Vorschläge umsetzen': photo by photo (each with its own key, so a retry is never a second charge), with the
   * progress on screen. A photo that fails keeps its enhanced result and the others go on; credits or sign-in
   * running out stops the rest. What each photo lists as applied is what the server says it carried out.
   */
  async function implement(): Promise<void> {
    store.dispatch({ type: 'implementRequested' });
    const state = store.getState();
    if (!state.implementing) return;
    const signal = jobs.begin();
    const batchKey = deps.newKey();
    const sources = suggestionSourceImages(state);
    const plan = implementPlan(state);
    const total = plan.filter((photo) => photo.lines.length > 0).length;
    const images: { imageId: string; resultKey: string }[] = [];
    const applied: AppliedToPhoto[] = [];
    /** Photos that were meant to change and did not, and the first reason. */
    const missed: string[] = [];
    let reason: string | null = null;
    let stopped: Failure | null = null;
    let current = 0;

    for (const photo of plan) {
      const source = sources.find((image) => image.id === photo.imageId)!;
      const labels = photo.lines.map((line) => line.label);
      // Nothing meant for it, stopped before its turn, or failed: the enhanced photo is its final one.
      const unchanged = () => {
        images.push({ imageId: photo.imageId, resultKey: source.enhancedKey! });
        applied.push({ imageId: photo.imageId, applied: [], notApplied: labels });
        if (labels.length > 0) missed.push(source.name);
      };
      if (photo.lines.length === 0 || stopped) {
        unchanged();
        continue;
      }
      current += 1;
      store.dispatch({ type: 'implementProgressed', current, total });
      try {
        const image = (await getResult(db, source.enhancedKey!)) ?? (await originalOf(deps, photo.imageId));
        const result = await deps.ai.implementSuggestions(signal, {
          image,
          fit: forServer(1),
          suggestions: photo.lines.map((line) => line.line),
          idempotencyKey: `${batchKey}:${photo.imageId.slice(0, 16)}`,
        });
        const resultKey = await saveResult(db, photo.imageId, 'final', result.blob);
        // An answer that does not say (stored before it could) counts every line as applied.
        const done = new Set(result.applied ?? photo.lines.map((_, i) => i));
        images.push({ imageId: photo.imageId, resultKey });
        applied.push({
          imageId: photo.imageId,
          applied: labels.filter((_, i) => done.has(i)),
          notApplied: labels.filter((_, i) => !done.has(i)),
        });
      } catch (error) {
        if (signal.aborted) return;
        const failure = classify(error);
        // Credits, sign-in or a cancel: the photos after this one are not sent.
        if (failure.kind !== 'failed') stopped = failure;
        reason ??= failureText(failure);
        unchanged();
      }
    }
    if (signal.aborted) return;

    if (missed.length === total) {
      store.dispatch({ type: 'implementFailed' });
      if (stopped?.kind === 'insufficientCredits') {
        store.dispatch({ type: 'insufficientCredits', needed: stopped.needed, current: stopped.current });
      } else if (stopped?.kind === 'unauthenticated') {
        deps.goToLogin('suggestions');
      } else if (reason !== null) {
        // The photos and the reason, in place of the plain 'ein Fehler ist aufgetreten'.
        store.dispatch({
          type: 'noticeShown',
          notice: {
            key: 'toast.implementFailedBecause',
            values: { photos: missed.join(', '), message: reason },
            tone: 'error',
          },
        });
      }
      return;
    }
    store.dispatch({ type: 'finalReceived', images, applied });
    if (missed.length > 0) {
      // The others are on the final screen; the toast says which photos kept their look, and why.
      store.dispatch({
        type: 'noticeShown',
        notice: {
          key: 'toast.implementPartly',
          values: { count: missed.length, total, photos: missed.join(', '), message: reason ?? '' },
          tone: 'error',
        },
      });
    }
    void refreshCredits();
  }

  return { requestSuggestions, implement };
}
