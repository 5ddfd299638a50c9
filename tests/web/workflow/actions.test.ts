// The workflow's effects per step, run against a real store and device database with fake engine, AI and
// server ports (fakeDeps.ts): what each action asks of its ports and what the user then sees in the state.

import { afterEach, describe, expect, it } from 'vitest';
import { isDeviceMode, MODES, modeCostById, roomModes } from '../../../core/catalog/modes';
import { STAGING_MODE_ID } from '../../../core/catalog/pricing';
import { NO_VISIBLE_ELEMENTS } from '../../../core/catalog/recommendations';
import { combineAnalyses } from '../../../core/analysis/room/combine';
import type { CreditsResponse } from '../../../core/contract/credits';
import type { Suggestion } from '../../../core/text/suggestionTypes';
import { ApiFailure } from '../../../web/api/errors';
import { getResult } from '../../../web/data/db';
import { t } from '../../../web/i18n/de';
import { currentView } from '../../../web/workflow/machine';
import { modeById } from '../../../core/catalog/modes';
import { createHarness, jpegBlob, seedImages, seedModes, type Harness } from './fakeDeps';

/** The server's 402: the credits needed and the balance, as the workflow reads them from the failure. */
const outOfCredits = (creditsNeeded: number, credits: number) =>
  new ApiFailure(402, 'INSUFFICIENT_CREDITS', 'Nicht genug Credits', { creditsNeeded, credits });

const deviceMode = MODES.find((m) => m.runsOn === 'device')!.id;
const serverMode = MODES.find((m) => m.runsOn !== 'device' && m.id !== STAGING_MODE_ID)!.id;

let h: Harness;
afterEach(async () => {
  await h.close();
});

describe('analysis: optimize', () => {
  it('analyses every photo, then opens the modes with the detected room', async () => {
    h = await createHarness();
    await seedImages(h, ['a', 'b']);
    await h.actions.optimize();
    expect(h.calls.analyze).toBe(2);
    expect(currentView(h.state())).toBe('modes');
    expect(h.state().analysis?.perImage).toEqual({ a: 'kitchen', b: 'kitchen' });
    expect(h.state().notice?.key).toBe('toast.analysisDone');
  });

  it('asks the server when the room detector fails on this device', async () => {
    const asked: number[] = [];
    h = await createHarness({
      rooms: {
        analyze: () => Promise.reject(new Error('kein WebGL')),
        async analyzeOnServer(_signal, { fit }) {
          asked.push(fit.maxSide);
          return { roomType: 'bathroom', visibleElements: { ...NO_VISIBLE_ELEMENTS } };
        },
        combine: combineAnalyses,
      },
    });
    await seedImages(h, ['a']);
    await h.actions.optimize();
    expect(asked).toEqual([1024]);
    expect(h.state().analysisStatus).toBe('done');
    expect(h.state().analysis?.perImage).toEqual({ a: 'bathroom' });
  });

  it("falls back to the 'general' room's modes when the analyser fails", async () => {
    h = await createHarness({
      rooms: {
        analyze: () => Promise.reject(new Error('kein Modell')),
        analyzeOnServer: () => Promise.reject(new Error('offline')),
        combine: () => {
          throw new Error('not reached');
        },
      },
    });
    await seedImages(h, ['a']);
    await h.actions.optimize();
    expect(h.state().analysisStatus).toBe('failed');
    const general = roomModes('general').map((m) => m.id);
    // The first two, but what needs the server only once it said it can do it (failingModes.test.ts): here it
    // never answered, so the server's 'Persönliches wegräumen' is offered, not preselected.
    expect(h.state().modeSelection.uniform).toEqual(general.slice(0, 2).filter(isDeviceMode));
    expect(h.state().modeSelection.uniform).toEqual(['generalBrighten']);
  });

  it('opens the modes straight away when the analysis still covers the photos', async () => {
    h = await createHarness();
    await seedModes(h, ['a'], [deviceMode]);
    h.store.dispatch({ type: 'back' });
    await h.actions.optimize();
    expect(h.calls.analyze).toBe(0);
    expect(currentView(h.state())).toBe('modes');
    expect(h.state().modeSelection.uniform).toEqual([deviceMode]);
  });
});

