// Fair image work over real HTTP (real server, real SQLite, the builtin provider, a real image pool of one thread
// and two waiting places): visitors from several networks fill the pool with free server modes while a signed-in
// host's paid call (Entrümpeln on a cluttered kitchen) is answered 200, never 503; the visitors get 200 or a clean
// refusal with Retry-After. The free server modes count against the visitor's pixel budget (429 past it), a paid
// call does not.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImagePool } from '../../server/pool/imagePool';
import type { TestServer } from '../helpers/startServer';
import { fixture, GPS_PHOTO, startAiServer } from './ai.helpers';
import { signUp } from './auth.helpers';

const CLUTTERED_KITCHEN = 'rooms/kitchen/15_kitchen.jpg';
const imagePool = new ImagePool({ concurrency: 1, maxQueued: 2 });
let server: TestServer;

beforeAll(async () => {
  server = await startAiServer({
    // 12.3 MP photos: one passes a visitor's free-mode budget of 20 MP a minute, the second not.
    env: { TRUST_PROXY: 1, FREE_MODES_MEGAPIXELS_PER_MINUTE: 20, AI_RATE_LIMIT_ENHANCE: 1000 },
    imagePool,
  });
});

afterAll(async () => {
  await server.close();
  await imagePool.close();
});

function enhanceFrom(network: string, photo: Buffer, modes: string[], cookie?: string): Promise<Response> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
  form.append('selectedModes', JSON.stringify(modes));
  return fetch(`${server.url}/api/enhance-image`, {
    method: 'POST',
    headers: {
      origin: server.url,
      'x-forwarded-for': network,
      'idempotency-key': randomUUID(),
      ...(cookie ? { cookie } : {}),
    },
    body: form,
  });
}

describe('fair image work', () => {
  it("answers a host's paid call while visitors fill the pool, and refuses visitors cleanly", async () => {
    const { cookie } = await signUp(server);
    const large = fixture(GPS_PHOTO);
    const visitors = Array.from({ length: 5 }, (_, i) =>
      enhanceFrom(`203.0.113.${i + 1}`, large, ['generalEnhance']),
    );
    let answered = 0;
    for (const visitor of visitors) void visitor.then(() => answered++);
    // Once the visitors' work holds the thread and the waiting places, the host calls.
    while (imagePool.stats().running + imagePool.stats().queued < 3 && answered < visitors.length) {
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(answered, 'the visitors filled the pool').toBeLessThan(visitors.length);
    const paid = await enhanceFrom('198.51.100.9', fixture(CLUTTERED_KITCHEN), ['declutter'], cookie);
    expect(paid.status, await paid.clone().text()).toBe(200);
    const body = (await paid.json()) as { creditsCharged: number };
    expect(body.creditsCharged).toBeGreaterThanOrEqual(0);
    const answers = await Promise.all(visitors);
    for (const res of answers) {
      expect([200, 429, 503]).toContain(res.status);
      if (res.status !== 200) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    // The pool shed or refused visitors' work, not the host's.
    expect(imagePool.stats().refused).toBeGreaterThan(0);
  }, 120_000);

  it('counts the free server modes against the visitor pixel budget, and a paid call not', async () => {
    const photo = fixture(GPS_PHOTO);
    const first = await enhanceFrom('192.0.2.10', photo, ['generalEnhance']);
    expect(first.status).toBe(200);
    const second = await enhanceFrom('192.0.2.10', photo, ['generalEnhance']);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await second.json()).toMatchObject({ code: 'RATE_LIMITED', details: { reason: 'PIXEL_BUDGET' } });
    // Another network has its own budget; a signed-in host's charged call is not counted against any.
    expect((await enhanceFrom('192.0.2.11', photo, ['generalEnhance'])).status).toBe(200);
    const { cookie } = await signUp(server);
    for (let i = 0; i < 2; i++) {
      const paid = await enhanceFrom('192.0.2.12', fixture(CLUTTERED_KITCHEN), ['declutter'], cookie);
      expect(paid.status).toBe(200);
    }
  }, 120_000);
});
