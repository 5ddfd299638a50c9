// What a service hands a route to send: an HTTP status and a JSON body. Paid calls build it once and their paid
// job keeps it (paid/jobs.ts), so a retry with the same Idempotency-Key is answered with exactly the same thing.

/** An answer ready to send: status, JSON body and any headers it needs (a queued job's Retry-After). */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