describe('processing: apply', () => {
  it('runs a free device mode on the device only, stores the result and shows the results', async () => {
    h = await createHarness();
    await seedModes(h, ['a', 'b'], [deviceMode]);
    await h.actions.apply();
    expect(h.calls.engine).toEqual([
      { imageId: 'a', modeIds: [deviceMode] },
      { imageId: 'b', modeIds: [deviceMode] },
    ]);
    expect(h.calls.aiEnhance).toEqual([]);
    expect(h.calls.fetchCredits).toBe(0);
    expect(currentView(h.state())).toBe('results');
    const a = h.state().images.find((i) => i.id === 'a')!;
    expect(a.status).toBe('enhanced');
    expect(await (await getResult(h.db, a.enhancedKey!))!.text()).toContain('device:a');
  });

  it('sends server modes after the device pass, keyed per photo, and reads the balance again', async () => {
    const id = 'f'.repeat(64);
    h = await createHarness();
    await seedModes(h, [id], [serverMode]);
    h.store.dispatch({ type: 'creditsLoaded', credits: 50 });
    await h.actions.apply();
    expect(h.calls.engine).toEqual([{ imageId: id, modeIds: [] }]);
    expect(h.calls.aiEnhance).toEqual([
      { modeIds: [serverMode], roomType: 'kitchen', idempotencyKey: `key-1:${'f'.repeat(16)}` },
    ]);
    expect(h.calls.fetchCredits).toBeGreaterThanOrEqual(1);
    expect(h.state().credits).toBe(7);
    // What the server says it did (content from its provider, e.g. the removed objects) follows the device's steps.
    expect(h.state().images[0]!.description).toBe(
      `${t('engineSteps.sharpened')} · Auf unserem Server bearbeitet: vom Server`,
    );
  });

  it("names the server modes in the catalogue's words when the server gives no description", async () => {
    const id = 'e'.repeat(64);
    h = await createHarness();
    h.deps.ai.runServerModes = async () => ({ blob: jpegBlob('server'), description: ' ' });
    await seedModes(h, [id], [serverMode]);
    h.store.dispatch({ type: 'creditsLoaded', credits: 50 });
    await h.actions.apply();
    expect(h.state().images[0]!.description).toBe(
      `${t('engineSteps.sharpened')} · Auf unserem Server bearbeitet: ${modeById(serverMode)!.name}`,
    );
  });

  it('offline, says paid modes need a connection instead of going to the login, and runs nothing', async () => {
    h = await createHarness({ isSignedIn: () => false, isOnline: () => false });
    await seedModes(h, ['a'], [serverMode]);
    await h.actions.apply();
    expect(h.calls.login).toBe(0);
    expect(h.calls.engine).toEqual([]);
    expect(h.state().notice).toMatchObject({ key: 'toast.paidNeedsConnection', tone: 'error' });
  });

  it("words the engine's steps in German: a mode's steps joined by commas, the modes by dots", async () => {
    h = await createHarness({
      engine: {
        runDeviceModes: async () => ({
          blob: new Blob(['x'], { type: 'image/jpeg' }),
          notes: [['brightened'], ['exposureUp', 'sharpened']],
        }),
      },
    });
    await seedModes(h, ['a'], ['brighten', 'autoOptimize']);
    await h.actions.apply();
    expect(h.state().images[0]!.description).toBe('Aufgehellt · Belichtung angehoben, Details geschärft');
  });

  it('sends a visitor to the login for a paid mode, saying why, and runs nothing', async () => {
    h = await createHarness({ isSignedIn: () => false });
    await seedModes(h, ['a'], [serverMode]);
    await h.actions.apply();
    expect(h.calls.loginReasons).toEqual(['paidMode']);
    expect(h.calls.engine).toEqual([]);
  });

  it('shows the missing credits instead of starting when the balance is short', async () => {
    h = await createHarness();
    await seedModes(h, ['a', 'b'], [serverMode]);
    h.store.dispatch({ type: 'creditsLoaded', credits: 1 });
    await h.actions.apply();
    expect(h.calls.engine).toEqual([]);
    expect(h.state().overlay).toEqual({
      kind: 'insufficientCredits',
      needed: 2 * modeCostById(serverMode),
      current: 1,
    });
  });

  it('opens staging instead of enhancing when the staging mode is chosen', async () => {
    h = await createHarness();
    await seedModes(h, ['a'], [STAGING_MODE_ID]);
    await h.actions.apply();
    expect(h.calls.engine).toEqual([]);
    expect(h.state().overlay).toMatchObject({ kind: 'staging', imageId: 'a', session: { step: 'options' } });
  });

  it('lets one failing photo fail alone', async () => {
    h = await createHarness({
      engine: {
        async runDeviceModes(_signal, image) {
          if (image.imageId === 'a') throw new Error('kaputt');
          return { blob: jpegBlob('ok'), notes: [] };
        },
      },
    });
    await seedModes(h, ['a', 'b'], [deviceMode]);
    await h.actions.apply();
    expect(h.state().images.map((i) => [i.id, i.status, i.error])).toEqual([
      ['a', 'error', 'kaputt'],
      ['b', 'enhanced', undefined],
    ]);
    expect(h.state().notice?.values).toEqual({ done: 1, total: 2, failed: 1 });
  });

  it('stops the whole batch when the server says the credits ran out', async () => {
    h = await createHarness({
      ai: {
        runServerModes: () => Promise.reject(outOfCredits(4, 0)),
        generateSuggestions: () => Promise.resolve([]),
        implementSuggestions: () => Promise.reject(new Error('unused')),
      },
    });
    await seedModes(h, ['a', 'b'], [serverMode]);
    h.store.dispatch({ type: 'creditsLoaded', credits: 50 });
    await h.actions.apply();
    expect(h.state().overlay).toEqual({ kind: 'insufficientCredits', needed: 4, current: 0 });
    expect(h.state().batch).toBeNull();
    expect(h.state().images.map((i) => i.status)).toEqual(['uploaded', 'uploaded']);
  });

  it("'Abbrechen' stops the batch: the photo after the running one never starts", async () => {
    let release!: () => void;
    h = await createHarness({
      engine: {
        runDeviceModes: (_signal, image) =>
          new Promise((resolve) => {
            release = () => resolve({ blob: jpegBlob(image.imageId), notes: [] });
          }),
      },
    });
    await seedModes(h, ['a', 'b'], [deviceMode]);
    const running = h.actions.apply();
    await new Promise((r) => setTimeout(r, 20));
    expect(currentView(h.state())).toBe('processing');
    h.actions.cancel();
    release();
    await running;
    expect(currentView(h.state())).toBe('modes');
    expect(h.state().images.map((i) => i.status)).toEqual(['uploaded', 'uploaded']);
  });
});

