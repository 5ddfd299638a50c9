// The fingerprint of a paid request: what one Idempotency-Key stands for. The replay of paid calls itself lives in
// the durable paid jobs (services/paidJobs.ts, table paid_jobs), which compare this digest on every retry.
import { createHash } from 'node:crypto';

/** A stable digest of what a request asks for, so one key cannot be reused for a different request. */
export function fingerprint(parts: ReadonlyArray<string | Buffer>): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(String(part.length));
    hash.update(':');
    hash.update(part);
  }
  return hash.digest('hex');
}
