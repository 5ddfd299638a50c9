// The account calls under /api/auth (served by better-auth): the bodies the server accepts (their limits and the
// login form's rules are in authRules.ts). The server parses sign-up and sign-in with these before better-auth
// sees them, so an unknown field (image, callbackURL) or an oversized value never reaches it.
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './authRules';

export { AUTH_BASE_PATH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './authRules';

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
