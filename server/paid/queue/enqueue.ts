// The HTTP side of a queued paid call (the PostgreSQL deployment): one transaction opens the key's job (charge and
// record, jobs.ts), stores its photos, queues it in pg-boss (same database, same transaction) and notifies the
// workers, so a job is charged exactly when it is queued; then the request waits for the job's answer within
// QUEUE_WAIT_SECONDS and otherwise answers 202 with the job, which the client polls. A retry of the key waits
// for the same job.
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import type { Answer } from '../../answer';
import type { Database } from '../../store/db';
import type { PaidQueuePort, QueuedCall } from '../batch';
import { createJobTable } from '../jobTable';
import type { PaidJobs } from '../jobs';
import { insufficientCreditsError, ledgerLock } from '../ledger';
import { awaitJob } from './awaitJob';
import {
  jobOptions,
  PAID_QUEUE,
  queueJobId,
  queueSettings,
  startBoss,
  transactionDb,
  type Boss,
  type PaidQueueData,
  type QueueSettings,
} from './boss';
import { JOB_QUEUED_CHANNEL, listenForJobs, notify, type JobNotifications } from './notifications';

export interface QueueDeps {
  boss: Boss;
  notifications: JobNotifications;
  settings: QueueSettings & {
    /** How long a paid request waits for its job before it answers 202 (QUEUE_WAIT_SECONDS). */
    waitMs: number;
  };
}

/** Starts the job queue (pg-boss) and the notifications a waiting request or a worker listens to. */
export async function startQueue(url: string, env: Env, logger: Logger): Promise<QueueDeps> {
  const settings = queueSettings(env);
  const boss = await startBoss(url, settings, logger);
  const notifications = await listenForJobs(url, logger);
  return { boss, notifications, settings };
}

export function createPaidQueue(db: Database, jobs: PaidJobs, queue: QueueDeps): PaidQueuePort {
  const table = createJobTable(db);
  return {
    async run(call: QueuedCall): Promise<Answer> {
      const { task, ...request } = call;
      const opened = await db.transaction([ledgerLock(call.userId)], async () => {
        const opened = await jobs.open(request, 'queue');
        if (opened.kind !== 'run') return opened;
        const { id, attempt } = opened.job;
        await table.putImages(id, task.images);
        const data: PaidQueueData = {
          paidJobId: id,
          attempt,
          requestId: call.requestId,
          scope: call.scope,
          params: task.params,
          perImageCredits: [...call.perImageCredits],
        };
        const queued = await queue.boss.send(PAID_QUEUE, data, {
          ...jobOptions(queue.settings),
          id: queueJobId(id, attempt),
          db: transactionDb(db),
        });
        if (!queued) throw new Error(`the queue refused paid job ${id}`);
        await notify(db, JOB_QUEUED_CHANNEL, id);
        return opened;
      });
      // After the commit: a stale job refunded on the way must stay refunded.
      if (opened.kind === 'insufficient') throw insufficientCreditsError(opened.needed, opened.balance);
      if (opened.kind === 'replay') return opened.answer;
      return awaitJob({
        jobId: opened.kind === 'run' ? opened.job.id : opened.jobId,
        look: (id) => jobs.look(id),
        notifications: queue.notifications,
        waitMs: queue.settings.waitMs,
        signal: call.signal,
      });
    },
  };
}
