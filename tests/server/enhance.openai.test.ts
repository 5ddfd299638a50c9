// POST /api/enhance-image with the openai provider: the real `openai` client against the fake OpenAI server on
// loopback, a real SQLite file and real accounts. Covers the charge per request, refunds of failed images, the
// upstream failures (429, 500, timeout, content refusal) in German, idempotency, cancellation and privacy.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../core/contract/errors';
import {
  EnhanceBatchResponse,
  EnhanceSingleResponse,
  StagingRedirectBody,
} from '../../core/contract/enhance';
import { failureMessage } from '../../web/api/errors';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fakeOpenAI';
import type { TestServer } from '../helpers/startServer';
import {
  bytesOf,
  enhance,
  eventually,
  fixture,
  GPS_PHOTO,
  openAiEnv,
  startAiServer,
  testJpeg,
} from './ai.helpers';
import { creditsOf, signUp } from './auth.helpers';

let fake: FakeOpenAI;
let server: TestServer;
let photo: Buffer;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  server = await startAiServer({ env: openAiEnv(fake) });
  photo = await testJpeg();
});

afterAll(async () => {
  await server.close();
  await fake.close();
});

const edits = () => fake.requests.filter((r) => r.kind === 'edit');

async function errorOf(res: Response, status: number, code: string): Promise<ApiErrorBody> {
  expect(res.status).toBe(status);
  const body = ApiErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  return body;
}

