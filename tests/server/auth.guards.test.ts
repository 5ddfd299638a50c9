// The guards in front of the API: the Origin check on state-changing calls (as a pure table and over HTTP)
// and the rate limits on sign-in and sign-up, with the app's error shape and a German message.
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../core/contract/errors';
import { checkOrigin, type OriginCheckInput } from '../../server/middleware/originCheck';
import {
  AUTH_RATE_LIMITED_MESSAGE,
  createRateLimit,
  RATE_LIMITED_MESSAGE,
} from '../../server/middleware/rateLimit';
import { startTestServer, type TestServer } from '../helpers/startServer';
import { authErrorMessage, authFailureOf } from '../../web/api/auth';
import { postJson, signUp, uniqueEmail } from './auth.helpers';

describe('#checkOrigin', () => {
  const base: OriginCheckInput = {
    method: 'POST',
    origin: undefined,
    referer: undefined,
    host: 'raumglanz.example',
    hasCookie: true,
    trustedOrigins: ['https://trusted.example', 'http://localhost:8080'],
  };

  it.each<[string, Partial<OriginCheckInput>, ReturnType<typeof checkOrigin>]>([
    ['the same origin', { origin: 'https://raumglanz.example' }, 'allowed'],
    ['the same host over http (TLS ended at a proxy)', { origin: 'http://raumglanz.example' }, 'allowed'],
    [
      'the same host in capitals',
      { origin: 'https://raumglanz.example', host: 'RAUMGLANZ.example' },
      'allowed',
    ],
    ['a trusted origin', { origin: 'https://trusted.example' }, 'allowed'],
    ['localhost on the configured port', { origin: 'http://localhost:8080' }, 'allowed'],
    ['localhost on another port', { origin: 'http://localhost:9999' }, 'foreign-origin'],
    ['a foreign origin', { origin: 'https://evil.example' }, 'foreign-origin'],
    [
      'a foreign origin without cookie',
      { origin: 'https://evil.example', hasCookie: false },
      'foreign-origin',
    ],
    ['a look-alike host', { origin: 'https://raumglanz.example.evil.example' }, 'foreign-origin'],
    ['the same host on another port', { origin: 'https://raumglanz.example:8443' }, 'foreign-origin'],
    ['Origin: null', { origin: 'null' }, 'foreign-origin'],
    ['a garbage Origin', { origin: 'not a url' }, 'foreign-origin'],
    ['a same-site Referer without Origin', { referer: 'https://raumglanz.example/login?next=/' }, 'allowed'],
    ['a foreign Referer without Origin', { referer: 'https://evil.example/page' }, 'foreign-origin'],
    ['no Origin or Referer, with a cookie', {}, 'cookie-without-origin'],
    ['no Origin or Referer, no cookie (a script)', { hasCookie: false }, 'allowed'],
    ['a GET from a foreign origin', { method: 'GET', origin: 'https://evil.example' }, 'allowed'],
    [
      'a DELETE from a foreign origin',
      { method: 'DELETE', origin: 'https://evil.example' },
      'foreign-origin',
    ],
    ['a PATCH without Origin, with a cookie', { method: 'patch' }, 'cookie-without-origin'],
  ])('%s: %s', (_name, patch, verdict) => {
    expect(checkOrigin({ ...base, ...patch })).toBe(verdict);
  });
});

