// The paid_jobs, paid_job_images and server_boots tables: SQL only, no rules. A paid job is the durable twin of
// one charge (its state, its stored answer, the process or queue worker that runs it, a queued job's photos);
// the rules and the transactions that tie a job to its ledger entries live in services/paidJobs.ts.
import { sql } from 'kysely';
import type { Database } from './db';

import type { PaidJobRunner, PaidJobState } from './schema';

export type { PaidJobState };
/** Who runs a pending job: the server process that charged it, or a queue worker (server/queue). */
export type { PaidJobRunner };

export interface PaidJob {
  id: string;
  userId: string;
  idempotencyKey: string;
  scope: string;
  fingerprint: string;
  cost: number;
  state: PaidJobState;
  /** 0 for the first run; a key whose job was refunded runs again as attempt + 1 with a new charge. */
  attempt: number;
  chargeEntryId: string;
  /** What the finished job kept after refunding failed images; null until it finished. */
  creditsCharged: number | null;
  resultStatus: number | null;
  resultJson: string | null;
  /** Epoch ms after which the stored answer is dropped. */
  resultExpiresAt: number | null;
  ownerBootId: string;
  ownerPid: number;
  runner: PaidJobRunner;
  /** The queue worker's boot that runs the job now; null while it waits or for a process job. */
  workerBootId: string | null;
}

export interface ServerBoot {
  bootId: string;
  pid: number;
  /** The machine the process runs on (os.hostname()). */
  host: string;
  heartbeatAt: number;
}

const COLUMNS = [
  'id',
  'user_id',
  'idempotency_key',
  'scope',
  'fingerprint',
  'cost',
  'state',
  'attempt',
  'charge_entry_id',
  'credits_charged',
  'result_status',
  'result_json',
  'result_expires_at',
  'owner_boot_id',
  'owner_pid',
  'runner',
  'worker_boot_id',
] as const;

interface Row {
  id: string;
  user_id: string;
  idempotency_key: string;
  scope: string;
  fingerprint: string;
  cost: number;
  state: PaidJobState;
  attempt: number;
  charge_entry_id: string;
  credits_charged: number | null;
  result_status: number | null;
  result_json: string | null;
  result_expires_at: number | null;
  owner_boot_id: string;
  owner_pid: number;
  runner: PaidJobRunner;
  worker_boot_id: string | null;
}

function toJob(row: Row): PaidJob {
  return {
    id: row.id,
    userId: row.user_id,
    idempotencyKey: row.idempotency_key,
    scope: row.scope,
    fingerprint: row.fingerprint,
    cost: row.cost,
    state: row.state,
    attempt: row.attempt,
    chargeEntryId: row.charge_entry_id,
    creditsCharged: row.credits_charged,
    resultStatus: row.result_status,
    resultJson: row.result_json,
    resultExpiresAt: row.result_expires_at,
    ownerBootId: row.owner_boot_id,
    ownerPid: row.owner_pid,
    runner: row.runner,
    workerBootId: row.worker_boot_id,
  };
}

export interface PaidJobRepository {
  findByKey(userId: string, idempotencyKey: string): Promise<PaidJob | undefined>;
  findById(id: string): Promise<PaidJob | undefined>;
  /** A new job, or a refunded/failed one started again (same row, next attempt, new charge). */
  upsertPending(
    job: Omit<
      PaidJob,
      'state' | 'creditsCharged' | 'resultStatus' | 'resultJson' | 'resultExpiresAt' | 'workerBootId'
    >,
    now: number,
  ): Promise<void>;
  markDone(
    id: string,
    fields: { creditsCharged: number; status: number; json: string; expiresAt: number },
    now: number,
  ): Promise<void>;
  /** `answer`: what a queued job's poll gets (the error, with its credits refunded); none for a process job. */
  markRefunded(
    id: string,
    state: 'failed' | 'refunded',
    now: number,
    answer?: { status: number; json: string; expiresAt: number },
  ): Promise<void>;
  /** Records the queue worker that runs the pending job now; false when the job is not pending any more. */
  claim(id: string, attempt: number, workerBootId: string, now: number): Promise<boolean>;
  /** Pending queued jobs no worker has claimed yet, queued before `before` (epoch ms). */
  unclaimedSince(before: number): Promise<PaidJob[]>;
  /** Pending queued jobs that a worker (not `bootId`) has taken. */
  runningOnWorkers(bootId: string): Promise<PaidJob[]>;
  /** Forgets the worker of a pending job if it is still `workerBootId`; false when someone else did first. */
  release(id: string, workerBootId: string, now: number): Promise<boolean>;
  /** The photos of a queued job, in order. */
  putImages(jobId: string, images: readonly Buffer[]): Promise<void>;
  images(jobId: string): Promise<Buffer[]>;
  dropImages(jobId: string): Promise<void>;
  /** Pending jobs of the process runner not owned by `bootId`. */
  pendingNotOwnedBy(bootId: string): Promise<PaidJob[]>;
  /** Drops stored answers past their time; returns how many. */
  dropExpiredResults(now: number): Promise<number>;
  countByState(): Promise<Record<PaidJobState, number>>;
  registerBoot(boot: ServerBoot): Promise<void>;
  heartbeat(bootId: string, now: number): Promise<void>;
  removeBoot(bootId: string): Promise<void>;
  boot(bootId: string): Promise<ServerBoot | undefined>;
}

