// The workflow machine's suggestions and the final result: requesting, ticking, implementing photo by photo
// (SPEC sections 5 and 8).
import { describe, it, expect } from 'vitest';
import {
  currentStep,
  currentView,
  implementPlan,
  isLoading,
  type WorkflowEvent,
  type WorkflowState,
} from '../../../../web/workflow/machine';
import {
  run,
  suggestion,
  uploaded,
  inModes,
  processing,
  withResults,
  loadingSuggestions,
  withSuggestions,
  withTip,
  implementing,
  withoutNotice,
} from './fixtures';

describe('suggestions', () => {
  it('suggestionsRequested loads from the results view (step 3)', () => {
    const next = loadingSuggestions();
    expect(next.suggestionsLoading).toBe(true);
    expect(currentStep(next)).toBe(3);
  });

  it.each([
    ['no enhanced image', inModes],
    ['already loading', loadingSuggestions],
    ['during processing', processing],
    ['on the upload page', uploaded],
  ] as [string, () => WorkflowState][])('suggestionsRequested is ignored with %s', (_name, make) => {
    const state = make();
    expect(run(state, { type: 'suggestionsRequested' })).toBe(state);
  });

  it("suggestionsReceived shows them and ties 'Bild n' to the n-th enhanced image", () => {
    const state = run(
      processing(),
      { type: 'imageFailed', imageId: 'a', error: 'x' },
      { type: 'imageEnhanced', imageId: 'b', enhancedKey: 'r:b' },
      { type: 'batchFinished' },
      { type: 'suggestionsRequested' },
      {
        type: 'suggestionsReceived',
        suggestions: [
          suggestion('s1', { imageNumber: 1 }),
          suggestion('s2', { imageNumber: 2 }),
          suggestion('s3'),
        ],
      },
    );
    expect(state.suggestionsLoading).toBe(false);
    expect(state.suggestions.map((s) => s.imageId)).toEqual(['b', undefined, undefined]);
    expect(currentStep(state)).toBe(4);
  });

  it.each([
    ['an empty answer', { type: 'suggestionsReceived', suggestions: [] }],
    ['a failure', { type: 'suggestionsFailed' }],
  ] as [string, WorkflowEvent][])('%s stops loading with an error notice', (_name, event) => {
    const next = run(loadingSuggestions(), event);
    expect(next.suggestionsLoading).toBe(false);
    expect(next.suggestions).toEqual([]);
    expect(next.notice).toMatchObject({ key: 'toast.suggestionsFailed', tone: 'error' });
    expect(currentView(next)).toBe('results');
  });

  it.each([
    ['suggestions', { type: 'suggestionsReceived', suggestions: [suggestion('s')] }],
    ['a failure', { type: 'suggestionsFailed' }],
  ] as [string, WorkflowEvent][])('ignores late %s when nothing loads', (_name, event) => {
    const state = withResults();
    expect(run(state, event)).toBe(state);
  });

  it('suggestionToggled ticks and unticks one suggestion', () => {
    const once = run(withSuggestions(), { type: 'suggestionToggled', suggestionId: 's2' });
    expect(once.suggestions.map((s) => s.selected)).toEqual([false, true, false]);
    const twice = run(once, { type: 'suggestionToggled', suggestionId: 's2' });
    expect(twice.suggestions.map((s) => s.selected)).toEqual([false, false, false]);
  });

  it.each([
    ['an unknown suggestion', withSuggestions, { type: 'suggestionToggled', suggestionId: 'nope' }],
    ['a tick while implementing', implementing, { type: 'suggestionToggled', suggestionId: 's2' }],
    ['custom text while implementing', implementing, { type: 'customSuggestionChanged', text: 'x' }],
    ['custom text without suggestions', withResults, { type: 'customSuggestionChanged', text: 'x' }],
    ['a second implement request', implementing, { type: 'implementRequested' }],
    ['implementing without suggestions', withResults, { type: 'implementRequested' }],
    ['a final answer nobody asked for', withSuggestions, { type: 'finalReceived', images: [], applied: [] }],
    ['progress nobody asked for', withSuggestions, { type: 'implementProgressed', current: 1, total: 1 }],
    ['progress without photos', implementing, { type: 'implementProgressed', current: 1, total: 0 }],
    [
      'a tick on a tip the server cannot carry out',
      withTip,
      { type: 'suggestionToggled', suggestionId: 'tip' },
    ],
    ['an implement failure nobody asked for', withSuggestions, { type: 'implementFailed' }],
  ] as [string, () => WorkflowState, WorkflowEvent][])('ignores %s', (_name, make, event) => {
    const state = make();
    expect(run(state, event)).toBe(state);
  });

  it.each([
    ['nothing ticked, no custom text', ''],
    ['nothing ticked, only blanks', '   '],
  ])('implementRequested with %s only shows the notice', (_name, text) => {
    const state = run(withSuggestions(), { type: 'customSuggestionChanged', text });
    const next = run(state, { type: 'implementRequested' });
    expect(next.notice).toMatchObject({ key: 'toast.noSuggestionsSelected', tone: 'error' });
    expect(withoutNotice(next)).toEqual(withoutNotice(state));
  });

  it.each([
    ['one ticked', [{ type: 'suggestionToggled', suggestionId: 's3' }]],
    ['only custom text', [{ type: 'customSuggestionChanged', text: 'Pflanze ans Fenster' }]],
  ] as [string, WorkflowEvent[]][])(
    'implementRequested with %s starts implementing (step 4)',
    (_name, events) => {
      const next = run(withSuggestions(), ...events, { type: 'implementRequested' });
      expect(next.implementing).toBe(true);
      expect(currentStep(next)).toBe(4);
      expect(isLoading(next)).toBe(true);
    },
  );

  it('finalReceived stores the images and, per photo, what the server applied (step 5)', () => {
    const applied = [
      { imageId: 'a', applied: ['Titel s1'], notApplied: ['Pflanze ans Fenster'] },
      { imageId: 'b', applied: ['Titel s2', 'Pflanze ans Fenster'], notApplied: [] },
      // A photo not in the final result has nothing to show.
      { imageId: 'gone', applied: ['Titel s3'], notApplied: [] },
    ];
    const next = run(
      withSuggestions(),
      { type: 'suggestionToggled', suggestionId: 's2' },
      { type: 'suggestionToggled', suggestionId: 's1' },
      { type: 'customSuggestionChanged', text: '  Pflanze ans Fenster ' },
      { type: 'implementRequested' },
      { type: 'implementProgressed', current: 2, total: 2 },
      {
        type: 'finalReceived',
        images: [
          { imageId: 'a', resultKey: 'f:a' },
          { imageId: 'b', resultKey: 'f:b' },
        ],
        applied,
      },
    );
    expect(next.implementing).toBe(false);
    expect(next.implementProgress).toBeNull();
    expect(next.finalResult).toEqual({
      images: [
        { imageId: 'a', resultKey: 'f:a' },
        { imageId: 'b', resultKey: 'f:b' },
      ],
      appliedSuggestions: applied.slice(0, 2),
    });
    expect(currentStep(next)).toBe(5);
  });

  it.each([
    ['the photo being worked on', 2, 3, { current: 2, total: 3 }],
    ['a count past the end, held at the last photo', 5, 3, { current: 3, total: 3 }],
  ])('implementProgressed shows %s', (_name, current, total, expected) => {
    expect(run(implementing(), { type: 'implementProgressed', current, total }).implementProgress).toEqual(
      expected,
    );
  });

  it('a tip the server cannot carry out is never sent, even when a saved state ticked it', () => {
    const state = run(withSuggestions(), {
      type: 'suggestionToggled',
      suggestionId: 's3',
    });
    const tipTicked = {
      ...state,
      suggestions: state.suggestions.map((s) => (s.id === 's3' ? { ...s, tipOnly: true } : s)),
    };
    const next = run(tipTicked, { type: 'implementRequested' });
    expect(next.notice).toMatchObject({ key: 'toast.noSuggestionsSelected' });
    expect(next.implementing).toBe(false);
  });

  it('implementPlan sends each photo its own ticked suggestions and the custom text, not the tips', () => {
    const state = run(
      withSuggestions(),
      { type: 'suggestionToggled', suggestionId: 's1' },
      { type: 'suggestionToggled', suggestionId: 's3' },
      { type: 'customSuggestionChanged', text: ' Mehr Licht ' },
    );
    expect(implementPlan(state)).toEqual([
      {
        imageId: 'a',
        lines: [
          { line: 'Titel s1: Beschreibung s1', label: 'Titel s1' },
          { line: 'Titel s3: Beschreibung s3', label: 'Titel s3' },
          { line: 'Mehr Licht', label: 'Mehr Licht' },
        ],
      },
      {
        imageId: 'b',
        lines: [
          { line: 'Titel s3: Beschreibung s3', label: 'Titel s3' },
          { line: 'Mehr Licht', label: 'Mehr Licht' },
        ],
      },
    ]);
  });

  it('implementFailed returns to the suggestions with an error notice', () => {
    const next = run(implementing(), { type: 'implementFailed' });
    expect(next.implementing).toBe(false);
    expect(next.suggestions).toHaveLength(3);
    expect(currentView(next)).toBe('suggestions');
    expect(next.notice).toMatchObject({ key: 'toast.implementFailed', tone: 'error' });
  });
});
