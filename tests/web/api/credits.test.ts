// The balance client (web/api/credits.ts) against a scripted server on 127.0.0.1: it reads the balance through
// the typed HTTP layer, and any failure (an error answer, a wrong shape, no server) is null, so the store keeps
// the last known balance.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchBalance } from '../../../web/api/credits';
import { apiConfig } from '../../../web/api/http';
import { json, startFakeServer, text, type FakeServer } from './fakeServer';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  apiConfig.baseUrl = '';
  server.received.length = 0;
});

describe('#fetchBalance', () => {
  it('GETs /api/credits and answers the balance, with why an account started at 0', async () => {
    apiConfig.baseUrl = server.url;
    server.answer(json(200, { credits: 12 }));
    await expect(fetchBalance()).resolves.toEqual({ credits: 12 });
    server.answer(json(200, { credits: 0, starterWithheld: 'DAILY_CAP' }));
    await expect(fetchBalance()).resolves.toEqual({ credits: 0, starterWithheld: 'DAILY_CAP' });
    expect(server.received[0]).toMatchObject({ method: 'GET', path: '/api/credits' });
  });

  it.each([
    ['an error answer', json(500, { error: 'boom', code: 'INTERNAL' })],
    ['an answer of the wrong shape', json(200, { balance: 12 })],
    ['a page that is not JSON', text(200, '<html></html>')],
  ])('is null for %s', async (_name, answer) => {
    apiConfig.baseUrl = server.url;
    server.answer(answer);
    await expect(fetchBalance()).resolves.toBeNull();
  });

  it('is null when no server answers', async () => {
    apiConfig.baseUrl = 'http://127.0.0.1:9';
    await expect(fetchBalance()).resolves.toBeNull();
  });
});
