// POST /api/virtual-staging on the real app with a real database and real accounts: 'analyze' (products for
// room, style and budget, affiliate links, models and thumbnails, the credit gate), 'apply' with the staging the
// device rendered (server prices, the 5-credit charge once per Idempotency-Key with the replayed answer, 422
// STAGING_RENDERS_ON_DEVICE without the device's picture, a bad picture refused before charging, the refund when
// rendering fails), the validation errors with `required`, and the openai render through the fake OpenAI server
// (the edit carries the photo and the shipped thumbnails of the chosen products).
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGING_CREDITS } from '../../core/catalog';
import {
  AnalyzeStagingResponse,
  ApplyStagingResponse,
  StagingErrorBody,
  type StagingProduct,
} from '../../core/contract/staging';
import { catalogItemById } from '../../core/staging';
import { FURNITURE_URL_PREFIX } from '../../core/staging/assets';
import { AiError } from '../../server/ai/errors';
import { builtinStagingRenderer } from '../../server/ai/staging/builtin';
import type { StagingRenderer } from '../../server/ai/staging';
import { createLedger } from '../../server/paid/ledger';
import { checkImage } from '../../server/pool/images';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fakeOpenAI';
import type { TestServer } from '../helpers/startServer';
import { testImagePool } from '../helpers/testImagePool';
import { bytesOf, dataUrl, fixture, openAiEnv, post, startAiServer } from './ai.helpers';
import { creditsOf, signUp } from './auth.helpers';

const LIVING_ROOM = 'rooms/living_room/Places365_val_00000785.jpg';
const OPTIONS = { style: 'modern', budget: { min: 0, max: 2000 }, roomType: 'livingRoom' } as const;

let server: TestServer;
let photo: string;
/** What the device sends: its rendering of the staging as a JPEG data: URL (here the photo, tinted and smaller). */
let staged: string;

beforeAll(async () => {
  server = await startAiServer({ env: { AFFILIATE_TAG: 'raumglanz-21' } });
  photo = dataUrl(fixture(LIVING_ROOM));
  const jpeg = await sharp(fixture(LIVING_ROOM)).resize({ width: 320 }).tint('#c08040').jpeg().toBuffer();
  staged = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
});
afterAll(() => server.close());

async function analyze(cookie: string, options: object = OPTIONS): Promise<AnalyzeStagingResponse> {
  const res = await post(
    server,
    '/api/virtual-staging',
    { action: 'analyze', imageBase64: photo, options },
    { cookie },
  );
  expect(res.status).toBe(200);
  return AnalyzeStagingResponse.parse(await res.json());
}

/** POST 'apply' for one sofa with the device's picture; `fields` replace any of it, `key` null sends none. */
function apply(cookie: string, fields: object = {}, key: string | null = randomUUID()): Promise<Response> {
  const body = {
    action: 'apply',
    imageBase64: photo,
    stagedImageBase64: staged,
    selectedProducts: [{ id: 'sofa-modern-mid' }],
    ...fields,
  };
  return post(server, '/api/virtual-staging', body, key ? { cookie, key } : { cookie });
}

async function errorOf(res: Response, status: number): Promise<StagingErrorBody> {
  expect(res.status).toBe(status);
  const body = StagingErrorBody.parse(await res.json());
  expect(body.error.length).toBeGreaterThan(0);
  expect(body.required).toBe(STAGING_CREDITS);
  return body;
}

const ticked = (products: StagingProduct[]) =>
  products.filter((p) => p.selected).map((p) => ({ id: p.id, quantity: p.quantity }));

