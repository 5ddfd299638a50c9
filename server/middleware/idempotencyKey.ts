// The Idempotency-Key header of charged calls (core/contract/enhance.ts): absent is allowed here (a free call needs
// none; the paid-batch runner insists when it charges), malformed is a 400 before any work starts.
import type { Request } from 'express';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKey } from '../../core/contract/enhance';
import { ApiError } from '../errors';

/** The Idempotency-Key header, undefined when absent; 400 INVALID_REQUEST when present but malformed. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const raw = req.get(IDEMPOTENCY_KEY_HEADER);
  if (raw === undefined) return undefined;
  const parsed = IdempotencyKey.safeParse(raw.trim());
  if (!parsed.success) {
    throw new ApiError(
      400,
      'INVALID_REQUEST',
      'The Idempotency-Key header must be 8 to 64 of A-Z a-z 0-9 _ . : -',
      { header: IDEMPOTENCY_KEY_HEADER },
    );
  }
  return parsed.data;
}
