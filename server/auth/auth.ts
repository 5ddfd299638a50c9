// Accounts and sessions: better-auth configured for email and password, storing users and sessions in our
// database, SQLite or PostgreSQL (tables from store/migrations.ts). The rest of the server sees only AuthService: the HTTP
// handler for /api/auth/* and a session lookup. A new account gets its starting credits here, once.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { fromNodeHeaders, toNodeHandler } from 'better-auth/node';
import { AUTH_BASE_PATH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../core/contract/auth';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { currentClientNetwork } from '../middleware/clientNetwork';
import type { Database } from '../store/db';
import { authSecret } from './secret';
import type { StarterCredits } from './starterCredits';

export interface AuthService {
  /** better-auth's Node handler; mount it for /api/auth/* (server/auth/router.ts does). */
  handler(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The user id of the session whose cookie is in these headers, or null (none, expired, forged, signed out). */
  userIdFromHeaders(headers: IncomingHttpHeaders): Promise<string | null>;
}

export interface AuthDeps {
  db: Database;
  env: Env;
  logger: Logger;
  starterCredits: StarterCredits;
}

/** The ledger key of the starting credits: one grant per account, however often the hook runs. */
export const signupGrantKey = (userId: string): string => `signup:${userId}`;

/**
 * better-auth gets our own Kysely instance, without `transaction`, so each of its statements commits on its own.
 * In a transaction it would hold a connection while it hashes the password (tens of milliseconds): on SQLite the
 * one connection, stalling every other request; and its sign-up hook (the starting credits) writes rows that
 * reference the new user from our own transaction, which on PostgreSQL would wait for the uncommitted user row
 * that waits for the hook.
 */
function betterAuthDatabase(db: Database): BetterAuthOptions['database'] {
  return { db: db.kysely, type: db.dialect };
}

/** Origins better-auth trusts besides the request's own (it derives that per request when PUBLIC_URL is unset). */
export function trustedOrigins(env: Env): string[] {
  return [
    `http://localhost:${env.PORT}`,
    ...(env.PUBLIC_URL ? [env.PUBLIC_URL] : []),
    ...(env.TRUSTED_ORIGINS ?? []),
  ];
}

// Without PUBLIC_URL better-auth warns at start that it will derive the origin from each request: that is the
// intended default here (the app is opened as localhost, a LAN address or a domain), so it is not a warning.
const EXPECTED_WARNING = /Base URL is not set/;

function betterAuthLogger(logger: Logger): NonNullable<BetterAuthOptions['logger']> {
  const child = logger.child({ module: 'better-auth' });
  return {
    level: 'info',
    log(level, message, ...args) {
      if (level === 'warn' && EXPECTED_WARNING.test(message)) return child.debug(message);
      const extra =
        args.length > 0 ? { args: args.map((arg) => (arg instanceof Error ? arg.message : arg)) } : {};
      child[level](extra, message);
    },
  };
}

/**
 * The full better-auth configuration; exported so a test can compare its schema with our migrations. `secret`:
 * authSecret(db, env.BETTER_AUTH_SECRET), read once at start.
 */
export function authOptions(
  { db, env, logger, starterCredits }: AuthDeps,
  secret: string,
): BetterAuthOptions {
  return {
    appName: 'raumglanz',
    basePath: AUTH_BASE_PATH,
    baseURL: env.PUBLIC_URL,
    secret,
    database: betterAuthDatabase(db),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    trustedOrigins: trustedOrigins(env),
    // Our own limiter (middleware/rateLimit.ts) guards sign-in and sign-up with the app's error shape.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: 'raumglanz',
      // Browsers drop Secure cookies on plain http (a LAN address): only when the public address is https.
      useSecureCookies: env.PUBLIC_URL?.startsWith('https://') ?? false,
      // X-Forwarded-For is whatever the client says unless a proxy sets it; we keep no IP addresses at all.
      ipAddress: { disableIpTracking: true },
    },
    logger: betterAuthLogger(logger),
    databaseHooks: {
      user: {
        create: {
          // Runs after the user row is written; the idempotency key makes a second run a no-op.
          after: async (user) => {
            if (env.STARTING_CREDITS <= 0) return;
            // Once per network and day, within the server's daily cap of free credits (starterCredits.ts).
            await starterCredits.grant({
              userId: user.id,
              amount: env.STARTING_CREDITS,
              network: currentClientNetwork() ?? 'unknown',
              perNetworkPerDay: env.STARTER_CREDITS_PER_NETWORK_PER_DAY,
              dailyCap: env.FREE_CREDITS_DAILY_CAP,
              idempotencyKey: signupGrantKey(user.id),
            });
          },
        },
      },
    },
  };
}

export function createAuth(deps: AuthDeps): AuthService {
  // The secret may have to be read from (or first written to) the database; every call waits for it once.
  const ready = authSecret(deps.db, deps.env.BETTER_AUTH_SECRET).then((secret) => {
    const auth = betterAuth(authOptions(deps, secret));
    return { auth, handler: toNodeHandler(auth) };
  });
  // A failed read is reported by the calls that wait for it, not as an unhandled rejection at start.
  ready.catch(() => {});
  return {
    async handler(req, res) {
      const { handler } = await ready;
      return handler(req, res);
    },
    async userIdFromHeaders(headers) {
      // No cookie, no session: skip the lookup (most calls come from visitors using on-device modes).
      if (!headers.cookie) return null;
      const { auth } = await ready;
      const session = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
      return session?.user.id ?? null;
    },
  };
}
