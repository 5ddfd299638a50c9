// The workflow machine's room analysis: started, per photo, succeeded or failed, and what it preselects.
import { describe, it, expect } from 'vitest';
import { modeCostById } from '../../../../core/catalog/modes';
import {
  creditsNeeded,
  currentView,
  initialState,
  needsAnalysis,
  roomTypeFor,
  selectedModesFor,
  type WorkflowEvent,
} from '../../../../web/workflow/machine';
import { run, file, ROOM_MODES, analysis, uploaded, inModes } from './fixtures';

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
