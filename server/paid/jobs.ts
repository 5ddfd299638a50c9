// The durable record of paid work: one paid job per Idempotency-Key, the twin of its charge (jobTable.ts).
// Opening a job looks its key up and, for a new (or refunded) one, charges the ledger and records the job in the
// same transaction; finishing stores the answer and refunds the failed images in one; refunding gives the whole
// charge back in one. Each holds the user's ledger lock (ledger.ts), so two processes never act on one job at
// once. A retry with the same key gets the stored answer, 409 while it runs, or (after a refund) a fresh run;
// another body with the same key gets 422. The pending jobs of a process that is gone (liveness.ts) are refunded
// at the next start or heartbeat of any process, so kill -9 between charge and answer loses nobody's credits. A
// queued job (queue/) runs on a worker: the recovery leaves it to the queue's retries, a retry of its key waits
// for it, and whoever settles it first settles it, dropping its photos and waking its waiting request in the
// settling transaction.
import { randomUUID } from 'node:crypto';
import { ApiError } from '../errors';
import type { Logger } from '../logger';
import type { Answer } from '../answer';
import type { Database } from '../store/db';
import type { PaidJobRunner, PaidJobState } from '../store/schema';
import { createJobTable, type PaidJob, type StoredAnswer } from './jobTable';
import { insufficientCreditsError, ledgerLock, type Ledger } from './ledger';
import type { Liveness } from './liveness';
import { JOB_FINISHED_CHANNEL, notify } from './queue/notifications';

export interface PaidJobsOptions {
  db: Database;
  ledger: Ledger;
  /** This process's boot, and whether another process is gone. */
  liveness: Liveness;
  logger: Logger;
  /** How long a finished job's answer is kept for retries (PAID_RESULT_TTL_MINUTES). */
  resultTtlMs: number;
  now?: () => number;
}

export interface JobRequest {
  userId: string;
  idempotencyKey: string;
  /** 'enhance', 'implement', 'staging': part of the fingerprint, so a key cannot move between calls. */
  scope: string;
  fingerprint: string;
  cost: number;
  reason: string;
}

/** A charged job that runs now (in this process, or on the queue worker that claimed it). */
export interface RunningJob {
  id: string;
  userId: string;
  cost: number;
  /** 0 for the first run of a key; the next charge of a refunded key is the next attempt. */
  attempt: number;
  chargeEntryId: string;
  /** The balance right after the charge. */
  balance: number;
}

/** What opening a job found: a job to run, its stored answer, a queued job to wait for, or too few credits. */
export type Opened =
  | { kind: 'run'; job: RunningJob }
  | { kind: 'replay'; answer: Answer }
  /** The key's job is queued or running on a worker: wait for it (no second charge). */
  | { kind: 'queued'; jobId: string }
  | { kind: 'insufficient'; needed: number; balance: number };

export type JobStart = Exclude<Opened, { kind: 'insufficient' }>;

export interface RecoveryReport {
  refundedJobs: number;
  refundedCredits: number;
}

/** What a look at a job finds: its answer, that it still waits or runs (on a worker), or nothing to show. */
export type JobLook =
  | { kind: 'finished'; answer: Answer }
  | { kind: 'waiting'; state: 'queued' | 'running' }
  /** Unknown (or another user's), or ended without an answer to show (expired, or refunded unanswered). */
  | { kind: 'gone'; job?: PaidJob };

