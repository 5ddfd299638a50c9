// The account rules both sides need without zod: where better-auth lives, the field limits the login form checks
// and better-auth enforces, and the error codes the form words. The web app's landing page (the session in the
// top bar) imports these; the request schemas in auth.ts would load zod with the first page.

/** Where better-auth's endpoints live, for the server's router and the browser's client. */
export const AUTH_BASE_PATH = '/api/auth';

/** better-auth enforces these too (emailAndPassword options in server/auth/auth.ts), from the same constants. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
/** RFC 5321 caps a mail path at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * better-auth's error codes the login form turns into German (web/api/auth.ts). Its error bodies are
 * `{ code, message }`, not our `{ error, code }`: /api/auth/* is better-auth's own protocol.
 */
export const AUTH_ERROR_CODES = {
  wrongPassword: 'INVALID_EMAIL_OR_PASSWORD',
  emailTaken: ['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'],
  passwordTooShort: 'PASSWORD_TOO_SHORT',
  passwordTooLong: 'PASSWORD_TOO_LONG',
  invalidEmail: 'INVALID_EMAIL',
} as const;
