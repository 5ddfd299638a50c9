// PostgreSQL's LISTEN/NOTIFY for the job queue: one listening connection per process that tells a waiting HTTP
// request that its paid job finished (the settling transaction notifies on commit, jobs.ts), and wakes a
// worker's pollers when a job was queued (enqueue.ts). A notification only shortens a wait: every waiter also
// re-reads the job after a short interval, so a notification lost to a dropped connection costs latency, never a
// result.
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Logger } from '../../logger';
import type { Database } from '../../store/db';

/** Sent by the transaction that finishes a paid job; the payload is the job id. */
export const JOB_FINISHED_CHANNEL = 'raumglanz_job_finished';
/** Sent by the transaction that queues a paid job; the payload is the job id. */
export const JOB_QUEUED_CHANNEL = 'raumglanz_job_queued';

/** Sends a notification in the caller's transaction (delivered when it commits). */
export async function notify(db: Database, channel: string, payload: string): Promise<void> {
  await db.query().executeQuery(CompiledQuery.raw('SELECT pg_notify($1, $2)', [channel, payload]));
}

const RECONNECT_MS = 1_000;

export interface JobNotifications {
  /**
   * Resolves when `jobId` finished (as far as a notification says), after `ms`, or when `signal` aborts,
   * whichever is first; never rejects. The caller reads the job's state afterwards either way.
   */
  finished(jobId: string, ms: number, signal?: AbortSignal): Promise<void>;
  /** Calls `listener` whenever any process queued a job; returns the unsubscribe. */
  onQueued(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Opens the listening connection (reconnecting by itself when it drops) and resolves once it listens. */
export async function listenForJobs(connectionString: string, logger: Logger): Promise<JobNotifications> {
  const waiters = new Map<string, Set<() => void>>();
  const queuedListeners = new Set<() => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let reconnect: NodeJS.Timeout | undefined;

  const wakeAll = () => {
    for (const set of waiters.values()) for (const wake of set) wake();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: 'raumglanz-listen' });
    next.on('notification', (message) => {
      if (message.channel === JOB_FINISHED_CHANNEL && message.payload) {
        for (const wake of waiters.get(message.payload) ?? []) wake();
      } else if (message.channel === JOB_QUEUED_CHANNEL) {
        for (const listener of queuedListeners) listener();
      }
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'job notifications: the listening connection failed; reconnecting');
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      // What was notified while we were away is lost: everyone looks at their job again now.
      wakeAll();
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${JOB_FINISHED_CHANNEL}`);
    await next.query(`LISTEN ${JOB_QUEUED_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };

  function scheduleReconnect(): void {
    if (closed || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      connect().catch((error: unknown) => {
        logger.warn({ err: error }, 'job notifications: reconnect failed');
        scheduleReconnect();
      });
    }, RECONNECT_MS);
    reconnect.unref();
  }

  await connect();

  return {
    finished(jobId, ms, signal) {
      return new Promise<void>((resolve) => {
        let set = waiters.get(jobId);
        if (!set) waiters.set(jobId, (set = new Set()));
        const mine = set;
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          mine.delete(done);
          if (mine.size === 0 && waiters.get(jobId) === mine) waiters.delete(jobId);
          resolve();
        };
        const timer = setTimeout(done, ms);
        mine.add(done);
        if (signal?.aborted) done();
        else signal?.addEventListener('abort', done, { once: true });
      });
    },
    onQueued(listener) {
      queuedListeners.add(listener);
      return () => queuedListeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(reconnect);
      wakeAll();
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
