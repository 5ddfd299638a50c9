// Issue 27 in the workflow, with the real store, machine and Dexie and the server behind fake ports: what the
// server says it cannot do (GET /api/ai-capabilities, kept in localStorage) is never preselected, and the default
// selection of a bedroom on the builtin server gets results; a mode that fails anyway fails alone: the photo
// keeps what worked, says in German which mode did not run and why (the server's code worded by the client), a
// mode the server refused before charging is dropped and the rest sent again, and the toast counts honestly.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { combineAnalyses } from '../../../core/analysis/room/combine';
import { NO_VISIBLE_ELEMENTS } from '../../../core/catalog/recommendations';
import type { AiCapabilities } from '../../../core/catalog/types';
import { failure } from '../../../web/api/errors';
import { writeAiCapabilities } from '../../../web/data/aiCapabilities';
import type { KeyValueStorage } from '../../../web/data/settings';
import { getResult } from '../../../web/data/db';
import { t, tNotice } from '../../../web/i18n/de';
import type { ActionDeps } from '../../../web/workflow/actions';
import { currentView } from '../../../web/workflow/machine';
import { createHarness, jpegBlob, seedImages, seedModes, type Harness } from './fakeDeps';

/** GET /api/ai-capabilities of the builtin server (tests/server/enhance.builtin.test.ts checks it). */
const BUILTIN: AiCapabilities = {
  approximatedModeIds: [
    'shineAppliances',
    'gleamingFixtures',
    'landscapeEnhance',
    'curbAppeal',
    'generalEnhance',
  ],
  unavailableModeIds: ['windowView', 'hotelBed', 'spaClean', 'arrangePillows'],
};

const AI_UNAVAILABLE = t('errors.aiUnavailable');

function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

/** The device's localStorage, with the server's answer when one came. */
function serverSaid(capabilities: AiCapabilities | null): void {
  const storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  if (capabilities) writeAiCapabilities(capabilities, storage);
}

/** Each call the fake server got: its modes and key. */
let sent: { modeIds: string[]; idempotencyKey: string }[] = [];

/** A server that refuses `cannot` before charging (422 AI_UNAVAILABLE naming them), else answers. */
function serverRefusing(cannot: readonly string[]): Partial<ActionDeps> {
  return {
    ai: {
      async runServerModes(_signal, { modeIds, idempotencyKey }) {
        sent.push({ modeIds, idempotencyKey });
        const refused = modeIds.filter((id) => cannot.includes(id));
        if (refused.length > 0)
          throw failure(422, 'AI_UNAVAILABLE', { modeIds: refused, provider: 'builtin' });
        return { blob: jpegBlob(`server:${modeIds.join('+')}`), description: 'vom Server' };
      },
      generateSuggestions: async () => [],
      implementSuggestions: () => Promise.reject(new Error('unused')),
    },
  };
}

let h: Harness;
beforeEach(() => {
  sent = [];
  serverSaid(null);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await h.close();
});

const image = (id: string) => h.state().images.find((i) => i.id === id)!;
const resultText = async (id: string) => (await getResult(h.db, image(id).enhancedKey!))!.text();

describe('the offer follows what the server can do', () => {
  /** Signed in, online, one bedroom photo with a bed, pillows and clutter, analysed on the device. */
  async function bedroom(overrides: Partial<ActionDeps> = {}) {
    h = await createHarness({
      rooms: {
        analyze: async () => ({
          roomType: 'bedroom',
          visibleElements: { ...NO_VISIBLE_ELEMENTS, hasBed: true, hasPillows: true, hasClutter: true },
        }),
        analyzeOnServer: () => Promise.reject(new Error('not asked')),
        combine: combineAnalyses,
      },
      ...overrides,
    });
    await seedImages(h, ['a']);
    h.store.dispatch({ type: 'creditsLoaded', credits: 10 });
    await h.actions.optimize();
  }

  it('on the builtin server, preselects nothing it cannot do, and the default selection gets results', async () => {
    serverSaid(BUILTIN);
    await bedroom(serverRefusing(BUILTIN.unavailableModeIds!));
    // Never the living room's cushions for a bedroom; never the hotel bed this server cannot make.
    expect(h.state().analysis?.recommendedModes).not.toContain('arrangePillows');
    expect(h.state().modeSelection.uniform).toEqual(['autoOptimize', 'declutter']);
    await h.actions.apply();
    expect(currentView(h.state())).toBe('results');
    expect(image('a')).toMatchObject({ status: 'enhanced' });
    expect(image('a').error).toBeUndefined();
    expect(sent.map((c) => c.modeIds)).toEqual([['declutter']]);
    expect(h.state().notice).toMatchObject({
      key: 'toast.batchDone',
      values: { done: 1, total: 1, failed: 0 },
    });
  });

  it('on a generative server, offers the hotel bed as today', async () => {
    serverSaid({ approximatedModeIds: [], unavailableModeIds: [] });
    await bedroom();
    expect(h.state().modeSelection.uniform).toEqual(['autoOptimize', 'hotelBed', 'declutter']);
  });

  it('before the server ever answered, preselects only what runs on the device', async () => {
    await bedroom();
    expect(h.state().modeSelection.uniform).toEqual(['autoOptimize']);
  });
});

