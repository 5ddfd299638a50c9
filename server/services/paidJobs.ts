// Crash-safe paid work: the charge and the job are one durable record (store/paidJobs.ts). Charging inserts the
// job in the same transaction; finishing stores the answer and refunds failed images in one; refunding marks the
// job in one; each holds the user's ledger lock (services/credits.ts), so two processes never act on one job at
// once. Every process records a boot row (id, host, pid) and beats its heartbeat; a start and every heartbeat find
// pending jobs of processes that are gone (heartbeat stale; or, on the same host, pid dead) and refund them, so
// kill -9 between charge and answer loses nobody's credits, with replicas on several machines sharing one
// PostgreSQL too. A retry with the same key gets the stored answer, 409 while it runs, or (after a refund) a fresh
// run; another body with the same key gets 422.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { ApiError } from '../errors';
import type { Logger } from '../logger';
import type { Database } from '../store/db';
import { createPaidJobRepository, type PaidJob, type PaidJobState } from '../store/paidJobs';
import type { Answer } from './answer';
import { insufficientCreditsError, ledgerLock, type CreditsService } from './credits';

/** The part of the credit ledger paid jobs write through (the same connection, so it joins their transactions). */
export type JobCredits = Pick<CreditsService, 'charge' | 'refund'>;

export interface PaidJobsOptions {
  db: Database;
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
  /** This machine's name (default os.hostname()); pids are compared only between boots of one host. */
  host?: string;
  /** This process's id as recorded with its boot and jobs (default process.pid; a test may stand in another). */
  pid?: number;
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
  userId: string;
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
  begin(request: JobRequest): Promise<JobStart>;
  /** One transaction: refunds `refund` credits of the job, stores the answer `build` makes, marks it done. */
  finish(
    job: RunningJob,
    refund: { amount: number; reason: string },
    build: (balance: number) => Answer,
  ): Promise<Answer>;
  /** One transaction: gives the whole charge back and marks the job; the key may run again. */
  refundAll(job: RunningJob, state: 'failed' | 'refunded', reason: string): Promise<void>;
  /** Refunds pending jobs of processes that are gone; runs at start and with every heartbeat. */
  recover(): Promise<RecoveryReport>;
  counts(): Promise<Record<PaidJobState, number>>;
  /** Registers this process, recovers, and starts the heartbeat (unref'd: it never holds the process open). */
  start(): Promise<RecoveryReport>;
  stop(): Promise<void>;
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
  const host = options.host ?? hostname();
  const pid = options.pid ?? process.pid;
  const bootId = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  /** The boot row's insert: a job must never be owned by a boot another process cannot find (it would look gone). */
  let registration: Promise<void> | undefined;
  let ticking = false;

  const register = (): Promise<void> =>
    (registration ??= jobs.registerBoot({ bootId, pid, host, heartbeatAt: now() }).catch((error: unknown) => {
      // Try again with the next call rather than failing every call of this process.
      registration = undefined;
      throw error;
    }));

  const ledgerKeyOf = (id: string, attempt: number) => `job:${id}#${attempt}`;
  /** Whether the process that owns a pending job is gone (then its job may be refunded). */
  const ownerGone = async (job: PaidJob): Promise<boolean> => {
    if (job.ownerBootId === bootId) return false;
    const boot = await jobs.boot(job.ownerBootId);
    if (!boot) return true;
    if (now() - boot.heartbeatAt > staleAfterMs) return true;
    // A pid means something only on its own machine; elsewhere the heartbeat above decides.
    return boot.host === host && boot.pid !== pid && !isAlive(boot.pid);
  };

  const refundJob = async (job: PaidJob, state: 'failed' | 'refunded', reason: string): Promise<number> => {
    const ledgerKey = ledgerKeyOf(job.id, job.attempt);
    await credits.refund({
      userId: job.userId,
      amount: job.cost,
      idempotencyKey: `${ledgerKey}:refund`,
      reason,
      chargeEntryId: job.chargeEntryId,
    });
    await jobs.markRefunded(job.id, state, now());
    return job.cost;
  };

