// Step 4, suggestions: asked for from the results, received (each tied to the photo its 'Bild n:' names),
// ticked or written by hand (a tip the server cannot carry out is never ticked), and sent to be implemented,
// photo by photo with its progress.

import type { Suggestion } from '../../../core/text/suggestionTypes';
import type { StepRules } from '../events';
import type { WorkflowState } from '../state';
import { currentView, selectedSuggestions, suggestionSourceImages } from '../selectors';
import { withNotice } from './shared';

function suggestionsFailed(state: WorkflowState): WorkflowState {
  // 'Fehler' / 'Es konnten keine Vorschläge erstellt werden.'
  return withNotice(
    { ...state, suggestionsLoading: false },
    { key: 'toast.suggestionsFailed', tone: 'error' },
  );
}

/** A suggestion's 'Bild n:' names the n-th image sent (see `suggestionSourceImages`); give it that image's id. */
function tieToImages(state: WorkflowState, suggestions: readonly Suggestion[]): Suggestion[] {
  const sources = suggestionSourceImages(state);
  return suggestions.map((suggestion) => {
    if (suggestion.imageId !== undefined || suggestion.imageNumber === undefined) return suggestion;
    const image = sources[suggestion.imageNumber - 1];
    return image ? { ...suggestion, imageId: image.id } : suggestion;
  });
}

export const suggestionsRules: StepRules<
  | 'suggestionsRequested'
  | 'suggestionsReceived'
  | 'suggestionsFailed'
  | 'suggestionToggled'
  | 'customSuggestionChanged'
  | 'implementRequested'
  | 'implementProgressed'
> = {
  suggestionsRequested(state) {
    const view = currentView(state);
    if ((view !== 'results' && view !== 'modes') || state.suggestionsLoading) return state;
    if (suggestionSourceImages(state).length === 0) return state;
    return { ...state, suggestionsLoading: true };
  },

  suggestionsReceived(state, { suggestions }) {
    if (!state.suggestionsLoading) return state;
    // 'Fehler' / 'Es konnten keine Vorschläge erstellt werden.'
    if (suggestions.length === 0) return suggestionsFailed(state);
    return {
      ...state,
      suggestionsLoading: false,
      suggestions: tieToImages(state, suggestions),
      customSuggestion: '',
    };
  },

  suggestionsFailed: (state) => (state.suggestionsLoading ? suggestionsFailed(state) : state),

  suggestionToggled(state, { suggestionId }) {
    if (currentView(state) !== 'suggestions' || state.implementing) return state;
    // A tip the server cannot carry out has no tick box.
    if (!state.suggestions.some((suggestion) => suggestion.id === suggestionId && !suggestion.tipOnly)) {
      return state;
    }
    return {
      ...state,
      suggestions: state.suggestions.map((suggestion) =>
        suggestion.id === suggestionId ? { ...suggestion, selected: !suggestion.selected } : suggestion,
      ),
    };
  },

  customSuggestionChanged(state, { text }) {
    if (currentView(state) !== 'suggestions' || state.implementing) return state;
    return { ...state, customSuggestion: text };
  },

  implementRequested(state) {
    if (currentView(state) !== 'suggestions' || state.implementing) return state;
    if (selectedSuggestions(state).length === 0 && state.customSuggestion.trim() === '') {
      // 'Keine Vorschläge ausgewählt' / 'Bitte wähle mindestens einen Vorschlag aus oder gib einen eigenen ein.'
      return withNotice(state, { key: 'toast.noSuggestionsSelected', tone: 'error' });
    }
    return { ...state, implementing: true, implementProgress: null };
  },

  implementProgressed(state, { current, total }) {
    if (!state.implementing) return state;
    if (!Number.isInteger(total) || total < 1 || !Number.isInteger(current)) return state;
    return { ...state, implementProgress: { current: Math.min(Math.max(current, 1), total), total } };
  },
};
