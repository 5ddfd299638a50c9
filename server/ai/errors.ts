// How an AI call can fail, independent of the provider: the provider turns its own errors (HTTP statuses of the
// OpenAI API, timeouts, aborts) into an AiError of one kind, and this module maps each kind to the API's status
// and code. Anything else a provider throws is a bug: INTERNAL.
import { API_ERROR_STATUS, type ApiErrorCode } from '../../core/contract/errors';
import type { ImageFailure } from '../../core/contract/enhance';
import { ApiError } from '../errors';

export type AiFailureKind = 'busy' | 'timeout' | 'upstream' | 'refused' | 'aborted';

export class AiError extends Error {
  constructor(
    readonly kind: AiFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AiError';
  }
}

/**
 * The API code per kind; its status comes from core/contract/errors.ts. A 429 from the AI service is OUR upstream
 * being busy, not the user sending too much, so it becomes 503 AI_BUSY (the user's own rate limit is 429
 * RATE_LIMITED). 'aborted' means the client went away: nobody reads the answer, 499 is only for the logs.
 */
const AI_FAILURE_CODE: Record<AiFailureKind, ApiErrorCode> = {
  busy: 'AI_BUSY',
  timeout: 'AI_TIMEOUT',
  upstream: 'UPSTREAM_FAILED',
  refused: 'AI_REFUSED',
  aborted: 'SERVICE_UNAVAILABLE',
};
const CLIENT_GONE_STATUS = 499;

function statusAndCode(kind: AiFailureKind): { status: number; code: ApiErrorCode } {
  const code = AI_FAILURE_CODE[kind];
  return { status: kind === 'aborted' ? CLIENT_GONE_STATUS : API_ERROR_STATUS[code], code };
}

/** The failure of one image as the API reports it, with its status (for the case that every image failed). */
export function toImageFailure(error: unknown): ImageFailure & { status: number } {
  if (error instanceof AiError) {
    const { status, code } = statusAndCode(error.kind);
    return { status, code, error: error.message };
  }
  return { status: 500, code: 'INTERNAL', error: 'The image could not be processed' };
}

/** An AiError as the API error it stands for; anything else is passed on unchanged (and becomes INTERNAL). */
export function toApiError(error: unknown): unknown {
  if (!(error instanceof AiError)) return error;
  const { status, code } = statusAndCode(error.kind);
  return new ApiError(status, code, error.message);
}
