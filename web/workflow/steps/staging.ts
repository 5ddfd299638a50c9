// Virtual staging (SPEC section 4): the staging mode or the server's redirect opens the staging overlay for
// exactly one photo; a finished staging puts its furnished photo and shopping list under the dialog as the
// final result. No dialog renders the overlay yet: these rules wait for the virtual-staging feature.

import type { StepRules } from '../events';
import { stopBatch, withNotice } from './shared';

export const stagingRules: StepRules<'stagingRedirect' | 'stagingCompleted'> = {
  stagingRedirect(state) {
    const stopped = stopBatch(state);
    const [only] = state.images;
    if (state.images.length === 1 && only)
      return { ...stopped, overlay: { kind: 'staging', imageId: only.id } };
    // 'Virtual Staging' / 'Bitte wähle genau ein Bild für Virtual Staging aus'
    return withNotice(stopped, { key: 'toast.stagingNeedsOneImage', tone: 'error' });
  },

  stagingCompleted(state, event) {
    // The dialog stays open on its 'complete' step; the final result waits underneath it.
    if (state.overlay?.kind !== 'staging' || state.overlay.imageId !== event.imageId) return state;
    return withNotice(
      {
        ...state,
        finalResult: {
          images: [{ imageId: event.imageId, url: event.stagedUrl }],
          appliedSuggestions: [],
          shoppingList: event.shoppingList,
        },
      },
      // 'Virtual Staging erfolgreich!' / 'Dein Raum wurde mit {n} Möbelstücken eingerichtet.'
      { key: 'toast.stagingDone', values: { n: event.shoppingList.items.length }, tone: 'success' },
    );
  },
};
