// How an HTTP request waits for its queued paid job, and what a look at a job answers: it looks at the job,
// sleeps until a notification says the job finished (or a short interval passed, in case a notification was
// lost), and looks again, until the job's answer is there or the wait is over; then it answers 202 with the job,
// which the client polls (GET /api/jobs/:id, routes/jobs.ts, core/contract/jobs.ts). A client that goes away only
// ends the wait: the job runs on and keeps its answer for the Idempotency-Key and the job id.
import { JOB_QUEUED_STATUS, type QueuedJobBody } from '../../../core/contract/jobs';
import { ApiError } from '../../errors';
import type { Answer } from '../../answer';
import type { JobLook } from '../jobs';
import type { JobNotifications } from './notifications';

/** The seconds a client is asked to wait before polling a job that is not finished. */
export const POLL_AFTER_SECONDS = 1;

/** Looks again at least this often, whatever the notifications say. */
const LOOK_AGAIN_MS = 1_000;

/** The 202 answer for a job that is not finished. */
function queuedAnswer(jobId: string, state: QueuedJobBody['state']): Answer {
  const body: QueuedJobBody = { jobId, state };
  return { status: JOB_QUEUED_STATUS, body, headers: { 'Retry-After': String(POLL_AFTER_SECONDS) } };
}

/** What a look at a job answers: its stored answer, 202 while it waits or runs, else why there is none. */
export function answerOf(jobId: string, look: JobLook): Answer {
  if (look.kind === 'finished') return look.answer;
  if (look.kind === 'waiting') return queuedAnswer(jobId, look.state);
  return goneAnswer(look);
}

/** The answer when a job ended without one to show (its answer expired, or it was refunded unanswered). */
function goneAnswer(look: JobLook): never {
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

export interface AwaitJobInput {
  jobId: string;
  look: (jobId: string) => Promise<JobLook>;
  notifications: Pick<JobNotifications, 'finished'>;
  /** How long the request waits in all (QUEUE_WAIT_SECONDS); 0 answers at once. */
  waitMs: number;
  signal: AbortSignal;
  now?: () => number;
}

/** The job's answer when it finishes (or has nothing to show) within `waitMs`, else 202 with the job. */
export async function awaitJob(input: AwaitJobInput): Promise<Answer> {
  const now = input.now ?? Date.now;
  const deadline = now() + input.waitMs;
  for (;;) {
    const look = await input.look(input.jobId);
    const left = deadline - now();
    if (look.kind !== 'waiting' || left <= 0 || input.signal.aborted) return answerOf(input.jobId, look);
    await input.notifications.finished(input.jobId, Math.min(left, LOOK_AGAIN_MS), input.signal);
  }
}