describe('POST /api/enhance-image (openai)', () => {
  it('edits one photo with the mode prompts, charges the server modes only and answers a clean JPEG', async () => {
    const { cookie } = await signUp(server);
    const before = edits().length;
    const res = await enhance(server, {
      cookie,
      files: [await sharp(fixture(GPS_PHOTO)).resize(800).withMetadata().jpeg().toBuffer()],
      single: true,
      selectedModes: ['declutter', 'brighten'],
      roomType: 'bedroom',
      totalEnhancements: 2,
    });
    expect(res.status).toBe(200);
    const body = EnhanceSingleResponse.parse(await res.json());
    expect(body).toMatchObject({ provider: 'openai', creditsCharged: 2, balance: 8 });
    // What was done, shown under the photo: not the provider or its model.
    expect(body.description).toBe('Entrümpeln.');
    expect(await creditsOf(server, cookie)).toBe(8);

    // What went upstream: one edit, the right model, the declutter prompt (not the device mode's), no GPS.
    const sent = edits().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.fields.model).toBe('gpt-image-1');
    expect(String(sent[0]?.fields.prompt)).toMatch(
      /^Edit this photo of a vacation-rental bedroom\. Remove clutter/,
    );
    expect(String(sent[0]?.fields.prompt)).not.toMatch(/Brighten this dark interior/);
    const uploaded = await sharp(sent[0]?.image).metadata();
    expect(uploaded.format).toBe('jpeg');
    expect(uploaded.exif).toBeUndefined();

    // The answer: the fake's PNG re-encoded as a JPEG data URL, without metadata.
    expect(body.enhanced_image_base64).toMatch(/^data:image\/jpeg;base64,/);
    const result = await sharp(bytesOf(body.enhanced_image_base64)).metadata();
    expect(result).toMatchObject({ format: 'jpeg', width: 1536, height: 1024 });
    expect(result.exif).toBeUndefined();
    expect(fake.problems).toEqual([]);
  });

  it('refunds the share of the one image that failed and answers the other', async () => {
    const { cookie } = await signUp(server);
    fake.script('edit', { status: 500 });
    const res = await enhance(server, { cookie, files: [photo, photo], selectedModes: ['cleanup'] });
    expect(res.status).toBe(200);
    const body = EnhanceBatchResponse.parse(await res.json());
    expect(body.enhanced_images_base64.filter((url) => url !== null)).toHaveLength(1);
    const failed = body.errors.filter((e) => e !== null);
    expect(failed).toEqual([{ code: 'UPSTREAM_FAILED', error: 'The AI service failed (500)' }]);
    expect(body).toMatchObject({ creditsCharged: 1, balance: 9 });
    expect(await creditsOf(server, cookie)).toBe(9);
  });

  const REFUNDED = 'Die Credits dafür wurden dir zurückgebucht.';
  it.each([
    [
      'a 429 from upstream',
      { status: 429 as const },
      503,
      'AI_BUSY',
      `Der KI-Dienst ist gerade ausgelastet. Bitte versuche es in einer Minute erneut. ${REFUNDED}`,
    ],
    [
      'a 500 from upstream',
      { status: 500 as const },
      502,
      'UPSTREAM_FAILED',
      `API Fehler (502): Der KI-Dienst hat einen Fehler gemeldet. Bitte versuche es erneut. ${REFUNDED}`,
    ],
    [
      'a content refusal',
      { status: 400 as const, code: 'moderation_blocked' as const },
      422,
      'AI_REFUSED',
      `Der KI-Dienst hat dieses Bild abgelehnt. Bitte versuche es mit einem anderen Foto. ${REFUNDED}`,
    ],
  ])('answers %s in German and refunds everything', async (_name, behaviour, status, code, german) => {
    const { cookie } = await signUp(server);
    fake.script('edit', behaviour);
    const res = await enhance(server, {
      cookie,
      files: [photo],
      single: true,
      selectedModes: ['windowView'],
    });
    const body = await errorOf(res, status, code);
    expect(body.details).toMatchObject({ creditsRefunded: true });
    expect(await creditsOf(server, cookie)).toBe(10);
    expect(failureMessage(status, body.code, body.details)).toBe(german);
  });

  it('answers 504 AI_TIMEOUT when upstream hangs past the timeout, and refunds', async () => {
    const slow = await startAiServer({ env: openAiEnv(fake, { OPENAI_TIMEOUT_MS: 300 }) });
    try {
      const { cookie } = await signUp(slow);
      fake.script('edit', { hang: true });
      const started = Date.now();
      const res = await enhance(slow, { cookie, files: [photo], single: true, selectedModes: ['declutter'] });
      const body = await errorOf(res, 504, 'AI_TIMEOUT');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(failureMessage(504, body.code, body.details)).toBe(
        'Der KI-Dienst hat nicht rechtzeitig geantwortet. Bitte versuche es erneut. ' +
          'Die Credits dafür wurden dir zurückgebucht.',
      );
      expect(await creditsOf(slow, cookie)).toBe(10);
    } finally {
      await slow.close();
    }
  });

  it("retries a 429 after the service's retry-after when retries are configured", async () => {
    const retrying = await startAiServer({ env: openAiEnv(fake, { OPENAI_MAX_RETRIES: 1 }) });
    try {
      const { cookie } = await signUp(retrying);
      const before = edits().length;
      fake.script('edit', { status: 429, retryAfterSeconds: 0 });
      const res = await enhance(retrying, {
        cookie,
        files: [photo],
        single: true,
        selectedModes: ['cleanup'],
      });
      expect(res.status).toBe(200);
      expect(
        edits()
          .slice(before)
          .map((r) => r.status),
      ).toEqual([429, 200]);
      expect(await creditsOf(retrying, cookie)).toBe(9);
    } finally {
      await retrying.close();
    }
  });

  it('cancels the upstream call when the client goes away, and refunds', async () => {
    // A timeout far beyond the test, so only the client's disconnect can end the upstream call.
    const patient = await startAiServer({ env: openAiEnv(fake, { OPENAI_TIMEOUT_MS: 60_000 }) });
    try {
      const { cookie } = await signUp(patient);
      fake.script('edit', { hang: true });
      const before = edits().length;
      const controller = new AbortController();
      const pending = enhance(patient, {
        cookie,
        files: [photo],
        single: true,
        selectedModes: ['declutter'],
        signal: controller.signal,
      }).catch((error: unknown) => error);
      await eventually(async () => edits().length > before);
      expect(await creditsOf(patient, cookie)).toBe(8);
      controller.abort();
      expect(await pending).toBeInstanceOf(Error);
      await eventually(async () => edits()[before]?.closedBeforeAnswer === true, 1500);
      await eventually(async () => (await creditsOf(patient, cookie)) === 10, 1500);
    } finally {
      await patient.close();
    }
  });
});

