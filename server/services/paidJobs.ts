// Crash-safe paid work: the charge and the job are one durable record (store/paidJobs.ts). Charging inserts the
// job in the same transaction; finishing stores the answer and refunds failed images in one; refunding marks the
// job in one. A start finds pending jobs of processes that are gone (their pid is dead or their heartbeat stale)
// and refunds them, so kill -9 between charge and answer loses nobody's credits. A retry with the same key gets
// the stored answer, 409 while it runs, or (after a refund) a fresh run; another body with the same key gets 422.
import { randomUUID } from 'node:crypto';
import { ApiError } from '../errors';
import type { Logger } from '../logger';
import type { Db } from '../store/db';
import { createPaidJobRepository, type PaidJob, type PaidJobState } from '../store/paidJobs';
import type { Answer } from './answer';
import { insufficientCreditsError, type CreditsService } from './credits';

/** The part of the credit ledger paid jobs write through (the same connection, so it joins their transactions). */
export type JobCredits = Pick<CreditsService, 'charge' | 'refund'>;

export interface PaidJobsOptions {
  db: Db;
  credits: JobCredits;
  logger: Logger;
  /** How long a finished job's answer is kept for retries (PAID_RESULT_TTL_MINUTES). */
  resultTtlMs: number;
  /** A process whose heartbeat is older than this is gone, whatever its pid says. */
  staleAfterMs?: number;
  heartbeatMs?: number;
  now?: () => number;
  /** Whether a process id on this machine is alive; a test may fake it. */
  isAlive?: (pid: number) => boolean;
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

/** A charged job this process runs now. */
export interface RunningJob {
  id: string;
  cost: number;
  chargeEntryId: string;
  ledgerKey: string;
  /** The balance right after the charge. */
  balance: number;
}

type BeginOutcome =
  | { kind: 'run'; job: RunningJob }
  | { kind: 'replay'; answer: Answer }
  | { kind: 'insufficient'; needed: number; balance: number };

export type JobStart = Exclude<BeginOutcome, { kind: 'insufficient' }>;

export interface RecoveryReport {
  refundedJobs: number;
  refundedCredits: number;
}

export interface PaidJobs {
  readonly bootId: string;
  /** One transaction: looks the key up, and for a new (or refunded) job charges and records it. */
  begin(request: JobRequest): JobStart;
  /** One transaction: refunds `refund` credits of the job, stores the answer `build` makes, marks it done. */
  finish(
    job: RunningJob,
    refund: { amount: number; reason: string },
    build: (balance: number) => Answer,
  ): Answer;
  /** One transaction: gives the whole charge back and marks the job; the key may run again. */
  refundAll(job: RunningJob, state: 'failed' | 'refunded', reason: string): void;
  /** Refunds pending jobs of processes that are gone; runs at start and with every heartbeat. */
  recover(): RecoveryReport;
  counts(): Record<PaidJobState, number>;
  /** Registers this process, recovers, and starts the heartbeat (unref'd: it never holds the process open). */
  start(): RecoveryReport;
  stop(): void;
}

const DEFAULT_HEARTBEAT_MS = 10_000;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function createPaidJobs(options: PaidJobsOptions): PaidJobs {
  const { db, credits, logger } = options;
  const jobs = createPaidJobRepository(db);
  const now = options.now ?? Date.now;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const staleAfterMs = options.staleAfterMs ?? heartbeatMs * 3;
  const isAlive = options.isAlive ?? pidAlive;
  const bootId = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let registered = false;

  const ledgerKeyOf = (id: string, attempt: number) => `job:${id}#${attempt}`;
  /** Whether the process that owns a pending job is gone (then its job may be refunded). */
  const ownerGone = (job: PaidJob): boolean => {
    if (job.ownerBootId === bootId) return false;
    const boot = jobs.boot(job.ownerBootId);
    if (!boot) return true;
    if (now() - boot.heartbeatAt > staleAfterMs) return true;
    return boot.pid !== process.pid && !isAlive(boot.pid);
  };

  const refundJob = (job: PaidJob, state: 'failed' | 'refunded', reason: string): number => {
    const ledgerKey = ledgerKeyOf(job.id, job.attempt);
    credits.refund({
      userId: job.userId,
      amount: job.cost,
      idempotencyKey: `${ledgerKey}:refund`,
      reason,
      chargeEntryId: job.chargeEntryId,
    });
    jobs.markRefunded(job.id, state, now());
    return job.cost;
  };

  const begin = db.transaction((request: JobRequest): BeginOutcome => {
    let existing = jobs.findByKey(request.userId, request.idempotencyKey);
    if (existing && (existing.fingerprint !== request.fingerprint || existing.scope !== request.scope)) {
      throw new ApiError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used for a different request',
      );
    }
    if (existing?.state === 'pending') {
      if (!ownerGone(existing)) {
        throw new ApiError(
          409,
          'REQUEST_IN_PROGRESS',
          'The request with this Idempotency-Key is still running',
          {
            retryAfterSeconds: 2,
          },
        );
      }
      refundJob(existing, 'refunded', `${existing.scope} refund: the server stopped while it ran`);
      existing = jobs.findById(existing.id);
    }
    if (existing?.state === 'done') {
      if (existing.resultJson !== null && (existing.resultExpiresAt ?? 0) > now()) {
        return {
          kind: 'replay',
          answer: { status: existing.resultStatus ?? 200, body: JSON.parse(existing.resultJson) as unknown },
        };
      }
      // Delivered (and charged) long ago: never run or charge again; say so plainly.
      throw new ApiError(
        409,
        'ALREADY_PROCESSED',
        'This Idempotency-Key was already processed; its result is gone',
        {
          creditsCharged: existing.creditsCharged ?? 0,
        },
      );
    }
    // New, or refunded/failed before: charge and run (again).
    const id = existing?.id ?? randomUUID();
    const attempt = existing ? existing.attempt + 1 : 0;
    const charge = credits.charge({
      userId: request.userId,
      amount: request.cost,
      idempotencyKey: ledgerKeyOf(id, attempt),
      reason: request.reason,
    });
    // Returned, not thrown: a stale job refunded above must stay refunded.
    if (!charge.ok) return { kind: 'insufficient', needed: charge.needed, balance: charge.balance };
    const job = {
      id,
      userId: request.userId,
      idempotencyKey: request.idempotencyKey,
      scope: request.scope,
      fingerprint: request.fingerprint,
      cost: request.cost,
      attempt,
      chargeEntryId: charge.entryId,
      ownerBootId: bootId,
      ownerPid: process.pid,
    };
    jobs.upsertPending(job, now());
    return {
      kind: 'run',
      job: {
        id,
        cost: request.cost,
        chargeEntryId: charge.entryId,
        ledgerKey: ledgerKeyOf(id, attempt),
        balance: charge.balance,
      },
    };
  });