export interface PaidJobs {
  /**
   * Looks the key up and, for a new (or refunded) job, charges it and records it for `runner`. Runs in the
   * caller's transaction when there is one (the queue adds the job's photos and its queue row to it).
   */
  open(request: JobRequest, runner: PaidJobRunner): Promise<Opened>;
  /** `open` for this process in a transaction of its own; too few credits is a 402, thrown after the commit. */
  begin(request: JobRequest): Promise<JobStart>;
  /** One transaction: refunds `refund` credits of the job, stores the answer `build` makes, marks it done. */
  finish(
    job: RunningJob,
    refund: { amount: number; reason: string },
    build: (balance: number) => Answer,
  ): Promise<Answer>;
  /**
   * One transaction: gives the whole charge back and marks the job; the key may run again. `answer` is kept for
   * a queued job's poll (the error the job ended with).
   */
  refundAll(job: RunningJob, state: 'failed' | 'refunded', reason: string, answer?: Answer): Promise<void>;
  /**
   * A queue worker takes the pending job `jobId` (of its `attempt`): records its boot with the job and answers
   * the job to run, or null when the job was settled meanwhile (by another worker, or refunded).
   */
  claim(jobId: string, attempt: number): Promise<RunningJob | null>;
  /** What the job is now, as a waiting request or a poll sees it (the user's own jobs only). */
  look(jobId: string, userId?: string): Promise<JobLook>;
  /** Refunds pending jobs of processes that are gone; runs at start and after every heartbeat. */
  recover(): Promise<RecoveryReport>;
  counts(): Promise<Record<PaidJobState, number>>;
  /** Registers this process (liveness.ts), recovers, and recovers again after every heartbeat. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The ledger key of a job's charge; its refunds add ':refund'. */
const ledgerKeyOf = (job: Pick<RunningJob, 'id' | 'attempt'>): string => `job:${job.id}#${job.attempt}`;

export function createPaidJobs(options: PaidJobsOptions): PaidJobs {
  const { db, ledger, liveness, logger } = options;
  const table = createJobTable(db);
  const now = options.now ?? Date.now;

  const toStored = (answer: Answer): StoredAnswer => ({
    status: answer.status,
    json: JSON.stringify(answer.body),
    expiresAt: now() + options.resultTtlMs,
  });
  /** The job's stored answer while it is kept (a done job's, or the error a queued job ended with). */
  const keptAnswer = (job: PaidJob): Answer | undefined =>
    job.resultJson !== null && (job.resultExpiresAt ?? 0) > now()
      ? { status: job.resultStatus ?? 200, body: JSON.parse(job.resultJson) as unknown }
      : undefined;

  /** A queued job leaves the queue with its settling transaction: its photos go, its waiting request wakes. */
  const settled = async (job: PaidJob): Promise<void> => {
    if (job.runner !== 'queue') return;
    await table.dropImages(job.id);
    await notify(db, JOB_FINISHED_CHANNEL, job.id);
  };

  /** The job `job` names, if it is still pending on the same charge (else someone settled it meanwhile). */
  const stillPending = async (job: Pick<PaidJob, 'id' | 'chargeEntryId'>): Promise<PaidJob | undefined> => {
    const record = await table.findById(job.id);
    return record?.state === 'pending' && record.chargeEntryId === job.chargeEntryId ? record : undefined;
  };

  /** Gives a pending job's whole charge back and marks it; in the caller's transaction. */
  const refundJob = async (
    job: PaidJob,
    state: 'failed' | 'refunded',
    reason: string,
    answer?: Answer,
  ): Promise<number> => {
    await ledger.refund({
      userId: job.userId,
      amount: job.cost,
      idempotencyKey: `${ledgerKeyOf(job)}:refund`,
      reason,
      chargeEntryId: job.chargeEntryId,
    });
    await table.markRefunded(job.id, state, now(), answer && toStored(answer));
    await settled(job);
    return job.cost;
  };

  const staleRefund = (job: PaidJob) => `${job.scope} refund: the server stopped while it ran`;

  const open = (request: JobRequest, runner: PaidJobRunner): Promise<Opened> =>
    db.transaction([ledgerLock(request.userId)], async () => {
      let existing = await table.findByKey(request.userId, request.idempotencyKey);
      if (existing && (existing.fingerprint !== request.fingerprint || existing.scope !== request.scope)) {
        throw new ApiError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used for a different request',
        );
      }
      // A queued job is the queue's until a worker settles it (its retries, or the refund when they are spent).
      if (existing?.state === 'pending' && existing.runner === 'queue') {
        return { kind: 'queued', jobId: existing.id };
      }
      if (existing?.state === 'pending') {
        if (!(await liveness.isGone(existing.ownerBootId))) {
          throw new ApiError(
            409,
            'REQUEST_IN_PROGRESS',
            'The request with this Idempotency-Key is still running',
            { retryAfterSeconds: 2 },
          );
        }
        await refundJob(existing, 'refunded', staleRefund(existing));
        existing = await table.findById(existing.id);
      }
      if (existing?.state === 'done') {
        const answer = keptAnswer(existing);
        if (answer) return { kind: 'replay', answer };
        // Delivered (and charged) long ago: never run or charge again; say so plainly.
        throw new ApiError(
          409,
          'ALREADY_PROCESSED',
          'This Idempotency-Key was already processed; its result is gone',
          { creditsCharged: existing.creditsCharged ?? 0 },
        );
      }
      // New, or refunded/failed before: charge and run (again).
      const job = { id: existing?.id ?? randomUUID(), attempt: existing ? existing.attempt + 1 : 0 };
      const charge = await ledger.charge({
        userId: request.userId,
        amount: request.cost,
        idempotencyKey: ledgerKeyOf(job),
        reason: request.reason,
      });
      // Returned, not thrown: a stale job refunded above must stay refunded.
      if (!charge.ok) return { kind: 'insufficient', needed: charge.needed, balance: charge.balance };
      await table.upsertPending(
        {
          ...job,
          userId: request.userId,
          idempotencyKey: request.idempotencyKey,
          scope: request.scope,
          fingerprint: request.fingerprint,
          cost: request.cost,
          chargeEntryId: charge.entryId,
          ownerBootId: liveness.bootId,
          ownerPid: liveness.pid,
          runner,
        },
        now(),
      );
      return {
        kind: 'run',
        job: {
          ...job,
          userId: request.userId,
          cost: request.cost,
          chargeEntryId: charge.entryId,
          balance: charge.balance,
        },
      };
    });