describe('POST /api/virtual-staging analyze', () => {
  it('recommends living-room products in the style, inside the budget, with tagged links, and charges nothing', async () => {
    const { cookie } = await signUp(server);
    const body = await analyze(cookie);
    expect(body.roomType).toBe('livingRoom');
    expect(body.style).toBe('modern');
    const selected = body.products.filter((p) => p.selected);
    expect(selected.map((p) => p.category)).toContain('sofa');
    expect(body.totalPrice).toBe(selected.reduce((sum, p) => sum + p.product.price * p.quantity, 0));
    expect(body.totalPrice).toBeLessThanOrEqual(2000 * 100);
    // Data, not German notes: the web words 'Beispielprodukte, Preise geschätzt' (tests/web/screens/shoppingNotes).
    expect(body).not.toHaveProperty('productsNote');
    // Swaps: the other sofas of the style and its neighbour, never ticked, never the offered one.
    const offered = new Set(body.products.map((p) => p.id));
    expect(body.alternatives.some((p) => p.category === 'sofa')).toBe(true);
    for (const p of body.alternatives) {
      expect(p.selected).toBe(false);
      expect(offered.has(p.id)).toBe(false);
    }
    for (const p of body.products) {
      expect(new URL(p.product.link).searchParams.get('tag')).toBe('raumglanz-21');
      expect(p.product.affiliate).toBe(true);
      expect(p.recommendation.germanName.length).toBeGreaterThan(0);
      expect(p.sizeCm).toEqual(catalogItemById(p.id)!.sizeCm);
      expect(p.colors.length).toBeGreaterThan(0);
      expect(p.material.length).toBeGreaterThan(0);
      if (p.model) {
        expect(p.model.url.startsWith(FURNITURE_URL_PREFIX)).toBe(true);
        expect(p.product.image?.startsWith(FURNITURE_URL_PREFIX)).toBe(true);
      } else {
        expect(p.product.image).toBeNull();
      }
    }
    // The modern sofa is the CC-BY velvet sofa: its credit line travels with it.
    const sofa = body.products.find((p) => p.category === 'sofa')!;
    expect(sofa.model).toMatchObject({
      licence: 'CC-BY-4.0',
      attribution: expect.stringMatching(/Eric Chadwick/),
    });
    expect(sofa.sizeCm).toEqual({ w: 218.8, d: 102.3, h: 78.8 });
    expect(await creditsOf(server, cookie)).toBe(10);
  });

  it('a smaller budget ticks fewer pieces and stays inside it', async () => {
    const { cookie } = await signUp(server);
    const wide = await analyze(cookie);
    const narrow = await analyze(cookie, { ...OPTIONS, budget: { min: 0, max: 400 } });
    expect(narrow.totalPrice).toBeLessThanOrEqual(400 * 100);
    expect(narrow.totalPrice).toBeLessThan(wide.totalPrice);
  });

  it('detects the room itself when the client sends no room type', async () => {
    const { cookie } = await signUp(server);
    const body = await analyze(cookie, { style: 'auto', budget: { min: 0, max: 2000 } });
    expect(['livingRoom', 'general', 'bedroom']).toContain(body.roomType);
    expect(body.products.length).toBeGreaterThan(0);
  }, 60_000);

  it('refuses visitors (401) and users below 5 credits (402), each with error and required', async () => {
    const visitor = await errorOf(
      await post(server, '/api/virtual-staging', { action: 'analyze', imageBase64: photo, options: OPTIONS }),
      401,
    );
    expect(visitor.code).toBe('UNAUTHENTICATED');

    const { cookie, userId } = await signUp(server);
    await createLedger(server.db).charge({
      userId,
      amount: 8,
      idempotencyKey: `test-${randomUUID()}`,
      reason: 'test: spend most credits',
    });
    expect(await creditsOf(server, cookie)).toBe(2);
    const poor = await errorOf(
      await post(
        server,
        '/api/virtual-staging',
        { action: 'analyze', imageBase64: photo, options: OPTIONS },
        { cookie },
      ),
      402,
    );
    expect(poor.code).toBe('INSUFFICIENT_CREDITS');
    expect(poor.details).toMatchObject({ creditsNeeded: 5, credits: 2 });
  });

  it.each([
    ['an unknown action', { action: 'furnish', imageBase64: 'x' }],
    ['no image', { action: 'analyze', imageBase64: undefined, options: OPTIONS }],
    [
      'a budget min above max',
      { action: 'analyze', options: { ...OPTIONS, budget: { min: 900, max: 100 } } },
    ],
    ['a budget over 5000', { action: 'analyze', options: { ...OPTIONS, budget: { min: 0, max: 6000 } } }],
    ['an unknown style', { action: 'analyze', options: { ...OPTIONS, style: 'barock' } }],
    ['apply without products', { action: 'apply', selectedProducts: [] }],
  ])('answers 400 with required for %s', async (_, body) => {
    const { cookie } = await signUp(server);
    const full = { imageBase64: photo, ...body };
    const error = await errorOf(await post(server, '/api/virtual-staging', full, { cookie }), 400);
    expect(error.code).toBe('INVALID_REQUEST');
  });
});

