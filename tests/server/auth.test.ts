// Accounts over real HTTP on 127.0.0.1 with a real database (SQLite file; PostgreSQL in server-pg): sign-up, session cookie, sign-in, sign-out,
// the starting credits, the German-facing failure codes, request validation in front of better-auth, the
// persisted secret, and our migrations matching better-auth's own schema.
import type { AddressInfo } from 'node:net';
import { getMigrations } from 'better-auth/db/migration';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../core/contract/errors';
import { createApp } from '../../server/app';
import { authOptions, signupGrantKey } from '../../server/auth/auth';
import { authSecret } from '../../server/auth/secret';
import { EnvError, parseEnv } from '../../server/env';
import { createLogger } from '../../server/logger';
import { createStarterCredits } from '../../server/auth/starterCredits';
import { createLedger } from '../../server/paid/ledger';
import { openDatabase } from '../../server/store/db';
import { startTestServer, type TestServer } from '../helpers/startServer';
import { testImagePool } from '../helpers/testImagePool';
import { rowOf } from '../helpers/testDatabase';
import { cookieOf, creditsOf, postJson, sessionUserId, signUp, uniqueEmail } from './auth.helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMIT: 1000 } });
});
afterAll(async () => {
  await server.close();
});

async function betterAuthError(res: Response, status: number, code: string): Promise<void> {
  expect(res.status).toBe(status);
  expect(((await res.json()) as { code: string }).code).toBe(code);
}

async function apiError(res: Response, status: number, code: string): Promise<ApiErrorBody> {
  expect(res.status).toBe(status);
  const body = ApiErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  return body;
}

