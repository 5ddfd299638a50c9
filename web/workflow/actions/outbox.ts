// The outbox: server jobs made offline or failing on the network wait in IndexedDB with their inputs and their
// Idempotency-Key, and are sent again on the `online` event, on the app's next start and when the service
// worker's Background Sync wakes a tab. The server charges each key once (server/services/paidJobs.ts), so a
// retry is never a second charge. Results land on their photo wherever the user is, announced by one toast.

import type { RoomType } from '../../../core/catalog/types';
import {
  listOutbox,
  putOutbox,
  saveResult,
  StorageFullError,
  type OutboxPayload,
  type OutboxRow,
} from '../../data/db';
import { t } from '../../i18n/de';
import { backoffMs, isRetryable, type RetryFacts } from '../outbox/rules';
import type { ActionDeps } from './deps';
import { forServer, WHOLE_PHOTO } from './imageSizes';
import { classify, retryFacts } from './failure';
import { serverNote } from './serverNote';

/** How long one queued job may take to answer before it counts as a network failure (AI jobs are slow). */
export const DELIVER_TIMEOUT_MS = 180_000;

/** What the screens show of a queued job. */
export interface QueuedJob {
  id: string;
  kind: OutboxPayload['kind'];
  imageIds: string[];
  /** Being sent right now: it cannot be cancelled any more (the server may already be running it). */
  sending: boolean;
}

const imageIdsOf = (payload: OutboxPayload) =>
  payload.kind === 'enhance' ? [payload.imageId] : payload.imageIds;

export interface ServerModesJob {
  imageId: string;
  image: Blob;
  modeIds: string[];
  roomType: RoomType | undefined;
  idempotencyKey: string;
  /** The device's notes on the photo; the server's note is added when its answer arrives. */
  notes: string[];
}

