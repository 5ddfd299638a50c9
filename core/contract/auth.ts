// The account calls under /api/auth (served by better-auth): the bodies the server accepts and the rules the
// login form checks before sending. The server parses sign-up and sign-in with these before better-auth sees
// them, so an unknown field (image, callbackURL) or an oversized value never reaches it.
import { z } from 'zod';

/** Where better-auth's endpoints live, for the server's router and the browser's client. */
export const AUTH_BASE_PATH = '/api/auth';

/** better-auth enforces these too (emailAndPassword options in server/auth/auth.ts), from the same constants. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
/** RFC 5321 caps a mail path at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

// Length policy (too short) is left to better-auth so it answers its own PASSWORD_TOO_SHORT code; zod only
// refuses what no honest client sends: wrong types, unknown fields, absurd sizes.
const password = z.string().min(1).max(PASSWORD_MAX_LENGTH);
const email = z.string().trim().min(3).max(EMAIL_MAX_LENGTH);

/** POST /api/auth/sign-up/email */
export const SignUpRequest = z.strictObject({
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  email,
  password,
});
export type SignUpRequest = z.infer<typeof SignUpRequest>;

/** POST /api/auth/sign-in/email */
export const SignInRequest = z.strictObject({
  email,
  password,
  rememberMe: z.boolean().optional(),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

/** POST /api/auth/sign-out: better-auth's client sends an empty object. */
export const SignOutRequest = z.strictObject({});

/** The query of the POST calls: none (a callbackURL in the query would only invite open redirects). */
export const NoQuery = z.strictObject({});

/** GET /api/auth/get-session: the query flags better-auth's client may add. */
export const GetSessionQuery = z.strictObject({
  disableCookieCache: z.enum(['true', 'false']).optional(),
  disableRefresh: z.enum(['true', 'false']).optional(),
});

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
