// The one error body every API answer uses on failure, shared by the server (which sends it) and the web client
// (which parses it and maps `code` to German). `error` is a short English message for developers and logs;
// users never see it. Add a code here before a route uses it; the client's catalogue must map every code.
import { z } from 'zod';
import { API_ERROR_CODES } from './errorCodes';

export { API_ERROR_STATUS } from './errorCodes';
/** The codes' type is errorCodes.ts's (zod-free, for the first page); this is its schema. */
export type { ApiErrorCode } from './errorCodes';

export const ApiErrorCodeSchema = z.enum(API_ERROR_CODES);

/** One problem found while parsing a request; `path` is dot-joined (`items.0.url`), '' for the body itself. */
export const ValidationIssue = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

export const ApiErrorBody = z.object({
  error: z.string(),
  code: ApiErrorCodeSchema,
  /** Machine-readable extras, always an object: `{ issues }` for INVALID_REQUEST, `{ creditsNeeded }` etc. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