export function outboxActions(deps: ActionDeps, refreshCredits: () => Promise<void>) {
  const { db, store } = deps;
  let queued: readonly QueuedJob[] = [];
  const listeners = new Set<() => void>();
  let flushing: Promise<void> | null = null;
  let sendingId: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function publish(): Promise<void> {
    const rows = await listOutbox(db);
    queued = rows.map((row) => ({
      id: row.id,
      kind: row.payload.kind,
      imageIds: imageIdsOf(row.payload),
      sending: row.id === sendingId,
    }));
    for (const listener of listeners) listener();
  }

  function schedule(at: number): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = null;
        void flush();
      },
      Math.max(0, at - Date.now()),
    );
  }

  async function enqueue(payload: OutboxPayload, id: string, error?: unknown): Promise<void> {
    const facts = error === undefined ? null : retryFacts(error);
    const attempts = facts ? 1 : 0;
    const notBefore = facts ? Date.now() + backoffMs(1, facts.retryAfterSeconds) : 0;
    try {
      await putOutbox(db, { id, createdAt: Date.now(), attempts, notBefore, payload });
    } catch (storeError) {
      // No room to keep the job: the photo fails with the reason, and nothing was sent or charged.
      if (storeError instanceof StorageFullError) {
        store.dispatch({ type: 'noticeShown', notice: { key: 'app.storageFull', tone: 'error' } });
      }
      throw storeError;
    }
    await publish();
    deps.requestSync();
    if (notBefore > 0) schedule(notBefore);
  }

  /** True when `error` means "keep the job and try later" rather than "tell the user". */
  const shouldQueue = (signal: AbortSignal, error: unknown) => {
    if (signal.aborted) return false;
    const facts = retryFacts(error);
    return facts !== null && isRetryable(facts);
  };

  /** Sends the photo's server modes now, or queues them: null means queued ('Wartet auf Verbindung'). */
  async function serverModesOrQueue(
    signal: AbortSignal,
    job: ServerModesJob,
  ): Promise<{ blob: Blob; description: string } | null> {
    const payload: OutboxPayload = {
      kind: 'enhance',
      imageId: job.imageId,
      image: job.image,
      modeIds: job.modeIds,
      roomType: job.roomType ?? null,
      notes: job.notes,
    };
    if (!deps.isOnline()) {
      await enqueue(payload, job.idempotencyKey);
      return null;
    }
    try {
      return await deps.ai.runServerModes(signal, {
        image: job.image,
        fit: forServer(1),
        modeIds: job.modeIds,
        roomType: job.roomType,
        idempotencyKey: job.idempotencyKey,
      });
    } catch (error) {
      if (!shouldQueue(signal, error)) throw error;
      await enqueue(payload, job.idempotencyKey, error);
      return null;
    }
  }

  /** Asks for suggestions now, or queues the request: null means queued. Free, so it needs no key of its own. */
  async function suggestionsOrQueue(
    signal: AbortSignal,
    input: { imageIds: string[]; images: Blob[]; roomTypes: RoomType[] },
  ) {
    const payload: OutboxPayload = { kind: 'suggestions', ...input };
    if (!deps.isOnline()) {
      await enqueue(payload, deps.newKey());
      return null;
    }
    try {
      return await deps.ai.generateSuggestions(signal, {
        images: input.images,
        fit: WHOLE_PHOTO,
        roomTypes: input.roomTypes,
      });
    } catch (error) {
      if (!shouldQueue(signal, error)) throw error;
      await enqueue(payload, deps.newKey(), error);
      return null;
    }
  }

  /** Sends one queued job and puts its result where it belongs. */
  async function deliver(signal: AbortSignal, row: OutboxRow): Promise<void> {
    const { payload } = row;
    if (payload.kind === 'enhance') {
      const remote = await deps.ai.runServerModes(signal, {
        image: payload.image,
        fit: forServer(1),
        modeIds: payload.modeIds,
        roomType: (payload.roomType ?? undefined) as RoomType | undefined,
        idempotencyKey: row.id,
      });
      const enhancedKey = await saveResult(db, payload.imageId, 'enhanced', remote.blob);
      store.dispatch({
        type: 'queuedResultLanded',
        imageId: payload.imageId,
        enhancedKey,
        description: [...payload.notes, serverNote(remote.description, payload.modeIds)].join(' · '),
      });
      return;
    }
    const suggestions = await deps.ai.generateSuggestions(signal, {
      images: payload.images,
      fit: WHOLE_PHOTO,
      roomTypes: payload.roomTypes as RoomType[],
    });
    // The suggestion step takes them only where it can show them (results or modes); elsewhere they are
    // dropped like a late answer, and 'Vorschläge' asks again from the photos as they are now.
    store.dispatch({ type: 'suggestionsRequested' });
    store.dispatch({ type: 'suggestionsReceived', suggestions });
  }

  async function flushOnce(): Promise<void> {
    if (!deps.isOnline()) return;
    let delivered = 0;
    let paid = false;
    let next: number | null = null;
    for (const row of await listOutbox(db)) {
      if (row.notBefore > Date.now()) {
        next = Math.min(next ?? Infinity, row.notBefore);
        continue;
      }
      // Cancelled while an earlier job was being sent.
      if (!(await db.outbox.get(row.id))) continue;
      sendingId = row.id;
      await publish();
      const controller = new AbortController();
      // A call that hangs (a half-open connection, a stuck proxy) counts as a network failure: aborted and
      // retried later with the same key, which the server answers from its store if it did finish.
      let timedOut = false;
      const timeout = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, DELIVER_TIMEOUT_MS);
      try {
        await deliver(controller.signal, row);
        await db.outbox.delete(row.id);
        delivered += 1;
        paid ||= row.payload.kind === 'enhance';
      } catch (error) {
        // The answer arrived but the disk is full: the job stays queued (its key replays the stored answer
        // without a second charge) and the user is told; nothing else is sent until there is room.
        if (error instanceof StorageFullError) {
          store.dispatch({ type: 'noticeShown', notice: { key: 'app.storageFull', tone: 'error' } });
          break;
        }
        const facts: RetryFacts | null = timedOut
          ? { status: 0, code: 'NETWORK', retryAfterSeconds: null }
          : retryFacts(error);
        if (facts && isRetryable(facts)) {
          const attempts = row.attempts + 1;
          const notBefore = Date.now() + backoffMs(attempts, facts.retryAfterSeconds);
          await putOutbox(db, { ...row, attempts, notBefore });
          next = Math.min(next ?? Infinity, notBefore);
          // Still no network: the rest would fail the same way; the `online` event brings us back.
          if (facts.status === 0) break;
          continue;
        }
        // Refused for good (credits, login, ALREADY_PROCESSED …): the photo shows why.
        await db.outbox.delete(row.id);
        const failure = classify(error);
        const message = failure.kind === 'failed' ? failure.message : t('errors.network');
        store.dispatch({ type: 'queuedJobDropped', imageIds: imageIdsOf(row.payload), error: message });
        store.dispatch({
          type: 'noticeShown',
          notice: { key: 'outbox.dropped', values: { message }, tone: 'error' },
        });
        if (failure.kind === 'insufficientCredits') {
          store.dispatch({ type: 'insufficientCredits', needed: failure.needed, current: failure.current });
        }
      } finally {
        clearTimeout(timeout);
        sendingId = null;
      }
    }
    await publish();
    // One toast for everything that arrived, wherever the user is.
    if (delivered > 0) {
      store.dispatch({
        type: 'noticeShown',
        notice: { key: 'outbox.delivered', values: { count: delivered }, tone: 'success' },
      });
    }
    if (paid) void refreshCredits();
    if (next !== null) schedule(next);
  }

  /** Sends what waits; concurrent calls (online event, start, Background Sync) share one run. */
  function flush(): Promise<void> {
    flushing ??= flushOnce()
      .catch((error: unknown) => console.warn('raumglanz: outbox flush failed', error))
      .finally(() => {
        flushing = null;
      });
    return flushing;
  }

  return {
    /** The queue as the screens see it; `watchOutbox` tells when it changed. */
    queuedJobs: (): readonly QueuedJob[] => queued,
    watchOutbox(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** On start: show what a reload or a closed tab left queued, and send it if the network is there. */
    async startOutbox(): Promise<void> {
      await publish();
      await flush();
    },
    flushOutbox: flush,
    /** Re-reads the queue after someone else changed the table (reset cleared it). */
    refreshOutbox: publish,
    /** Removes a waiting job (the user's 'Abbrechen'); one being sent right now cannot be taken back. */
    async cancelQueued(id: string): Promise<boolean> {
      if (id === sendingId) return false;
      const row = await db.outbox.get(id);
      if (!row) return false;
      await db.outbox.delete(id);
      store.dispatch({ type: 'queuedJobDropped', imageIds: imageIdsOf(row.payload) });
      await publish();
      return true;
    },
    serverModesOrQueue,
    suggestionsOrQueue,
  };
}

export type OutboxActions = ReturnType<typeof outboxActions>;