describe('credits', () => {
  it('gives a visitor 0 without asking the server, and reads a user’s balance once', async () => {
    h = await createHarness();
    h.store.dispatch({ type: 'creditsLoaded', credits: 3 });
    await h.actions.sessionChanged(null);
    expect(h.state().credits).toBe(0);
    expect(h.calls.fetchCredits).toBe(0);
    await h.actions.sessionChanged('user-1');
    expect(h.calls.fetchCredits).toBe(1);
    expect(h.state().credits).toBe(7);
  });

  it('lets a newer reading win over a slower older one', async () => {
    const answers: ((balance: CreditsResponse) => void)[] = [];
    h = await createHarness({
      fetchCredits: () => new Promise<CreditsResponse | null>((resolve) => answers.push(resolve)),
    });
    const first = h.actions.refreshCredits();
    const second = h.actions.refreshCredits();
    answers[1]!({ credits: 5 });
    answers[0]!({ credits: 9 });
    await Promise.all([first, second]);
    expect(h.state().credits).toBe(5);
  });

  it('keeps the last balance when the server cannot answer', async () => {
    h = await createHarness({ fetchCredits: async () => null });
    h.store.dispatch({ type: 'creditsLoaded', credits: 4 });
    await h.actions.refreshCredits();
    expect(h.state().credits).toBe(4);
  });

  it.each([
    ['NETWORK_LIMIT', 'errors.starterNetworkLimit', /^Dein Konto startet mit 0 Credits: Aus deinem Netzwerk/],
    ['DAILY_CAP', 'errors.starterDailyCap', /für heute sind vergeben/],
  ] as const)(
    'says once per account why it started with 0 credits (%s)',
    async (starterWithheld, key, wording) => {
      h = await createHarness({ fetchCredits: async () => ({ credits: 0, starterWithheld }) });
      await h.actions.sessionChanged('user-1');
      expect(h.state().notice).toMatchObject({ key, tone: 'info' });
      expect(t(key)).toMatch(wording);
      h.store.dispatch({ type: 'noticeDismissed', id: h.state().notice!.id });
      await h.actions.sessionChanged('user-1');
      await h.actions.refreshCredits();
      expect(h.state().notice).toBeNull();
    },
  );

  it('says nothing about starting credits an account got', async () => {
    h = await createHarness();
    await h.actions.sessionChanged('user-1');
    expect(h.state().notice).toBeNull();
  });
});

