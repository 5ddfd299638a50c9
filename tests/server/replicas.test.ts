// Two app instances on one database stand for two server replicas behind a load balancer (server-pg: one
// PostgreSQL database; server: one SQLite file): an account signed up on one is signed in on the other, its
// credits are one ledger, a paid call's Idempotency-Key replays on the other replica without a second charge, and
// a rate limit counts the requests to both.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnhanceSingleResponse } from '../../core/contract/enhance';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fakeOpenAI';
import { startTestServer, type TestServer } from '../helpers/startServer';
import { onPostgres } from '../helpers/testDatabase';
import { enhance, openAiEnv, testJpeg } from './ai.helpers';
import { creditsOf, postJson, sessionUserId, signUp } from './auth.helpers';

const ENHANCE_PER_MINUTE = 3;

let fake: FakeOpenAI;
let first: TestServer;
let second: TestServer;
let photo: Buffer;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  const ai = { rateLimits: { enhance: ENHANCE_PER_MINUTE } };
  first = await startTestServer({ env: { ...openAiEnv(fake), AUTH_RATE_LIMIT: 1000 }, deps: { ai } });
  // The same database (DATABASE_URL or DATABASE_PATH of the first), its own process state.
  second = await startTestServer({ env: { ...first.env }, deps: { ai } });
  photo = await testJpeg();
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await fake?.close();
});

describe(`two replicas on one ${onPostgres ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  it('signs in on one and keeps the session on the other, until signed out on either', async () => {
    const account = await signUp(first);
    expect(await sessionUserId(second, account.cookie)).toBe(account.userId);
    expect(await creditsOf(second, account.cookie)).toBe(10);

    const out = await postJson(second, '/api/auth/sign-out', {}, { cookie: account.cookie });
    expect(out.status).toBe(200);
    expect(await sessionUserId(first, account.cookie)).toBeNull();
  });

  it('charges one ledger, and a key paid on one replica replays on the other without a second charge', async () => {
    const { cookie } = await signUp(first);
    const key = randomUUID();
    const call = { cookie, files: [photo], single: true, selectedModes: ['declutter'], key };
    const paid = await enhance(first, call);
    expect(paid.status).toBe(200);
    const body = EnhanceSingleResponse.parse(await paid.json());
    expect(body).toMatchObject({ creditsCharged: 2, balance: 8 });

    const replayed = await enhance(second, call);
    expect(replayed.status).toBe(200);
    expect(EnhanceSingleResponse.parse(await replayed.json())).toEqual(body);
    expect(await creditsOf(second, cookie)).toBe(8);

    // A new key on the other replica is a new charge on the same balance.
    expect((await enhance(second, { ...call, key: randomUUID() })).status).toBe(200);
    expect(await creditsOf(first, cookie)).toBe(6);
  });

  it('counts a rate limit over both replicas', async () => {
    const { cookie } = await signUp(first);
    const call = { cookie, files: [photo], single: true, selectedModes: ['declutter'] };
    const statuses: number[] = [];
    // first, second, first: the limit's 3 requests a minute; the 4th (to second, which saw only one) is refused.
    for (const replica of [first, second, first, second]) {
      const res = await enhance(replica, call);
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
