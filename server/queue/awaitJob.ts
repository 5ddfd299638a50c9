// How an HTTP request waits for its queued paid job: it looks at the job, sleeps until a notification says the
// job finished (or a short interval passed, in case a notification was lost), and looks again, until the job's
// answer is there or the wait is over; then it answers 202 with the job, which the client polls
// (GET /api/jobs/:id, core/contract/jobs.ts). A client that goes away only ends the wait: the job runs on and
// keeps its answer for the Idempotency-Key and the job id.
import { JOB_QUEUED_STATUS, type QueuedJobBody } from '../../core/contract/jobs';
import type { Answer } from '../services/answer';
import type { JobLook } from '../services/paidJobs';
import type { JobNotifications } from './notifications';

/** The seconds a client is asked to wait before polling a job that is not finished. */
export const POLL_AFTER_SECONDS = 1;

/** Looks again at least this often, whatever the notifications say. */
const LOOK_AGAIN_MS = 1_000;

/** The 202 answer for a job that is not finished. */
export function queuedAnswer(jobId: string, state: QueuedJobBody['state']): Answer {
  const body: QueuedJobBody = { jobId, state };
  return { status: JOB_QUEUED_STATUS, body, headers: { 'Retry-After': String(POLL_AFTER_SECONDS) } };
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

/**
 * The job's answer when it finishes within `waitMs`, else 202 with the job. A job with nothing to show (its
 * answer expired, or unknown) is answered by `gone`.
 */
export async function awaitJob(input: AwaitJobInput, gone: (look: JobLook) => Answer): Promise<Answer> {
  const now = input.now ?? Date.now;
  const deadline = now() + input.waitMs;
  for (;;) {
    const look = await input.look(input.jobId);
    if (look.kind === 'finished') return look.answer;
    if (look.kind === 'gone') return gone(look);
    const left = deadline - now();
    if (left <= 0 || input.signal.aborted) return queuedAnswer(input.jobId, look.state);
    await input.notifications.finished(input.jobId, Math.min(left, LOOK_AGAIN_MS), input.signal);
  }
}
