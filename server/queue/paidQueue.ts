// The HTTP side of a queued paid call (the PostgreSQL deployment): one transaction charges the key's job, stores
// its photos, queues it in pg-boss (same database, same transaction) and notifies the workers, so a job is
// charged exactly when it is queued; then the request waits for the job's answer within QUEUE_WAIT_SECONDS and
// otherwise answers 202 with the job, which the client polls. A retry of the key waits for the same job.
import { CompiledQuery } from 'kysely';
import { ApiError } from '../errors';
import type { Answer } from '../services/answer';
import type { PaidQueuePort, QueuedCall } from '../services/paidBatch';
import type { JobLook, PaidJobs } from '../services/paidJobs';
import type { Database } from '../store/db';
import { createPaidJobRepository } from '../store/paidJobs';
import { awaitJob } from './awaitJob';
import {
  jobOptions,
  PAID_QUEUE,
  queueJobId,
  type Boss,
  type PaidQueueData,
  type QueueSettings,
} from './boss';
import { JOB_FINISHED_CHANNEL, JOB_QUEUED_CHANNEL, NOTIFY_SQL, type JobNotifications } from './notifications';

export interface QueueDeps {
  boss: Boss;
  notifications: JobNotifications;
  settings: QueueSettings & {
    /** How long a paid request waits for its job before it answers 202 (QUEUE_WAIT_SECONDS). */
    waitMs: number;
  };
}

/** pg-boss's statements, run on whatever connection the caller's transaction holds (Database.query()). */
export function transactionDb(db: Database): {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
} {
  return {
    async executeSql(text, values) {
      const result = await db.query().executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

/** Sends a notification in the caller's transaction (delivered when it commits). */
export async function notify(db: Database, channel: string, payload: string): Promise<void> {
  await db.query().executeQuery(CompiledQuery.raw(NOTIFY_SQL, [channel, payload]));
}

/** What every settled queued job does in its settling transaction: drop its photos, wake its waiting request. */
export function onQueuedSettled(db: Database): (jobId: string) => Promise<void> {
  const jobs = createPaidJobRepository(db);
  return async (jobId) => {
    await jobs.dropImages(jobId);
    await notify(db, JOB_FINISHED_CHANNEL, jobId);
  };
}

/** The answer when a job ended without one to show (its answer expired, or it was refunded unanswered). */
export function goneAnswer(look: JobLook): Answer {
  const job = look.kind === 'gone' ? look.job : undefined;
  if (job?.state === 'done') {
    throw new ApiError(409, 'ALREADY_PROCESSED', 'This job finished; its result is no longer kept', {
      creditsCharged: job.creditsCharged ?? 0,
    });
  }
  if (job) {
    throw new ApiError(404, 'NOT_FOUND', 'This job ended without a result; its credits were refunded', {
      creditsRefunded: true,
    });
  }
  throw new ApiError(404, 'NOT_FOUND', 'No such job');
}

export function createPaidQueue(db: Database, jobs: PaidJobs, queue: QueueDeps): PaidQueuePort {
  const repository = createPaidJobRepository(db);
  return {
    async run(call: QueuedCall): Promise<Answer> {
      const start = await jobs.begin(
        {
          userId: call.userId,
          idempotencyKey: call.idempotencyKey,
          scope: call.scope,
          fingerprint: call.fingerprint,
          cost: call.cost,
          reason: call.reason,
        },
        async (job) => {
          await repository.putImages(job.id, call.task.images);
          const data: PaidQueueData = {
            paidJobId: job.id,
            attempt: job.attempt,
            requestId: call.requestId,
            scope: call.scope,
            params: call.task.params,
            perImageCredits: [...call.perImageCredits],
          };
          const queued = await queue.boss.send(PAID_QUEUE, data, {
            ...jobOptions(queue.settings),
            id: queueJobId(job.id, job.attempt),
            db: transactionDb(db),
          });
          if (!queued) throw new Error(`the queue refused paid job ${job.id}`);
          await notify(db, JOB_QUEUED_CHANNEL, job.id);
        },
      );
      if (start.kind === 'replay') return start.answer;
      const jobId = start.kind === 'run' ? start.job.id : start.jobId;
      return awaitJob(
        {
          jobId,
          look: (id) => jobs.look(id),
          notifications: queue.notifications,
          waitMs: queue.settings.waitMs,
          signal: call.signal,
        },
        goneAnswer,
      );
    },
  };
}
