// The image routes' bodies over real HTTP: a JSON body of data: URLs larger than INLINE_BODY_BYTES is read in the
// image pool (JSON.parse, the contract and the base64 decode off the event loop), with the same answers as a small
// one: the photos work, a hostile or malformed body is a 400 in the route's own shape, a foreign charset a 415. A
// visitor whose free-modes pixel budget is spent, or who keeps sending garbage, is refused before its next body is
// read.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnhanceBatchResponse } from '../../core/contract/enhance';
import { ApiErrorBody } from '../../core/contract/errors';
import { BROKEN_BODY_BYTES_PER_MINUTE } from '../../server/middleware/brokenBodies';
import { INLINE_BODY_BYTES } from '../../server/middleware/photoBody';
import { answerToPartialBody } from '../helpers/partialBody';
import type { TestServer } from '../helpers/startServer';
import { testImagePool } from '../helpers/testImagePool';
import { bytesOf, dataUrl, enhance, post, startAiServer, testJpeg } from './ai.helpers';
import { signUp } from './auth.helpers';

let server: TestServer;
/** A JPEG of noise, so its data: URL is larger than INLINE_BODY_BYTES. */
let large: Buffer;

beforeAll(async () => {
  server = await startAiServer({
    ai: { rateLimits: { enhance: 1000, analyze: 1000, suggestions: 1000 } },
  });
  large = await sharp({
    create: {
      width: 1200,
      height: 800,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
});

afterAll(async () => {
  await server.close();
});

/** Photo bodies the pool has read so far. */
const pooledReads = () => testImagePool.stats().kinds.photoBody?.completed ?? 0;

async function errorOf(res: Response, status: number, code: string): Promise<ApiErrorBody> {
  expect(res.status).toBe(status);
  const body = ApiErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  return body;
}

describe('a large JSON photo body', () => {
  it('is read in the pool and its photos are worked on like a small one', async () => {
    expect(dataUrl(large).length).toBeGreaterThan(INLINE_BODY_BYTES);
    const before = pooledReads();
    const res = await post(server, '/api/enhance-image', {
      selectedModes: ['generalEnhance'],
      imageUrls: [dataUrl(large), dataUrl(await testJpeg())],
    });
    expect(res.status).toBe(200);
    const body = EnhanceBatchResponse.parse(await res.json());
    expect(body.errors).toEqual([null, null]);
    const sizes = await Promise.all(
      body.enhanced_images_base64.map(async (url) => sharp(bytesOf(url!)).metadata()),
    );
    expect(sizes.map(({ width, height }) => [width, height])).toEqual([
      [1200, 800],
      [96, 64],
    ]);
    expect(pooledReads()).toBe(before + 1);
  });

  it('reads a large multipart imageUrls field in the pool too', async () => {
    const before = pooledReads();
    const res = await enhance(server, { imageUrls: [dataUrl(large)], selectedModes: ['generalEnhance'] });
    expect(res.status).toBe(200);
    expect(EnhanceBatchResponse.parse(await res.json()).errors).toEqual([null]);
    expect(pooledReads()).toBe(before + 1);
  });

  it('keeps a small body on the server thread', async () => {
    const before = pooledReads();
    const res = await post(server, '/api/analyze-image', { imageDataUrls: [dataUrl(await testJpeg())] });
    expect(res.status).toBe(200);
    expect(pooledReads()).toBe(before);
  });

  it.each([
    ['deep nesting', '['.repeat(2 * INLINE_BODY_BYTES)],
    ['a sea of values', `{"a":[${'[],'.repeat(INLINE_BODY_BYTES)}[]]}`],
    [
      'broken JSON',
      `{"selectedModes":["generalEnhance"],"imageUrls":["data:image/jpeg;base64,${'A'.repeat(2 * INLINE_BODY_BYTES)}`,
    ],
  ])('answers %s with 400 INVALID_JSON from the pool', async (_label, text) => {
    const res = await fetch(`${server.url}/api/enhance-image`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: text,
    });
    await errorOf(res, 400, 'INVALID_JSON');
  });

  it("answers a body off the contract with 400 INVALID_REQUEST and the contract's issues", async () => {
    const res = await post(server, '/api/enhance-image', {
      selectedModes: ['noSuchMode'],
      imageUrls: [dataUrl(large)],
    });
    const body = await errorOf(res, 400, 'INVALID_REQUEST');
    expect(body.details?.issues).toEqual([expect.objectContaining({ path: 'selectedModes.0' })]);
  });

  it("keeps the staging route's `required` on a large body's contract error", async () => {
    const res = await post(server, '/api/virtual-staging', { action: 'nope', imageBase64: dataUrl(large) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_REQUEST', required: 5 });
  });

  it('refuses a charset other than UTF-8 with 415', async () => {
    const res = await fetch(`${server.url}/api/analyze-image`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=latin1', origin: server.url },
      body: JSON.stringify({ imageDataUrls: [dataUrl(await testJpeg())] }),
    });
    await errorOf(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

/** 64 kB of a declared body: the part a partial sender gets out before the server answers. */
const PART = Buffer.alloc(64 * 1024, ' ');

describe('a spent pixel budget', () => {
  let tight: TestServer;
  beforeAll(async () => {
    tight = await startAiServer({
      env: { FREE_MODES_MEGAPIXELS_PER_MINUTE: 1 },
      ai: { rateLimits: { enhance: 1000 } },
    });
  });
  afterAll(async () => {
    await tight.close();
  });

  it("refuses a visitor's next free call before reading its body", async () => {
    const first = await enhance(tight, { files: [await testJpeg()], selectedModes: ['generalEnhance'] });
    expect(first.status).toBe(200);
    const answer = await answerToPartialBody(`${tight.url}/api/enhance-image`, 20 * 1024 * 1024, PART);
    expect(answer.status).toBe(429);
    expect(ApiErrorBody.parse(JSON.parse(answer.body)).details).toMatchObject({ reason: 'PIXEL_BUDGET' });
  });
});

describe('a caller sending garbage', () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startAiServer({ ai: { rateLimits: { enhance: 1000 } } });
  });
  afterAll(async () => {
    await own.close();
  });

  it('is refused unread once its refused bodies pass the limit of the minute', async () => {
    const hostile = Buffer.alloc(24 * 1024 * 1024, '[');
    const sends = Math.ceil(BROKEN_BODY_BYTES_PER_MINUTE / hostile.length);
    for (let i = 0; i < sends; i++) {
      const res = await fetch(`${own.url}/api/enhance-image`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: hostile,
      });
      await errorOf(res, 400, 'INVALID_JSON');
    }
    const answer = await answerToPartialBody(`${own.url}/api/enhance-image`, hostile.length, PART);
    expect(answer.status).toBe(429);
    expect(ApiErrorBody.parse(JSON.parse(answer.body)).details).toMatchObject({ reason: 'BROKEN_BODIES' });
    const visitor = await enhance(own, { files: [await testJpeg()], selectedModes: ['generalEnhance'] });
    expect(visitor.status).toBe(429);
    // A signed-in host on the same network is another caller: the visitor's garbage never holds it back.
    const { cookie } = await signUp(own);
    const host = await enhance(own, { cookie, files: [await testJpeg()], selectedModes: ['generalEnhance'] });
    expect(host.status).toBe(200);
  });
});
