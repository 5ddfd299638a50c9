// The job queue of the PostgreSQL deployment: pg-boss in the same database, one queue of paid AI jobs and one
// for the jobs that failed for good (pg-boss moves a job there once its retries are spent, also when its worker
// died on the last try), whose worker refunds them. The retry and expiry rules go with every job sent, so a
// change of the settings applies to the next job without a migration of the queue rows.
import { createHash } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import type { Database } from '../../store/db';
import type { PaidScope } from '../batch';

export const PAID_QUEUE = 'raumglanz-paid';
export const PAID_FAILED_QUEUE = 'raumglanz-paid-failed';

/** What a queued paid job carries: the paid job (paid/jobs.ts) it runs, and the request it came from. */
export interface PaidQueueData {
  paidJobId: string;
  /** The paid job's attempt when it was queued; a later attempt of the same key is another queue job. */
  attempt: number;
  /** The X-Request-Id of the call that queued it, so the worker's log lines carry it too. */
  requestId: string;
  /** Which planner rebuilds the work (paid/batch.ts), and its parameters. */
  scope: PaidScope;
  params: unknown;
  /** Each photo's share of the charge: what a failed photo gives back. */
  perImageCredits: number[];
}

export interface QueueSettings {
  /** A job running longer than this is taken as lost (its worker died) and retried. */
  expireSeconds: number;
  /** Retries after the first run; spent, the job goes to PAID_FAILED_QUEUE and is refunded. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** How often one process (any) looks for expired jobs. */
  maintenanceSeconds: number;
}

export type Boss = PgBoss;

/** The queue's settings from the environment (QUEUE_*), and how long a paid request waits for its job. */
export function queueSettings(env: Env): QueueSettings & { waitMs: number } {
  return {
    expireSeconds: env.QUEUE_JOB_EXPIRE_SECONDS,
    retryLimit: env.QUEUE_RETRY_LIMIT,
    retryDelaySeconds: env.QUEUE_RETRY_DELAY_SECONDS,
    maintenanceSeconds: env.QUEUE_MAINTENANCE_SECONDS,
    waitMs: env.QUEUE_WAIT_SECONDS * 1000,
  };
}

/** pg-boss's statements, run on whatever connection the caller's transaction holds (Database.query()). */
export function transactionDb(db: Database): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await db.query().executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows };
    },
  };
}

/** pg-boss's own connections per process; the queue needs few (sends go through the app's transactions). */
const BOSS_POOL_SIZE = 3;

/**
 * The queue job's id for one attempt of a paid job: derived, not stored, so any process can tell the queue
 * about the job (a worker that found its owner dead fails it by this id, and the queue retries it at once).
 */
export function queueJobId(paidJobId: string, attempt: number): string {
  const hex = createHash('sha256').update(`${paidJobId}#${attempt}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function jobOptions(settings: QueueSettings): PgBoss.SendOptions {
  return {
    expireInSeconds: settings.expireSeconds,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    deadLetter: PAID_FAILED_QUEUE,
  };
}

/** Starts pg-boss (creating or migrating its schema) and makes sure both queues exist. */
export async function startBoss(
  connectionString: string,
  settings: QueueSettings,
  logger: Logger,
): Promise<Boss> {
  const boss = new PgBoss({
    connectionString,
    max: BOSS_POOL_SIZE,
    application_name: 'raumglanz-queue',
    schedule: false,
    maintenanceIntervalSeconds: settings.maintenanceSeconds,
    // Finished queue rows are only bookkeeping: the answer lives with the paid job.
    archiveCompletedAfterSeconds: 3600,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(PAID_FAILED_QUEUE, { name: PAID_FAILED_QUEUE, retryLimit: 10, retryDelay: 5 });
  await boss.createQueue(PAID_QUEUE, { name: PAID_QUEUE, deadLetter: PAID_FAILED_QUEUE });
  return boss;
}

/**
 * Of the queue jobs `ids`, those a worker fetched more than `seconds` ago and still holds (state active). Read
 * from pg-boss's own job table: its API can only ask one job at a time.
 */
export async function activeLongerThan(
  boss: Boss,
  ids: readonly string[],
  seconds: number,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await boss.getDb().executeSql(
    `SELECT id FROM pgboss.job WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'
         AND started_on < now() - make_interval(secs => $3)`,
    [PAID_QUEUE, ids, seconds],
  );
  return (rows as { id: string }[]).map((row) => row.id);
}
