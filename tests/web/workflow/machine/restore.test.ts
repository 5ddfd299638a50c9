// The saved workflow read back after a reload (web/workflow/restore.ts): what is kept, what is dropped, what
// work a reload interrupted becomes, and snapshots of older versions.
import { describe, it, expect } from 'vitest';
import { restore } from '../../../../web/workflow/restore';
import {
  canApply,
  currentView,
  initialState,
  isLoading,
  needsAnalysis,
  toSnapshot,
} from '../../../../web/workflow/machine';
import {
  run,
  analysis,
  suggestion,
  uploaded,
  processing,
  loadingSuggestions,
  implementing,
  withFinal,
  statuses,
} from './fixtures';

describe('#restore', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'state'],
    ['an array', []],
    ['no version', { images: [] }],
    ['a future version', { version: 3, images: [{ id: 'a' }] }],
  ])('gives the initial state for %s', (_name, snapshot) => {
    expect(restore(snapshot)).toEqual(initialState);
  });

  it('round-trips a snapshot, without the toast and dialogs', () => {
    const state = run({ ...withFinal(), credits: 3 }, { type: 'compareOpened', imageId: 'a' });
    const snapshot = JSON.parse(JSON.stringify(toSnapshot(state))) as unknown;
    expect(snapshot).toMatchObject({ version: 2 });
    expect(restore(snapshot)).toEqual({ ...state, overlay: null, notice: null, noticeSeq: 0 });
  });

  it('turns an interrupted batch into work that can run again, on the mode selection', () => {
    const state = run(
      processing(),
      { type: 'imageEnhanced', imageId: 'a', enhancedKey: 'r:a' },
      { type: 'imageEnhancing', imageId: 'b' },
    );
    const next = restore(toSnapshot(state));
    expect(statuses(next)).toEqual(['enhanced', 'uploaded']);
    expect(next.batch).toBeNull();
    expect(isLoading(next)).toBe(false);
    expect(currentView(next)).toBe('modes');
    expect(canApply(next)).toBe(true);
  });

  it('turns a running analysis and running requests back into idle ones', () => {
    const analysing = restore(
      toSnapshot(run(uploaded(), { type: 'analysisStarted' }, { type: 'imageAnalysed', imageId: 'a' })),
    );
    expect(analysing.analysisStatus).toBe('idle');
    expect(currentView(analysing)).toBe('upload');
    expect(needsAnalysis(analysing)).toBe(true);
    expect(restore(toSnapshot(loadingSuggestions())).suggestionsLoading).toBe(false);
    const wasImplementing = restore(toSnapshot(implementing()));
    expect(wasImplementing.implementing).toBe(false);
    expect(currentView(wasImplementing)).toBe('suggestions');
  });

  it('drops what cannot be valid and keeps the rest', () => {
    const next = restore({
      version: 2,
      images: [
        {
          id: 'a',
          name: 'a.jpg',
          size: 10,
          type: 'image/png',
          pixels: 120,
          status: 'uploaded',
          extra: 'dropped',
        },
        { id: 'a', name: 'dup.jpg', size: 11, type: 'image/png', status: 'uploaded' },
        { id: 'b', name: 'b.jpg', size: -1, type: 'image/png', status: 'uploaded' },
        { id: 'c', name: 'c.jpg', size: 12, type: 'image/png', status: 'exploded' },
        { id: 'd', name: 'd.jpg', size: 13, type: 'image/png', pixels: -1, status: 'enhanced' },
        { id: 'e', name: 'e.jpg', size: 14, type: 'image/png', status: 'enhanced', enhancedKey: 'r:e' },
        'garbage',
      ],
      analysis: {
        roomType: 'attic',
        roomTypes: [],
        hasMixedRooms: false,
        recommendedModes: [],
        perImage: {},
      },
      analysisStatus: 'done',
      analysedImageIds: ['a', 'zz', 7],
      showOptions: 'yes',
      modeSelection: {
        kind: 'individual',
        uniform: ['brighten', 'brighten'],
        perImage: { a: ['sharpen'], gone: ['x'] },
      },
      suggestions: [suggestion('s1'), { id: 's2', title: 3 }],
      customSuggestion: 'mehr Licht',
      suggestionsLoading: true,
      finalResult: { images: 'nope' },
      credits: -4,
      notice: { id: 5, key: 'toast.analysisDone', tone: 'info' },
    });
    expect(next.images).toEqual([
      { id: 'a', name: 'a.jpg', size: 10, type: 'image/png', pixels: 120, status: 'uploaded' },
      { id: 'd', name: 'd.jpg', size: 13, type: 'image/png', status: 'uploaded' },
      { id: 'e', name: 'e.jpg', size: 14, type: 'image/png', status: 'enhanced', enhancedKey: 'r:e' },
    ]);
    expect(next.analysis).toBeNull();
    expect(next.analysisStatus).toBe('idle');
    expect(next.analysedImageIds).toEqual(['a']);
    expect(next.showOptions).toBe(false);
    expect(next.modeSelection).toEqual({
      kind: 'individual',
      uniform: ['brighten'],
      perImage: { a: ['sharpen'] },
    });
    expect(next.suggestions).toEqual([suggestion('s1')]);
    expect(next.customSuggestion).toBe('mehr Licht');
    expect(next.suggestionsLoading).toBe(false);
    expect(next.finalResult).toBeNull();
    expect(next.credits).toBe(0);
    expect(next.notice).toBeNull();
  });

  it('keeps a final result saved before it said per photo what was applied, without those claims', () => {
    const next = restore({
      version: 2,
      images: [
        { id: 'a', name: 'a.jpg', size: 1, type: 'image/jpeg', status: 'enhanced', enhancedKey: 'r:a' },
      ],
      suggestions: [suggestion('tip', { tipOnly: true })],
      finalResult: {
        images: [{ imageId: 'a', resultKey: 'final:a' }],
        appliedSuggestions: ['Obstschale', { imageId: 'a', applied: ['Mehr Licht'], notApplied: [] }],
      },
      implementing: true,
      implementProgress: { current: 1, total: 1 },
    });
    expect(next.finalResult?.appliedSuggestions).toEqual([
      { imageId: 'a', applied: ['Mehr Licht'], notApplied: [] },
    ]);
    expect(next.suggestions).toEqual([suggestion('tip', { tipOnly: true })]);
    expect(next.implementProgress).toBeNull();
  });

  it('keeps a valid analysis, limited to the images still held', () => {
    const next = restore({
      version: 2,
      images: [{ id: 'a', name: 'a.jpg', size: 1, type: 'image/jpeg', status: 'uploaded' }],
      analysis: analysis({ perImage: { a: 'bathroom', gone: 'kitchen' } }),
      analysisStatus: 'done',
      analysedImageIds: ['a'],
    });
    expect(next.analysis?.perImage).toEqual({ a: 'bathroom' });
    expect(needsAnalysis(next)).toBe(false);
  });

  it('reads a version 1 snapshot, whose result keys were called URLs, with every result kept', () => {
    const next = restore({
      version: 1,
      images: [
        {
          id: 'a',
          name: 'a.jpg',
          size: 1,
          type: 'image/jpeg',
          status: 'enhanced',
          enhancedUrl: 'a:enhanced',
        },
        { id: 'b', name: 'b.jpg', size: 1, type: 'image/jpeg', status: 'uploaded' },
      ],
      finalResult: { images: [{ imageId: 'a', url: 'a:final' }], appliedSuggestions: [] },
    });
    expect(next.images.map((i) => [i.id, i.status, i.enhancedKey])).toEqual([
      ['a', 'enhanced', 'a:enhanced'],
      ['b', 'uploaded', undefined],
    ]);
    expect(next.images[0]).not.toHaveProperty('enhancedUrl');
    expect(next.finalResult?.images).toEqual([{ imageId: 'a', resultKey: 'a:final' }]);
  });

  it('never opens mode selection without images', () => {
    expect(restore({ version: 2, images: [], showOptions: true, batch: { startedAt: 0 } }).showOptions).toBe(
      false,
    );
  });
});
