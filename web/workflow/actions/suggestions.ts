// Steps 4 and 5's effects: suggestions asked for the enhanced photos, and the ticked ones (plus the user's own)
// implemented into the final photos, which are stored on the device before the final view shows them.

import { imagePrefix } from '../../../core/text/suggestions';
import type { Suggestion } from '../../../core/text/suggestionTypes';
import { getResult, saveResult } from '../../data/db';
import { t } from '../../i18n/de';
import { roomTypeFor, suggestionSourceImages, type WorkflowState } from '../machine';
import type { ActionDeps } from './deps';
import type { OutboxActions } from './outbox';
import { originalOf, type JobRunner } from './runner';

/**
 * One ticked suggestion as the server reads it: a suggestion made for one photo starts with 'Bild n:' (n counts the
 * photos sent, as in the suggestion text format), so the server applies it to that photo only; the rest apply to all.
 */
function suggestionLine(suggestion: Suggestion, sources: readonly { id: string }[]): string {
  const n = sources.findIndex((image) => image.id === suggestion.imageId) + 1;
  const text = `${suggestion.title}: ${suggestion.description}`;
  return n > 0 ? `${imagePrefix(n)}${text}` : text;
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
      sources.map(async (i) => (await getResult(db, i.enhancedUrl!)) ?? originalOf(deps, i.id)),
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
      const failure = deps.classify(error);
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

  async function implement(): Promise<void> {
    store.dispatch({ type: 'implementRequested' });
    const state = store.getState();
    if (!state.implementing) return;
    const signal = jobs.begin();
    try {
      const { sources, images } = await sourcesOf(state);
      const custom = state.customSuggestion.trim();
      const lines = [
        ...state.suggestions.filter((s) => s.selected).map((s) => suggestionLine(s, sources)),
        ...(custom ? [custom] : []),
      ];
      const finals = await deps.ai.implementSuggestions(signal, {
        images,
        suggestions: lines,
        idempotencyKey: deps.newKey(),
      });
      if (finals.length === 0) throw new Error(t('errors.noFinalImages'));
      const stored = await Promise.all(
        finals.map(async (blob, i) => ({
          imageId: sources[i]!.id,
          url: await saveResult(db, sources[i]!.id, 'final', blob),
        })),
      );
      store.dispatch({ type: 'finalReceived', images: stored });
      void refreshCredits();
    } catch (error) {
      if (signal.aborted) return;
      const failure = deps.classify(error);
      store.dispatch({ type: 'implementFailed' });
      if (failure.kind === 'failed') {
        // The photos of the request and the reason, in place of the plain 'ein Fehler ist aufgetreten'.
        const photos = suggestionSourceImages(state).map((image) => image.name);
        store.dispatch({
          type: 'noticeShown',
          notice: {
            key: 'toast.implementFailedBecause',
            values: { photos: photos.join(', '), message: failure.message },
            tone: 'error',
          },
        });
      } else if (failure.kind === 'insufficientCredits') {
        store.dispatch({ type: 'insufficientCredits', needed: failure.needed, current: failure.current });
      } else if (failure.kind === 'unauthenticated') {
        deps.goToLogin();
      }
    }
  }

  return { requestSuggestions, implement };
}
