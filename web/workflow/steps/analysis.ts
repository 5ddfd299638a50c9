// Step 1's analysis: the room analysis runs over the held photos one by one (each gets its check mark), then
// opens the mode selection preselected with its recommendations, or with the fallback room's modes on failure.

import type { RoomType } from '../../../core/catalog/types';
import type { StepRules } from '../events';
import type { WorkflowAnalysis, WorkflowState } from '../state';
import { canEditImages, defaultModes, unique } from '../selectors';
import { freshSelection, hasImage, withNotice } from './shared';

/** Drops per-image room types of images the machine does not hold (the analysis may answer late). */
function onlyKnownImages(state: WorkflowState, analysis: WorkflowAnalysis): WorkflowAnalysis {
  const perImage: Record<string, RoomType> = {};
  for (const image of state.images) {
    const room = analysis.perImage[image.id];
    if (room !== undefined) perImage[image.id] = room;
  }
  return { ...analysis, recommendedModes: unique(analysis.recommendedModes), perImage };
}

export const analysisRules: StepRules<
  'analysisStarted' | 'imageAnalysed' | 'analysisSucceeded' | 'analysisFailed'
> = {
  analysisStarted(state) {
    if (!canEditImages(state) || state.images.length === 0) return state;
    return { ...state, analysisStatus: 'running', analysis: null, analysedImageIds: [] };
  },

  imageAnalysed(state, { imageId }) {
    if (
      state.analysisStatus !== 'running' ||
      !hasImage(state, imageId) ||
      state.analysedImageIds.includes(imageId)
    ) {
      return state;
    }
    return { ...state, analysedImageIds: [...state.analysedImageIds, imageId] };
  },

  analysisSucceeded(state, event) {
    if (state.analysisStatus !== 'running') return state;
    const analysis = onlyKnownImages(state, event.analysis);
    return withNotice(
      {
        ...state,
        analysisStatus: 'done',
        analysis,
        analysedImageIds: state.images.map((image) => image.id),
        showOptions: true,
        modeSelection: freshSelection(
          defaultModes(analysis, event.roomModeIds, event.canRunPaid, event.capabilities),
        ),
      },
      // 'Analyse abgeschlossen'
      { key: 'toast.analysisDone', tone: 'success' },
    );
  },

  analysisFailed(state, event) {
    if (state.analysisStatus !== 'running') return state;
    return withNotice(
      {
        ...state,
        analysisStatus: 'failed',
        analysis: null,
        showOptions: true,
        modeSelection: freshSelection(
          defaultModes(null, event.roomModeIds, event.canRunPaid, event.capabilities),
        ),
      },
      // 'Analyse fehlgeschlagen' / 'Standardoptimierungen werden empfohlen'
      { key: 'toast.analysisFailed', tone: 'error' },
    );
  },
};
