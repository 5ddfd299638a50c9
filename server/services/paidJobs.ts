// Crash-safe paid work: the charge and the job are one durable record (store/paidJobs.ts). Charging inserts the
// job in the same transaction; finishing stores the answer and refunds failed images in one; refunding marks the
// job in one; each holds the user's ledger lock (services/credits.ts), so two processes never act on one job at
// once. Every process records a boot row (id, host, pid) and beats its heartbeat; a start and every heartbeat find
// pending jobs of processes that are gone (heartbeat stale; or, on the same host, pid dead) and refund them, so
// kill -9 between charge and answer loses nobody's credits, with replicas on several machines sharing one
// PostgreSQL too. A retry with the same key gets the stored answer, 409 while it runs, or (after a refund) a fresh
// run; another body with the same key gets 422. A job for the queue (server/queue) is queued in its charging
// transaction and runs on a worker: the recovery leaves it to the queue's retries, a retry of its key waits for
// it like the first call, and whichever worker settles it first settles it (under the user's lock, once).
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
  /**
   * Runs in the transaction that takes a queued job out of pending (done, failed, refunded): the queue drops
   * its photos and tells the waiting request (server/queue/paidQueue.ts).
   */
  onQueuedSettled?: (jobId: string) => Promise<void>;
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

/** Queues a newly charged job, inside its charging transaction (so a job is charged exactly when it is queued). */
export type Enqueue = (job: RunningJob & { attempt: number }) => Promise<void>;

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
  /** The key's job is queued or running on a worker: wait for it (no second charge). */
  | { kind: 'queued'; jobId: string }
  | { kind: 'insufficient'; needed: number; balance: number };

export type JobStart = Exclude<BeginOutcome, { kind: 'insufficient' }>;

export interface RecoveryReport {
  refundedJobs: number;
  refundedCredits: number;
}

export interface PaidJobs {
  readonly bootId: string;
  /**
   * One transaction: looks the key up, and for a new (or refunded) job charges and records it; with `enqueue`
   * the job is the queue's and `enqueue` queues it in the same transaction.
   */
  begin(request: JobRequest, enqueue?: Enqueue): Promise<JobStart>;
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
   * A queue worker takes the pending job `jobId` (of its `attempt`): records its boot and answers the job to
   * run, or null when the job was settled meanwhile (by another worker, or refunded).
   */
  claim(
    jobId: string,
    attempt: number,
    balanceOf: (userId: string) => Promise<number>,
  ): Promise<RunningJob | null>;
  /**
   * Queued jobs whose worker is gone (heartbeat stale, or its pid dead on this host): each is released (its
   * worker forgotten, once, whoever asks) and returned, so the caller has the queue run it again now instead
   * of after its expiry.
   */
  releaseLostJobs(): Promise<{ id: string; attempt: number }[]>;
  /**
   * Queued jobs no worker has claimed for longer than a heartbeat is allowed to be stale: waiting in the queue,
   * or fetched by a worker that died before it claimed them (the queue tells which).
   */
  unclaimedJobs(): Promise<{ id: string; attempt: number }[]>;
  /** What the job is now, as a waiting request or a poll sees it (the user's own jobs only). */
  look(jobId: string, userId?: string): Promise<JobLook>;
  /** Refunds pending jobs of processes that are gone; runs at start and with every heartbeat. */
  recover(): Promise<RecoveryReport>;
  counts(): Promise<Record<PaidJobState, number>>;
  /** Registers this process, recovers, and starts the heartbeat (unref'd: it never holds the process open). */
  start(): Promise<RecoveryReport>;
  stop(): Promise<void>;
}

