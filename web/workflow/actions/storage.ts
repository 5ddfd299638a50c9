// Storage hygiene: how much of the device's storage the app uses (navigator.storage.estimate, through the
// `storage` port) and the cleanup of old sessions' blobs by the pure rules of web/data/retention.ts, after the
// retention period the user chose (the settings actions), run at start and on demand.

import { listOutbox } from '../../data/db';
import { planCleanup, type RetentionDays } from '../../data/retention';
import type { ActionDeps } from './deps';

/** `retentionDays`: the user's choice (the settings actions). */
export function storageActions(deps: ActionDeps, retentionDays: () => RetentionDays) {
  const { db, store } = deps;

  /** Removes what the retention rules say may go; returns how many photos and results were removed. */
  async function cleanOldSessions(now = Date.now()): Promise<{ images: number; results: number }> {
    const [images, results, workflow, queued] = await Promise.all([
      db.images.toArray(),
      db.results.toArray(),
      db.workflow.get('current'),
      listOutbox(db),
    ]);
    // Whatever id the current state mentions anywhere (photos, results, final, staging) is in use.
    const mentioned = JSON.stringify(store.getState());
    const plan = planCleanup({
      now,
      retentionDays: retentionDays(),
      savedAt: workflow?.savedAt ?? null,
      referencedImageIds: new Set(images.filter((i) => mentioned.includes(i.id)).map((i) => i.id)),
      referencedResultIds: new Set(results.filter((r) => mentioned.includes(r.id)).map((r) => r.id)),
      queuedImageIds: new Set(
        queued.flatMap((row) =>
          row.payload.kind === 'enhance' ? [row.payload.imageId] : row.payload.imageIds,
        ),
      ),
      images: images.map((i) => ({ id: i.id, addedAt: i.addedAt })),
      results: results.map((r) => ({ id: r.id, imageId: r.imageId, createdAt: r.createdAt })),
    });
    if (plan.expireSession) store.dispatch({ type: 'reset' });
    await db.transaction('rw', db.images, db.results, async () => {
      await db.images.bulkDelete(plan.deleteImageIds);
      await db.results.bulkDelete(plan.deleteResultIds);
    });
    return { images: plan.deleteImageIds.length, results: plan.deleteResultIds.length };
  }

  return {
    cleanOldSessions,
    /** Bytes used and available to this site, or null where the browser does not say. */
    storageEstimate: () => deps.storageEstimate(),
  };
}