describe('suggestions and final result', () => {
  const suggestion = (id: string, imageId?: string): Suggestion => ({
    id,
    hauptartikelContent: 'Lampe, Kissen',
    title: `Titel ${id}`,
    description: `Beschreibung ${id}`,
    selected: true,
    ...(imageId ? { imageId } : {}),
  });

  async function enhanced(ids: string[]) {
    await seedModes(h, ids, [deviceMode]);
    await h.actions.apply();
  }

  it('asks for suggestions about the enhanced photos with their rooms', async () => {
    h = await createHarness({
      ai: {
        runServerModes: () => Promise.reject(new Error('unused')),
        async generateSuggestions(_signal, { images, roomTypes }) {
          h.calls.suggestions.push({ images: images.length, roomTypes });
          return [suggestion('s1')];
        },
        implementSuggestions: () => Promise.reject(new Error('unused')),
      },
    });
    await enhanced(['a', 'b']);
    await h.actions.requestSuggestions();
    expect(h.calls.suggestions).toEqual([{ images: 2, roomTypes: ['kitchen', 'kitchen'] }]);
    expect(currentView(h.state())).toBe('suggestions');
  });

  it('tells the reason when suggestions fail', async () => {
    h = await createHarness({
      ai: {
        runServerModes: () => Promise.reject(new Error('unused')),
        generateSuggestions: () => Promise.reject(new Error('Zeitüberschreitung')),
        implementSuggestions: () => Promise.reject(new Error('unused')),
      },
    });
    await enhanced(['a']);
    await h.actions.requestSuggestions();
    expect(h.state().notice).toMatchObject({
      key: 'toast.suggestionsFailedBecause',
      values: { message: 'Zeitüberschreitung' },
    });
  });

  /** Enhanced photos with the given suggestions on screen (ticked as the suggestion says). */
  async function withSuggestions(ids: string[], suggestions: Suggestion[], custom = '') {
    await enhanced(ids);
    h.store.dispatch({ type: 'suggestionsRequested' });
    h.store.dispatch({ type: 'suggestionsReceived', suggestions });
    if (custom) h.store.dispatch({ type: 'customSuggestionChanged', text: custom });
  }

  it('sends each photo its own ticked suggestions and the custom text, one photo at a time, and stores the finals', async () => {
    h = await createHarness();
    await withSuggestions(['a', 'b'], [suggestion('s1', 'b'), suggestion('s2')], ' Mehr Licht ');
    await h.actions.implement();
    // One call per photo, each with its own key of the one batch: a retry is never a second charge.
    expect(h.calls.implement).toEqual([
      { suggestions: ['Titel s2: Beschreibung s2', 'Mehr Licht'], idempotencyKey: 'key-2:a' },
      {
        suggestions: ['Titel s1: Beschreibung s1', 'Titel s2: Beschreibung s2', 'Mehr Licht'],
        idempotencyKey: 'key-2:b',
      },
    ]);
    const final = h.state().finalResult!;
    expect(final.images.map((i) => i.imageId)).toEqual(['a', 'b']);
    expect(await (await getResult(h.db, final.images[1]!.resultKey))!.text()).toContain('final-1');
    expect(currentView(h.state())).toBe('final');
    expect(h.state().implementProgress).toBeNull();
  });

  it("shows the spec's toast and sends nothing when nothing is ticked and no custom text is given", async () => {
    h = await createHarness();
    await withSuggestions(['a'], [{ ...suggestion('s1'), selected: false }], '   ');
    await h.actions.implement();
    expect(h.calls.implement).toEqual([]);
    expect(h.state().notice).toMatchObject({ key: 'toast.noSuggestionsSelected', tone: 'error' });
    expect(h.state().implementing).toBe(false);
    expect(currentView(h.state())).toBe('suggestions');
  });

  it('lists per photo only what the server carried out in it', async () => {
    h = await createHarness({
      ai: {
        runServerModes: () => Promise.reject(new Error('unused')),
        generateSuggestions: () => Promise.resolve([]),
        // The offline server: the light it can do, the furniture (second line) it cannot.
        async implementSuggestions(_signal, { suggestions, idempotencyKey }) {
          h.calls.implement.push({ suggestions, idempotencyKey });
          const applied = suggestions.flatMap((line, i) => (line.startsWith('Titel s1') ? [i] : []));
          return { blob: jpegBlob('final'), applied };
        },
      },
    });
    await withSuggestions(['a', 'b'], [suggestion('s1', 'a'), suggestion('s2')], 'Ein Sofa');
    await h.actions.implement();
    expect(h.state().finalResult?.appliedSuggestions).toEqual([
      { imageId: 'a', applied: ['Titel s1'], notApplied: ['Titel s2', 'Ein Sofa'] },
      // Photo b never gets the fix ticked for photo a, and nothing it could not do.
      { imageId: 'b', applied: [], notApplied: ['Titel s2', 'Ein Sofa'] },
    ]);
  });

  it('counts every line as applied when the answer does not say (stored before it could)', async () => {
    h = await createHarness({
      ai: {
        runServerModes: () => Promise.reject(new Error('unused')),
        generateSuggestions: () => Promise.resolve([]),
        implementSuggestions: async () => ({ blob: jpegBlob('final'), applied: null }),
      },
    });
    await withSuggestions(['a'], [suggestion('s1', 'a')], 'Ein Sofa');
    await h.actions.implement();
    expect(h.state().finalResult?.appliedSuggestions).toEqual([
      { imageId: 'a', applied: ['Titel s1', 'Ein Sofa'], notApplied: [] },
    ]);
  });

  it('reports progress photo by photo and skips a photo nothing is meant for', async () => {
    h = await createHarness();
    await withSuggestions(['a', 'b', 'c'], [suggestion('s1', 'a'), suggestion('s3', 'c')]);
    const seen: unknown[] = [];
    const stop = h.store.subscribe(() => {
      const progress = h.state().implementProgress;
      if (progress && seen.at(-1) !== progress) seen.push(progress);
    });
    await h.actions.implement();
    stop();
    expect(seen).toEqual([
      { current: 1, total: 2 },
      { current: 2, total: 2 },
    ]);
    expect(h.calls.implement.map((call) => call.idempotencyKey)).toEqual(['key-2:a', 'key-2:c']);
    // The photo without suggestions is final as it was enhanced, with nothing listed as applied.
    const b = h.state().images.find((image) => image.id === 'b')!;
    expect(h.state().finalResult?.images[1]).toEqual({ imageId: 'b', resultKey: b.enhancedKey });
    expect(h.state().finalResult?.appliedSuggestions[1]).toEqual({
      imageId: 'b',
      applied: [],
      notApplied: [],
    });
  });

  it('keeps the photos that worked when one fails, and says which one kept its look', async () => {
    h = await createHarness({
      ai: {
        runServerModes: () => Promise.reject(new Error('unused')),
        generateSuggestions: () => Promise.resolve([]),
        async implementSuggestions(_signal, { suggestions, idempotencyKey }) {
          h.calls.implement.push({ suggestions, idempotencyKey });
          if (idempotencyKey.endsWith(':a')) throw new Error('Der KI-Dienst hat das Bild abgelehnt.');
          return { blob: jpegBlob('final'), applied: [0] };
        },
      },
    });
    await withSuggestions(['a', 'b'], [suggestion('s1')]);
    await h.actions.implement();
    expect(currentView(h.state())).toBe('final');
    expect(h.state().finalResult?.appliedSuggestions).toEqual([
      { imageId: 'a', applied: [], notApplied: ['Titel s1'] },
      { imageId: 'b', applied: ['Titel s1'], notApplied: [] },
    ]);
    expect(h.state().notice).toMatchObject({
      key: 'toast.implementPartly',
      values: { photos: 'a.jpg', message: 'Der KI-Dienst hat das Bild abgelehnt.' },
    });
  });

  it('stays on the suggestions when no photo could get them, naming the photos and the reason', async () => {
    h = await createHarness({
      ai: {
        runServerModes: () => Promise.reject(new Error('unused')),
        generateSuggestions: () => Promise.resolve([]),
        implementSuggestions: () => Promise.reject(new Error('API Fehler (502)')),
      },
    });
    await withSuggestions(['a', 'b'], [suggestion('s1')]);
    await h.actions.implement();
    expect(currentView(h.state())).toBe('suggestions');
    expect(h.state().finalResult).toBeNull();
    expect(h.state().suggestions[0]?.selected).toBe(true);
    expect(h.state().notice).toMatchObject({
      key: 'toast.implementFailedBecause',
      values: { photos: 'a.jpg, b.jpg', message: 'API Fehler (502)' },
    });
  });

  it('stops at the first photo when the credits run out, and opens the dialog', async () => {
    h = await createHarness({
      ai: {
        runServerModes: () => Promise.reject(new Error('unused')),
        generateSuggestions: () => Promise.resolve([]),
        async implementSuggestions(_signal, { suggestions, idempotencyKey }) {
          h.calls.implement.push({ suggestions, idempotencyKey });
          throw outOfCredits(2, 1);
        },
      },
    });
    await withSuggestions(['a', 'b'], [suggestion('s1')]);
    await h.actions.implement();
    expect(h.calls.implement).toHaveLength(1);
    expect(h.state().implementing).toBe(false);
    expect(currentView(h.state())).toBe('suggestions');
    expect(h.state().overlay).toEqual({ kind: 'insufficientCredits', needed: 2, current: 1 });
  });

  it('names the final photos after their own photos, in the order of the final result', async () => {
    h = await createHarness();
    await enhanced(['a', 'b']);
    h.store.dispatch({ type: 'suggestionsRequested' });
    h.store.dispatch({ type: 'suggestionsReceived', suggestions: [suggestion('s1')] });
    await h.actions.implement();
    await h.actions.downloadFinal(1);
    await h.actions.downloadAllFinal();
    expect(h.calls.saved).toEqual([
      { kind: 'one', count: 1, n: 2, originals: ['b.jpg'] },
      { kind: 'zip', count: 2, name: t('download.zipName'), originals: ['a.jpg', 'b.jpg'] },
    ]);
  });
});

