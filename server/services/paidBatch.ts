// The generic paid AI batch: price known, refuse before charging, charge once per Idempotency-Key, run the images
// at the provider's concurrency, refund the share of every image that failed (everything if the client left) and
// keep the answer for replays. Enhancing and implementing suggestions both run through here; it is the one seam
// between paid work and the ledger.
import type { ImageFailure } from '../../core/contract/enhance';
import { AiError, toImageFailure } from '../ai/errors';
import { ApiError } from '../errors';
import type { Logger } from '../logger';
import type { Answer } from './answer';
import { insufficientCreditsError, type CreditsService } from './credits';
import type { ReplayCache } from './replayCache';

/** The part of the credit ledger a paid batch uses. */
export type CreditsPort = Pick<CreditsService, 'charge' | 'refund'>;

export interface PaidBatchInput<T> {
  /** The signed-in user; may be null only when every image is free. */
  userId: string | null;
  /** Required when anything is charged. */
  idempotencyKey: string | undefined;
  /** 'enhance' or 'implement': keys of different calls never collide. */
  scope: string;
  fingerprint: string;
  /** Credits of each image; a failed image gives back its share. */
  perImageCredits: readonly number[];
  /** Ledger reason, e.g. 'enhance: declutter, cleanup'. */
  reason: string;
  concurrency: number;
  signal: AbortSignal;
  work(index: number, signal: AbortSignal): Promise<T>;
  /** Turns the results into the answer (status 200); called only when at least one image worked. */
  answer(outcome: BatchOutcome<T>): unknown;
}

export interface BatchOutcome<T> {
  results: (T | null)[];
  failures: (ImageFailure | null)[];
  creditsCharged: number;
  balance: number | null;
}

export interface PaidBatchDeps {
  credits: CreditsPort;
  replays: ReplayCache;
  logger: Logger;
}

/** Runs `work` over indexes 0..count-1, at most `limit` at a time; results and errors in index order. */
async function mapSettled<T>(
  count: number,
  limit: number,
  work: (index: number) => Promise<T>,
): Promise<PromiseSettledResult<T>[]> {
  const settled: PromiseSettledResult<T>[] = new Array<PromiseSettledResult<T>>(count);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      try {
        settled[index] = { status: 'fulfilled', value: await work(index) };
      } catch (reason) {
        settled[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, lane));
  return settled;
}

/**
 * Charges a batch once, runs it, refunds failed images and answers. Throws ApiError for every refusal (401, 400,
 * 402, 409, 422) and, when every image failed, the error of the first failure (after refunding all of it).
 * When the client goes away (`signal`), the work is cancelled and everything refunded; the key may run again.
 */
export async function runPaidBatch<T>(deps: PaidBatchDeps, input: PaidBatchInput<T>): Promise<Answer> {
  const total = input.perImageCredits.reduce((sum, c) => sum + c, 0);
  const count = input.perImageCredits.length;

  if (total === 0) {
    const outcome = await runWork(input, count);
    if (input.signal.aborted) throw new AiError('aborted', 'The client went away');
    return finalAnswer(input, outcome, deps.logger, { creditsCharged: 0, balance: null });
  }

  const { userId, idempotencyKey } = input;
  if (!userId) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in to use server modes');
  if (!idempotencyKey) {
    throw new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'A charged call needs an Idempotency-Key header');
  }
  const credits = deps.credits;

  const replayKey = `${input.scope}:${userId}:${idempotencyKey}`;
  const start = deps.replays.begin(replayKey, input.fingerprint);
  if (start.kind === 'mismatch') {
    throw new ApiError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was used for a different request',
    );
  }
  if (start.kind === 'running') {
    throw new ApiError(409, 'REQUEST_IN_PROGRESS', 'The request with this Idempotency-Key is still running');
  }
  if (start.kind === 'done') return start.answer;

  const ledgerKey = `${replayKey}#${start.attempt}`;
  let charge: ReturnType<CreditsPort['charge']>;
  try {
    charge = credits.charge({ userId, amount: total, idempotencyKey: ledgerKey, reason: input.reason });
  } catch (error) {
    deps.replays.abandon(replayKey);
    throw error;
  }
  if (!charge.ok) {
    deps.replays.abandon(replayKey);
    throw insufficientCreditsError(charge.needed, charge.balance);
  }
  if (charge.replayed) {
    // Charged before by a process that no longer holds the answer (a restart): never run or charge again.
    deps.replays.forget(replayKey);
    throw new ApiError(
      409,
      'ALREADY_PROCESSED',
      'This Idempotency-Key was already charged; its result is gone',
    );
  }

  const ledger = { userId, credits, ledgerKey, entryId: charge.entryId, balance: charge.balance };
  try {
    const answer = await runCharged(deps, input, ledger);
    deps.replays.finish(replayKey, answer);
    return answer;
  } catch (error) {
    // Every way to get here refunded what did not work, so the key may run again.
    deps.replays.retryable(replayKey);
    throw error;
  }
}

