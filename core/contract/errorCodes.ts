// The API's error codes and the HTTP status of each, without zod: the web app's landing page needs them (its
// error catalogue) before any schema, and importing the schemas would load zod with the first page. The error
// body's schema and the code enum live in errors.ts, which re-exports these.

export const API_ERROR_CODES = [
  // Request shape (server/errors.ts produces these for every route).
  'INVALID_JSON',
  'INVALID_REQUEST',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
  // Product errors from SPEC section 8, used by the routes that own them.
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'INSUFFICIENT_CREDITS',
  'VIRTUAL_STAGING_REDIRECT',
  'UPSTREAM_FAILED',
  'SERVICE_UNAVAILABLE',
  // Images and AI calls (server/routes/enhanceImage.ts, analyzeImage.ts, suggestions.ts).
  /** A file over MAX_FILE_BYTES (413). */
  'FILE_TOO_LARGE',
  /** More than MAX_UPLOAD_FILES images in one request (413). */
  'TOO_MANY_FILES',
  /** Width x height over MAX_PIXELS, refused before decoding (413). */
  'IMAGE_TOO_LARGE',
  /** Not a JPEG, PNG or WEBP by its bytes (415). */
  'UNSUPPORTED_IMAGE',
  /** A JPEG, PNG or WEBP that cannot be decoded (truncated, corrupt); details.image is its 1-based position (415). */
  'IMAGE_UNREADABLE',
  /** The builtin provider cannot do these modes; details.modeIds lists them (422). */
  'AI_UNAVAILABLE',
  /** The AI service is overloaded or rate-limits us (its 429): try again later (503). */
  'AI_BUSY',
  /** The AI service did not answer in time (504). */
  'AI_TIMEOUT',
  /** The AI service refused this image or request, e.g. its content filter (422). */
  'AI_REFUSED',
  /** A charged call without an Idempotency-Key header (400). */
  'IDEMPOTENCY_KEY_REQUIRED',
  /** The same Idempotency-Key with a different request (422). */
  'IDEMPOTENCY_KEY_REUSED',
  /** The request with this Idempotency-Key is still running (409). */
  'REQUEST_IN_PROGRESS',
  /** This Idempotency-Key was charged before and its result is no longer kept; nothing was charged (409). */
  'ALREADY_PROCESSED',
  /** A staging 'apply' without the device's rendering while the server cannot render one itself (422). */
  'STAGING_RENDERS_ON_DEVICE',
  // A feature the API names but the product does not offer yet (buying credits: 'Diese Funktion kommt bald!', 501).
  'NOT_IMPLEMENTED',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/**
 * The HTTP status that goes with each code: the server answers a whole failed call with it, and the client gives
 * a failed image inside a successful batch answer (`errors[i]`) the status its code stands for.
 */
export const API_ERROR_STATUS: Readonly<Record<ApiErrorCode, number>> = {
  INVALID_JSON: 400,
  INVALID_REQUEST: 400,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL: 500,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  INSUFFICIENT_CREDITS: 402,
  VIRTUAL_STAGING_REDIRECT: 307,
  UPSTREAM_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  FILE_TOO_LARGE: 413,
  TOO_MANY_FILES: 413,
  IMAGE_TOO_LARGE: 413,
  UNSUPPORTED_IMAGE: 415,
  IMAGE_UNREADABLE: 415,
  AI_UNAVAILABLE: 422,
  AI_BUSY: 503,
  AI_TIMEOUT: 504,
  AI_REFUSED: 422,
  STAGING_RENDERS_ON_DEVICE: 422,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  REQUEST_IN_PROGRESS: 409,
  ALREADY_PROCESSED: 409,
  NOT_IMPLEMENTED: 501,
};
