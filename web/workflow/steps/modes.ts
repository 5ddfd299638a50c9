// Step 3, the mode selection: opened straight from the upload page when the analysis still holds, modes
// toggled for all photos or per photo, and the switch between 'Alle gleich' and 'Einzeln'.

import { selectReplacingSame } from '../../../core/catalog/sameEffect';
import type { StepRules } from '../events';
import { canEditImages, currentView, defaultModes } from '../selectors';
import { freshSelection, hasImage } from './shared';

/** Picking a mode drops the ones that do the same thing (core/catalog/sameEffect): they would stack. */
const toggle = (modes: readonly string[], modeId: string) =>
  modes.includes(modeId) ? modes.filter((id) => id !== modeId) : selectReplacingSame(modes, modeId);

export const modesRules: StepRules<'optionsOpened' | 'modeToggled' | 'selectionKindChanged'> = {
  optionsOpened(state, event) {
    if (!canEditImages(state) || state.images.length === 0) return state;
    const keepChoice = state.modeSelection.uniform.length > 0 || state.modeSelection.kind === 'individual';
    return {
      ...state,
      showOptions: true,
      modeSelection: keepChoice
        ? state.modeSelection
        : freshSelection(
            defaultModes(state.analysis, event.roomModeIds, event.canRunPaid, event.capabilities),
          ),
    };
  },

  modeToggled(state, { modeId, imageId }) {
    if (currentView(state) !== 'modes') return state;
    const selection = state.modeSelection;
    if (selection.kind === 'uniform') {
      if (imageId !== undefined) return state;
      return { ...state, modeSelection: { ...selection, uniform: toggle(selection.uniform, modeId) } };
    }
    if (imageId === undefined || !hasImage(state, imageId)) return state;
    const perImage = { ...selection.perImage, [imageId]: toggle(selection.perImage[imageId] ?? [], modeId) };
    return { ...state, modeSelection: { ...selection, perImage } };
  },

  selectionKindChanged(state, event) {
    const selection = state.modeSelection;
    if (currentView(state) !== 'modes' || selection.kind === event.kind) return state;
    if (event.kind === 'uniform') return { ...state, modeSelection: { ...selection, kind: 'uniform' } };
    // 'Einzeln' starts every image from the current uniform choice (SPEC section 4).
    const perImage = Object.fromEntries(state.images.map((image) => [image.id, [...selection.uniform]]));
    return { ...state, modeSelection: { ...selection, kind: 'individual', perImage } };
  },
};