describe('POST /api/virtual-staging apply (builtin: rendered on the device)', () => {
  it("charges 5 credits once per key for the device's staging and answers it with the list at the server prices", async () => {
    const { cookie } = await signUp(server);
    const { products } = await analyze(cookie);
    const chosen = ticked(products);
    // A client that sends prices and links back is not believed: only ids and counts are read.
    const tampered = chosen.map((p) => ({ ...p, price: 1, link: 'https://evil.example/' }));
    const key = randomUUID();
    const body = {
      action: 'apply',
      imageBase64: photo,
      stagedImageBase64: staged,
      selectedProducts: tampered,
      options: OPTIONS,
    };
    const call = () => post(server, '/api/virtual-staging', body, { cookie, key });
    const res = await call();
    expect(res.status).toBe(200);
    const answer = ApplyStagingResponse.parse(await res.json());
    expect(answer).toMatchObject({ provider: 'builtin', creditsCharged: 5, balance: 5 });
    expect(answer.description).toMatch(/Visualisierung/);
    expect(answer.description).toMatch(/\d+ Möbelstück/);
    const expectedTotal = chosen.reduce(
      (sum, p) => sum + catalogItemById(p.id)!.priceCents * (p.quantity ?? 1),
      0,
    );
    expect(answer.shoppingList.totalPrice).toBe(expectedTotal);
    expect(answer.shoppingList.items.map((i) => i.id)).toEqual(chosen.map((p) => p.id));
    for (const item of answer.shoppingList.items) {
      expect(new URL(item.link).hostname).toBe('www.amazon.de');
      expect(new URL(item.link).searchParams.get('tag')).toBe('raumglanz-21');
    }
    // The notes under the list are worded on the web from these links (tests/web/screens/shoppingNotes.test.ts).
    expect(answer.shoppingList.items.every((item) => item.priceIsEstimate)).toBe(true);
    expect(answer.shoppingList).not.toHaveProperty('affiliateDisclaimer');
    // The answer is the device's picture, re-encoded: its size, not the photo's.
    const picture = await sharp(bytesOf(answer.stagedImageUrl)).metadata();
    expect(picture.format).toBe('jpeg');
    expect(picture.width).toBe(320);

    // The same key again: the stored answer, no second charge.
    const again = await call();
    expect(again.status).toBe(200);
    expect(ApplyStagingResponse.parse(await again.json()).stagedImageUrl).toBe(answer.stagedImageUrl);
    expect(await creditsOf(server, cookie)).toBe(5);
    // A new key is a new staging.
    const other = await post(server, '/api/virtual-staging', body, { cookie, key: randomUUID() });
    expect(other.status).toBe(200);
    expect(await creditsOf(server, cookie)).toBe(0);
  }, 60_000);

  it('answers 422 STAGING_RENDERS_ON_DEVICE without the device picture, and charges nothing', async () => {
    const { cookie } = await signUp(server);
    const error = await errorOf(
      // Without the device's picture (undefined is left out of the JSON).
      await apply(cookie, { stagedImageBase64: undefined, options: OPTIONS }),
      422,
    );
    expect(error.code).toBe('STAGING_RENDERS_ON_DEVICE');
    expect(await creditsOf(server, cookie)).toBe(10);
  });

  it.each([
    ['not an image', Buffer.from('just some text, not a JPEG').toString('base64')],
    ['a truncated JPEG', fixture(LIVING_ROOM).subarray(0, 2000).toString('base64')],
  ])('refuses a staged picture that is %s with 400 before charging', async (_name, base64) => {
    const { cookie } = await signUp(server);
    const error = await errorOf(
      await apply(cookie, { stagedImageBase64: `data:image/jpeg;base64,${base64}` }),
      400,
    );
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.details).toMatchObject({ reason: 'BAD_STAGED_IMAGE' });
    expect(await creditsOf(server, cookie)).toBe(10);
  });

  it('refuses a staged picture that is no data: URL with 400', async () => {
    const { cookie } = await signUp(server);
    const error = await errorOf(
      await apply(cookie, { stagedImageBase64: 'https://example.com/staged.jpg' }),
      400,
    );
    expect(error.code).toBe('INVALID_REQUEST');
    expect(await creditsOf(server, cookie)).toBe(10);
  });

  it('refuses unknown product ids and a missing key before charging', async () => {
    const { cookie } = await signUp(server);
    const unknown = await errorOf(
      await apply(cookie, { selectedProducts: [{ id: 'sofa-gold-throne' }] }),
      400,
    );
    expect(unknown.details).toMatchObject({ reason: 'UNKNOWN_PRODUCTS', ids: ['sofa-gold-throne'] });
    const noKey = await errorOf(await apply(cookie, {}, null), 400);
    expect(noKey.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await creditsOf(server, cookie)).toBe(10);
  });
});

describe('staging failures', () => {
  it('refunds the 5 credits when rendering fails, and the key may run again', async () => {
    let fail = true;
    // A server-side renderer (as openai is): it runs when the client sends no device picture.
    const renderer: StagingRenderer = {
      name: 'openai',
      render: ({ image }) => {
        if (fail) return Promise.reject(new AiError('upstream', 'renderer broke'));
        return image.rgba(64).then((rgba) => ({ image: { kind: 'rgba', image: rgba }, description: 'ok' }));
      },
    };
    const failing = await startAiServer({ ai: { stagingRenderer: renderer } });
    try {
      const { cookie } = await signUp(failing);
      const key = randomUUID();
      const call = () =>
        post(
          failing,
          '/api/virtual-staging',
          { action: 'apply', imageBase64: photo, selectedProducts: [{ id: 'sofa-modern-mid' }] },
          { cookie, key },
        );
      const res = await call();
      expect(res.status).toBe(502);
      const body = StagingErrorBody.parse(await res.json());
      expect(body).toMatchObject({ code: 'UPSTREAM_FAILED', required: 5 });
      expect(await creditsOf(failing, cookie)).toBe(10);
      fail = false;
      expect((await call()).status).toBe(200);
      expect(await creditsOf(failing, cookie)).toBe(5);
    } finally {
      await failing.close();
    }
  });
});