/** What a look at a job finds: its answer, that it still waits or runs (on a worker), or nothing to show. */
export type JobLook =
  | { kind: 'finished'; answer: Answer }
  | { kind: 'waiting'; state: 'queued' | 'running' }
  /** Unknown (or another user's), or ended without an answer to show (expired, or refunded unanswered). */
  | { kind: 'gone'; job?: PaidJob };

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
  const ownerGone = (job: PaidJob): Promise<boolean> => bootGone(job.ownerBootId);
  /** Whether the process of a boot is gone: no boot row, a stale heartbeat, or a dead pid on this host. */
  const bootGone = async (ownerBootId: string): Promise<boolean> => {
    if (ownerBootId === bootId) return false;
    const boot = await jobs.boot(ownerBootId);
    if (!boot) return true;
    if (now() - boot.heartbeatAt > staleAfterMs) return true;
    // A pid means something only on its own machine; elsewhere the heartbeat above decides.
    return boot.host === host && boot.pid !== pid && !isAlive(boot.pid);
  };

  const settledQueued = async (job: Pick<PaidJob, 'id' | 'runner'>): Promise<void> => {
    if (job.runner === 'queue') await options.onQueuedSettled?.(job.id);
  };

  const refundJob = async (
    job: PaidJob,
    state: 'failed' | 'refunded',
    reason: string,
    answer?: Answer,
  ): Promise<number> => {
    const ledgerKey = ledgerKeyOf(job.id, job.attempt);
    await credits.refund({
      userId: job.userId,
      amount: job.cost,
      idempotencyKey: `${ledgerKey}:refund`,
      reason,
      chargeEntryId: job.chargeEntryId,
    });
    const stored = answer && {
      status: answer.status,
      json: JSON.stringify(answer.body),
      expiresAt: now() + options.resultTtlMs,
    };
    await jobs.markRefunded(job.id, state, now(), stored);
    await settledQueued(job);
    return job.cost;
  };

  const begin = async (request: JobRequest, enqueue?: Enqueue): Promise<BeginOutcome> => {
    let existing = await jobs.findByKey(request.userId, request.idempotencyKey);
    if (existing && (existing.fingerprint !== request.fingerprint || existing.scope !== request.scope)) {
      throw new ApiError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used for a different request',
      );
    }
    // A queued job is the queue's until a worker settles it (its retries, or the refund when they are spent).
    if (existing?.state === 'pending' && existing.runner === 'queue')
      return { kind: 'queued', jobId: existing.id };
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
      runner: enqueue ? ('queue' as const) : ('process' as const),
    };
    await jobs.upsertPending(job, now());
    const running: RunningJob = {
      id,
      userId: request.userId,
      cost: request.cost,
      chargeEntryId: charge.entryId,
      ledgerKey: ledgerKeyOf(id, attempt),
      balance: charge.balance,
    };
    await enqueue?.({ ...running, attempt });
    return { kind: 'run', job: running };
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
    await settledQueued(record);
    return answer;
  };

  const refundAll = async (
    job: RunningJob,
    state: 'failed' | 'refunded',
    reason: string,
    answer?: Answer,
  ): Promise<void> => {
    const record = await jobs.findById(job.id);
    if (record?.state !== 'pending' || record.chargeEntryId !== job.chargeEntryId) return;
    await refundJob(record, state, reason, answer);
  };

  const look = async (jobId: string, userId?: string): Promise<JobLook> => {
    const job = await jobs.findById(jobId);
    if (!job || (userId !== undefined && job.userId !== userId)) return { kind: 'gone' };
    if (job.state === 'pending') {
      return {
        kind: 'waiting',
        state: job.workerBootId === null && job.runner === 'queue' ? 'queued' : 'running',
      };
    }
    if (job.resultJson !== null && (job.resultExpiresAt ?? 0) > now()) {
      return {
        kind: 'finished',
        answer: { status: job.resultStatus ?? 200, body: JSON.parse(job.resultJson) as unknown },
      };
    }
    return { kind: 'gone', job };
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
    async begin(request, enqueue) {
      await register();
      const outcome = await db.transaction([ledgerLock(request.userId)], () => begin(request, enqueue));
      if (outcome.kind === 'insufficient') throw insufficientCreditsError(outcome.needed, outcome.balance);
      return outcome;
    },
    finish: (job, refund, build) =>
      db.transaction([ledgerLock(job.userId)], () => finish(job, refund, build)),
    refundAll: (job, state, reason, answer) =>
      db.transaction([ledgerLock(job.userId)], () => refundAll(job, state, reason, answer)),
    async claim(jobId, attempt, balanceOf) {
      await register();
      if (!(await jobs.claim(jobId, attempt, bootId, now()))) return null;
      const job = await jobs.findById(jobId);
      if (job?.state !== 'pending' || job.attempt !== attempt) return null;
      return {
        id: job.id,
        userId: job.userId,
        cost: job.cost,
        chargeEntryId: job.chargeEntryId,
        ledgerKey: ledgerKeyOf(job.id, job.attempt),
        balance: await balanceOf(job.userId),
      };
    },
    look,
    async releaseLostJobs() {
      const released: { id: string; attempt: number }[] = [];
      for (const job of await jobs.runningOnWorkers(bootId)) {
        if (job.workerBootId === null || !(await bootGone(job.workerBootId))) continue;
        if (await jobs.release(job.id, job.workerBootId, now()))
          released.push({ id: job.id, attempt: job.attempt });
      }
      return released;
    },
    async unclaimedJobs() {
      const jobsNow = await jobs.unclaimedSince(now() - staleAfterMs);
      return jobsNow.map((job) => ({ id: job.id, attempt: job.attempt }));
    },
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
