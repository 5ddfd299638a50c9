// Step 5, the final result: the implemented suggestions arrive (with what was applied), or implementing fails
// and the suggestions stay for another try.

import type { StepRules } from '../events';
import { withNotice } from './shared';

export const finalRules: StepRules<'finalReceived' | 'implementFailed'> = {
  finalReceived(state, { images, applied }) {
    if (!state.implementing) return state;
    // What was applied comes from the server per photo, never from the ticks: a tick is only what was asked.
    const shown = new Set(images.map((image) => image.imageId));
    return {
      ...state,
      implementing: false,
      implementProgress: null,
      finalResult: { images, appliedSuggestions: applied.filter((photo) => shown.has(photo.imageId)) },
    };
  },

  implementFailed(state) {
    if (!state.implementing) return state;
    // 'Fehler beim Umsetzen der Vorschläge' / 'Beim Umsetzen der Vorschläge ist ein Fehler aufgetreten.'
    return withNotice(
      { ...state, implementing: false, implementProgress: null },
      { key: 'toast.implementFailed', tone: 'error' },
    );
  },
};
