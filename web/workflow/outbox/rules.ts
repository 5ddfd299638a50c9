// The outbox's rules, pure: which failures of a server job mean "keep it and try again later" (no network, a
// timeout, the server down or overloaded, the same key still running) and which are final (every other 4xx),
// and how long to wait before the next attempt. No clock, no I/O: table-tested in tests/web/workflow/outbox.

/** What the outbox needs to know about a failed call (web/services maps an ApiFailure to this). */
export interface RetryFacts {
  /** HTTP status; 0 when no answer arrived (offline, DNS, reset, timeout). */
  status: number;
  /** The server's or the client's error code, e.g. 'NETWORK', 'AI_TIMEOUT', 'REQUEST_IN_PROGRESS'. */
  code: string;
  /** The server's Retry-After in seconds, when it sent one. */
  retryAfterSeconds: number | null;
}

/** First wait after a failure; doubles per attempt up to MAX_BACKOFF_MS. */
export const BASE_BACKOFF_MS = 2_000;
export const MAX_BACKOFF_MS = 5 * 60_000;
/** A Retry-After beyond this is not believed (a proxy's default, a bug): we ask again sooner. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/**
 * True when the job should stay queued. The server stores each key's outcome (server/services/paidJobs.ts),
 * so sending the same key again is never a second charge: a network failure, a 5xx (but the server's own
 * 'the AI service failed, credits refunded', UPSTREAM_FAILED, which is final), a 408 timeout and the
 * server's own 'still running' (409 REQUEST_IN_PROGRESS) are all worth another try. Any other 4xx is an
 * answer about the request itself (credits, login, a reused key, ALREADY_PROCESSED) and sending it again
 * would get the same answer.
 */
export function isRetryable(facts: RetryFacts): boolean {
  if (facts.code === 'ABORTED') return false;
  if (facts.status === 0) return facts.code === 'NETWORK';
  // Our server answered that the AI service failed and gave the credits back: a verdict, not an outage.
  if (facts.code === 'UPSTREAM_FAILED') return false;
  if (facts.status >= 500) return true;
  if (facts.status === 408) return true;
  return facts.status === 409 && facts.code === 'REQUEST_IN_PROGRESS';
}

/** Milliseconds to wait before attempt number `attempt` (1 = the first retry). The server's Retry-After wins. */
export function backoffMs(attempt: number, retryAfterSeconds: number | null): number {
  if (retryAfterSeconds !== null && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0) {
    return Math.min(retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS);
  }
  const n = Math.max(1, Math.floor(attempt));
  return Math.min(BASE_BACKOFF_MS * 2 ** (n - 1), MAX_BACKOFF_MS);
}

/** A Retry-After header as seconds: either delta-seconds or an HTTP date (against `now`, epoch ms). */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
