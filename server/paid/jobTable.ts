// The paid_jobs and paid_job_images tables: SQL only. A paid job is the durable twin of one charge (its state,
// its stored answer, the process or queue worker that runs it); a queued job's photos wait in paid_job_images
// until it is settled. The rules, and the transactions that tie a job to its ledger entries, are jobs.ts's.
import { sql, type UpdateResult } from 'kysely';
import type { Database } from '../store/db';
import {
  readRow,
  type PaidJobRunner,
  type PaidJobsTable,
  type PaidJobState,
  type Row,
} from '../store/schema';

export type PaidJob = Row<PaidJobsTable>;

/** The columns a new (or newly charged) pending job is written with. */
export type NewPaidJob = Pick<
  PaidJob,
  | 'id'
  | 'userId'
  | 'idempotencyKey'
  | 'scope'
  | 'fingerprint'
  | 'cost'
  | 'attempt'
  | 'chargeEntryId'
  | 'ownerBootId'
  | 'ownerPid'
  | 'runner'
>;

/** An answer as a job keeps it: status, JSON body and when it is dropped (epoch ms). */
export interface StoredAnswer {
  status: number;
  json: string;
  expiresAt: number;
}

export function createJobTable(db: Database) {
  const jobs = () => db.query().selectFrom('paid_jobs').selectAll();
  const pendingOf = (runner: PaidJobRunner) =>
    jobs().where('state', '=', 'pending').where('runner', '=', runner);
  const listOf = async (query: ReturnType<typeof jobs>): Promise<PaidJob[]> =>
    (await query.execute()).map((row) => readRow<PaidJobsTable>(row));
  /** An update of job `id` that applies only while it is pending. */
  const pendingJob = (id: string) =>
    db.query().updateTable('paid_jobs').where('id', '=', id).where('state', '=', 'pending');
  const updatedOne = (result: UpdateResult): boolean => Number(result.numUpdatedRows) === 1;

  return {
    async findByKey(userId: string, idempotencyKey: string): Promise<PaidJob | undefined> {
      const row = await jobs()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      return row && readRow<PaidJobsTable>(row);
    },

    async findById(id: string): Promise<PaidJob | undefined> {
      const row = await jobs().where('id', '=', id).executeTakeFirst();
      return row && readRow<PaidJobsTable>(row);
    },

    /** A new job, or a refunded/failed one started again (same row, next attempt, new charge). */
    async upsertPending(job: NewPaidJob, now: number): Promise<void> {
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

    async markDone(id: string, creditsCharged: number, answer: StoredAnswer, now: number): Promise<void> {
      await pendingJob(id)
        .set({
          state: 'done',
          credits_charged: creditsCharged,
          result_status: answer.status,
          result_json: answer.json,
          result_expires_at: answer.expiresAt,
          updated_at: now,
        })
        .execute();
    },

    /** `answer`: what a queued job's poll gets (the error, with its credits refunded); none for a process job. */
    async markRefunded(
      id: string,
      state: 'failed' | 'refunded',
      now: number,
      answer?: StoredAnswer,
    ): Promise<void> {
      await pendingJob(id)
        .set({
          state,
          credits_charged: 0,
          updated_at: now,
          ...(answer
            ? { result_status: answer.status, result_json: answer.json, result_expires_at: answer.expiresAt }
            : {}),
        })
        .execute();
    },

    /** Records the queue worker that runs the pending job now; false when the job is not pending any more. */
    async claim(id: string, attempt: number, workerBootId: string, now: number): Promise<boolean> {
      return updatedOne(
        await pendingJob(id)
          .where('attempt', '=', attempt)
          .set({ worker_boot_id: workerBootId, updated_at: now })
          .executeTakeFirst(),
      );
    },

    /** Forgets the worker of a pending job if it is still `workerBootId`; false when someone else did first. */
    async release(id: string, workerBootId: string, now: number): Promise<boolean> {
      return updatedOne(
        await pendingJob(id)
          .where('worker_boot_id', '=', workerBootId)
          .set({ worker_boot_id: null, updated_at: now })
          .executeTakeFirst(),
      );
    },

    /** Pending queued jobs no worker has claimed yet, queued before `before` (epoch ms). */
    unclaimedSince(before: number): Promise<PaidJob[]> {
      return listOf(pendingOf('queue').where('worker_boot_id', 'is', null).where('updated_at', '<', before));
    },

    /** Pending queued jobs that a worker (not `bootId`) has taken. */
    runningOnWorkers(bootId: string): Promise<PaidJob[]> {
      return listOf(
        pendingOf('queue').where('worker_boot_id', 'is not', null).where('worker_boot_id', '<>', bootId),
      );
    },

    /** Pending jobs of the process runner not owned by `bootId`. */
    pendingNotOwnedBy(bootId: string): Promise<PaidJob[]> {
      return listOf(pendingOf('process').where('owner_boot_id', '<>', bootId));
    },

    /** The photos of a queued job, in order. */
    async putImages(jobId: string, images: readonly Buffer[]): Promise<void> {
      if (images.length === 0) return;
      await db
        .query()
        .insertInto('paid_job_images')
        .values(images.map((bytes, position) => ({ job_id: jobId, position, bytes })))
        .execute();
    },

    async images(jobId: string): Promise<Buffer[]> {
      const rows = await db
        .query()
        .selectFrom('paid_job_images')
        .select('bytes')
        .where('job_id', '=', jobId)
        .orderBy('position')
        .execute();
      return rows.map((row) => Buffer.from(row.bytes));
    },

    async dropImages(jobId: string): Promise<void> {
      await db.query().deleteFrom('paid_job_images').where('job_id', '=', jobId).execute();
    },

    /** Drops stored answers past their time. */
    async dropExpiredResults(now: number): Promise<void> {
      await db
        .query()
        .updateTable('paid_jobs')
        .set({ result_json: null })
        .where('result_json', 'is not', null)
        .where('result_expires_at', '<=', now)
        .execute();
    },

    async countByState(): Promise<Record<PaidJobState, number>> {
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
  };
}