  const begin = async (request: JobRequest): Promise<BeginOutcome> => {
    let existing = await jobs.findByKey(request.userId, request.idempotencyKey);
    if (existing && (existing.fingerprint !== request.fingerprint || existing.scope !== request.scope)) {
      throw new ApiError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used for a different request',
      );
    }
    if (existing?.state === 'pending') {
      if (!(await ownerGone(existing))) {
        throw new ApiError(
          409,
          'REQUEST_IN_PROGRESS',
          'The request with this Idempotency-Key is still running',
          {
            retryAfterSeconds: 2,
          },
        );
      }
      await refundJob(existing, 'refunded', `${existing.scope} refund: the server stopped while it ran`);
      existing = await jobs.findById(existing.id);
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
    const charge = await credits.charge({
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
      ownerPid: pid,
    };
    await jobs.upsertPending(job, now());
    return {
      kind: 'run',
      job: {
        id,
        userId: request.userId,
        cost: request.cost,
        chargeEntryId: charge.entryId,
        ledgerKey: ledgerKeyOf(id, attempt),
        balance: charge.balance,
      },
    };
  };

  const finish = async (
    job: RunningJob,
    refund: { amount: number; reason: string },
    build: (balance: number) => Answer,
  ): Promise<Answer> => {
    const record = await jobs.findById(job.id);
    if (record?.state !== 'pending' || record.chargeEntryId !== job.chargeEntryId) {
      // Refunded under us (a stale-owner recovery by another process): the answer is still the user's.
      throw new Error(`paid job ${job.id} is no longer pending`);
    }
    let balance = job.balance;
    if (refund.amount > 0) {
      balance = (
        await credits.refund({
          userId: record.userId,
          amount: refund.amount,
          idempotencyKey: `${job.ledgerKey}:refund`,
          reason: refund.reason,
          chargeEntryId: job.chargeEntryId,
        })
      ).balance;
    }
    const answer = build(balance);
    await jobs.markDone(
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
  };

  const refundAll = async (job: RunningJob, state: 'failed' | 'refunded', reason: string): Promise<void> => {
    const record = await jobs.findById(job.id);
    if (record?.state !== 'pending' || record.chargeEntryId !== job.chargeEntryId) return;
    await refundJob(record, state, reason);
  };

  const recover = async (): Promise<RecoveryReport> => {
    const report: RecoveryReport = { refundedJobs: 0, refundedCredits: 0 };
    for (const candidate of await jobs.pendingNotOwnedBy(bootId)) {
      // Each job under its user's lock, read again there: its owner may have finished it, or another process
      // recovered it, since the list was read.
      const refunded = await db.transaction([ledgerLock(candidate.userId)], async () => {
        const job = await jobs.findById(candidate.id);
        if (job?.state !== 'pending' || job.chargeEntryId !== candidate.chargeEntryId) return 0;
        if (!(await ownerGone(job))) return 0;
        return refundJob(job, 'refunded', `${job.scope} refund: the server stopped while it ran`);
      });
      if (refunded > 0) {
        report.refundedJobs++;
        report.refundedCredits += refunded;
      }
    }
    await jobs.dropExpiredResults(now());
    return report;
  };

  const tick = async (): Promise<void> => {
    // The app's database was closed (a test's server stopped) without stop(): nothing left to watch.
    if (!db.open) {
      clearInterval(timer);
      timer = undefined;
      return;
    }
    // A slow database must not pile up heartbeats.
    if (ticking) return;
    ticking = true;
    try {
      await jobs.heartbeat(bootId, now());
      const report = await recover();
      if (report.refundedJobs > 0) logger.warn(report, 'paid jobs of a stopped server refunded');
    } catch (error) {
      if (db.open) logger.error({ err: error }, 'paid jobs heartbeat failed');
    } finally {
      ticking = false;
    }
  };

  return {
    bootId,
    async begin(request) {
      await register();
      const outcome = await db.transaction([ledgerLock(request.userId)], () => begin(request));
      if (outcome.kind === 'insufficient') throw insufficientCreditsError(outcome.needed, outcome.balance);
      return outcome;
    },
    finish: (job, refund, build) =>
      db.transaction([ledgerLock(job.userId)], () => finish(job, refund, build)),
    refundAll: (job, state, reason) =>
      db.transaction([ledgerLock(job.userId)], () => refundAll(job, state, reason)),
    recover,
    counts: () => jobs.countByState(),
    async start() {
      await register();
      const report = await recover();
      if (report.refundedJobs > 0) logger.warn(report, 'paid jobs of a stopped server refunded');
      timer ??= setInterval(() => void tick(), heartbeatMs);
      timer.unref();
      return report;
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (registration && db.open) {
        await registration;
        await jobs.removeBoot(bootId);
      }
      registration = undefined;
    },
  };
}
