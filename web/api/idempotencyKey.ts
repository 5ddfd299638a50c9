// The Idempotency-Key of a paid call, apart from the calls themselves (ai.ts), so the workflow can name a job
// before the API client and its contracts have loaded.

/** A fresh key for one paid call; a retry with the same key is answered from the server's replay, never charged twice. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