describe('downloads and reset', () => {
  it("saves one result numbered among the enhanced photos with the photo's own name, or all as one ZIP", async () => {
    h = await createHarness();
    await seedModes(h, ['a', 'b'], [deviceMode]);
    await h.actions.apply();
    await h.actions.downloadEnhanced('b');
    await h.actions.downloadAllEnhanced();
    expect(h.calls.saved).toEqual([
      { kind: 'one', count: 1, n: 2, originals: ['b.jpg'] },
      { kind: 'zip', count: 2, name: t('download.zipName'), originals: ['a.jpg', 'b.jpg'] },
    ]);
    expect(h.state().notice?.key).toBe('download.started');
  });

  it('says which photos a portal preset kept below its minimum instead of enlarging them', async () => {
    const belowMinimum = {
      portal: 'Airbnb',
      minWidth: 1024,
      minHeight: 683,
      files: [{ name: 'optimiertes-bild-1-a.jpg', width: 256, height: 171 }],
    };
    h = await createHarness();
    h.deps.files = { ...h.deps.files, saveOne: async () => ({ belowMinimum }) };
    await seedModes(h, ['a'], [deviceMode]);
    await h.actions.apply();
    await h.actions.downloadEnhanced('a');
    expect(h.state().notice).toMatchObject({
      key: 'export.keptSize',
      tone: 'info',
      values: { portal: 'Airbnb', width: 1024, height: 683 },
      details: [
        { name: 'optimiertes-bild-1-a.jpg', key: 'export.ownSize', values: { width: 256, height: 171 } },
      ],
    });
  });

  it('says the download failed when the result is gone from the device', async () => {
    h = await createHarness();
    await seedModes(h, ['a'], [deviceMode]);
    await h.actions.apply();
    await h.db.results.clear();
    await h.actions.downloadEnhanced('a');
    expect(h.calls.saved).toEqual([]);
    expect(h.state().notice?.key).toBe('download.failed');
  });

  it('start over clears the workflow and the photos on the device', async () => {
    h = await createHarness();
    await seedModes(h, ['a'], [deviceMode]);
    await h.actions.reset();
    expect(h.state().images).toEqual([]);
    expect(await h.db.images.count()).toBe(0);
  });
});
