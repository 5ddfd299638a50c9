import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb, addImages, loadWorkflow, saveWorkflow, type StoredImage } from '../../../web/data/db';
import { initialState } from '../../../web/workflow/machine';
import { createWorkflowStore, reconcileImages } from '../../../web/workflow/store';

let db: AppDb;
let n = 0;
beforeEach(async () => {
  db = new AppDb(`raumglanz-store-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const stored = (id: string): StoredImage => ({
  id,
  name: `${id}.jpg`,
  size: 3,
  type: 'image/jpeg',
  original: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
  preview: null,
  addedAt: 1,
});
const until = async (check: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('#reconcileImages', () => {
  const item = (id: string) => ({
    id,
    name: `${id}.jpg`,
    size: 3,
    type: 'image/jpeg',
    status: 'enhanced' as const,
  });
  it.each([
    ['keeps the state when both agree', ['a'], ['a'], ['a:enhanced']],
    ['drops images whose photo is gone', ['a', 'b'], ['b'], ['b:enhanced']],
    [
      'gives back stored photos the snapshot missed, as uploaded',
      ['a'],
      ['a', 'c'],
      ['a:enhanced', 'c:uploaded'],
    ],
    ['empty on both sides', [], [], []],
  ])('%s', (_name, inState, onDevice, expected) => {
    const state = { ...initialState, images: inState.map(item) };
    const next = reconcileImages(
      state,
      onDevice.map((id) => ({ id, name: `${id}.jpg`, size: 3, type: 'image/jpeg' })),
    );
    expect(next.images.map((i) => `${i.id}:${i.status}`)).toEqual(expected);
    if (inState.join() === onDevice.join()) expect(next).toBe(state);
  });
});

describe('#createWorkflowStore', () => {
  it('writes a snapshot after a change and reads it back in a new store (a reload)', async () => {
    await addImages(db, [stored('a')]);
    const store = createWorkflowStore(db);
    store.dispatch({
      type: 'imagesAdded',
      source: 'upload',
      images: [{ id: 'a', name: 'a.jpg', size: 3, type: 'image/jpeg' }],
    });
    await until(
      async () => ((await loadWorkflow(db)) as { images?: unknown[] } | null)?.images?.length === 1,
    );

    const again = createWorkflowStore(db);
    await again.hydrate();
    expect(again.getState().images.map((i) => i.id)).toEqual(['a']);
    expect(again.getState().notice).toBeNull();
  });

  it('keeps the results of a session saved before the result keys were renamed (snapshot version 1)', async () => {
    await addImages(db, [stored('a')]);
    await saveWorkflow(db, {
      version: 1,
      images: [
        {
          id: 'a',
          name: 'a.jpg',
          size: 3,
          type: 'image/jpeg',
          status: 'enhanced',
          enhancedUrl: 'a:enhanced',
        },
      ],
      showOptions: true,
      resultsVisible: true,
      finalResult: { images: [{ imageId: 'a', url: 'a:final' }], appliedSuggestions: [] },
    });
    const store = createWorkflowStore(db);
    await store.hydrate();
    expect(store.getState().images).toEqual([
      { id: 'a', name: 'a.jpg', size: 3, type: 'image/jpeg', status: 'enhanced', enhancedKey: 'a:enhanced' },
    ]);
    expect(store.getState().finalResult?.images).toEqual([{ imageId: 'a', resultKey: 'a:final' }]);
  });

  it('tells subscribers about changes and ignores events that change nothing', () => {
    const store = createWorkflowStore(db);
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch({ type: 'back' });
    expect(listener).not.toHaveBeenCalled();
    store.dispatch({
      type: 'imagesAdded',
      source: 'upload',
      images: [{ id: 'a', name: 'a.jpg', size: 3, type: 'image/jpeg' }],
    });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reports a full disk once, in German, and does not loop on its own notice', async () => {
    const put = vi
      .spyOn(db.workflow, 'put')
      .mockRejectedValue(new DOMException('voll', 'QuotaExceededError'));
    const store = createWorkflowStore(db);
    store.dispatch({
      type: 'imagesAdded',
      source: 'upload',
      images: [{ id: 'a', name: 'a.jpg', size: 3, type: 'image/jpeg' }],
    });
    await until(() => store.getState().notice?.key === 'app.storageFull');
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState().notice?.key).toBe('app.storageFull');
    expect(put.mock.calls.length).toBeLessThanOrEqual(3);
  });
});
