// The German error catalogue of SPEC section 8 for API calls: every server error code (core/contract/errors.ts)
// and every client-side failure (no network, cancelled, an answer that does not parse) maps to one German text.
// Technical failures read 'API Fehler (status): …' as the spec asks; product errors (credits, formats, the AI
// service) read as plain sentences the user can act on.
import { MAX_PIXELS, MAX_UPLOAD_FILES } from '../../core/catalog/limits';
import { API_ERROR_STATUS, type ApiErrorCode } from '../../core/contract/errorCodes';
import { t, type MessageKey } from '../i18n/de';

/** Failures that happen in the client, never sent by the server. */
export type ClientErrorCode =
  'NETWORK' | 'ABORTED' | 'INVALID_RESPONSE' | 'NO_ENHANCED_IMAGE' | 'NO_FINAL_IMAGES';
export type FailureCode = ApiErrorCode | ClientErrorCode;

/** Every code's German text. Typed as a full Record: a new server code fails the type check until it is here. */
export const ERROR_MESSAGES: Readonly<Record<FailureCode, MessageKey>> = {
  INVALID_JSON: 'errors.invalidJson',
  INVALID_REQUEST: 'errors.invalidRequest',
  NOT_FOUND: 'errors.notFound',
  PAYLOAD_TOO_LARGE: 'errors.payloadTooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'errors.unsupportedMediaType',
  INTERNAL: 'errors.internal',
  UNAUTHENTICATED: 'errors.unauthenticated',
  FORBIDDEN: 'errors.forbidden',
  RATE_LIMITED: 'errors.rateLimited',
  INSUFFICIENT_CREDITS: 'errors.insufficientCredits',
  VIRTUAL_STAGING_REDIRECT: 'errors.stagingRedirect',
  UPSTREAM_FAILED: 'errors.upstreamFailed',
  SERVICE_UNAVAILABLE: 'errors.serviceUnavailable',
  FILE_TOO_LARGE: 'errors.fileTooLarge',
  TOO_MANY_FILES: 'errors.tooManyFiles',
  IMAGE_TOO_LARGE: 'errors.imageTooLarge',
  UNSUPPORTED_IMAGE: 'errors.unsupportedImage',
  IMAGE_UNREADABLE: 'errors.imageUnreadable',
  AI_UNAVAILABLE: 'errors.aiUnavailable',
  AI_BUSY: 'errors.aiBusy',
  AI_TIMEOUT: 'errors.aiTimeout',
  AI_REFUSED: 'errors.aiRefused',
  IDEMPOTENCY_KEY_REQUIRED: 'errors.idempotencyKeyRequired',
  IDEMPOTENCY_KEY_REUSED: 'errors.idempotencyKeyReused',
  REQUEST_IN_PROGRESS: 'errors.requestInProgress',
  ALREADY_PROCESSED: 'errors.alreadyProcessed',
  STAGING_RENDERS_ON_DEVICE: 'errors.stagingRendersOnDevice',
  NOT_IMPLEMENTED: 'errors.notImplemented',
  NETWORK: 'errors.network',
  ABORTED: 'errors.aborted',
  INVALID_RESPONSE: 'errors.invalidResponse',
  NO_ENHANCED_IMAGE: 'errors.noEnhancedImage',
  NO_FINAL_IMAGES: 'errors.noFinalImages',
};

/** Codes that mean a fault in the system rather than something the user can change: shown as 'API Fehler (…)'. */
export const TECHNICAL_CODES: ReadonlySet<FailureCode> = new Set<FailureCode>([
  'INVALID_JSON',
  'INVALID_REQUEST',
  'NOT_FOUND',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
  'UPSTREAM_FAILED',
  'SERVICE_UNAVAILABLE',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'INVALID_RESPONSE',
]);

const VALUES = { max: MAX_UPLOAD_FILES, megapixels: Math.round(MAX_PIXELS / 1_000_000) };

/** A failed API call, with the German message to show. */
export class ApiFailure extends Error {
  constructor(
    /** HTTP status, 0 when no answer arrived. */
    readonly status: number,
    readonly code: FailureCode,
    message: string,
    /** The server's details, e.g. `{ creditsNeeded, credits }` or `{ modeIds }`. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/** The German text for a failure. `details.creditsRefunded` adds that the credits came back. */
export function failureMessage(
  status: number,
  code: FailureCode,
  details: Record<string, unknown> = {},
): string {
  // details.image: the 1-based photo the server names (IMAGE_UNREADABLE), so the text says which one.
  const image = typeof details.image === 'number' ? details.image : 1;
  const text = t(ERROR_MESSAGES[code], { ...VALUES, image });
  const message = TECHNICAL_CODES.has(code) ? t('errors.apiError', { status, details: text }) : text;
  return details.creditsRefunded === true ? `${message} ${t('errors.refunded')}` : message;
}

export function failure(
  status: number,
  code: FailureCode,
  details: Record<string, unknown> = {},
): ApiFailure {
  return new ApiFailure(status, code, failureMessage(status, code, details), details);
}

/**
 * An ApiFailure for one failed image inside a successful batch answer (`errors[i]` of the contracts), with the
 * status the code stands for. `refunded`: the image's credits came back (the batch was charged).
 */
export function imageFailure(item: { code: ApiErrorCode; error: string }, refunded: boolean): ApiFailure {
  const details = refunded ? { error: item.error, creditsRefunded: true } : { error: item.error };
  return failure(API_ERROR_STATUS[item.code], item.code, details);
}
