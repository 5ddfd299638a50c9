// Storage hygiene's effects on a real store and Dexie database: old sessions and orphaned blobs are removed by
// the retention the user chose, a queued job's photo never; the used storage comes from the port.

import { afterEach, describe, expect, it } from 'vitest';
import { addImages, putOutbox, saveResult } from '../../../web/data/db';
import { createHarness, jpegBlob, seedImages, type Harness } from './fakeDeps';

let h: Harness;
afterEach(async () => {
  await h.close();
});

const DAY = 24 * 60 * 60 * 1000;

describe('storage hygiene', () => {
  it('keeps the current session, removes an orphaned photo older than a day', async () => {
    h = await createHarness();
    await seedImages(h, ['a']);
    await addImages(h.db, [
      {
        id: 'gone',
        name: 'x.jpg',
        size: 1,
        type: 'image/jpeg',
        original: jpegBlob('x'),
        preview: null,
        addedAt: 0,
      },
    ]);
    await saveResult(h.db, 'gone', 'enhanced', jpegBlob('r'));
    // Let the store write its snapshot (savedAt = now).
    await new Promise((r) => setTimeout(r, 50));
    const removed = await h.actions.cleanOldSessions(Date.now() + 2 * DAY);
    expect(removed).toEqual({ images: 1, results: 1 });
    expect((await h.db.images.toArray()).map((i) => i.id)).toEqual(['a']);
    expect(h.state().images.map((i) => i.id)).toEqual(['a']);
  });

  it('expires a session older than the chosen retention, unless a job waits for one of its photos', async () => {
    h = await createHarness();
    await seedImages(h, ['a']);
    await new Promise((r) => setTimeout(r, 50));
    h.actions.setRetentionDays(7);
    expect(h.actions.retentionDays()).toBe(7);

    await putOutbox(h.db, {
      id: 'k',
      createdAt: 0,
      attempts: 0,
      notBefore: 0,
      payload: {
        kind: 'enhance',
        imageId: 'a',
        image: jpegBlob('q'),
        modeIds: ['m'],
        roomType: null,
        notes: [],
      },
    });
    await h.actions.cleanOldSessions(Date.now() + 8 * DAY);
    expect(h.state().images).toHaveLength(1);

    await h.db.outbox.clear();
    await h.actions.cleanOldSessions(Date.now() + 8 * DAY);
    expect(h.state().images).toHaveLength(0);
    expect(await h.db.images.count()).toBe(0);
  });

  it('reads the used storage through the port', async () => {
    h = await createHarness();
    expect(await h.actions.storageEstimate()).toEqual({ usage: 1_000_000, quota: 100_000_000 });
  });
});
