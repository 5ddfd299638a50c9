// A paid call from top to bottom, for every paid scope (enhancing with server modes, implementing suggestions,
// virtual staging): price known, refuse before charging, open the key's paid job (jobs.ts: the charge and the job
// in one transaction; a retry replays the stored answer), run the images at the provider's concurrency, then
// finish (store the answer, refund the share of every image that failed) or refund everything (the client left,
// every image failed). A crash in between is refunded at the next start (liveness.ts). Each scope also describes
// its work as data (a PaidTask: JSON parameters and the photos) with a planner that turns the data back into the
// batch, so that with a job queue (queue/) a worker process runs it instead; runQueuedBatch is that worker's side.
import type { ImageFailure } from '../../core/contract/enhance';
import { AiError, toImageFailure } from '../ai/errors';
import { ApiError, toErrorResponse } from '../errors';
import type { Logger } from '../logger';
import type { Answer } from '../answer';
import type { CheckedImage } from '../pool/images';
import type { PaidJobs, RunningJob } from './jobs';

export interface PaidBatchInput<T> {
  /** The signed-in user; may be null only when every image is free. */
  userId: string | null;
  /** Required when anything is charged. */
  idempotencyKey: string | undefined;
  /** Part of the key's fingerprint, and which planner rebuilds the task. */
  scope: PaidScope;
  fingerprint: string;
  /** Credits of each image; a failed image gives back its share. */
  perImageCredits: readonly number[];
  /** Ledger reason, e.g. 'enhance: declutter, cleanup'. */
  reason: string;
  concurrency: number;
  signal: AbortSignal;
  work(index: number, signal: AbortSignal): Promise<T>;
  /**
   * Credits of an image's price that its (successful) result did not use, e.g. a removal mode that found nothing
   * to remove: given back like a failed image's share. Default 0.
   */
  unusedCredits?(result: T, index: number): number;
  /** Turns the results into the answer (status 200); called only when at least one image worked. */
  answer(outcome: BatchOutcome<T>): unknown;
  /** The same work as data, for the queue; without it (or without a queue) the batch runs in this process. */
  task?: PaidTask;
  /** The call's X-Request-Id, carried to the queue worker's log lines. */
  requestId?: string;
}

/** The scopes of paid work; part of the key's fingerprint and the name of its planner. */
export type PaidScope = 'enhance' | 'implement' | 'staging';

/** A paid call's work as data: its parameters (JSON) and its photos, enough for any process to run it. */
export interface PaidTask {
  params: unknown;
  images: readonly Buffer[];
}

/** The parts of a paid batch that its planner rebuilds from a task, on whichever process runs it. */
export type BatchPlan<T> = Pick<PaidBatchInput<T>, 'concurrency' | 'work' | 'unusedCredits' | 'answer'>;

/** Rebuilds a scope's batch from its task's parameters and checked photos (pool/images.ts checkAll). */
export type TaskPlanner = (params: unknown, images: readonly CheckedImage[]) => Promise<BatchPlan<unknown>>;

/** The queue's side of a paid call (queue/enqueue.ts): charge, queue, wait for the answer or 202. */
export interface PaidQueuePort {
  run(request: QueuedCall): Promise<Answer>;
}

export interface QueuedCall {
  userId: string;
  idempotencyKey: string;
  scope: PaidScope;
  fingerprint: string;
  cost: number;
  /** Each photo's share of `cost`: what a failed photo gives back. */
  perImageCredits: readonly number[];
  reason: string;
  task: PaidTask;
  requestId: string;
  signal: AbortSignal;
}

export interface BatchOutcome<T> {
  results: (T | null)[];
  failures: (ImageFailure | null)[];
  creditsCharged: number;
  balance: number | null;
}

export interface PaidBatchDeps {
  /** The durable charge-and-job records (jobs.ts). */
  jobs: PaidJobs;
  logger: Logger;
  /** The job queue of the PostgreSQL deployment; absent (SQLite), charged work runs in this process. */
  queue?: PaidQueuePort;
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
  if (deps.queue && input.task) {
    return deps.queue.run({
      userId,
      idempotencyKey,
      scope: input.scope,
      fingerprint: input.fingerprint,
      cost: total,
      perImageCredits: input.perImageCredits,
      reason: input.reason,
      task: input.task,
      requestId: input.requestId ?? '',
      signal: input.signal,
    });
  }
  const start = await deps.jobs.begin({
    userId,
    idempotencyKey,
    scope: input.scope,
    fingerprint: input.fingerprint,
    cost: total,
    reason: input.reason,
  });
  if (start.kind === 'replay') return start.answer;
  if (start.kind === 'queued') {
    // Only a queue deployment queues jobs; one reached without its queue (a misconfigured replica) must wait.
    throw new ApiError(409, 'REQUEST_IN_PROGRESS', 'The request with this Idempotency-Key is queued', {
      retryAfterSeconds: 2,
    });
  }
  return runCharged(deps, input, start.job, IN_PROCESS);
}