describe('a failing mode fails alone', () => {
  it('keeps the free device result when the server refuses its mode, and says which mode and why', async () => {
    h = await createHarness(serverRefusing(['windowView']));
    await seedModes(h, ['a', 'b'], ['autoOptimize', 'windowView']);
    h.store.dispatch({ type: 'creditsLoaded', credits: 10 });
    await h.actions.apply();
    for (const id of ['a', 'b']) {
      expect(image(id)).toMatchObject({ status: 'enhanced', error: `Fensterblick – ${AI_UNAVAILABLE}` });
      expect(await resultText(id)).toContain(`device:${id}`);
    }
    expect(currentView(h.state())).toBe('results');
    // Not 'Keines der Bilder konnte erfolgreich optimiert werden': both photos have their free result.
    expect(h.state().notice).toMatchObject({
      key: 'toast.batchPartly',
      values: { done: 2, total: 2, partial: 2, failed: 0 },
    });
    expect(tNotice('toast.batchPartly', h.state().notice!.values).description).toBe(
      '2 von 2 Bildern optimiert. Bei 2 davon wurde nicht alles angewendet – der Grund steht beim Bild.',
    );
  });

  it('sends the rest again under a key of its own when the server refuses one of several modes', async () => {
    const id = 'c'.repeat(64);
    h = await createHarness(serverRefusing(['windowView']));
    await seedModes(h, [id], ['declutter', 'windowView']);
    h.store.dispatch({ type: 'creditsLoaded', credits: 10 });
    await h.actions.apply();
    expect(sent.map((c) => [c.modeIds, c.idempotencyKey])).toEqual([
      [['declutter', 'windowView'], `key-1:${'c'.repeat(16)}`],
      [['declutter'], `key-1:${'c'.repeat(16)}:2`],
    ]);
    expect(image(id)).toMatchObject({ status: 'enhanced', error: `Fensterblick – ${AI_UNAVAILABLE}` });
    expect(await resultText(id)).toContain('server:declutter');
    expect(image(id).description).toContain('Auf unserem Server bearbeitet: vom Server');
  });

  it('does not send what the server said it cannot do; a photo with nothing else fails, saying why', async () => {
    serverSaid(BUILTIN);
    h = await createHarness(serverRefusing(BUILTIN.unavailableModeIds!));
    await seedImages(h, ['a', 'b']);
    h.store.dispatch({ type: 'creditsLoaded', credits: 10 });
    h.store.dispatch({ type: 'analysisStarted' });
    h.store.dispatch({
      type: 'analysisSucceeded',
      analysis: {
        roomType: 'mixed',
        roomTypes: ['bedroom', 'livingRoom'],
        hasMixedRooms: true,
        recommendedModes: [],
        perImage: { a: 'bedroom', b: 'livingRoom' },
      },
      roomModeIds: [],
      canRunPaid: true,
    });
    // Chosen per photo (e.g. a saved selection from a generative server): nothing of it reaches this server.
    h.store.dispatch({ type: 'selectionKindChanged', kind: 'individual' });
    h.store.dispatch({ type: 'modeToggled', imageId: 'a', modeId: 'autoOptimize' });
    h.store.dispatch({ type: 'modeToggled', imageId: 'a', modeId: 'hotelBed' });
    h.store.dispatch({ type: 'modeToggled', imageId: 'b', modeId: 'arrangePillows' });
    h.store.dispatch({ type: 'modeToggled', imageId: 'b', modeId: 'sharpen' });
    expect(h.state().modeSelection.perImage).toEqual({
      a: ['hotelBed'],
      b: ['autoOptimize', 'arrangePillows', 'sharpen'],
    });
    await h.actions.apply();
    expect(sent).toEqual([]);
    // Nothing charged: a mode that never runs costs nothing.
    expect(h.state().credits).toBe(10);
    expect(image('a')).toMatchObject({ status: 'error', error: `Hotelbett – ${AI_UNAVAILABLE}` });
    expect(image('b')).toMatchObject({ status: 'enhanced', error: `Kissen arrangieren – ${AI_UNAVAILABLE}` });
    expect(h.state().notice).toMatchObject({
      key: 'toast.batchPartly',
      values: { done: 1, total: 2, partial: 1, failed: 1 },
    });
  });

  // A final failure: a 504 AI_TIMEOUT would wait in the outbox instead (the retry rules, outbox/rules.ts).
  it("keeps the device's result when the server fails, with the server's reason (and refund) worded here", async () => {
    h = await createHarness({
      ai: {
        runServerModes: () => Promise.reject(failure(502, 'UPSTREAM_FAILED', { creditsRefunded: true })),
        generateSuggestions: async () => [],
        implementSuggestions: () => Promise.reject(new Error('unused')),
      },
    });
    await seedModes(h, ['a'], ['sharpen', 'declutter', 'cleanup']);
    h.store.dispatch({ type: 'creditsLoaded', credits: 10 });
    await h.actions.apply();
    expect(image('a')).toMatchObject({
      status: 'enhanced',
      error: `Entrümpeln, Flecken und Kabel entfernen – ${t('errors.apiError', { status: 502, details: t('errors.upstreamFailed') })} ${t('errors.refunded')}`,
    });
    expect(await resultText('a')).toContain('device:a');
  });

  it('still stops the whole batch when the server says the credits ran out', async () => {
    h = await createHarness({
      ai: {
        runServerModes: () => Promise.reject(failure(402, 'INSUFFICIENT_CREDITS')),
        generateSuggestions: async () => [],
        implementSuggestions: () => Promise.reject(new Error('unused')),
      },
    });
    await seedModes(h, ['a', 'b'], ['autoOptimize', 'declutter']);
    h.store.dispatch({ type: 'creditsLoaded', credits: 10 });
    await h.actions.apply();
    expect(h.state().overlay).toMatchObject({ kind: 'insufficientCredits' });
    expect(h.state().images.map((i) => i.status)).toEqual(['uploaded', 'uploaded']);
  });
});
