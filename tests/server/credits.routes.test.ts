// The credit calls over real HTTP (SPEC sections 7 and 9): the balance (0 for visitors), the packages of
// core/catalog, and buying, which answers 501 with 'Diese Funktion kommt bald!' until payments exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_PACKAGES } from '../../core/catalog';
import { CreditPackagesResponse, CreditsResponse } from '../../core/contract/credits';
import { ApiErrorBody } from '../../core/contract/errors';
import { createLedger } from '../../server/paid/ledger';
import { startTestServer, type TestServer } from '../helpers/startServer';
import { failureMessage } from '../../web/api/errors';
import { postJson, signUp } from './auth.helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMIT: 1000 } });
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/credits', () => {
  it('answers 0 for a visitor, never cached', async () => {
    const res = await fetch(`${server.url}/api/credits`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(CreditsResponse.parse(await res.json())).toEqual({ credits: 0 });
  });

  it("answers the signed-in user's ledger balance, and only theirs", async () => {
    const anna = await signUp(server);
    const bernd = await signUp(server);
    const credits = createLedger(server.db);
    await credits.charge({ userId: anna.userId, amount: 3, idempotencyKey: 'routes:anna:1', reason: 'test' });
    await credits.grant({
      userId: bernd.userId,
      amount: 25,
      idempotencyKey: 'routes:bernd:pack',
      reason: 'test',
    });
    const balance = async (cookie: string) =>
      CreditsResponse.parse(await (await fetch(`${server.url}/api/credits`, { headers: { cookie } })).json());
    expect(await balance(anna.cookie)).toEqual({ credits: 7 });
    expect(await balance(bernd.cookie)).toEqual({ credits: 35 });
  });
});

describe('GET /api/credit-packages', () => {
  it('answers the packages of core/catalog: Starter, Beliebt, Profi in euro cents', async () => {
    const res = await fetch(`${server.url}/api/credit-packages`);
    expect(res.status).toBe(200);
    const { packages } = CreditPackagesResponse.parse(await res.json());
    expect(packages).toEqual(CREDIT_PACKAGES);
    expect(packages.map((p) => [p.name, p.credits, p.priceCents, p.popular, p.savings])).toEqual([
      ['Starter', 10, 499, false, null],
      ['Beliebt', 25, 999, true, '20% Ersparnis'],
      ['Profi', 50, 1499, false, '40% Ersparnis'],
    ]);
  });
});

describe('POST /api/credits/purchase', () => {
  it("answers 501 NOT_IMPLEMENTED with 'Diese Funktion kommt bald!' and changes no balance", async () => {
    const account = await signUp(server);
    const res = await postJson(
      server,
      '/api/credits/purchase',
      { packageId: 'popular' },
      { cookie: account.cookie },
    );
    expect(res.status).toBe(501);
    const body = ApiErrorBody.parse(await res.json());
    expect(body).toEqual({ error: 'Buying credits is not available yet', code: 'NOT_IMPLEMENTED' });
    // The server sends the code; the client words it.
    expect(failureMessage(res.status, body.code)).toBe('Diese Funktion kommt bald!');
    expect(await createLedger(server.db).balance(account.userId)).toBe(10);
  });

  it.each([
    ['no body', undefined],
    ['no package', {}],
    ['a number as package', { packageId: 3 }],
    ['an extra field', { packageId: 'popular', credits: 1000 }],
  ])('refuses %s with 400 INVALID_REQUEST', async (_name, body) => {
    const res = await postJson(server, '/api/credits/purchase', body);
    expect(res.status).toBe(400);
    expect(ApiErrorBody.parse(await res.json()).code).toBe('INVALID_REQUEST');
  });
});