describe('sign-up, session and credits', () => {
  it('signs up, sets an httpOnly SameSite session cookie, and the session carries the user id', async () => {
    const email = uniqueEmail('anna');
    const res = await postJson(server, '/api/auth/sign-up/email', {
      name: 'Anna',
      email,
      password: 'sicheres-passwort',
    });
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { id: string; email: string; name: string } };
    expect(user).toMatchObject({ email, name: 'Anna' });

    const [setCookie, ...others] = res.headers.getSetCookie();
    expect(others).toEqual([]);
    expect(setCookie).toMatch(/^raumglanz\.session_token=[^;]+; /);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    // Plain http on loopback: a Secure cookie would be dropped by browsers on a LAN address.
    expect(setCookie).not.toMatch(/; Secure/);

    expect(await sessionUserId(server, cookieOf(res))).toBe(user.id);
    const row = await rowOf(server.db, sql`SELECT id, email FROM "user" WHERE id = ${user.id}`);
    expect(row).toEqual({ id: user.id, email });
  });

  it('gives a new account 10 credits, and 0 once signed out', async () => {
    const account = await signUp(server);
    expect(await creditsOf(server, account.cookie)).toBe(10);

    const out = await postJson(server, '/api/auth/sign-out', {}, { cookie: account.cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join('\n')).toMatch(/raumglanz\.session_token=; Max-Age=0/);

    // The old cookie is dead on the server too, not just deleted in the browser.
    expect(await sessionUserId(server, account.cookie)).toBeNull();
    expect(await creditsOf(server, account.cookie)).toBe(0);
  });

  it('gives a visitor 0 credits, also with a forged or broken cookie', async () => {
    expect(await creditsOf(server)).toBe(0);
    expect(await creditsOf(server, 'raumglanz.session_token=forged.c2lnbmF0dXJl')).toBe(0);
    expect(await creditsOf(server, 'raumglanz.session_token=%%%')).toBe(0);
  });

  it('grants the starting credits once, with the key signup:<userId>', async () => {
    const account = await signUp(server);
    const ledger = createLedger(server.db);
    expect(await ledger.entriesOf(account.userId)).toMatchObject([
      { kind: 'grant', amount: 10, idempotencyKey: signupGrantKey(account.userId), reason: 'signup' },
    ]);
    // The hook running again (a retry, a second process) changes nothing.
    const again = await ledger.grant({
      userId: account.userId,
      amount: 10,
      idempotencyKey: signupGrantKey(account.userId),
      reason: 'signup',
    });
    expect(again).toEqual({ balance: 10 });
    expect(await ledger.entriesOf(account.userId)).toHaveLength(1);
  });

  it('signs in again with the right password, case-insensitively by e-mail', async () => {
    const email = uniqueEmail('bernd');
    const account = await signUp(server, { email, password: 'richtiges-passwort' });
    const res = await postJson(server, '/api/auth/sign-in/email', {
      email: email.toUpperCase(),
      password: 'richtiges-passwort',
    });
    expect(res.status).toBe(200);
    expect(await sessionUserId(server, cookieOf(res))).toBe(account.userId);
    expect(await creditsOf(server, cookieOf(res))).toBe(10);
  });

  it('answers a wrong password and an unknown e-mail with 401 and no session', async () => {
    const email = uniqueEmail('carla');
    await signUp(server, { email, password: 'richtiges-passwort' });
    for (const attempt of [
      { email, password: 'falsches-passwort' },
      { email: uniqueEmail('niemand'), password: 'richtiges-passwort' },
    ]) {
      const res = await postJson(server, '/api/auth/sign-in/email', attempt);
      expect(res.headers.getSetCookie()).toEqual([]);
      await betterAuthError(res, 401, 'INVALID_EMAIL_OR_PASSWORD');
    }
  });

  it('refuses an e-mail that has an account (in any case), without a second user or grant', async () => {
    const email = uniqueEmail('dora');
    const first = await signUp(server, { email });
    const res = await postJson(server, '/api/auth/sign-up/email', {
      name: 'Dora',
      email: email.toUpperCase(),
      password: 'anderes-passwort',
    });
    await betterAuthError(res, 422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    expect(await rowOf(server.db, sql`SELECT COUNT(*) AS n FROM "user" WHERE email = ${email}`)).toEqual({
      n: 1,
    });
    expect(await creditsOf(server, first.cookie)).toBe(10);
  });

  it('refuses a password under 8 characters with PASSWORD_TOO_SHORT', async () => {
    const email = uniqueEmail('emil');
    const res = await postJson(server, '/api/auth/sign-up/email', {
      name: 'Emil',
      email,
      password: '1234567',
    });
    await betterAuthError(res, 400, 'PASSWORD_TOO_SHORT');
    expect(await rowOf(server.db, sql`SELECT COUNT(*) AS n FROM "user" WHERE email = ${email}`)).toEqual({
      n: 0,
    });
  });
});

describe('request validation in front of better-auth', () => {
  const valid = { name: 'Frida', email: 'frida@example.com', password: 'sicheres-passwort' };

  it.each([
    ['a missing name', { email: valid.email, password: valid.password }, 'name'],
    ['a blank name', { ...valid, name: '   ' }, 'name'],
    ['a name of 101 characters', { ...valid, name: 'x'.repeat(101) }, 'name'],
    ['a number as e-mail', { ...valid, email: 42 }, 'email'],
    ['a password of 129 characters', { ...valid, password: 'p'.repeat(129) }, 'password'],
    ['a profile image URL', { ...valid, image: 'https://evil.example/x.png' }, ''],
    ['a callback URL', { ...valid, callbackURL: 'https://evil.example' }, ''],
  ])('refuses sign-up with %s (400 INVALID_REQUEST, issue at %j)', async (_name, body, path) => {
    const res = await postJson(server, '/api/auth/sign-up/email', body);
    const error = await apiError(res, 400, 'INVALID_REQUEST');
    expect((error.details as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(path);
  });

  it('refuses sign-in with unknown fields and without a password', async () => {
    const extra = await postJson(server, '/api/auth/sign-in/email', {
      ...valid,
      callbackURL: '/x',
      name: undefined,
    });
    await apiError(extra, 400, 'INVALID_REQUEST');
    const missing = await postJson(server, '/api/auth/sign-in/email', { email: valid.email });
    await apiError(missing, 400, 'INVALID_REQUEST');
  });

  it('refuses a query on sign-in (a callbackURL there is an open-redirect attempt)', async () => {
    const res = await postJson(server, '/api/auth/sign-in/email?callbackURL=https://evil.example', {
      email: valid.email,
      password: valid.password,
    });
    const error = await apiError(res, 400, 'INVALID_REQUEST');
    expect(error.details).toMatchObject({ issues: [{ code: 'unrecognized_keys' }] });
  });

  it('refuses a body that is not JSON, and one over 16 kB', async () => {
    const broken = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    await apiError(broken, 400, 'INVALID_JSON');
    const huge = await postJson(server, '/api/auth/sign-in/email', {
      email: 'a@b.de',
      password: 'x'.repeat(20_000),
    });
    await apiError(huge, 413, 'PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['POST', '/api/auth/update-user'],
    ['POST', '/api/auth/change-password'],
    ['POST', '/api/auth/delete-user'],
    ['GET', '/api/auth/list-sessions'],
    ['POST', '/api/auth/sign-in/social'],
    ['GET', '/api/auth/ok'],
  ])('keeps %s %s (unused by the app) closed with a JSON 404', async (method, path) => {
    const account = await signUp(server);
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie: account.cookie, origin: server.url, 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    await apiError(res, 404, 'NOT_FOUND');
  });
});

/** Runs `use` against a second app on the same database file (a restart, or another process). */
async function withSecondApp(env: TestServer['env'], use: (url: string) => Promise<void>): Promise<void> {
  const db = await openDatabase(env.DATABASE_URL ?? env.DATABASE_PATH);
  const app = createApp({ env, db, logger: createLogger('silent'), imagePool: testImagePool }).listen(
    0,
    '127.0.0.1',
  );
  await new Promise((resolve) => app.once('listening', resolve));
  try {
    await use(`http://127.0.0.1:${(app.address() as AddressInfo).port}`);
  } finally {
    app.closeAllConnections();
    await new Promise((resolve) => app.close(resolve));
    await db.close();
  }
}

describe('the session secret', () => {
  it('is generated on first start, kept in the database and shared by a second app on the file', async () => {
    const account = await signUp(server);
    const stored = (await rowOf(server.db, sql`SELECT value FROM app_meta WHERE key = 'auth_secret'`)) as {
      value: string;
    };
    expect(stored.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await withSecondApp(server.env, async (url) => {
      const res = await fetch(`${url}/api/auth/get-session`, { headers: { cookie: account.cookie } });
      expect(((await res.json()) as { user: { id: string } }).user.id).toBe(account.userId);
    });
  });

  it('comes from BETTER_AUTH_SECRET when set: the same session row with the old signature is refused', async () => {
    const account = await signUp(server);
    await withSecondApp({ ...server.env, BETTER_AUTH_SECRET: 's'.repeat(40) }, async (url) => {
      const res = await fetch(`${url}/api/auth/get-session`, { headers: { cookie: account.cookie } });
      expect(res.status).toBe(200);
      expect(await res.json()).toBeNull();
    });
  });
});

describe('starting credits from the environment', () => {
  it.each([
    [3, 3, 1],
    [0, 0, 0],
  ])('STARTING_CREDITS=%i gives %i credits with %i ledger entries', async (starting, credits, entries) => {
    const other = await startTestServer({ env: { STARTING_CREDITS: starting } });
    try {
      const account = await signUp(other);
      expect(await creditsOf(other, account.cookie)).toBe(credits);
      expect(await createLedger(other.db).entriesOf(account.userId)).toHaveLength(entries);
    } finally {
      await other.close();
    }
  });
});

describe('the schema', () => {
  it("matches better-auth's own: its migrator finds nothing to create or add after our migrations", async () => {
    const options = authOptions(
      {
        db: server.db,
        env: server.env,
        logger: createLogger('silent'),
        starterCredits: createStarterCredits(server.db, createLedger(server.db)),
      },
      await authSecret(server.db, server.env.BETTER_AUTH_SECRET),
    );
    const { toBeCreated, toBeAdded } = await getMigrations(options);
    expect(toBeCreated).toEqual([]);
    expect(toBeAdded).toEqual([]);
  });
});

describe('#parseEnv (account variables)', () => {
  it('reads the account variables, normalising origins', () => {
    expect(
      parseEnv({
        BETTER_AUTH_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://raumglanz.example/',
        TRUSTED_ORIGINS: ' https://a.example , http://b.example:8080/app ',
        AUTH_RATE_LIMIT: '25',
      }),
    ).toMatchObject({
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://raumglanz.example',
      TRUSTED_ORIGINS: ['https://a.example', 'http://b.example:8080'],
      AUTH_RATE_LIMIT: 25,
    });
  });

  it('leaves them unset by default (a secret is generated, origins come from each request)', () => {
    const env = parseEnv({});
    expect([env.BETTER_AUTH_SECRET, env.PUBLIC_URL, env.TRUSTED_ORIGINS, env.AUTH_RATE_LIMIT]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it.each([
    [{ BETTER_AUTH_SECRET: 'short-secret' }, 'BETTER_AUTH_SECRET must be at least 32 characters'],
    [{ PUBLIC_URL: 'ftp://raumglanz.example' }, 'PUBLIC_URL must be an http(s) URL'],
    [{ TRUSTED_ORIGINS: 'https://a.example,javascript:alert(1)' }, 'TRUSTED_ORIGINS must be comma-separated'],
    [{ AUTH_RATE_LIMIT: '0' }, 'AUTH_RATE_LIMIT must be a whole number from 1 to 100000'],
  ])('refuses %j', (raw, problem) => {
    let message = '';
    try {
      parseEnv(raw);
    } catch (error) {
      message = (error as EnvError).message;
    }
    expect(message).toContain(problem);
    // A bad secret is named, never echoed.
    expect(message).not.toContain('short-secret');
  });
});
