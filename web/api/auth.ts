// The browser side of accounts: better-auth's React client (session cookie, shared session state), the calls
// the login page makes, and the mapping of every way they fail to one German message. Also the return path
// rules for /login?next=..., so a sign-in always leads back to where the user was and never off the site, and
// the reason the app sends a visitor there (?reason=).

import { createAuthClient } from 'better-auth/react';
import {
  AUTH_BASE_PATH,
  AUTH_ERROR_CODES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../core/contract/authRules';
import { t } from '../i18n/de';
import { lastSession, rememberSession, serverUnreachable, type CachedSession } from './sessionCache';

// Made on first use, not at import: better-auth reads window.location for its base URL.
let client: ReturnType<typeof createAuthClient> | undefined;
function authClient(): ReturnType<typeof createAuthClient> {
  client ??= createAuthClient({ basePath: AUTH_BASE_PATH });
  return client;
}

export interface SessionState {
  /** The signed-in user's id, or null for a visitor (also while checking, and when the server is unreachable). */
  userId: string | null;
  name: string | null;
  email: string | null;
  /** True until the first answer of GET /api/auth/get-session: show 'Überprüfe Anmeldung...'. */
  checking: boolean;
}

/**
 * The session from the server's answer, or, while the server cannot be reached (offline), the last one seen
 * on this device (sessionCache): a signed-in user must not look signed out just because the network is gone.
 */
function resolveSession(
  user: { id: string; name: string; email: string } | undefined,
  pending: boolean,
  requestFailed: boolean,
): CachedSession | null {
  if (user) {
    const session = { userId: user.id, name: user.name, email: user.email };
    rememberSession(session);
    return session;
  }
  if (serverUnreachable(requestFailed)) return lastSession();
  if (!pending) rememberSession(null);
  return null;
}

/** The current session, shared by every component (one request however many use it). */
export function useSession(): SessionState {
  const { data, isPending, error } = authClient().useSession();
  const session = resolveSession(data?.user, isPending, error !== null);
  return {
    userId: session?.userId ?? null,
    name: session?.name ?? null,
    email: session?.email ?? null,
    checking: isPending && session === null,
  };
}

/** The signed-in user's id as last seen, for code outside React (the workflow's actions). */
export function currentUserId(): string | null {
  const state = authClient().$store.atoms.session?.get();
  return (
    resolveSession(state?.data?.user, state?.isPending ?? false, (state?.error ?? null) !== null)?.userId ??
    null
  );
}

export type AuthFailure =
  | 'wrongPassword'
  | 'emailTaken'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'invalidEmail'
  | 'invalidInput'
  | 'rateLimited'
  | 'network'
  | 'unknown';

export type AuthResult = { ok: true } | { ok: false; failure: AuthFailure; message: string };

/**
 * What went wrong, from an error body: better-auth's `{ code, message }` for its own checks, or the app's
 * `{ error, code, details }` from our guards in front of it (rate limit, request validation).
 */
export function authFailureOf(error: { code?: unknown; status?: unknown; details?: unknown }): AuthFailure {
  const code = typeof error.code === 'string' ? error.code : '';
  if (code === AUTH_ERROR_CODES.wrongPassword) return 'wrongPassword';
  if ((AUTH_ERROR_CODES.emailTaken as readonly string[]).includes(code)) return 'emailTaken';
  if (code === AUTH_ERROR_CODES.passwordTooShort) return 'passwordTooShort';
  if (code === AUTH_ERROR_CODES.passwordTooLong) return 'passwordTooLong';
  if (code === AUTH_ERROR_CODES.invalidEmail) return 'invalidEmail';
  if (code === 'RATE_LIMITED' || error.status === 429) return 'rateLimited';
  if (code === 'INVALID_REQUEST') {
    const issues = (error.details as { issues?: { path?: string }[] } | undefined)?.issues ?? [];
    return issues.some((issue) => issue.path === 'email') ? 'invalidEmail' : 'invalidInput';
  }
  if (error.status === 401) return 'wrongPassword';
  return 'unknown';
}

/** The German sentence for a failure. */
export function authErrorMessage(failure: AuthFailure): string {
  switch (failure) {
    case 'passwordTooShort':
      return t('auth.errors.passwordTooShort', { n: PASSWORD_MIN_LENGTH });
    case 'passwordTooLong':
      return t('auth.errors.passwordTooLong', { n: PASSWORD_MAX_LENGTH });
    default:
      return t(`auth.errors.${failure}`);
  }
}

function failed(failure: AuthFailure): AuthResult {
  return { ok: false, failure, message: authErrorMessage(failure) };
}

/** Runs one better-auth call; a thrown fetch (offline, server down) is a network failure. */
async function run(call: () => Promise<{ error: unknown }>): Promise<AuthResult> {
  let result: { error: unknown };
  try {
    result = await call();
  } catch {
    return failed('network');
  }
  if (!result.error) return { ok: true };
  const error = result.error as { code?: unknown; status?: unknown; details?: unknown };
  // better-fetch reports a fetch that never got an answer with status 0.
  if (error.status === 0) return failed('network');
  return failed(authFailureOf(error));
}

export function signIn(input: { email: string; password: string }): Promise<AuthResult> {
  return run(() => authClient().signIn.email({ email: input.email.trim(), password: input.password }));
}

/** Creates the account and signs it in (better-auth autoSignIn); the server grants the starting credits. */
export function signUp(input: { name: string; email: string; password: string }): Promise<AuthResult> {
  return run(() =>
    authClient().signUp.email({
      name: input.name.trim(),
      email: input.email.trim(),
      password: input.password,
    }),
  );
}

export function signOut(): Promise<AuthResult> {
  return run(() => authClient().signOut());
}

/**
 * Where to go after signing in: only a path on this site. Anything else (`//evil.example`, `https://...`,
 * `/\evil`, control characters, /login itself) becomes the start page.
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(next)) return '/';
  const url = new URL(next, 'http://raumglanz.invalid');
  if (url.origin !== 'http://raumglanz.invalid' || url.pathname === '/login') return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Why the app sends a visitor to /login; the page says it in one German line (de.ts auth.reasons). */
const LOGIN_REASONS = ['paidMode', 'staging', 'suggestions'] as const;
export type LoginReason = (typeof LOGIN_REASONS)[number];

/** The `?reason=` of a /login address, or null when there is none or it is not one of ours. */
export function loginReasonOf(value: string | null): LoginReason | null {
  return LOGIN_REASONS.find((reason) => reason === value) ?? null;
}

/**
 * The login page's address that returns to `returnTo` afterwards and, when the app sends the visitor there,
 * carries the reason (a query, since the way there is a full page load that keeps no router state).
 */
export function loginPath(returnTo: string, reason?: LoginReason): string {
  const next = safeReturnPath(returnTo);
  const query = [
    ...(next === '/' ? [] : [`next=${encodeURIComponent(next)}`]),
    ...(reason ? [`reason=${reason}`] : []),
  ];
  return query.length > 0 ? `/login?${query.join('&')}` : '/login';
}
