// A workflow with real parts where they run in Node (the Dexie database on fake-indexeddb, the store, the
// machine, core's room combination) and recording fakes for the ports that need a browser or a server. Tests
// change a port by passing an override; every call a fake receives is kept in `calls` to assert on.

import { combineAnalyses } from '../../../core/analysis/room/combine';
import { NO_VISIBLE_ELEMENTS } from '../../../core/catalog/recommendations';
import type { RoomType } from '../../../core/catalog/types';
import type { LoginReason } from '../../../web/api/auth';
import { AppDb, addImages, type StoredImage } from '../../../web/data/db';
import { createActions, type ActionDeps, type Actions } from '../../../web/workflow/actions';
import type { WorkflowState } from '../../../web/workflow/machine';
import { createWorkflowStore, type WorkflowStore } from '../../../web/workflow/store';

export interface Harness {
  db: AppDb;
  store: WorkflowStore;
  actions: Actions;
  deps: ActionDeps;
  calls: {
    engine: { imageId: string; modeIds: string[] }[];
    aiEnhance: { modeIds: string[]; roomType: RoomType | undefined; idempotencyKey: string }[];
    analyze: number;
    suggestions: { images: number; roomTypes: RoomType[] }[];
    implement: { suggestions: string[]; idempotencyKey: string }[];
    fetchCredits: number;
    login: number;
    /** Each save: one file (its number) or a ZIP (its name), with the photos' own names in order. */
    saved: {
      kind: 'one' | 'zip';
      count: number;
      n?: number;
      name?: string;
      originals: (string | undefined)[];
    }[];
    /** Why each trip to /login was made. */
    loginReasons: LoginReason[];
  };
  /** The state after the store has settled (dispatches are synchronous; effects are awaited by the test). */
  state(): WorkflowState;
  close(): Promise<void>;
}

let n = 0;

export const jpegBlob = (tag: string) =>
  new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), tag], { type: 'image/jpeg' });

export async function createHarness(overrides: Partial<ActionDeps> = {}): Promise<Harness> {
  const db = new AppDb(`raumglanz-actions-${++n}`);
  await db.open();
  const store = createWorkflowStore(db);
  let keys = 0;
  const calls: Harness['calls'] = {
    engine: [],
    aiEnhance: [],
    analyze: 0,
    suggestions: [],
    implement: [],
    fetchCredits: 0,
    login: 0,
    saved: [],
    loginReasons: [],
  };
  const deps: ActionDeps = {
    db,
    store,
    engine: {
      async runDeviceModes(_signal, image) {
        calls.engine.push({ imageId: image.imageId, modeIds: image.modeIds });
        return { blob: jpegBlob(`device:${image.imageId}`), notes: [['sharpened']] };
      },
    },
    rooms: {
      async analyze() {
        calls.analyze += 1;
        return { roomType: 'kitchen', visibleElements: { ...NO_VISIBLE_ELEMENTS } };
      },
      analyzeOnServer: () => Promise.reject(new Error('the server analysis is not faked here')),
      combine: combineAnalyses,
    },
    ai: {
      async runServerModes(_signal, { modeIds, roomType, idempotencyKey }) {
        calls.aiEnhance.push({ modeIds, roomType, idempotencyKey });
        return { blob: jpegBlob('server'), description: 'vom Server' };
      },
      async generateSuggestions(_signal, { images, roomTypes }) {
        calls.suggestions.push({ images: images.length, roomTypes });
        return [];
      },
      async implementSuggestions(_signal, { suggestions, idempotencyKey }) {
        calls.implement.push({ suggestions, idempotencyKey });
        // Every line carried out, as a generative server does.
        return {
          blob: jpegBlob(`final-${calls.implement.length - 1}`),
          applied: suggestions.map((_, i) => i),
        };
      },
    },
    // Staging has its own tests (stagingActions.test.ts), which override these.
    staging: {
      analyze: () => Promise.reject(new Error('staging is not faked here')),
      apply: () => Promise.reject(new Error('staging is not faked here')),
    },
    stagingDevice: { place: () => Promise.reject(new Error('staging is not faked here')) },
    retouch: async (_signal, { blob }) => ({ blob, description: 'Retuschiert: 1 markierte Stelle' }),
    labelVirtual: async (blob) => blob,
    makePreview: async () => null,
    toJpeg: async (blob) => blob,
    scrapeListing: async () => ({ ok: false, message: 'nicht erreichbar' }),
    async fetchCredits() {
      calls.fetchCredits += 1;
      return { credits: 7 };
    },
    files: {
      async saveOne(entry) {
        calls.saved.push({ kind: 'one', count: 1, n: entry.n, originals: [entry.originalName] });
        return { belowMinimum: null };
      },
      async saveZip(entries, name) {
        const originals = entries.map((entry) => entry.originalName);
        calls.saved.push({ kind: 'zip', count: entries.length, name, originals });
        return { belowMinimum: null };
      },
      allowsLabel: () => true,
    },
    storageEstimate: async () => ({ usage: 1_000_000, quota: 100_000_000 }),
    requestSync: () => undefined,
    isSignedIn: () => true,
    isOnline: () => true,
    goToLogin: (reason) => {
      calls.login += 1;
      calls.loginReasons.push(reason);
    },
    newKey: () => `key-${++keys}`,
    ...overrides,
  };
  return {
    db,
    store,
    deps,
    actions: createActions(deps),
    calls,
    state: () => store.getState(),
    async close() {
      db.close();
      await db.delete();
    },
  };
}

/** Photos as if uploaded: stored on the device and added to the workflow. */
export async function seedImages(h: Harness, ids: readonly string[]): Promise<void> {
  const rows: StoredImage[] = ids.map((id, i) => ({
    id,
    name: `${id}.jpg`,
    size: 10 + i,
    type: 'image/jpeg',
    original: jpegBlob(`original:${id}`),
    preview: null,
    addedAt: i,
  }));
  await addImages(h.db, rows);
  h.store.dispatch({
    type: 'imagesAdded',
    source: 'upload',
    images: rows.map(({ id, name, size, type }) => ({ id, name, size, type })),
  });
}

/** Photos seeded and analysed as kitchen photos, with `modeIds` selected for all of them. */
export async function seedModes(h: Harness, ids: readonly string[], modeIds: string[]): Promise<void> {
  await seedImages(h, ids);
  h.store.dispatch({ type: 'analysisStarted' });
  h.store.dispatch({
    type: 'analysisSucceeded',
    analysis: {
      roomType: 'kitchen',
      roomTypes: ['kitchen'],
      hasMixedRooms: false,
      recommendedModes: modeIds,
      perImage: Object.fromEntries(ids.map((id) => [id, 'kitchen' as const])),
    },
    roomModeIds: [],
    canRunPaid: true,
  });
}
