// Table tests of the workflow machine: every rule of SPEC section 4 (steps, flow, mode selection, back
// navigation, reset) and the flow rules of sections 2, 5 and 8 that live in the workflow. Every state handed to
// `transition` is deep-frozen first, so any write into the input throws.
import { modeCostById } from '../../../core/catalog/modes';
import { describe, it, expect } from 'vitest';
import {
  applyValidation,
  canApply,
  creditsNeeded,
  currentStep,
  currentView,
  doneCount,
  implementPlan,
  initialState,
  isLoading,
  needsAnalysis,
  plannedJobs,
  progressPercent,
  roomTypeFor,
  selectedModeCount,
  selectedModesFor,
  toSnapshot,
  transition,
  type ImageItem,
  type RoomAnalysis,
  type ShoppingList,
  type WorkflowEvent,
  type WorkflowState,
} from '../../../web/workflow/machine';
import { restore } from '../../../web/workflow/restore';
import { tNotice } from '../../../web/i18n/de';
import type { Suggestion } from '../../../core/text/suggestionTypes';
import type { NewImage } from '../../../web/workflow/events';
import { placedPiece, stagingProduct, toArranging } from '../../helpers/stagingFixtures';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** Applies events in order; each input state is frozen, so a mutating transition throws here. */
function run(state: WorkflowState, ...events: WorkflowEvent[]): WorkflowState {
  return events.reduce((current, event) => transition(deepFreeze(current), event), state);
}

const file = (id: string, extra: Partial<NewImage> = {}): NewImage => ({
  id,
  name: `${id}.jpg`,
  size: 1000 + id.length,
  type: 'image/jpeg',
  ...extra,
});

const ROOM_MODES = ['cleanCounters', 'shineAppliances', 'warmLighting'];
const analysis = (extra: Partial<RoomAnalysis> = {}): RoomAnalysis => ({
  roomType: 'kitchen',
  roomTypes: ['kitchen'],
  hasMixedRooms: false,
  recommendedModes: ['brighten', 'declutter'],
  perImage: { a: 'kitchen', b: 'kitchen' },
  ...extra,
});

const suggestion = (id: string, extra: Partial<Suggestion> = {}): Suggestion => ({
  id,
  title: `Titel ${id}`,
  description: `Beschreibung ${id}`,
  hauptartikelContent: 'Kissen, Decke',
  selected: false,
  ...extra,
});

const shoppingList: ShoppingList = {
  items: [
    { name: 'Sofa', price: 499, link: 'https://shop.example/sofa' },
    { name: 'Lampe', price: 59.9, link: 'https://shop.example/lampe' },
  ],
  totalPrice: 558.9,
  affiliateDisclaimer: 'Affiliate-Links',
};

// States reached by real events, so the fixtures can only be states the machine itself produces.
const uploaded = (...ids: string[]) =>
  run(initialState, {
    type: 'imagesAdded',
    images: (ids.length ? ids : ['a', 'b']).map((id) => file(id)),
    source: 'upload',
  });
const inModes = (...ids: string[]) =>
  run(
    uploaded(...ids),
    { type: 'analysisStarted' },
    { type: 'analysisSucceeded', analysis: analysis(), roomModeIds: ROOM_MODES, canRunPaid: true },
  );
const processing = () =>
  run({ ...inModes(), credits: 10 }, { type: 'enhancementStarted', price: 4, startedAt: 1_000 });
const withResults = () =>
  run(
    processing(),
    { type: 'imageEnhancing', imageId: 'a' },
    { type: 'imageEnhanced', imageId: 'a', enhancedUrl: 'result:a', description: 'heller' },
    { type: 'imageEnhancing', imageId: 'b' },
    { type: 'imageEnhanced', imageId: 'b', enhancedUrl: 'result:b' },
    { type: 'batchFinished' },
  );
const loadingSuggestions = () => run(withResults(), { type: 'suggestionsRequested' });
const withSuggestions = () =>
  run(loadingSuggestions(), {
    type: 'suggestionsReceived',
    suggestions: [
      suggestion('s1', { imageNumber: 1 }),
      suggestion('s2', { imageNumber: 2 }),
      suggestion('s3'),
    ],
  });
const withTip = () =>
  run(loadingSuggestions(), {
    type: 'suggestionsReceived',
    suggestions: [suggestion('s1'), suggestion('tip', { tipOnly: true })],
  });
const implementing = () =>
  run(withSuggestions(), { type: 'suggestionToggled', suggestionId: 's1' }, { type: 'implementRequested' });
const withFinal = () =>
  run(implementing(), {
    type: 'finalReceived',
    images: [{ imageId: 'a', url: 'final:a' }],
    applied: [{ imageId: 'a', applied: ['Titel s1'], notApplied: [] }],
  });
