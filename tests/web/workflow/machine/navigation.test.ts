// The workflow machine's navigation: which step and view a state shows, progress and loading, the overlays and
// notices, 'Zurück' and starting over (SPEC section 4).
import { describe, it, expect } from 'vitest';
import {
  currentStep,
  currentView,
  initialState,
  isLoading,
  progressPercent,
  type ImageItem,
  type WorkflowState,
} from '../../../../web/workflow/machine';
import {
  deepFreeze,
  run,
  suggestion,
  uploaded,
  inModes,
  processing,
  withResults,
  loadingSuggestions,
  withSuggestions,
  implementing,
  withFinal,
  withStagedFinal,
  image,
} from './fixtures';

describe('#currentStep and #currentView', () => {
  const img = (id: string, status: ImageItem['status']): ImageItem => ({
    id,
    name: id,
    size: 1,
    type: 'image/png',
    status,
  });
  const batch = { startedAt: 0, total: 1, done: 0, partial: 0, failed: 0 };
  const final = { images: [], appliedSuggestions: [] };
  const cases: [string, Partial<WorkflowState>, number, string][] = [
    ['nothing uploaded', {}, 1, 'upload'],
    ['images, idle', { images: [img('a', 'uploaded')] }, 1, 'upload'],
    ['analysis running', { images: [img('a', 'uploaded')], analysisStatus: 'running' }, 1, 'analysis'],
    ['mode selection shown', { images: [img('a', 'uploaded')], showOptions: true }, 3, 'modes'],
    ['results over mode selection', { showOptions: true, resultsVisible: true }, 3, 'results'],
    ['suggestions being generated', { suggestionsLoading: true }, 3, 'upload'],
    ['batch running', { batch }, 2, 'processing'],
    ['an image enhancing without a batch', { images: [img('a', 'enhancing')] }, 2, 'processing'],
    ['processing wins over options', { batch, showOptions: true }, 2, 'processing'],
    ['suggestions present', { suggestions: [suggestion('s')], showOptions: true }, 4, 'suggestions'],
    ['suggestions being implemented', { implementing: true }, 4, 'suggestions'],
    ['suggestions win over processing', { suggestions: [suggestion('s')], batch }, 4, 'suggestions'],
    ['final result', { finalResult: final }, 5, 'final'],
    ['final wins over everything', { finalResult: final, suggestions: [suggestion('s')], batch }, 5, 'final'],
  ];
  it.each(cases)('%s -> step %i, view %s', (_name, patch, step, view) => {
    const state = deepFreeze({ ...initialState, ...patch });
    expect(currentStep(state)).toBe(step);
    expect(currentView(state)).toBe(view);
  });

  it('follows a whole journey through the five steps', () => {
    expect(
      [
        uploaded(),
        inModes(),
        processing(),
        withResults(),
        loadingSuggestions(),
        withSuggestions(),
        implementing(),
        withFinal(),
      ].map(currentStep),
    ).toEqual([1, 3, 2, 3, 3, 4, 4, 5]);
  });
});

describe('#progressPercent', () => {
  it.each([
    [1, 5],
    [2, 25],
    [3, 50],
    [4, 75],
    [5, 100],
    [0, 5],
  ])('step %i -> %i%%', (step, percent) => {
    expect(progressPercent(step)).toBe(percent);
  });
});

describe('#isLoading', () => {
  it.each([
    ['idle upload', uploaded(), false],
    ['analysis running', run(uploaded(), { type: 'analysisStarted' }), true],
    ['mode selection', inModes(), false],
    ['processing', processing(), true],
    ['results', withResults(), false],
    ['suggestions loading', loadingSuggestions(), true],
    ['implementing', implementing(), true],
    ['final', withFinal(), false],
  ])('%s -> %s', (_name, state, loading) => {
    expect(isLoading(state)).toBe(loading);
  });
});

