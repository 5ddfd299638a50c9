// Turns every failure into the one API error body `{ error, code, details? }` (core/contract/errors.ts) with a
// real HTTP status. Routes throw ApiError for expected failures or let a zod parse throw; Express 5 forwards
// thrown and rejected errors here. Unknown errors become 500 INTERNAL and are logged, never sent to the client.
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
// pino-http augments Express's Response with `err`, which the access log reads; without this import the
// augmentation would hold only because another module of the program happens to import pino-http.
import type {} from 'pino-http';
import { z } from 'zod';
import type { ApiErrorBody, ApiErrorCode, ValidationIssue } from '../core/contract/errors';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A 503 the server gives on purpose (a full image queue, a busy AI service): the client comes back later, so it is
 * logged as a warning without a stack, not as a failure of ours.
 */
export function isExpectedBusy(err: unknown): boolean {
  return err instanceof ApiError && err.status === 503;
}

/** The last handler under /api: an unknown API path is a JSON 404, never the web app's index.html. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new ApiError(404, 'NOT_FOUND', `No API route ${req.method} ${req.originalUrl}`));
};

export function toValidationIssues(error: z.core.$ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
    code: issue.code,
  }));
}

// body-parser (behind express.json) marks its errors with `type`; see its README, section "Errors".
const BODY_PARSER_ERRORS: Record<string, { status: number; code: ApiErrorCode; message: string }> = {
  'entity.parse.failed': { status: 400, code: 'INVALID_JSON', message: 'The request body is not valid JSON' },
  'entity.too.large': { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
  'encoding.unsupported': {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request body encoding is not supported',
  },
  'charset.unsupported': {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request body charset is not supported',
  },
  'request.aborted': { status: 400, code: 'INVALID_REQUEST', message: 'The request was aborted' },
  'request.size.invalid': { status: 400, code: 'INVALID_REQUEST', message: 'The request body size is wrong' },
};

// Other libraries (express.static, the router's URL decoding) throw http-errors: a 4xx marked `expose` is safe
// to pass on with its own status and message.
const CLIENT_STATUS_CODES: Record<number, ApiErrorCode> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function exposedClientStatus(err: unknown): number | undefined {
  if (!(err instanceof Error) || !('expose' in err) || err.expose !== true) return undefined;
  const status = 'status' in err ? Number(err.status) : NaN;
  return status >= 400 && status < 500 ? status : undefined;
}

/** Maps any thrown value to a status and body. Pure, so the mapping is tested without HTTP. */
export function toErrorResponse(err: unknown): { status: number; body: ApiErrorBody } {
  if (err instanceof ApiError) {
    const body: ApiErrorBody = { error: err.message, code: err.code };
    if (err.details) body.details = err.details;
    return { status: err.status, body };
  }
  if (err instanceof z.core.$ZodError) {
    return {
      status: 400,
      body: {
        error: 'The request is not valid',
        code: 'INVALID_REQUEST',
        details: { issues: toValidationIssues(err) },
      },
    };
  }
  const type = typeof err === 'object' && err !== null && 'type' in err ? String(err.type) : '';
  const known = BODY_PARSER_ERRORS[type];
  if (known) return { status: known.status, body: { error: known.message, code: known.code } };
  // The router's path parameter decoding (`/api/jobs/%ff`) throws a URIError it marks 400 but not `expose`.
  if (err instanceof URIError) {
    return { status: 400, body: { error: 'The request path is not valid', code: 'INVALID_REQUEST' } };
  }
  const clientStatus = exposedClientStatus(err);
  if (clientStatus) {
    const code = CLIENT_STATUS_CODES[clientStatus] ?? 'INVALID_REQUEST';
    return { status: clientStatus, body: { error: (err as Error).message, code } };
  }
  return { status: 500, body: { error: 'Internal server error', code: 'INTERNAL' } };
}

/**
 * Express error handler; mount it last. Server errors are attached to the access log line, with stack (an expected
 * busy 503 is not: logger.ts logs it as a warning).
 */
export const errorHandler: ErrorRequestHandler = (err, req, res: Response, next) => {
  // Too late to send a body: let Express close the connection.
  if (res.headersSent) return next(err);
  const { status, body } = toErrorResponse(err);
  if (status >= 500 && !isExpectedBusy(err)) res.err = err instanceof Error ? err : new Error(String(err));
  // Refused before its body was read (an unknown path, a rate limit, a sign-in check): close the connection
  // after the answer rather than read the rest of a body nobody wants (up to 25 MB) to keep it alive.
  if (!req.complete) res.setHeader('Connection', 'close');
  // 503 (a full image queue) and 409 (a key still running) say when to come back, as the 429 does.
  const retryAfter = body.details?.retryAfterSeconds;
  if (typeof retryAfter === 'number' && !res.getHeader('Retry-After'))
    res.setHeader('Retry-After', String(retryAfter));
  res.status(status).json(body);
};