const stagingOpen = () => run(inModes('a'), { type: 'stagingRedirect' });
const withStagedFinal = () =>
  run(
    stagingOpen(),
    ...toArranging(
      [stagingProduct('sofa-a', 'sofa', 49_900)],
      [placedPiece('sofa-a#0'), placedPiece('sofa-a#1', { unit: 1, x: 2 })],
    ),
    { type: 'stagingFinishStarted' },
    { type: 'stagingCompleted', imageId: 'a', stagedUrl: 'staged:a', shoppingList },
  );

const image = (state: WorkflowState, id: string): ImageItem | undefined =>
  state.images.find((i) => i.id === id);
const statuses = (state: WorkflowState) => state.images.map((i) => i.status);
/** Everything but the toast, to assert that an event changed nothing else. */
const withoutNotice = (state: WorkflowState) => ({ ...state, notice: null, noticeSeq: 0 });

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

describe('imagesAdded', () => {
  it('adds uploads as uploaded and reports the count', () => {
    const next = uploaded('a', 'b');
    expect(next.images).toEqual([
      { id: 'a', name: 'a.jpg', size: 1001, type: 'image/jpeg', status: 'uploaded' },
      { id: 'b', name: 'b.jpg', size: 1001, type: 'image/jpeg', status: 'uploaded' },
    ]);
    expect(next.notice).toEqual({ id: 1, key: 'toast.imagesAdded', values: { n: 2 }, tone: 'success' });
  });

  it('keeps the source URL of imported images and says they were imported', () => {
    const next = run(initialState, {
      type: 'imagesAdded',
      images: [file('x', { originalUrl: 'https://a0.muscache.com/im/pictures/x.jpeg' })],
      source: 'import',
    });
    expect(image(next, 'x')?.originalUrl).toBe('https://a0.muscache.com/im/pictures/x.jpeg');
    expect(next.notice).toMatchObject({ key: 'toast.imagesImported', values: { n: 1 }, tone: 'success' });
  });

  it('appends to images already there', () => {
    const next = run(uploaded('a'), { type: 'imagesAdded', images: [file('b')], source: 'upload' });
    expect(next.images.map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('lists refused files, its own duplicates included, in one error notice', () => {
    const next = run(uploaded('a'), {
      type: 'imagesAdded',
      images: [file('b'), file('a2', { name: 'a.jpg', size: 1001 }), file('c', { name: 'a.jpg', size: 5 })],
      rejected: [{ name: 'huge.png', key: 'upload.tooLarge' }],
      source: 'upload',
    });
    expect(next.images.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(next.notice).toEqual({
      id: 2,
      key: 'toast.uploadRejected',
      values: { n: 2 },
      tone: 'error',
      details: [
        { name: 'huge.png', key: 'upload.tooLarge' },
        { name: 'a.jpg', key: 'upload.duplicate' },
      ],
    });
  });

  it('reports refusals even when nothing was added', () => {
    const before = uploaded('a');
    const next = run(before, {
      type: 'imagesAdded',
      images: [],
      rejected: [{ name: 'doc.pdf', key: 'upload.unsupportedFormat' }],
      source: 'upload',
    });
    expect(next.images).toBe(before.images);
    expect(next.notice?.key).toBe('toast.uploadRejected');
  });

  it.each([
    ['an empty add', uploaded('a'), [] as NewImage[]],
    ['an id already held', uploaded('a'), [file('a', { name: 'other.jpg' })]],
    ['any add outside the upload page', inModes(), [file('z')]],
    ['any add during processing', processing(), [file('z')]],
  ])('ignores %s', (_name, state, images) => {
    expect(run(state, { type: 'imagesAdded', images, source: 'upload' })).toBe(state);
  });
});

describe('imageRemoved and allImagesCleared', () => {
  const analysedBack = () =>
    run(inModes(), { type: 'selectionKindChanged', kind: 'individual' }, { type: 'back' });

  it('removes one image with its modes, room type and check mark', () => {
    const next = run(analysedBack(), { type: 'imageRemoved', imageId: 'a' });
    expect(next.images.map((i) => i.id)).toEqual(['b']);
    expect(next.modeSelection.perImage).toEqual({ b: ['brighten', 'declutter'] });
    expect(next.analysis?.perImage).toEqual({ b: 'kitchen' });
    expect(next.analysedImageIds).toEqual(['b']);
    expect(needsAnalysis(next)).toBe(false);
  });

  it('clears all images and the analysis', () => {
    const next = run(analysedBack(), { type: 'allImagesCleared' });
    expect(next.images).toEqual([]);
    expect(next.analysis).toBeNull();
    expect(next.analysisStatus).toBe('idle');
    expect(next.analysedImageIds).toEqual([]);
    expect(next.modeSelection.perImage).toEqual({});
  });

  it.each([
    ['an unknown id', uploaded(), { type: 'imageRemoved', imageId: 'nope' }],
    ['removal in mode selection', inModes(), { type: 'imageRemoved', imageId: 'a' }],
    ['removal during processing', processing(), { type: 'imageRemoved', imageId: 'a' }],
    ['clearing nothing', initialState, { type: 'allImagesCleared' }],
    ['clearing during processing', processing(), { type: 'allImagesCleared' }],
  ] as [string, WorkflowState, WorkflowEvent][])('ignores %s', (_name, state, event) => {
    expect(run(state, event)).toBe(state);
  });
});

describe('analysis', () => {
  const running = () => run(uploaded('a', 'b'), { type: 'analysisStarted' });

  it('starts with no check marks and shows the analysis view', () => {
    const next = running();
    expect(next.analysisStatus).toBe('running');
    expect(next.analysedImageIds).toEqual([]);
    expect(currentView(next)).toBe('analysis');
  });

  it('sets a check mark once per analysed image', () => {
    const next = run(
      running(),
      { type: 'imageAnalysed', imageId: 'b' },
      { type: 'imageAnalysed', imageId: 'b' },
      { type: 'imageAnalysed', imageId: 'ghost' },
    );
    expect(next.analysedImageIds).toEqual(['b']);
  });

  it('on success opens mode selection with the recommended modes preselected', () => {
    const next = run(running(), {
      type: 'analysisSucceeded',
      analysis: analysis({
        recommendedModes: ['sunshine', 'sunshine', 'declutter'],
        perImage: { a: 'kitchen', gone: 'bedroom' },
      }),
      roomModeIds: ROOM_MODES,
      canRunPaid: true,
    });
    expect(next.analysisStatus).toBe('done');
    expect(next.showOptions).toBe(true);
    expect(currentView(next)).toBe('modes');
    expect(next.modeSelection).toEqual({ kind: 'uniform', uniform: ['sunshine', 'declutter'], perImage: {} });
    expect(next.analysis?.perImage).toEqual({ a: 'kitchen' });
    expect(roomTypeFor(next, 'a')).toBe('kitchen');
    expect(next.analysedImageIds).toEqual(['a', 'b']);
    expect(next.notice).toMatchObject({ key: 'toast.analysisDone', tone: 'success' });
  });

  it('preselects only free device modes for who cannot run paid ones now (visitor or offline), never two alike', () => {
    const next = run(running(), {
      type: 'analysisSucceeded',
      analysis: analysis({ recommendedModes: ['autoOptimize', 'brighten', 'declutter', 'sharpen'] }),
      roomModeIds: ROOM_MODES,
      canRunPaid: false,
    });
    expect(next.modeSelection.uniform).toEqual(['autoOptimize', 'sharpen']);
    // The recommendation itself is kept, so the paid ones are still shown as recommended.
    expect(next.analysis?.recommendedModes).toContain('declutter');
  });

  it("in 'Alle gleich' applies a room's own modes only to photos of that room", () => {
    const mixed = run(
      uploaded(),
      { type: 'analysisStarted' },
      {
        type: 'analysisSucceeded',
        analysis: analysis({ roomType: 'mixed', perImage: { a: 'kitchen', b: 'bedroom' } }),
        roomModeIds: ROOM_MODES,
        canRunPaid: true,
      },
    );
    const state = run(
      mixed,
      { type: 'modeToggled', modeId: 'cleanCounters' },
      { type: 'modeToggled', modeId: 'hotelBed' },
    );
    expect(selectedModesFor(state, 'a')).toEqual(['brighten', 'declutter', 'cleanCounters']);
    expect(selectedModesFor(state, 'b')).toEqual(['brighten', 'declutter', 'hotelBed']);
    // Each photo is charged for what it gets: 2 + 1 credits each, brighten is free.
    expect(creditsNeeded(state, modeCostById)).toBe(6);
  });

  it('picking a mode drops the selected ones that do the same thing', () => {
    const next = run(
      inModes(),
      { type: 'modeToggled', modeId: 'autoOptimize' },
      { type: 'modeToggled', modeId: 'generalBrighten' },
    );
    expect(next.modeSelection.uniform).toContain('generalBrighten');
    expect(next.modeSelection.uniform).not.toContain('autoOptimize');
    expect(next.modeSelection.uniform).not.toContain('brighten');
  });

  it('without recommendations preselects the first two room modes', () => {
    const next = run(running(), {
      type: 'analysisSucceeded',
      analysis: analysis({ recommendedModes: [] }),
      roomModeIds: ROOM_MODES,
      canRunPaid: true,
    });
    expect(next.modeSelection.uniform).toEqual(['cleanCounters', 'shineAppliances']);
  });

  it('on failure still opens mode selection, recommending the standard modes', () => {
    const next = run(running(), {
      type: 'analysisFailed',
      roomModeIds: ['declutter', 'brighten', 'enhance'],
      canRunPaid: true,
    });
    expect(next.analysisStatus).toBe('failed');
    expect(next.analysis).toBeNull();
    expect(currentView(next)).toBe('modes');
    expect(next.modeSelection.uniform).toEqual(['declutter', 'brighten']);
    expect(next.notice).toMatchObject({ key: 'toast.analysisFailed', tone: 'error' });
  });

  it.each([
    ['success', { type: 'analysisSucceeded', analysis: analysis(), roomModeIds: [], canRunPaid: true }],
    ['failure', { type: 'analysisFailed', roomModeIds: [], canRunPaid: true }],
    ['a check mark', { type: 'imageAnalysed', imageId: 'a' }],
  ] as [string, WorkflowEvent][])('ignores a late %s when no analysis runs', (_name, event) => {
    const state = uploaded();
    expect(run(state, event)).toBe(state);
  });

  it.each([
    ['no images', initialState],
    ['an analysis already running', run(uploaded(), { type: 'analysisStarted' })],
    ['mode selection open', inModes()],
  ])('does not start with %s', (_name, state) => {
    expect(run(state, { type: 'analysisStarted' })).toBe(state);
  });

  it.each([
    ['never analysed', uploaded(), true],
    ['analysed, all images', run(inModes(), { type: 'back' }), false],
    [
      'analysed, then an image added',
      run(inModes(), { type: 'back' }, { type: 'imagesAdded', images: [file('c')], source: 'upload' }),
      true,
    ],
    [
      'analysis failed',
      run(
        uploaded(),
        { type: 'analysisStarted' },
        { type: 'analysisFailed', roomModeIds: [], canRunPaid: true },
        { type: 'back' },
      ),
      true,
    ],
  ])('needsAnalysis: %s -> %s', (_name, state, expected) => {
    expect(needsAnalysis(state)).toBe(expected);
  });

  it('optionsOpened skips a second analysis and keeps the choice made before', () => {
    const back = run(inModes(), { type: 'modeToggled', modeId: 'sharpen' }, { type: 'back' });
    const next = run(back, { type: 'optionsOpened', roomModeIds: ROOM_MODES, canRunPaid: true });
    expect(currentView(next)).toBe('modes');
    expect(next.modeSelection.uniform).toEqual(['brighten', 'declutter', 'sharpen']);
  });

  it('optionsOpened preselects again when nothing is chosen', () => {
    const back = run(
      inModes(),
      { type: 'modeToggled', modeId: 'brighten' },
      { type: 'modeToggled', modeId: 'declutter' },
      { type: 'back' },
    );
    const next = run(back, { type: 'optionsOpened', roomModeIds: ROOM_MODES, canRunPaid: true });
    expect(next.modeSelection.uniform).toEqual(['brighten', 'declutter']);
  });

  it('optionsOpened needs images', () => {
    expect(run(initialState, { type: 'optionsOpened', roomModeIds: ROOM_MODES, canRunPaid: true })).toBe(
      initialState,
    );
  });
});

describe('mode selection', () => {
  it.each([
    ['adds a mode', 'sharpen', ['brighten', 'declutter', 'sharpen']],
    ['removes a chosen mode', 'brighten', ['declutter']],
  ])('uniform toggle %s', (_name, modeId, expected) => {
    expect(run(inModes(), { type: 'modeToggled', modeId }).modeSelection.uniform).toEqual(expected);
  });

  it("switching to 'Einzeln' copies the current selection to every image", () => {
    const next = run(inModes('a', 'b', 'c'), { type: 'selectionKindChanged', kind: 'individual' });
    expect(next.modeSelection.kind).toBe('individual');
    expect(next.modeSelection.perImage).toEqual({
      a: ['brighten', 'declutter'],
      b: ['brighten', 'declutter'],
      c: ['brighten', 'declutter'],
    });
  });

  it('in individual mode each image keeps its own selection', () => {
    const next = run(
      inModes(),
      { type: 'selectionKindChanged', kind: 'individual' },
      { type: 'modeToggled', modeId: 'sharpen', imageId: 'a' },
      { type: 'modeToggled', modeId: 'brighten', imageId: 'b' },
    );
    expect(selectedModesFor(next, 'a')).toEqual(['brighten', 'declutter', 'sharpen']);
    expect(selectedModesFor(next, 'b')).toEqual(['declutter']);
    expect(next.modeSelection.uniform).toEqual(['brighten', 'declutter']);
  });

  it("switching back to 'Alle gleich' gives back the uniform choice", () => {
    const next = run(
      inModes(),
      { type: 'selectionKindChanged', kind: 'individual' },
      { type: 'modeToggled', modeId: 'sharpen', imageId: 'a' },
      { type: 'selectionKindChanged', kind: 'uniform' },
    );
    expect(next.modeSelection.kind).toBe('uniform');
    expect(selectedModesFor(next, 'a')).toEqual(['brighten', 'declutter']);
  });

  it.each([
    ['a per-image toggle in uniform mode', inModes(), { type: 'modeToggled', modeId: 'x', imageId: 'a' }],
    [
      'a toggle without image in individual mode',
      run(inModes(), { type: 'selectionKindChanged', kind: 'individual' }),
      { type: 'modeToggled', modeId: 'x' },
    ],
    [
      'a toggle for an unknown image',
      run(inModes(), { type: 'selectionKindChanged', kind: 'individual' }),
      { type: 'modeToggled', modeId: 'x', imageId: 'ghost' },
    ],
    ['a toggle outside mode selection', uploaded(), { type: 'modeToggled', modeId: 'x' }],
    ['a toggle during processing', processing(), { type: 'modeToggled', modeId: 'x' }],
    ['choosing the kind already chosen', inModes(), { type: 'selectionKindChanged', kind: 'uniform' }],
    [
      'a kind change outside mode selection',
      uploaded(),
      { type: 'selectionKindChanged', kind: 'individual' },
    ],
  ] as [string, WorkflowState, WorkflowEvent][])('ignores %s', (_name, state, event) => {
    expect(run(state, event)).toBe(state);
  });

  const individual = (perImage: Record<string, string[]>) =>
    deepFreeze({
      ...inModes(),
      modeSelection: { kind: 'individual' as const, uniform: ['brighten'], perImage },
    });
  const uniform = (modes: string[]) =>
    deepFreeze({ ...inModes(), modeSelection: { kind: 'uniform' as const, uniform: modes, perImage: {} } });
  const cost = (modeId: string) => ({ brighten: 1, declutter: 2, windowView: 3 })[modeId] ?? 1;

  it.each([
    ['uniform, nothing chosen', uniform([]), false, 0, 0],
    ['uniform, no images', { ...uniform(['brighten']), images: [] }, false, 1, 0],
    ['uniform, two modes on two images', uniform(['brighten', 'declutter']), true, 2, 6],
    ['individual, no image has a mode', individual({ a: [], b: [] }), false, 0, 0],
    ['individual, one image has a mode', individual({ a: ['windowView'] }), true, 1, 3],
    [
      'individual, modes summed per image',
      individual({ a: ['brighten'], b: ['brighten', 'declutter'] }),
      true,
      3,
      4,
    ],
  ] as [string, WorkflowState, boolean, number, number][])(
    'canApply: %s -> %s (count %i, credits %i)',
    (_name, state, ok, count, credits) => {
      expect(canApply(state)).toBe(ok);
      expect(applyValidation(state)).toBe(ok ? null : 'modes.pickAtLeastOne');
      expect(selectedModeCount(state)).toBe(count);
      expect(creditsNeeded(state, cost)).toBe(credits);
    },
  );

  it('plans only images that have modes in individual mode', () => {
    expect(plannedJobs(individual({ b: ['sharpen'] }))).toEqual([{ imageId: 'b', modes: ['sharpen'] }]);
  });
});

describe('processing', () => {
  it('enhancementStarted sets planned images pending, starts the batch and deducts credits', () => {
    const next = processing();
    expect(statuses(next)).toEqual(['pending', 'pending']);
    expect(next.batch).toEqual({ startedAt: 1_000, total: 2, done: 0, partial: 0, failed: 0 });
    expect(next.credits).toBe(6);
    expect(next.showOptions).toBe(false);
    expect(currentView(next)).toBe('processing');
  });

  it('never deducts below zero (visitors hold 0 credits)', () => {
    expect(run(inModes(), { type: 'enhancementStarted', price: 4, startedAt: 0 }).credits).toBe(0);
  });

  it('leaves images without modes out of the batch in individual mode', () => {
    const next = run(
      inModes(),
      { type: 'selectionKindChanged', kind: 'individual' },
      { type: 'modeToggled', modeId: 'brighten', imageId: 'b' },
      { type: 'modeToggled', modeId: 'declutter', imageId: 'b' },
      { type: 'enhancementStarted', price: 2, startedAt: 0 },
    );
    expect(statuses(next)).toEqual(['pending', 'uploaded']);
    expect(next.batch?.total).toBe(1);
  });

  it('re-running drops the old result of an image', () => {
    const again = run(withResults(), { type: 'enhancementStarted', price: 0, startedAt: 5 });
    expect(image(again, 'a')).toEqual({
      id: 'a',
      name: 'a.jpg',
      size: 1001,
      type: 'image/jpeg',
      status: 'pending',
    });
  });

  it.each([
    [
      'no mode chosen',
      run(
        inModes(),
        { type: 'modeToggled', modeId: 'brighten' },
        { type: 'modeToggled', modeId: 'declutter' },
      ),
    ],
    ['a batch already running', processing()],
    ['the upload page', uploaded()],
    ['a dialog open', run(inModes(), { type: 'insufficientCredits', needed: 4, current: 1 })],
  ])('enhancementStarted is ignored with %s', (_name, state) => {
    expect(run(state, { type: 'enhancementStarted', price: 1, startedAt: 0 })).toBe(state);
  });

  it('runs one image at a time: pending -> enhancing -> enhanced', () => {
    const enhancing = run(processing(), { type: 'imageEnhancing', imageId: 'a' });
    expect(statuses(enhancing)).toEqual(['enhancing', 'pending']);
    const enhanced = run(enhancing, {
      type: 'imageEnhanced',
      imageId: 'a',
      enhancedUrl: 'r:a',
      description: 'heller',
    });
    expect(image(enhanced, 'a')).toMatchObject({
      status: 'enhanced',
      enhancedUrl: 'r:a',
      description: 'heller',
    });
    expect(enhanced.batch).toMatchObject({ done: 1, failed: 0 });
    expect(doneCount(enhanced)).toBe(1);
  });

  it('a failed image fails alone and the rest continue', () => {
    const next = run(
      processing(),
      { type: 'imageEnhancing', imageId: 'a' },
      { type: 'imageFailed', imageId: 'a', error: 'API Fehler (500): kaputt' },
      { type: 'imageEnhancing', imageId: 'b' },
      { type: 'imageEnhanced', imageId: 'b', enhancedUrl: 'r:b' },
    );
    expect(image(next, 'a')).toMatchObject({ status: 'error', error: 'API Fehler (500): kaputt' });
    expect(image(next, 'b')).toMatchObject({ status: 'enhanced' });
    expect(next.batch).toMatchObject({ done: 1, failed: 1 });
    expect(doneCount(next)).toBe(2);
  });

  it.each([
    ['enhancing an image not pending', processing, { type: 'imageEnhancing', imageId: 'ghost' }],
    ['a result without a batch', uploaded, { type: 'imageEnhanced', imageId: 'a', enhancedUrl: 'r' }],
    ['a failure without a batch', uploaded, { type: 'imageFailed', imageId: 'a', error: 'x' }],
    [
      'a second result for one image',
      () => run(processing(), { type: 'imageEnhanced', imageId: 'a', enhancedUrl: 'r' }),
      { type: 'imageEnhanced', imageId: 'a', enhancedUrl: 'r2' },
    ],
    ['finishing without a batch', inModes, { type: 'batchFinished' }],
    ['aborting without a batch', inModes, { type: 'batchAborted', reason: 'error' }],
  ] as [string, () => WorkflowState, WorkflowEvent][])('ignores %s', (_name, make, event) => {
    const state = make();
    expect(run(state, event)).toBe(state);
  });

  it('batchFinished reports x of y with the error count and shows results over the options', () => {
    const next = run(
      processing(),
      { type: 'imageEnhanced', imageId: 'a', enhancedUrl: 'r:a' },
      { type: 'imageFailed', imageId: 'b', error: 'kaputt' },
      { type: 'batchFinished' },
    );
    expect(next.batch).toBeNull();
    expect(next.showOptions).toBe(true);
    expect(currentView(next)).toBe('results');
    expect(currentStep(next)).toBe(3);
    expect(next.notice).toMatchObject({
      key: 'toast.batchDone',
      values: { done: 1, total: 2, failed: 1 },
      tone: 'success',
    });
  });

  it('a photo whose one mode failed alone keeps its result, says why, and the toast counts it honestly', () => {
    const partly =
      'Hotelbett – Diese Optimierung braucht den KI-Dienst, der auf diesem Server nicht eingerichtet ist.';
    const next = run(
      processing(),
      { type: 'imageEnhancing', imageId: 'a' },
      { type: 'imageEnhanced', imageId: 'a', enhancedUrl: 'r:a', description: 'heller', error: partly },
      { type: 'imageEnhancing', imageId: 'b' },
      { type: 'imageFailed', imageId: 'b', error: 'kaputt' },
    );
    expect(image(next, 'a')).toMatchObject({ status: 'enhanced', enhancedUrl: 'r:a', error: partly });
    expect(next.batch).toMatchObject({ done: 1, partial: 1, failed: 1 });
    const finished = run(next, { type: 'batchFinished' });
    expect(currentView(finished)).toBe('results');
    expect(finished.notice).toMatchObject({
      key: 'toast.batchPartly',
      values: { done: 1, total: 2, partial: 1, failed: 1 },
      tone: 'info',
    });
    expect(tNotice('toast.batchPartly', finished.notice!.values)).toEqual({
      title: 'Optimierung teilweise abgeschlossen',
      description:
        '1 von 2 Bildern optimiert, 1 Fehler. Bei 1 davon wurde nicht alles angewendet – der Grund steht beim Bild.',
    });
    // A new result of the photo drops the old reason with the old result.
    const again = run(
      finished,
      { type: 'enhancementStarted', price: 0, startedAt: 2 },
      { type: 'imageEnhanced', imageId: 'a', enhancedUrl: 'r:a2' },
    );
    expect(image(again, 'a')).toMatchObject({ status: 'enhanced', enhancedUrl: 'r:a2' });
    expect(image(again, 'a')?.error).toBeUndefined();
  });

  it('batchFinished with no success says so and returns to mode selection', () => {
    const next = run(
      processing(),
      { type: 'imageFailed', imageId: 'a', error: 'x' },
      { type: 'imageFailed', imageId: 'b', error: 'y' },
      { type: 'batchFinished' },
    );
    expect(currentView(next)).toBe('modes');
    expect(next.notice).toMatchObject({ key: 'toast.batchNoneSucceeded', tone: 'error' });
  });

  it('batchFinished puts images that never got their turn back to uploaded', () => {
    const next = run(
      processing(),
      { type: 'imageEnhanced', imageId: 'a', enhancedUrl: 'r' },
      { type: 'batchFinished' },
    );
    expect(statuses(next)).toEqual(['enhanced', 'uploaded']);
  });

  it.each([
    ['error', { key: 'toast.enhanceFailed', tone: 'error' }],
    ['cancelled', null],
  ] as const)('batchAborted (%s) stops, keeps finished results, re-arms the rest', (reason, notice) => {
    const next = run(
      processing(),
      { type: 'imageEnhanced', imageId: 'a', enhancedUrl: 'r:a' },
      { type: 'imageEnhancing', imageId: 'b' },
      { type: 'batchAborted', reason },
    );
    expect(next.batch).toBeNull();
    expect(statuses(next)).toEqual(['enhanced', 'uploaded']);
    expect(currentView(next)).toBe('modes');
    if (notice) expect(next.notice).toMatchObject(notice);
    else expect(next.noticeSeq).toBe(processing().noticeSeq);
  });

  it('insufficientCredits opens the dialog and stops the batch', () => {
    const next = run(
      processing(),
      { type: 'imageEnhancing', imageId: 'a' },
      { type: 'insufficientCredits', needed: 8, current: 2 },
    );
    expect(next.overlay).toEqual({ kind: 'insufficientCredits', needed: 8, current: 2 });
    expect(next.batch).toBeNull();
    expect(statuses(next)).toEqual(['uploaded', 'uploaded']);
    expect(next.credits).toBe(2);
    expect(currentView(next)).toBe('modes');
  });

  it('insufficientCredits before any start just opens the dialog over mode selection', () => {
    const state = inModes();
    const next = run(state, { type: 'insufficientCredits', needed: 4, current: 0 });
    expect(next).toEqual({ ...state, overlay: { kind: 'insufficientCredits', needed: 4, current: 0 } });
  });

  it('stagingRedirect with exactly one image stops the batch and opens staging for it', () => {
    const next = run(
      inModes('a'),
      { type: 'enhancementStarted', price: 0, startedAt: 0 },
      { type: 'stagingRedirect' },
    );
    expect(next.overlay).toMatchObject({ kind: 'staging', imageId: 'a', session: { step: 'options' } });
    expect(next.batch).toBeNull();
    expect(statuses(next)).toEqual(['uploaded']);
  });

  it('stagingRedirect with several images stops and asks for exactly one', () => {
    const next = run(processing(), { type: 'stagingRedirect' });
    expect(next.overlay).toBeNull();
    expect(next.batch).toBeNull();
    expect(next.notice).toMatchObject({ key: 'toast.stagingNeedsOneImage', tone: 'error' });
  });

  it.each([
    [12, 12],
    [-3, 0],
    [0, 0],
  ])('creditsLoaded %i -> %i', (credits, expected) => {
    expect(run({ ...initialState, credits: 5 }, { type: 'creditsLoaded', credits }).credits).toBe(expected);
  });

  it('creditsLoaded ignores a number that is not one', () => {
    const state = deepFreeze({ ...initialState, credits: 5 });
    expect(run(state, { type: 'creditsLoaded', credits: Number.NaN })).toBe(state);
  });
});

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
      { type: 'imageEnhanced', imageId: 'b', enhancedUrl: 'r:b' },
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
          { imageId: 'a', url: 'f:a' },
          { imageId: 'b', url: 'f:b' },
        ],
        applied,
      },
    );
    expect(next.implementing).toBe(false);
    expect(next.implementProgress).toBeNull();
    expect(next.finalResult).toEqual({
      images: [
        { imageId: 'a', url: 'f:a' },
        { imageId: 'b', url: 'f:b' },
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

describe('virtual staging', () => {
  it('stagingCompleted makes the staged image the final result and stores the list', () => {
    const next = withStagedFinal();
    expect(next.finalResult).toEqual({
      images: [{ imageId: 'a', url: 'staged:a' }],
      appliedSuggestions: [],
      shoppingList,
    });
    expect(next.overlay).toMatchObject({ kind: 'staging', imageId: 'a', session: { step: 'complete' } });
    expect(next.notice).toMatchObject({ key: 'toast.stagingDone', values: { n: 2 }, tone: 'success' });
    expect(currentStep(next)).toBe(5);
  });

  it.each([
    ['without the staging dialog', inModes, 'a'],
    ['for another image', stagingOpen, 'b'],
  ] as [string, () => WorkflowState, string][])('stagingCompleted is ignored %s', (_name, make, imageId) => {
    const state = make();
    expect(run(state, { type: 'stagingCompleted', imageId, stagedUrl: 's', shoppingList })).toBe(state);
  });

  it('closing the staging dialog returns to mode selection', () => {
    const open = run(uploaded('a'), { type: 'stagingRedirect' });
    expect(open.overlay).toMatchObject({ kind: 'staging', imageId: 'a' });
    const closed = run(open, { type: 'overlayClosed' });
    expect(closed.overlay).toBeNull();
    expect(currentView(closed)).toBe('modes');
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
    expect(run(next, { type: 'imageEnhanced', imageId: 'a', enhancedUrl: 'r' })).toBe(next);
    expect(run(next, { type: 'batchFinished' })).toBe(next);
  });
});

describe('#restore', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'state'],
    ['an array', []],
    ['no version', { images: [] }],
    ['a future version', { version: 2, images: [{ id: 'a' }] }],
  ])('gives the initial state for %s', (_name, snapshot) => {
    expect(restore(snapshot)).toEqual(initialState);
  });

  it('round-trips a snapshot, without the toast and dialogs', () => {
    const state = run({ ...withFinal(), credits: 3 }, { type: 'compareOpened', imageId: 'a' });
    const snapshot = JSON.parse(JSON.stringify(toSnapshot(state))) as unknown;
    expect(snapshot).toMatchObject({ version: 1 });
    expect(restore(snapshot)).toEqual({ ...state, overlay: null, notice: null, noticeSeq: 0 });
  });

  it('turns an interrupted batch into work that can run again, on the mode selection', () => {
    const state = run(
      processing(),
      { type: 'imageEnhanced', imageId: 'a', enhancedUrl: 'r:a' },
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
      version: 1,
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
        { id: 'e', name: 'e.jpg', size: 14, type: 'image/png', status: 'enhanced', enhancedUrl: 'r:e' },
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
      { id: 'e', name: 'e.jpg', size: 14, type: 'image/png', status: 'enhanced', enhancedUrl: 'r:e' },
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
      version: 1,
      images: [
        { id: 'a', name: 'a.jpg', size: 1, type: 'image/jpeg', status: 'enhanced', enhancedUrl: 'r:a' },
      ],
      suggestions: [suggestion('tip', { tipOnly: true })],
      finalResult: {
        images: [{ imageId: 'a', url: 'final:a' }],
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
      version: 1,
      images: [{ id: 'a', name: 'a.jpg', size: 1, type: 'image/jpeg', status: 'uploaded' }],
      analysis: analysis({ perImage: { a: 'bathroom', gone: 'kitchen' } }),
      analysisStatus: 'done',
      analysedImageIds: ['a'],
    });
    expect(next.analysis?.perImage).toEqual({ a: 'bathroom' });
    expect(needsAnalysis(next)).toBe(false);
  });

  it('never opens mode selection without images', () => {
    expect(restore({ version: 1, images: [], showOptions: true, batch: { startedAt: 0 } }).showOptions).toBe(
      false,
    );
  });
});

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
    { type: 'imageEnhanced', imageId: 'a', enhancedUrl: 'r' },
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
    { type: 'stagingCompleted', imageId: 'a', stagedUrl: 's', shoppingList },
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
