// How long the client waits before asking again about a queued paid job (core/contract/jobs.ts): the server's
// Retry-After when it sent one, else a backoff that starts short (most jobs finish within seconds) and stops
// growing at a few seconds, so a finished job is seen soon without a flood of polls. Pure, table-tested.

export const FIRST_POLL_DELAY_MS = 500;
export const POLL_BACKOFF_FACTOR = 1.6;
export const MAX_POLL_DELAY_MS = 5_000;
/** A Retry-After beyond this is not believed for a poll (a proxy's default): we ask again sooner. */
export const MAX_POLL_RETRY_AFTER_MS = 30_000;

/**
 * Milliseconds before poll number `attempt` (1 = the first poll after the 202). `retryAfter` is the answer's
 * Retry-After header (delta-seconds; anything else is ignored).
 */
export function pollDelayMs(attempt: number, retryAfter: string | null): number {
  if (retryAfter !== null && /^\s*\d+\s*$/.test(retryAfter)) {
    return Math.min(Number(retryAfter) * 1000, MAX_POLL_RETRY_AFTER_MS);
  }
  const n = Math.max(1, Math.floor(attempt));
  return Math.min(Math.round(FIRST_POLL_DELAY_MS * POLL_BACKOFF_FACTOR ** (n - 1)), MAX_POLL_DELAY_MS);
}
