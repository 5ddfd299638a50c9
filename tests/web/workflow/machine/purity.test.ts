// The workflow machine is pure: no transition writes into its input, from any state the fixtures reach.
import { describe, it, expect } from 'vitest';
import {
  initialState,
  transition,
  type WorkflowEvent,
  type WorkflowState,
} from '../../../../web/workflow/machine';
import {
  deepFreeze,
  run,
  file,
  ROOM_MODES,
  analysis,
  suggestion,
  shoppingList,
  uploaded,
  inModes,
  processing,
  withResults,
  withSuggestions,
  implementing,
  withFinal,
  withStagedFinal,
} from './fixtures';

describe('purity', () => {
  const samples: [string, () => WorkflowState][] = [
    ['initial', () => initialState],
    ['uploaded', uploaded],
    ['modes', inModes],
    ['individual', () => run(inModes(), { type: 'selectionKindChanged', kind: 'individual' })],
    ['processing', processing],
    ['results', withResults],
    ['suggestions', withSuggestions],
    ['implementing', implementing],
    ['final', withFinal],
    ['staged', withStagedFinal],
  ];
  const events: WorkflowEvent[] = [
    {
      type: 'imagesAdded',
      images: [file('n')],
      rejected: [{ name: 'x', key: 'upload.tooLarge' }],
      source: 'upload',
    },
    { type: 'imageRemoved', imageId: 'a' },
    { type: 'allImagesCleared' },
    { type: 'analysisStarted' },
    { type: 'imageAnalysed', imageId: 'a' },
    { type: 'analysisSucceeded', analysis: analysis(), roomModeIds: ROOM_MODES, canRunPaid: true },
    { type: 'analysisFailed', roomModeIds: ROOM_MODES, canRunPaid: true },
    { type: 'optionsOpened', roomModeIds: ROOM_MODES, canRunPaid: true },
    { type: 'modeToggled', modeId: 'sharpen' },
    { type: 'modeToggled', modeId: 'sharpen', imageId: 'a' },
    { type: 'selectionKindChanged', kind: 'individual' },
    { type: 'selectionKindChanged', kind: 'uniform' },
    { type: 'enhancementStarted', price: 2, startedAt: 0 },
    { type: 'imageEnhancing', imageId: 'a' },
    { type: 'imageEnhanced', imageId: 'a', enhancedKey: 'r' },
    { type: 'imageFailed', imageId: 'a', error: 'x' },
    { type: 'batchFinished' },
    { type: 'batchAborted', reason: 'error' },
    { type: 'insufficientCredits', needed: 3, current: 1 },
    { type: 'stagingRedirect' },
    { type: 'creditsLoaded', credits: 9 },
    { type: 'suggestionsRequested' },
    { type: 'suggestionsReceived', suggestions: [suggestion('z', { imageNumber: 1 })] },
    { type: 'suggestionsFailed' },
    { type: 'suggestionToggled', suggestionId: 's1' },
    { type: 'customSuggestionChanged', text: 'x' },
    { type: 'implementRequested' },
    { type: 'implementProgressed', current: 1, total: 2 },
    { type: 'finalReceived', images: [], applied: [] },
    { type: 'implementFailed' },
    { type: 'stagingCompleted', imageId: 'a', stagedKey: 's', shoppingList },
    { type: 'compareOpened', imageId: 'a' },
    { type: 'overlayClosed' },
    { type: 'noticeShown', notice: { key: 'toast.analysisDone', tone: 'info' } },
    { type: 'noticeDismissed', id: 1 },
    { type: 'back' },
    { type: 'reset' },
  ];

  it.each(samples)('no event writes into the %s state', (_name, make) => {
    const state = make();
    const copy = structuredClone(state);
    for (const event of events) {
      // Throws on any write, since the state is frozen and tests run in strict mode.
      transition(deepFreeze(state), deepFreeze(event));
    }
    expect(state).toEqual(copy);
  });
});