describe('builtin staging renderer', () => {
  it("answers the device's picture, shrunk to 2560 px at most, and refuses to work without one", async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#806040' } })
      .jpeg()
      .toBuffer();
    const renderer = builtinStagingRenderer();
    const input = {
      image: await checkImage(testImagePool, fixture(LIVING_ROOM)),
      lines: [{ item: catalogItemById('sofa-modern-mid')!, quantity: 1 }],
      roomType: 'livingRoom',
      style: 'modern',
      signal: new AbortController().signal,
    } as const;
    const result = await renderer.render({ ...input, stagedImage: await checkImage(testImagePool, big) });
    if (result.image.kind !== 'rgba') throw new Error('builtin answers pixels');
    expect([result.image.image.width, result.image.image.height]).toEqual([2560, 1707]);
    expect(result.description).toMatch(/1 Möbelstück/);
    await expect(renderer.render(input)).rejects.toMatchObject({ code: 'STAGING_RENDERS_ON_DEVICE' });
  });
});

describe('POST /api/virtual-staging apply (openai)', () => {
  let fake: FakeOpenAI;
  let ai: TestServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    ai = await startAiServer({ env: openAiEnv(fake) });
  });
  afterAll(async () => {
    await ai.close();
    await fake.close();
  });

  it('sends one image edit carrying the photo and the shipped thumbnails of the chosen products, and charges 5', async () => {
    const { cookie } = await signUp(ai);
    const chosen = [
      { id: 'sofa-cozy-mid', quantity: 1 },
      { id: 'armchair-cozy-mid', quantity: 1 },
      { id: 'rug-cozy-mid', quantity: 1 },
    ];
    const res = await post(
      ai,
      '/api/virtual-staging',
      {
        action: 'apply',
        imageBase64: photo,
        selectedProducts: chosen,
        options: { ...OPTIONS, style: 'cozy' },
      },
      { cookie, key: randomUUID() },
    );
    expect(res.status).toBe(200);
    const body = ApplyStagingResponse.parse(await res.json());
    expect(body).toMatchObject({ provider: 'openai', creditsCharged: 5, balance: 5 });
    expect(body.description).toMatch(/3 Möbelstücken/);
    expect(fake.problems).toEqual([]);
    const edits = fake.requests.filter((r) => r.kind === 'edit');
    expect(edits).toHaveLength(1);
    const sent = edits[0]!;
    // The rug has no model and no thumbnail: it is described in words only.
    expect(sent.images?.map((i) => i.name)).toEqual([
      'room.jpg',
      'sofa-cozy-mid.png',
      'armchair-cozy-mid.png',
    ]);
    const reference = await sharp(sent.images![1]!.bytes).metadata();
    expect(reference.format).toBe('png');
    const prompt = String(sent.fields.prompt);
    expect(prompt).toMatch(/cozy style/);
    expect(prompt).toMatch(/1\. sofa \(reference image 2\): 219 x 102 x 79 cm/);
    expect(prompt).toMatch(/2\. armchair \(reference image 3\)/);
    expect(prompt).toMatch(/3\. area rug: \d+ x \d+ x \d+ cm/);
    expect(prompt).toMatch(
      /Keep the exact architecture, walls, windows, doors, floor, ceiling and camera angle unchanged/,
    );
  });

  it("answers the device's staging without an image edit when the client sends one", async () => {
    const { cookie } = await signUp(ai);
    const before = fake.requests.filter((r) => r.kind === 'edit').length;
    const res = await post(
      ai,
      '/api/virtual-staging',
      {
        action: 'apply',
        imageBase64: photo,
        stagedImageBase64: staged,
        selectedProducts: [{ id: 'sofa-cozy-mid', quantity: 1 }],
      },
      { cookie, key: randomUUID() },
    );
    expect(res.status).toBe(200);
    const body = ApplyStagingResponse.parse(await res.json());
    expect(body).toMatchObject({ provider: 'builtin', creditsCharged: 5, balance: 5 });
    expect(fake.requests.filter((r) => r.kind === 'edit').length).toBe(before);
  });
});