export function createPaidJobRepository(db: Database): PaidJobRepository {
  return {
    async findByKey(userId, key) {
      const row = await db
        .query()
        .selectFrom('paid_jobs')
        .select(COLUMNS)
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && toJob(row);
    },
    async findById(id) {
      const row = await db
        .query()
        .selectFrom('paid_jobs')
        .select(COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toJob(row);
    },
    async upsertPending(job, now) {
      await db
        .query()
        .insertInto('paid_jobs')
        .values({
          id: job.id,
          user_id: job.userId,
          idempotency_key: job.idempotencyKey,
          scope: job.scope,
          fingerprint: job.fingerprint,
          cost: job.cost,
          state: 'pending',
          attempt: job.attempt,
          charge_entry_id: job.chargeEntryId,
          owner_boot_id: job.ownerBootId,
          owner_pid: job.ownerPid,
          runner: job.runner,
          worker_boot_id: null,
          updated_at: now,
        })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({
            state: 'pending',
            attempt: eb.ref('excluded.attempt'),
            cost: eb.ref('excluded.cost'),
            charge_entry_id: eb.ref('excluded.charge_entry_id'),
            credits_charged: null,
            result_status: null,
            result_json: null,
            result_expires_at: null,
            owner_boot_id: eb.ref('excluded.owner_boot_id'),
            owner_pid: eb.ref('excluded.owner_pid'),
            runner: eb.ref('excluded.runner'),
            worker_boot_id: null,
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },
    async markDone(id, fields, now) {
      await db
        .query()
        .updateTable('paid_jobs')
        .set({
          state: 'done',
          credits_charged: fields.creditsCharged,
          result_status: fields.status,
          result_json: fields.json,
          result_expires_at: fields.expiresAt,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .execute();
    },
    async markRefunded(id, state, now, answer) {
      await db
        .query()
        .updateTable('paid_jobs')
        .set({
          state,
          credits_charged: 0,
          updated_at: now,
          ...(answer
            ? { result_status: answer.status, result_json: answer.json, result_expires_at: answer.expiresAt }
            : {}),
        })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .execute();
    },
    async claim(id, attempt, workerBootId, now) {
      const result = await db
        .query()
        .updateTable('paid_jobs')
        .set({ worker_boot_id: workerBootId, updated_at: now })
        .where('id', '=', id)
        .where('attempt', '=', attempt)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async unclaimedSince(before) {
      const rows = await db
        .query()
        .selectFrom('paid_jobs')
        .select(COLUMNS)
        .where('state', '=', 'pending')
        .where('runner', '=', 'queue')
        .where('worker_boot_id', 'is', null)
        .where('updated_at', '<', before)
        .execute();
      return rows.map(toJob);
    },
    async runningOnWorkers(bootId) {
      const rows = await db
        .query()
        .selectFrom('paid_jobs')
        .select(COLUMNS)
        .where('state', '=', 'pending')
        .where('runner', '=', 'queue')
        .where('worker_boot_id', 'is not', null)
        .where('worker_boot_id', '<>', bootId)
        .execute();
      return rows.map(toJob);
    },
    async release(id, workerBootId, now) {
      const result = await db
        .query()
        .updateTable('paid_jobs')
        .set({ worker_boot_id: null, updated_at: now })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .where('worker_boot_id', '=', workerBootId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async putImages(jobId, images) {
      if (images.length === 0) return;
      await db
        .query()
        .insertInto('paid_job_images')
        .values(images.map((bytes, position) => ({ job_id: jobId, position, bytes })))
        .execute();
    },
    async images(jobId) {
      const rows = await db
        .query()
        .selectFrom('paid_job_images')
        .select('bytes')
        .where('job_id', '=', jobId)
        .orderBy('position')
        .execute();
      return rows.map((row) => Buffer.from(row.bytes));
    },
    async dropImages(jobId) {
      await db.query().deleteFrom('paid_job_images').where('job_id', '=', jobId).execute();
    },
    async pendingNotOwnedBy(bootId) {
      const rows = await db
        .query()
        .selectFrom('paid_jobs')
        .select(COLUMNS)
        .where('state', '=', 'pending')
        .where('runner', '=', 'process')
        .where('owner_boot_id', '<>', bootId)
        .execute();
      return rows.map(toJob);
    },
    async dropExpiredResults(now) {
      const result = await db
        .query()
        .updateTable('paid_jobs')
        .set({ result_json: null })
        .where('result_json', 'is not', null)
        .where('result_expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async countByState() {
      const rows = await db
        .query()
        .selectFrom('paid_jobs')
        .select(['state', sql<number>`CAST(COUNT(*) AS INTEGER)`.as('n')])
        .groupBy('state')
        .execute();
      const result: Record<PaidJobState, number> = { pending: 0, done: 0, failed: 0, refunded: 0 };
      for (const { state, n } of rows) result[state] = n;
      return result;
    },
    async registerBoot(boot) {
      await db
        .query()
        .insertInto('server_boots')
        .values({
          boot_id: boot.bootId,
          pid: boot.pid,
          host: boot.host,
          started_at: boot.heartbeatAt,
          heartbeat_at: boot.heartbeatAt,
        })
        .execute();
    },
    async heartbeat(bootId, now) {
      await db
        .query()
        .updateTable('server_boots')
        .set({ heartbeat_at: now })
        .where('boot_id', '=', bootId)
        .execute();
    },
    async removeBoot(bootId) {
      await db.query().deleteFrom('server_boots').where('boot_id', '=', bootId).execute();
    },
    async boot(bootId) {
      const row = await db
        .query()
        .selectFrom('server_boots')
        .select(['boot_id', 'pid', 'host', 'heartbeat_at'])
        .where('boot_id', '=', bootId)
        .executeTakeFirst();
      return row && { bootId: row.boot_id, pid: row.pid, host: row.host, heartbeatAt: row.heartbeat_at };
    },
  };
}