describe('the Origin check over HTTP', () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer({
      env: { TRUSTED_ORIGINS: ['https://app.example'], AUTH_RATE_LIMIT: 1000 },
    });
    cookie = (await signUp(server)).cookie;
  });
  afterAll(async () => {
    await server.close();
  });

  const purchase = (headers: Record<string, string>) =>
    fetch(`${server.url}/api/credits/purchase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ packageId: 'starter' }),
    });

  it.each<[string, () => Record<string, string>, number]>([
    ['same origin with cookie', () => ({ origin: server.url, cookie }), 501],
    ['a trusted origin (TRUSTED_ORIGINS)', () => ({ origin: 'https://app.example', cookie }), 501],
    ['a foreign origin with cookie', () => ({ origin: 'https://evil.example', cookie }), 403],
    ['a foreign origin without cookie', () => ({ origin: 'https://evil.example' }), 403],
    ['no Origin with cookie', () => ({ cookie }), 403],
    ['no Origin without cookie (curl, scripts)', () => ({}), 501],
    ['a same-origin Referer with cookie', () => ({ referer: `${server.url}/preise`, cookie }), 501],
  ])('%s: %i', async (_name, headers, status) => {
    const res = await purchase(headers());
    expect(res.status).toBe(status);
    const body = ApiErrorBody.parse(await res.json());
    expect(body.code).toBe(status === 403 ? 'FORBIDDEN' : 'NOT_IMPLEMENTED');
  });

  it('stops a cross-site sign-out and sign-in before better-auth sees them', async () => {
    const out = await postJson(server, '/api/auth/sign-out', {}, { origin: 'https://evil.example', cookie });
    expect(out.status).toBe(403);
    // The session is untouched.
    const session = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } });
    expect(((await session.json()) as { user: { id: string } } | null)?.user.id).toBeTruthy();
    const signIn = await postJson(
      server,
      '/api/auth/sign-in/email',
      { email: 'a@example.com', password: 'x' },
      { origin: 'https://evil.example' },
    );
    expect(ApiErrorBody.parse(await signIn.json())).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lets reads through from anywhere', async () => {
    const res = await fetch(`${server.url}/api/credits`, {
      headers: { origin: 'https://evil.example', cookie },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ credits: 10 });
  });
});

describe('rate limits', () => {
  let server: TestServer;

  beforeAll(async () => {
    const probe = Router();
    probe.get(
      '/test/limited',
      createRateLimit({ windowMs: 60_000, limit: 2, key: (req) => req.get('x-user') ?? '' }),
      (_req, res) => {
        res.json({ ok: true });
      },
    );
    server = await startTestServer({ env: { AUTH_RATE_LIMIT: 3 }, deps: { routers: [probe] } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers the 4th sign-in attempt in a minute with 429 RATE_LIMITED and Retry-After', async () => {
    const attempt = () =>
      postJson(server, '/api/auth/sign-in/email', { email: uniqueEmail(), password: 'falsches-passwort' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(ApiErrorBody.parse(await limited.json())).toEqual({
      error: AUTH_RATE_LIMITED_MESSAGE,
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: retryAfter },
    });
    // The server sends the code; the sign-in form words it in German.
    expect(authErrorMessage(authFailureOf({ code: 'RATE_LIMITED', status: 429 }))).toBe(
      'Zu viele Anmeldeversuche. Bitte warte eine Minute und versuche es dann erneut.',
    );

    // Sign-up shares the counter (one budget per address for guessing and for creating accounts) ...
    const signUp = await postJson(server, '/api/auth/sign-up/email', {
      name: 'Zoe',
      email: uniqueEmail(),
      password: 'sicheres-passwort',
    });
    expect(signUp.status).toBe(429);
    // ... while reading the session is not limited.
    expect((await fetch(`${server.url}/api/auth/get-session`)).status).toBe(200);
  });

  it('counts per key with the reusable factory, with the generic message', async () => {
    const call = (user: string) => fetch(`${server.url}/api/test/limited`, { headers: { 'x-user': user } });
    expect((await call('a')).status).toBe(200);
    expect((await call('a')).status).toBe(200);
    const limited = await call('a');
    expect(limited.status).toBe(429);
    expect(ApiErrorBody.parse(await limited.json())).toMatchObject({
      error: RATE_LIMITED_MESSAGE,
      code: 'RATE_LIMITED',
    });
    expect((await call('b')).status).toBe(200);
  });
});
