// A paid call the server queued (202 with a job, core/contract/jobs.ts) against a scripted server on 127.0.0.1:
// the client polls GET /api/jobs/:id until the job's answer and hands that answer to the call's own parsing, so
// results, per-image failures, error answers, cancelling and a lost connection behave as for a direct answer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../core/contract/enhance';
import { jobPath } from '../../../core/contract/jobs';
import { enhanceImages, implementSuggestions } from '../../../web/api/ai';
import { ApiFailure, failureMessage } from '../../../web/api/errors';
import { apiConfig } from '../../../web/api/http';
import { applyStaging } from '../../../web/api/staging';
import {
  dropConnection,
  hang,
  inTurn,
  json,
  startFakeServer,
  withHeaders,
  type Answer,
  type FakeServer,
} from './fakeServer';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  apiConfig.baseUrl = '';
  apiConfig.headers = {};
  server.received.length = 0;
});

const JOB_ID = '0b6f3c8e-5d1a-4f7e-9a2b-3c4d5e6f7a8b';
const photo = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
/** The server's "queued" answer; Retry-After 0 so the test polls at once. */
const queued = (state: 'queued' | 'running' = 'queued'): Answer =>
  withHeaders({ 'retry-after': '0' }, json(202, { jobId: JOB_ID, state }));
const single = {
  enhanced_image_base64: '/9j/AAAA',
  description: 'Heller',
  provider: 'builtin',
  creditsCharged: 1,
  balance: 9,
};

function against(...answers: Answer[]): void {
  apiConfig.baseUrl = server.url;
  server.answer(inTurn(...answers));
}

const enhanceOne = (signal = new AbortController().signal) =>
  enhanceImages(signal, { files: [photo()], selectedModes: ['declutter'], idempotencyKey: 'key-12345678' });

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiFailure);
  return error as ApiFailure;
}

describe('#apiRequest with a queued paid call', () => {
  it('polls the job until it finished and parses its answer with the call contract', async () => {
    against(queued(), queued('running'), json(200, single));
    const result = await enhanceOne();
    expect(result).toEqual({
      images: [{ ok: true, url: 'data:image/jpeg;base64,/9j/AAAA', description: 'Heller' }],
      provider: 'builtin',
      creditsCharged: 1,
      balance: 9,
    });
    expect(server.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/enhance-image',
      `GET ${jobPath(JOB_ID)}`,
      `GET ${jobPath(JOB_ID)}`,
    ]);
  });

  it('polls with the configured headers but without the key or a body', async () => {
    against(queued(), json(200, single));
    apiConfig.headers = { cookie: 'session=abc' };
    await enhanceOne();
    const poll = server.received[1]!;
    expect(poll.headers).toMatchObject({ accept: 'application/json', cookie: 'session=abc' });
    expect(poll.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]).toBeUndefined();
    expect(poll.body.length).toBe(0);
  });

  it('without a Retry-After it still polls (its own backoff) and gets the answer', async () => {
    against(json(202, { jobId: JOB_ID, state: 'queued' }), json(200, single));
    await expect(enhanceOne()).resolves.toMatchObject({ creditsCharged: 1 });
    expect(server.received).toHaveLength(2);
  });

  it("a job's failure is the call's failure: the error answer with its German text and refund note", async () => {
    const body = {
      error: 'every image failed',
      code: 'UPSTREAM_FAILED',
      details: { creditsRefunded: true },
    };
    against(queued(), json(502, body));
    const failure = await failureOf(enhanceOne());
    expect(failure).toMatchObject({ code: 'UPSTREAM_FAILED', status: 502 });
    expect(failure.message).toBe(failureMessage(502, 'UPSTREAM_FAILED', { creditsRefunded: true }));
  });

  it('a batch answer from the job keeps its per-image failures (implement suggestions)', async () => {
    against(
      queued(),
      json(200, {
        finalImageUrls: ['data:image/jpeg;base64,/9j/', null],
        descriptions: ['Fertig', null],
        errors: [null, { code: 'AI_REFUSED', error: 'refused' }],
        provider: 'openai',
        creditsCharged: 2,
        balance: 5,
      }),
    );
    const result = await implementSuggestions(new AbortController().signal, {
      imageUrls: ['data:image/jpeg;base64,/9j/', 'data:image/jpeg;base64,/9j/'],
      suggestions: ['Mehr Licht'],
      idempotencyKey: 'key-12345678',
    });
    expect(result.images[0]).toMatchObject({ ok: true });
    expect(result.images[1]).toMatchObject({ ok: false, failure: { code: 'AI_REFUSED' } });
  });

  it('staging apply is polled the same way', async () => {
    const applied = {
      stagedImageUrl: 'data:image/jpeg;base64,/9j/',
      shoppingList: {
        items: [
          {
            id: 'sofa-modern-mid',
            name: 'Sofa',
            quantity: 1,
            unitPriceCents: 49900,
            price: 49900,
            link: 'https://www.amazon.de/s?k=sofa',
            priceIsEstimate: true,
          },
        ],
        totalPrice: 49900,
      },
      description: 'Eingerichtet',
      provider: 'builtin',
      creditsCharged: 5,
      balance: 3,
    };
    against(queued(), json(200, applied));
    const result = await applyStaging(new AbortController().signal, {
      imageBase64: 'data:image/jpeg;base64,/9j/',
      selectedProducts: [{ id: 'sofa-modern-mid', quantity: 1 }],
      options: { style: 'modern', budget: { min: 500, max: 2000 } },
      idempotencyKey: 'key-12345678',
    });
    expect(result).toEqual(applied);
    expect(server.received.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('a job that is gone (expired, unknown) is NOT_FOUND', async () => {
    against(queued(), json(404, { error: 'no such job', code: 'NOT_FOUND' }));
    expect(await failureOf(enhanceOne())).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('a lost connection while polling is NETWORK, so the outbox sends the POST again with its key', async () => {
    against(queued(), dropConnection);
    expect(await failureOf(enhanceOne())).toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it('cancelling while it waits between polls is ABORTED and stops polling', async () => {
    against(withHeaders({ 'retry-after': '30' }, json(202, { jobId: JOB_ID, state: 'queued' })));
    const controller = new AbortController();
    const call = enhanceOne(controller.signal);
    await expect.poll(() => server.received.length).toBe(1);
    controller.abort();
    expect(await failureOf(call)).toMatchObject({ code: 'ABORTED', status: 0 });
    expect(server.received).toHaveLength(1);
  });

  it('cancelling during a poll is ABORTED', async () => {
    against(queued(), hang);
    const controller = new AbortController();
    const call = enhanceOne(controller.signal);
    await expect.poll(() => server.received.length).toBe(2);
    controller.abort();
    expect(await failureOf(call)).toMatchObject({ code: 'ABORTED', status: 0 });
  });

  it('a 202 that is not a job is parsed like any answer (here: the wrong shape)', async () => {
    against(json(202, { accepted: true }));
    expect(await failureOf(enhanceOne())).toMatchObject({ code: 'NO_ENHANCED_IMAGE' });
    expect(server.received).toHaveLength(1);
  });
});
