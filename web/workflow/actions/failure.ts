// What the workflow does about a failed call, and what the outbox's retry rules read from one. Policy of the
// workflow, so the composition root only wires adapters: a failure of the engine or of the API becomes a
// `Failure` here, whichever port threw it.

import { ApiFailure } from '../../api/errors';
import { isEngineError } from '../../engine/errors';
import { parseRetryAfter, type RetryFacts } from '../outbox/rules';

export type Failure =
  | { kind: 'insufficientCredits'; needed: number; current: number }
  | { kind: 'stagingRedirect' }
  | { kind: 'unauthenticated' }
  | { kind: 'cancelled' }
  /** `refusedModeIds`: the modes a server refused before charging anything (AI_UNAVAILABLE), so the rest may run. */
  | { kind: 'failed'; message: string; refusedModeIds?: string[] };

/** Turns any error of the ports into what the workflow does about it. */
export function classify(error: unknown): Failure {
  if (isEngineError(error)) {
    return error.code === 'cancelled'
      ? { kind: 'cancelled' }
      : { kind: 'failed', message: error.germanMessage };
  }
  if (error instanceof ApiFailure) {
    if (error.code === 'ABORTED') return { kind: 'cancelled' };
    if (error.code === 'INSUFFICIENT_CREDITS') {
      const needed = Number(error.details.creditsNeeded ?? 0);
      const current = Number(error.details.credits ?? 0);
      return { kind: 'insufficientCredits', needed, current };
    }
    if (error.code === 'VIRTUAL_STAGING_REDIRECT') return { kind: 'stagingRedirect' };
    if (error.code === 'UNAUTHENTICATED') return { kind: 'unauthenticated' };
    const refused = error.details.modeIds;
    if (error.code === 'AI_UNAVAILABLE' && Array.isArray(refused)) {
      return { kind: 'failed', message: error.message, refusedModeIds: refused.map(String) };
    }
    return { kind: 'failed', message: error.message };
  }
  if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'cancelled' };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}

/** A failed server call's status, code and Retry-After; null for anything else (the engine, a bug: never retried). */
export function retryFacts(error: unknown, now = Date.now()): RetryFacts | null {
  if (!(error instanceof ApiFailure)) return null;
  const header = error.details.retryAfter;
  return {
    status: error.status,
    code: error.code,
    retryAfterSeconds: typeof header === 'string' ? parseRetryAfter(header, now) : null,
  };
}
