// What works across the steps: the compare overlay, toasts, 'Zurück' (SPEC section 4, 'Back navigation') and
// starting over. Nothing goes back while work runs: that is cancelled, not navigated.

import type { StepRules } from '../events';
import { initialState, type WorkflowState } from '../state';
import { currentView } from '../selectors';
import { closeOverlay, hasImage, withNotice, withoutResult } from './shared';

function back(state: WorkflowState): WorkflowState {
  if (state.overlay) return closeOverlay(state);
  if (state.suggestionsLoading) return state;
  switch (currentView(state)) {
    case 'final':
      if (state.finalResult?.shoppingList) {
        return {
          ...state,
          finalResult: null,
          suggestions: [],
          customSuggestion: '',
          resultsVisible: false,
          showOptions: true,
          images: state.images.map((image) => ({ ...withoutResult(image), status: 'uploaded' })),
        };
      }
      return { ...state, finalResult: null };
    case 'suggestions':
      if (state.implementing) return state;
      return { ...state, suggestions: [], customSuggestion: '' };
    case 'results':
      return { ...state, resultsVisible: false };
    case 'modes':
      return { ...state, showOptions: false };
    case 'upload':
    case 'analysis':
    case 'processing':
      return state;
  }
}

export const navigationRules: StepRules<
  'compareOpened' | 'overlayClosed' | 'noticeShown' | 'noticeDismissed' | 'back' | 'reset'
> = {
  compareOpened(state, { imageId }) {
    if (state.overlay || !hasImage(state, imageId)) return state;
    return { ...state, overlay: { kind: 'compare', imageId } };
  },
  overlayClosed: closeOverlay,
  noticeShown: (state, { notice }) => withNotice(state, notice),
  noticeDismissed: (state, { id }) => (state.notice?.id === id ? { ...state, notice: null } : state),
  back,
  // Credits belong to the user, not to this run; the notice counter only ever grows.
  reset: (state) => ({ ...initialState, credits: state.credits, noticeSeq: state.noticeSeq }),
};