describe('overlays and notices', () => {
  it('compareOpened opens the comparison for a held image and overlayClosed closes it', () => {
    const state = withResults();
    const open = run(state, { type: 'compareOpened', imageId: 'b' });
    expect(open.overlay).toEqual({ kind: 'compare', imageId: 'b' });
    expect(run(open, { type: 'overlayClosed' })).toEqual(state);
  });

  it.each([
    ['an unknown image', withResults, 'ghost'],
    ['another dialog open', () => run(withResults(), { type: 'compareOpened', imageId: 'a' }), 'b'],
  ] as [string, () => WorkflowState, string][])('compareOpened is ignored for %s', (_name, make, imageId) => {
    const state = make();
    expect(run(state, { type: 'compareOpened', imageId })).toBe(state);
  });

  it('overlayClosed without an overlay changes nothing', () => {
    const state = inModes();
    expect(run(state, { type: 'overlayClosed' })).toBe(state);
  });

  it('shows one toast at a time: the newest replaces the old one with a new id', () => {
    const first = run(initialState, {
      type: 'noticeShown',
      notice: { key: 'download.failed', tone: 'error' },
    });
    const second = run(first, {
      type: 'noticeShown',
      notice: { key: 'download.failed', tone: 'error' },
    });
    expect(first.notice).toEqual({ id: 1, key: 'download.failed', tone: 'error' });
    expect(second.notice).toEqual({ id: 2, key: 'download.failed', tone: 'error' });
  });

  it('noticeDismissed clears only the notice it names', () => {
    const state = run(initialState, {
      type: 'noticeShown',
      notice: { key: 'toast.analysisDone', tone: 'info' },
    });
    expect(run(state, { type: 'noticeDismissed', id: 99 })).toBe(state);
    expect(run(state, { type: 'noticeDismissed', id: 1 }).notice).toBeNull();
  });
});

describe('back', () => {
  it('from a final result with staging products: mode selection, images reset to uploaded', () => {
    const next = run(withStagedFinal(), { type: 'overlayClosed' }, { type: 'back' });
    expect(next.finalResult).toBeNull();
    expect(currentView(next)).toBe('modes');
    expect(next.images).toEqual([
      { id: 'a', name: 'a.jpg', size: 1001, type: 'image/jpeg', status: 'uploaded' },
    ]);
  });

  it.each([
    ['a final result: clears it, suggestions again', withFinal, 'suggestions'],
    ['suggestions: clears them, results again', withSuggestions, 'results'],
    ['results without suggestions: mode selection', withResults, 'modes'],
    ['mode selection: upload', inModes, 'upload'],
  ] as [string, () => WorkflowState, string][])('from %s', (_name, make, view) => {
    expect(currentView(run(make(), { type: 'back' }))).toBe(view);
  });

  it('from a final result keeps the suggestions but drops the result', () => {
    const next = run(withFinal(), { type: 'back' });
    expect(next.finalResult).toBeNull();
    expect(next.suggestions.find((s) => s.id === 's1')?.selected).toBe(true);
    expect(image(next, 'a')?.status).toBe('enhanced');
  });

  it('from suggestions forgets them and the custom text', () => {
    const next = run(withSuggestions(), { type: 'customSuggestionChanged', text: 'x' }, { type: 'back' });
    expect(next.suggestions).toEqual([]);
    expect(next.customSuggestion).toBe('');
  });

  it.each([
    ['the empty upload page', () => initialState],
    ['the upload page', uploaded],
    ['a running analysis', () => run(uploaded(), { type: 'analysisStarted' })],
    ['processing', processing],
    ['loading suggestions', loadingSuggestions],
    ['implementing', implementing],
  ] as [string, () => WorkflowState][])('does nothing from %s', (_name, make) => {
    const state = make();
    expect(run(state, { type: 'back' })).toBe(state);
  });

  it('closes an open dialog first', () => {
    const state = withResults();
    expect(run(state, { type: 'compareOpened', imageId: 'a' }, { type: 'back' })).toEqual(state);
  });
});

describe('reset', () => {
  it.each([
    ['upload', uploaded],
    ['mode selection', inModes],
    ['processing', processing],
    ['suggestions', withSuggestions],
    ['final', withFinal],
    ['staging', withStagedFinal],
  ] as [string, () => WorkflowState][])(
    'from %s clears images, results, suggestions, modes and analysis',
    (_name, make) => {
      const state = { ...make(), credits: 7 };
      const next = run(state, { type: 'reset' });
      expect(next).toEqual({ ...initialState, credits: 7, noticeSeq: state.noticeSeq });
      expect(currentStep(next)).toBe(1);
    },
  );

  it('makes answers of the old run harmless', () => {
    const next = run(processing(), { type: 'reset' });
    expect(run(next, { type: 'imageEnhanced', imageId: 'a', enhancedKey: 'r' })).toBe(next);
    expect(run(next, { type: 'batchFinished' })).toBe(next);
  });
});