/** Runs a charged batch and refunds each failed image's share (everything, if the client left). */
async function runCharged<T>(
  deps: PaidBatchDeps,
  input: PaidBatchInput<T>,
  ledger: { userId: string; credits: CreditsPort; ledgerKey: string; entryId: string; balance: number },
): Promise<Answer> {
  const count = input.perImageCredits.length;
  let balance = ledger.balance;
  const refunded = new Set<number>();
  const refund = (index: number, why: string): void => {
    const amount = input.perImageCredits[index] ?? 0;
    if (amount === 0 || refunded.has(index)) return;
    refunded.add(index);
    balance = ledger.credits.refund({
      userId: ledger.userId,
      amount,
      idempotencyKey: `${ledger.ledgerKey}:refund:${index}`,
      reason: `${input.scope} refund image ${index + 1}: ${why}`,
      chargeEntryId: ledger.entryId,
    }).balance;
  };

  let outcome: Settled<T>;
  try {
    outcome = await runWork(input, count);
  } catch (error) {
    // runWork settles every image, so this is a bug; give everything back before failing.
    for (let i = 0; i < count; i++) refund(i, 'internal error');
    throw error;
  }
  if (input.signal.aborted) {
    for (let i = 0; i < count; i++) refund(i, 'client went away');
    throw new AiError('aborted', 'The client went away');
  }
  outcome.reasons.forEach((reason, i) => {
    if (reason !== undefined) refund(i, toImageFailure(reason).code);
  });
  const creditsCharged = input.perImageCredits.reduce((sum, c, i) => sum + (refunded.has(i) ? 0 : c), 0);
  return finalAnswer(input, outcome, deps.logger, { creditsCharged, balance });
}

/** Per image: its result, or (undefined result) the reason it failed. */
interface Settled<T> {
  results: (T | null)[];
  reasons: unknown[];
}

async function runWork<T>(input: PaidBatchInput<T>, count: number): Promise<Settled<T>> {
  const settled = await mapSettled(count, input.concurrency, (i) => {
    if (input.signal.aborted) return Promise.reject(new AiError('aborted', 'The client went away'));
    return input.work(i, input.signal);
  });
  return {
    results: settled.map((s) => (s.status === 'fulfilled' ? s.value : null)),
    reasons: settled.map((s) => (s.status === 'rejected' ? (s.reason as unknown) : undefined)),
  };
}

/** Logs each failure, turns reasons into ImageFailures, and throws when nothing worked. */
function finalAnswer<T>(
  input: PaidBatchInput<T>,
  outcome: Settled<T>,
  logger: Logger,
  credits: { creditsCharged: number; balance: number | null },
): Answer {
  let firstFailure: (ImageFailure & { status: number }) | undefined;
  const failures = outcome.reasons.map((reason, index) => {
    if (reason === undefined) return null;
    const failure = toImageFailure(reason);
    const level = failure.status >= 500 && !(reason instanceof AiError) ? 'error' : 'warn';
    logger[level](
      { err: reason, scope: input.scope, image: index + 1, code: failure.code },
      'AI image failed',
    );
    firstFailure ??= failure;
    return { code: failure.code, error: failure.error };
  });
  if (firstFailure && failures.every((f) => f !== null)) {
    throw new ApiError(firstFailure.status, firstFailure.code, firstFailure.error, {
      failures,
      creditsRefunded: true,
    });
  }
  return { status: 200, body: input.answer({ results: outcome.results, failures, ...credits }) };
}
