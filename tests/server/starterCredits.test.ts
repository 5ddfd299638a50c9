// Free credits once: a new account gets STARTING_CREDITS only while its network (IPv4 address, IPv6 /64) has had
// fewer than STARTER_CREDITS_PER_NETWORK_PER_DAY such accounts today and the server's FREE_CREDITS_DAILY_CAP
// holds; past either it starts with 0 and GET /api/credits says why (the app words it: tests/web/workflow/actions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditsResponse } from '../../core/contract/credits';
import { startTestServer, type TestServer } from '../helpers/startServer';
import { cookieOf, postJson, uniqueEmail } from './auth.helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      TRUST_PROXY: 1,
      STARTING_CREDITS: 10,
      STARTER_CREDITS_PER_NETWORK_PER_DAY: 2,
      FREE_CREDITS_DAILY_CAP: 40,
      AUTH_RATE_LIMIT: 1000,
    },
  });
});
afterAll(() => server.close());

/** Signs up from `address` (behind the trusted proxy) and returns what GET /api/credits says. */
async function signUpFrom(address: string): Promise<CreditsResponse> {
  const res = await postJson(
    server,
    '/api/auth/sign-up/email',
    { name: 'Gast', email: uniqueEmail(), password: 'sicheres-passwort' },
    { 'x-forwarded-for': address },
  );
  expect(res.status).toBe(200);
  const credits = await fetch(`${server.url}/api/credits`, { headers: { cookie: cookieOf(res) } });
  return CreditsResponse.parse(await credits.json());
}

describe('starting credits', () => {
  it('go to two accounts per network and day, 40 credits a day in all, and say why when not', async () => {
    const steps: [string, CreditsResponse][] = [
      ['203.0.113.1', { credits: 10 }],
      ['203.0.113.1', { credits: 10 }],
      ['203.0.113.1', { credits: 0, starterWithheld: 'NETWORK_LIMIT' }],
      // One IPv6 /64 is one network, whatever the last 64 bits say.
      ['2001:db8:1:2::1', { credits: 10 }],
      ['2001:db8:1:2:ffff:ffff:ffff:fffe', { credits: 10 }],
      ['2001:db8:1:2::abcd', { credits: 0, starterWithheld: 'NETWORK_LIMIT' }],
      // 40 credits went out today: the next network gets nothing.
      ['198.51.100.7', { credits: 0, starterWithheld: 'DAILY_CAP' }],
    ];
    for (const [address, expected] of steps) expect(await signUpFrom(address)).toEqual(expected);
  });
});
