// The queue worker's loop (server/worker.ts starts it; any number of them, on any machine): it takes a queued
// paid job, claims it (records its boot with the job), rebuilds the work from the job's data with the scope's
// planner, runs the provider and settles the job exactly once: the answer stored and failed photos refunded, in
// one transaction under the user's lock that only a still-pending job passes. A job whose worker died is run
// again by the queue: at once when another worker sees the dead worker's heartbeat go stale (or its pid gone on
// the same host), else when the job expires. A job that failed on every try lands in the failed queue, whose
// handler refunds it and keeps the error for the poll. Every log line carries the request id of the call.
import type PgBoss from 'pg-boss';
import { ApiError, toErrorResponse } from '../../errors';
import type { Logger } from '../../logger';
import type { ImagePool } from '../../pool/imagePool';
import { checkAll } from '../../pool/images';
import type { Database } from '../../store/db';
import { runQueuedBatch, type PaidScope, type TaskPlanner } from '../batch';
import { createJobTable } from '../jobTable';
import type { PaidJobs } from '../jobs';
import type { Liveness } from '../liveness';
import {
  activeLongerThan,
  PAID_FAILED_QUEUE,
  PAID_QUEUE,
  queueJobId,
  type Boss,
  type PaidQueueData,
  type QueueSettings,
} from './boss';
import type { JobNotifications } from './notifications';

export interface WorkerDeps {
  db: Database;
  boss: Boss;
  jobs: PaidJobs;
  /** Which workers are gone (their jobs run again). */
  liveness: Liveness;
  planners: Readonly<Record<PaidScope, TaskPlanner>>;
  /** The worker's image threads: the photos are checked there before the planner sees them. */
  imagePool: ImagePool;
  notifications: JobNotifications;
  logger: Logger;
  settings: QueueSettings;
  /** Jobs this process runs at once (WORKER_CONCURRENCY). */
  concurrency: number;
  /** How often to look for jobs of dead workers (default 5 s). */
  lostJobsEveryMs?: number;
}

export interface PaidWorker {
  /** Stops taking jobs, lets the running ones finish (up to `graceMs`), and stops the queue. */
  stop(graceMs: number): Promise<void>;
}

/** Polls this often without a notification; a notification of a queued job wakes the pollers at once. */
const POLL_SECONDS = 2;
/** A job fetched but not claimed for this long: its worker died in between. */
const UNCLAIMED_ACTIVE_SECONDS = 30;
/** The work stops this long before the queue's expiry, so an expired job is never still running here. */
const EXPIRY_MARGIN_MS = 2_000;

export async function startPaidWorker(deps: WorkerDeps): Promise<PaidWorker> {
  const { boss, jobs, liveness, logger } = deps;
  const table = createJobTable(deps.db);
  const stopping = new AbortController();

  const runOne = async (job: PgBoss.JobWithMetadata<PaidQueueData>): Promise<void> => {
    const data = job.data;
    const log = logger.child({ reqId: data.requestId, jobId: data.paidJobId, queueJobId: job.id });
    const running = await jobs.claim(data.paidJobId, data.attempt);
    if (!running) {
      log.info('paid job already settled; nothing to do');
      return;
    }
    log.info({ scope: data.scope, retry: job.retryCount }, 'paid job started');
    const planner = deps.planners[data.scope];
    const checked = await checkAll(deps.imagePool, await table.images(data.paidJobId));
    const plan = await planner(data.params, checked);
    const expiry = AbortSignal.timeout(
      Math.max(1_000, deps.settings.expireSeconds * 1000 - EXPIRY_MARGIN_MS),
    );
    const answer = await runQueuedBatch(
      { jobs, logger: log },
      {
        scope: data.scope,
        perImageCredits: data.perImageCredits,
        signal: AbortSignal.any([stopping.signal, expiry]),
        ...plan,
      },
      running,
    );
    log.info({ status: answer.status }, 'paid job finished');
  };

  const refundFailed = async (job: PgBoss.JobWithMetadata<PaidQueueData>): Promise<void> => {
    const data = job.data;
    const log = logger.child({ reqId: data.requestId, jobId: data.paidJobId, queueJobId: job.id });
    const running = await jobs.claim(data.paidJobId, data.attempt);
    if (!running) return;
    const { status, body } = toErrorResponse(
      new ApiError(500, 'INTERNAL', 'The job failed on every try', { creditsRefunded: true }),
    );
    await jobs.refundAll(running, 'failed', `${data.scope} refund: the job failed on every try`, {
      status,
      body,
    });
    log.warn({ scope: data.scope }, 'paid job failed on every try; refunded');
  };

  const workerIds: string[] = [];
  const options = { batchSize: 1, includeMetadata: true as const, pollingIntervalSeconds: POLL_SECONDS };
  for (let i = 0; i < deps.concurrency; i++) {
    workerIds.push(
      await boss.work<PaidQueueData>(PAID_QUEUE, options, async ([job]) => {
        if (job) await runOne(job);
      }),
    );
  }
  workerIds.push(
    await boss.work<PaidQueueData>(PAID_FAILED_QUEUE, options, async ([job]) => {
      if (job) await refundFailed(job);
    }),
  );
  const unsubscribe = deps.notifications.onQueued(() => {
    for (const id of workerIds) boss.notifyWorker(id);
  });

  // Jobs of dead workers: released (once, whoever sees it first) and failed in the queue, which runs them again.
  // A worker can also die between fetching a job and claiming it: such a job is active in the queue but
  // unclaimed here, and is failed the same way once that has lasted longer than a stale heartbeat.
  const lostJobs = async (): Promise<string[]> => {
    const lost: string[] = [];
    for (const job of await table.runningOnWorkers(liveness.bootId)) {
      if (job.workerBootId === null || !(await liveness.isGone(job.workerBootId))) continue;
      if (await table.release(job.id, job.workerBootId, Date.now()))
        lost.push(queueJobId(job.id, job.attempt));
    }
    const unclaimed = await table.unclaimedSince(Date.now() - liveness.staleAfterMs);
    const ids = unclaimed.map((job) => queueJobId(job.id, job.attempt));
    return [...lost, ...(await activeLongerThan(boss, ids, UNCLAIMED_ACTIVE_SECONDS))];
  };
  let sweeping = false;
  const sweep = async (): Promise<void> => {
    if (sweeping) return;
    sweeping = true;
    try {
      for (const id of await lostJobs()) {
        await boss.fail(PAID_QUEUE, id, { message: 'its worker stopped while it ran' });
        logger.warn({ queueJobId: id }, 'paid job of a stopped worker queued again');
      }
    } catch (error) {
      logger.error({ err: error }, 'looking for jobs of stopped workers failed');
    } finally {
      sweeping = false;
    }
  };
  const timer = setInterval(() => void sweep(), deps.lostJobsEveryMs ?? 5_000);
  timer.unref();

  return {
    async stop(graceMs) {
      clearInterval(timer);
      unsubscribe();
      // Running jobs finish within the grace; what is still running then is left to the queue's retry.
      const cutOff = setTimeout(() => stopping.abort(), graceMs);
      cutOff.unref();
      await boss.stop({ graceful: true, wait: true, timeout: graceMs + EXPIRY_MARGIN_MS });
      clearTimeout(cutOff);
    },
  };
}