/** What a charged batch does when it cannot deliver: in this process, or on a queue worker. */
interface SettleRules {
  /** The signal fired: the client left (refund, the key may run again), or the worker stops (leave the job to its retry). */
  onAbort: 'refund' | 'leave';
  /** Every image failed: throw the error to the waiting client, or keep it as the job's answer for the poll. */
  onAllFailed: 'throw' | 'store';
}

const IN_PROCESS: SettleRules = { onAbort: 'refund', onAllFailed: 'throw' };
const ON_WORKER: SettleRules = { onAbort: 'leave', onAllFailed: 'store' };

/** A queued batch as its worker runs it: the scope, each photo's price, the worker's signal and the rebuilt plan. */
export type QueuedBatch = Pick<PaidBatchInput<unknown>, 'scope' | 'perImageCredits' | 'signal'> &
  BatchPlan<unknown>;

/**
 * Runs a queued, charged job on a worker and settles it (answer stored and failed images refunded, or everything
 * refunded with the error kept for the poll); returns what was stored. When the worker's signal fires first,
 * nothing is settled and this throws, so the queue runs the job again.
 */
export function runQueuedBatch(deps: PaidBatchDeps, batch: QueuedBatch, job: RunningJob): Promise<Answer> {
  const input: PaidBatchInput<unknown> = {
    ...batch,
    userId: job.userId,
    idempotencyKey: undefined,
    fingerprint: '',
    reason: '',
  };
  return runCharged(deps, input, job, ON_WORKER);
}

/** Runs a charged batch; refunds each failed image's share with the stored answer (everything, if the client left). */
async function runCharged<T>(
  deps: PaidBatchDeps,
  input: PaidBatchInput<T>,
  job: RunningJob,
  rules: SettleRules,
): Promise<Answer> {
  const count = input.perImageCredits.length;
  let outcome: Settled<T>;
  try {
    outcome = await runWork(input, count);
  } catch (error) {
    // runWork settles every image, so this is a bug; give everything back before failing.
    await deps.jobs.refundAll(job, 'failed', `${input.scope} refund: internal error`);
    throw error;
  }
  if (input.signal.aborted) {
    if (rules.onAbort === 'leave') throw new AiError('aborted', 'The worker stopped before the job finished');
    await deps.jobs.refundAll(job, 'refunded', `${input.scope} refund: client went away`);
    throw new AiError('aborted', 'The client went away');
  }
  const failed = outcome.reasons.map((reason) => reason !== undefined);
  if (failed.every(Boolean)) {
    const reason = `${input.scope} refund: every image failed`;
    if (rules.onAllFailed === 'throw') {
      await deps.jobs.refundAll(job, 'failed', reason);
      return finalAnswer(input, outcome, deps.logger, { creditsCharged: 0, balance: null });
    }
    let answer: Answer;
    try {
      answer = finalAnswer(input, outcome, deps.logger, { creditsCharged: 0, balance: null });
    } catch (error) {
      const { status, body } = toErrorResponse(error);
      answer = { status, body };
    }
    await deps.jobs.refundAll(job, 'failed', reason, answer);
    return answer;
  }
  const refunds = input.perImageCredits.map((c, i) => {
    if (failed[i]) return c;
    const unused = input.unusedCredits?.(outcome.results[i] as T, i) ?? 0;
    return Math.max(0, Math.min(c, unused));
  });
  const refundAmount = refunds.reduce((sum, c) => sum + c, 0);
  const failedImages = refunds.flatMap((c, i) => (c > 0 ? [i + 1] : []));
  try {
    return await deps.jobs.finish(
      job,
      { amount: refundAmount, reason: `${input.scope} refund images ${failedImages.join(', ')}` },
      (balance) =>
        finalAnswer(input, outcome, deps.logger, { creditsCharged: job.cost - refundAmount, balance }),
    );
  } catch (error) {
    // The answer could not be built or stored (the transaction rolled back): nothing delivered, all given back.
    await deps.jobs.refundAll(job, 'failed', `${input.scope} refund: internal error`);
    throw error;
  }
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
