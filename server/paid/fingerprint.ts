// The fingerprint of a paid request: what one Idempotency-Key stands for. The paid jobs (jobs.ts) keep it with
// the job and compare it on every retry, so a key sent again with another body is refused (422).
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
