// Step 5, the final result: the implemented suggestions arrive (with what was applied), or implementing fails
// and the suggestions stay for another try.

import type { StepRules } from '../events';
import { appliedSuggestionTexts } from '../selectors';
import { withNotice } from './shared';

export const finalRules: StepRules<'finalReceived' | 'implementFailed'> = {
  finalReceived(state, { images }) {
    if (!state.implementing) return state;
    return {
      ...state,
      implementing: false,
      finalResult: { images, appliedSuggestions: appliedSuggestionTexts(state) },
    };
  },

  implementFailed(state) {
    if (!state.implementing) return state;
    // 'Fehler beim Umsetzen der Vorschläge' / 'Beim Umsetzen der Vorschläge ist ein Fehler aufgetreten.'
    return withNotice({ ...state, implementing: false }, { key: 'toast.implementFailed', tone: 'error' });
  },
};