  const finish = db.transaction(
    (job: RunningJob, refund: { amount: number; reason: string }, build: (balance: number) => Answer) => {
      const record = jobs.findById(job.id);
      if (record?.state !== 'pending' || record.chargeEntryId !== job.chargeEntryId) {
        // Refunded under us (a stale-owner recovery by another process): the answer is still the user's.
        throw new Error(`paid job ${job.id} is no longer pending`);
      }
      let balance = job.balance;
      if (refund.amount > 0) {
        balance = credits.refund({
          userId: record.userId,
          amount: refund.amount,
          idempotencyKey: `${job.ledgerKey}:refund`,
          reason: refund.reason,
          chargeEntryId: job.chargeEntryId,
        }).balance;
      }
      const answer = build(balance);
      jobs.markDone(
        job.id,
        {
          creditsCharged: job.cost - refund.amount,
          status: answer.status,
          json: JSON.stringify(answer.body),
          expiresAt: now() + options.resultTtlMs,
        },
        now(),
      );
      return answer;
    },
  );

  const refundAll = db.transaction((job: RunningJob, state: 'failed' | 'refunded', reason: string) => {
    const record = jobs.findById(job.id);
    if (record?.state !== 'pending' || record.chargeEntryId !== job.chargeEntryId) return;
    refundJob(record, state, reason);
  });

  const recover = db.transaction((): RecoveryReport => {
    const report: RecoveryReport = { refundedJobs: 0, refundedCredits: 0 };
    for (const job of jobs.pendingNotOwnedBy(bootId)) {
      if (!ownerGone(job)) continue;
      report.refundedCredits += refundJob(
        job,
        'refunded',
        `${job.scope} refund: the server stopped while it ran`,
      );
      report.refundedJobs++;
    }
    jobs.dropExpiredResults(now());
    return report;
  });

  const tick = (): void => {
    // The app's database was closed (a test's server stopped) without stop(): nothing left to watch.
    if (!db.open) {
      clearInterval(timer);
      timer = undefined;
      return;
    }
    try {
      jobs.heartbeat(bootId, now());
      const report = recover.immediate();
      if (report.refundedJobs > 0) logger.warn(report, 'paid jobs of a stopped server refunded');
    } catch (error) {
      logger.error({ err: error }, 'paid jobs heartbeat failed');
    }
  };

  return {
    bootId,
    begin(request) {
      const outcome = begin.immediate(request);
      if (outcome.kind === 'insufficient') throw insufficientCreditsError(outcome.needed, outcome.balance);
      return outcome;
    },
    finish: (job, refund, build) => finish.immediate(job, refund, build),
    refundAll: (job, state, reason) => refundAll.immediate(job, state, reason),
    recover: () => recover.immediate(),
    counts: () => jobs.countByState(),
    start() {
      if (!registered) {
        jobs.registerBoot({ bootId, pid: process.pid, heartbeatAt: now() });
        registered = true;
      }
      const report = recover.immediate();
      if (report.refundedJobs > 0) logger.warn(report, 'paid jobs of a stopped server refunded');
      timer ??= setInterval(tick, heartbeatMs);
      timer.unref();
      return report;
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (registered && db.open) jobs.removeBoot(bootId);
      registered = false;
    },
  };
}