  const finish = (
    job: RunningJob,
    refund: { amount: number; reason: string },
    build: (balance: number) => Answer,
  ): Promise<Answer> =>
    db.transaction([ledgerLock(job.userId)], async () => {
      const record = await stillPending(job);
      // Refunded under us (a stale-owner recovery by another process): the answer is still the user's.
      if (!record) throw new Error(`paid job ${job.id} is no longer pending`);
      let balance = job.balance;
      if (refund.amount > 0) {
        ({ balance } = await ledger.refund({
          userId: job.userId,
          amount: refund.amount,
          idempotencyKey: `${ledgerKeyOf(job)}:refund`,
          reason: refund.reason,
          chargeEntryId: job.chargeEntryId,
        }));
      }
      const answer = build(balance);
      await table.markDone(job.id, job.cost - refund.amount, toStored(answer), now());
      await settled(record);
      return answer;
    });

  const recover = async (): Promise<RecoveryReport> => {
    const report: RecoveryReport = { refundedJobs: 0, refundedCredits: 0 };
    for (const candidate of await table.pendingNotOwnedBy(liveness.bootId)) {
      // Each job under its user's lock, read again there: its owner may have finished it, or another process
      // recovered it, since the list was read.
      const refunded = await db.transaction([ledgerLock(candidate.userId)], async () => {
        const job = await stillPending(candidate);
        if (!job || !(await liveness.isGone(job.ownerBootId))) return 0;
        return refundJob(job, 'refunded', staleRefund(job));
      });
      if (refunded > 0) {
        report.refundedJobs++;
        report.refundedCredits += refunded;
      }
    }
    await table.dropExpiredResults(now());
    return report;
  };

  const recoverAndSay = async (): Promise<void> => {
    const report = await recover();
    if (report.refundedJobs > 0) logger.warn(report, 'paid jobs of a stopped server refunded');
  };

  return {
    open,
    async begin(request) {
      // Before the transaction, whose rollback would take the boot row along: a job of this process must never
      // be owned by a boot that other processes cannot find (it would look gone). A queued job's owner is the
      // queue, whatever boot queued it.
      await liveness.register();
      const opened = await open(request, 'process');
      if (opened.kind === 'insufficient') throw insufficientCreditsError(opened.needed, opened.balance);
      return opened;
    },
    finish,
    refundAll: (job, state, reason, answer) =>
      db.transaction([ledgerLock(job.userId)], async () => {
        const record = await stillPending(job);
        if (record) await refundJob(record, state, reason, answer);
      }),
    async claim(jobId, attempt) {
      await liveness.register();
      if (!(await table.claim(jobId, attempt, liveness.bootId, now()))) return null;
      const job = await table.findById(jobId);
      if (job?.state !== 'pending' || job.attempt !== attempt) return null;
      const { id, userId, cost, chargeEntryId } = job;
      return { id, userId, cost, attempt, chargeEntryId, balance: await ledger.balance(userId) };
    },
    async look(jobId, userId) {
      const job = await table.findById(jobId);
      if (!job || (userId !== undefined && job.userId !== userId)) return { kind: 'gone' };
      if (job.state === 'pending') {
        const queued = job.workerBootId === null && job.runner === 'queue';
        return { kind: 'waiting', state: queued ? 'queued' : 'running' };
      }
      const answer = keptAnswer(job);
      return answer ? { kind: 'finished', answer } : { kind: 'gone', job };
    },
    recover,
    counts: () => table.countByState(),
    async start() {
      await liveness.start(recoverAndSay);
      await recoverAndSay();
    },
    stop: () => liveness.stop(),
  };
}