describe('idempotency', () => {
  it('charges the same key once and answers the replay with the same result', async () => {
    const { cookie } = await signUp(server);
    const before = edits().length;
    const call = {
      cookie,
      files: [photo],
      single: true,
      selectedModes: ['declutter'],
      key: 'key-replay-0001',
    };
    const first = await enhance(server, call);
    const second = await enhance(server, call);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(edits().length - before).toBe(1);
    expect(await creditsOf(server, cookie)).toBe(8);
  });

  it('refuses the same key for a different request without charging', async () => {
    const { cookie } = await signUp(server);
    await enhance(server, {
      cookie,
      files: [photo],
      single: true,
      selectedModes: ['cleanup'],
      key: 'key-reused-01',
    });
    const res = await enhance(server, {
      cookie,
      files: [photo],
      single: true,
      selectedModes: ['declutter'],
      key: 'key-reused-01',
    });
    await errorOf(res, 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await creditsOf(server, cookie)).toBe(9);
  });

  it('answers 409 while the key runs, and lets it run again after a full refund', async () => {
    const slow = await startAiServer({ env: openAiEnv(fake, { OPENAI_TIMEOUT_MS: 500 }) });
    try {
      const { cookie } = await signUp(slow);
      const call = {
        cookie,
        files: [photo],
        single: true,
        selectedModes: ['declutter'],
        key: 'key-running-01',
      };
      const before = edits().length;
      fake.script('edit', { hang: true });
      const first = enhance(slow, call);
      await eventually(async () => edits().length > before);
      await errorOf(await enhance(slow, call), 409, 'REQUEST_IN_PROGRESS');
      await errorOf(await first, 504, 'AI_TIMEOUT');
      expect(await creditsOf(slow, cookie)).toBe(10);
      // The timed-out attempt was refunded in full, so the retry runs and is charged once.
      expect((await enhance(slow, call)).status).toBe(200);
      expect(await creditsOf(slow, cookie)).toBe(8);
    } finally {
      await slow.close();
    }
  });

  it('needs a key for a charged call', async () => {
    const { cookie } = await signUp(server);
    const res = await enhance(server, {
      cookie,
      files: [photo],
      single: true,
      selectedModes: ['cleanup'],
      key: null,
    });
    await errorOf(res, 400, 'IDEMPOTENCY_KEY_REQUIRED');
    expect(await creditsOf(server, cookie)).toBe(10);
  });
});

describe('refusals before any charge', () => {
  it('sends visitors to sign in (401)', async () => {
    const before = edits().length;
    await errorOf(
      await enhance(server, { files: [photo], single: true, selectedModes: ['declutter'] }),
      401,
      'UNAUTHENTICATED',
    );
    expect(edits().length).toBe(before);
  });

  it('charges the modes builtin only approximates: with openai they are real AI work', async () => {
    const capabilities = await fetch(`${server.url}/api/ai-capabilities`);
    // A generative server offers every mode: nothing approximated, nothing it cannot do.
    expect(await capabilities.json()).toEqual({
      approximatedModeIds: [],
      unavailableModeIds: [],
      removalModeIds: [],
    });
    await errorOf(
      await enhance(server, { files: [photo], single: true, selectedModes: ['curbAppeal'] }),
      401,
      'UNAUTHENTICATED',
    );
    const { cookie } = await signUp(server);
    const res = await enhance(server, {
      cookie,
      files: [photo],
      single: true,
      selectedModes: ['curbAppeal', 'generalEnhance'],
    });
    expect(res.status).toBe(200);
    expect(EnhanceSingleResponse.parse(await res.json())).toMatchObject({ creditsCharged: 3, balance: 7 });
    expect(await creditsOf(server, cookie)).toBe(7);
  });

  it('answers cozyFurnishing with the 307 staging redirect', async () => {
    const { cookie } = await signUp(server);
    const res = await enhance(server, {
      cookie,
      files: [photo],
      single: true,
      selectedModes: ['cozyFurnishing'],
    });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBeNull();
    expect(StagingRedirectBody.parse(await res.json())).toEqual({
      error: 'redirect',
      code: 'VIRTUAL_STAGING_REDIRECT',
      redirectTo: 'virtual-staging',
    });
    expect(await creditsOf(server, cookie)).toBe(10);
  });

  it('answers 402 with the credits needed when the balance is too small', async () => {
    const { cookie } = await signUp(server);
    const before = edits().length;
    const res = await enhance(server, {
      cookie,
      files: [photo, photo, photo],
      selectedModes: ['windowView', 'declutter'],
    });
    const body = await errorOf(res, 402, 'INSUFFICIENT_CREDITS');
    expect(body.details).toMatchObject({ creditsNeeded: 15, credits: 10 });
    expect(failureMessage(402, body.code, body.details)).toBe('Nicht genügend Credits');
    expect(edits().length).toBe(before);
  });
});
