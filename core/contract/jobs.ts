// A paid call that runs in the job queue (the PostgreSQL deployment: server replicas and `npm run worker`
// processes). When the job does not finish within the server's wait, the paid POST answers 202 with the job;
// GET /api/jobs/:id answers the same 202 while the job waits or runs, and once it finished the stored answer
// exactly as the POST would have given it (its status and body), so the client parses it with the call's own
// contract. The embedded deployment (SQLite) never answers 202.
import { z } from 'zod';

export const JOB_QUEUED_STATUS = 202;

/** Letters, digits and dashes (a UUID): safe in a URL path without escaping. */
export const JobId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

const JobState = z.enum(['queued', 'running']);

/** The 202 body of a paid POST and of GET /api/jobs/:id while the job is not finished. */
export const QueuedJobBody = z.object({
  jobId: JobId,
  state: JobState,
});
export type QueuedJobBody = z.infer<typeof QueuedJobBody>;

/** Where a queued job is polled (relative to the site). */
export function jobPath(jobId: string): string {
  return `/api/jobs/${jobId}`;
}
