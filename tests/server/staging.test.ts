// POST /api/virtual-staging on the real app with a real SQLite file and real accounts: 'analyze' (products for
// room, style and budget, affiliate links, the credit gate), 'apply' (server prices, the 5-credit charge once per
// Idempotency-Key, the refund when rendering fails), the validation errors with `required`, the builtin render
// (a real living-room fixture; only the placed regions change) and the openai render through the fake OpenAI
// server (the edit carries the photo and the chosen products' pictures).
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
import { catalogItemById, type PixelBox } from '../../core/staging';
import { AiError } from '../../server/ai/errors';
import { builtinStagingRenderer } from '../../server/ai/staging/builtin';
import type { StagingRenderer } from '../../server/ai/staging';
import { createCreditsService } from '../../server/services/credits';
import { checkImage, decodeRgba } from '../../server/services/images';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fakeOpenAI';
import type { TestServer } from '../helpers/startServer';
import { bytesOf, dataUrl, fixture, openAiEnv, post, startAiServer } from './ai.helpers';
import { creditsOf, signUp } from './auth.helpers';

const LIVING_ROOM = 'rooms/living_room/Places365_val_00000785.jpg';
const OPTIONS = { style: 'modern', budget: { min: 0, max: 2000 }, roomType: 'livingRoom' } as const;

let server: TestServer;
let photo: string;

beforeAll(async () => {
  server = await startAiServer({ env: { AFFILIATE_TAG: 'raumglanz-21' } });
  photo = dataUrl(fixture(LIVING_ROOM));
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
    for (const p of body.products) {
      expect(new URL(p.product.link).searchParams.get('tag')).toBe('raumglanz-21');
      expect(p.product.image).toMatch(/^\/products\/.+\.svg$/);
      expect(p.recommendation.germanName.length).toBeGreaterThan(0);
    }
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
    await createCreditsService(server.db).charge({
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

describe('POST /api/virtual-staging apply (builtin)', () => {
  it('furnishes the photo, charges 5 credits once per key and answers the list at the server prices', async () => {
    const { cookie } = await signUp(server);
    const { products } = await analyze(cookie);
    const chosen = ticked(products);
    // A client that sends prices and links back is not believed: only ids and counts are read.
    const tampered = chosen.map((p) => ({ ...p, price: 1, link: 'https://evil.example/' }));
    const key = randomUUID();
    const call = () =>
      post(
        server,
        '/api/virtual-staging',
        { action: 'apply', imageBase64: photo, selectedProducts: tampered, options: OPTIONS },
        { cookie, key },
      );
    const started = performance.now();
    const res = await call();
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    const body = ApplyStagingResponse.parse(await res.json());
    expect(body).toMatchObject({ provider: 'builtin', creditsCharged: 5, balance: 5 });
    expect(body.description).toMatch(/Visualisierung/);
    expect(body.description).toMatch(/\d+ Möbelstück/);
    const expectedTotal = chosen.reduce(
      (sum, p) => sum + catalogItemById(p.id)!.priceCents * (p.quantity ?? 1),
      0,
    );
    expect(body.shoppingList.totalPrice).toBe(expectedTotal);
    expect(body.shoppingList.items.map((i) => i.id)).toEqual(chosen.map((p) => p.id));
    for (const item of body.shoppingList.items) {
      expect(new URL(item.link).hostname).toBe('www.amazon.de');
      expect(new URL(item.link).searchParams.get('tag')).toBe('raumglanz-21');
    }
    expect(body.shoppingList.affiliateDisclaimer).toMatch(/Affiliate/);
    expect(body.shoppingList.virtualNote).toMatch(/virtuell eingerichtet/);
    const staged = await sharp(bytesOf(body.stagedImageUrl)).metadata();
    expect(staged.format).toBe('jpeg');
    console.info(`builtin staging of ${LIVING_ROOM}: ${Math.round(ms)} ms`);

    // The same key again: the same answer, no second charge.
    const again = ApplyStagingResponse.parse(await (await call()).json());
    expect(again.stagedImageUrl).toBe(body.stagedImageUrl);
    expect(await creditsOf(server, cookie)).toBe(5);
    // A new key is a new staging.
    const other = await post(
      server,
      '/api/virtual-staging',
      { action: 'apply', imageBase64: photo, selectedProducts: chosen, options: OPTIONS },
      { cookie, key: randomUUID() },
    );
    expect(other.status).toBe(200);
    expect(await creditsOf(server, cookie)).toBe(0);
  }, 60_000);

  it('refuses unknown product ids and a missing key before charging', async () => {
    const { cookie } = await signUp(server);
    const unknown = await errorOf(
      await post(
        server,
        '/api/virtual-staging',
        { action: 'apply', imageBase64: photo, selectedProducts: [{ id: 'sofa-gold-throne' }] },
        { cookie, key: randomUUID() },
      ),
      400,
    );
    expect(unknown.details).toMatchObject({ reason: 'UNKNOWN_PRODUCTS', ids: ['sofa-gold-throne'] });
    const noKey = await errorOf(
      await post(
        server,
        '/api/virtual-staging',
        { action: 'apply', imageBase64: photo, selectedProducts: [{ id: 'sofa-modern-mid' }] },
        { cookie },
      ),
      400,
    );
    expect(noKey.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await creditsOf(server, cookie)).toBe(10);
  });
});

describe('staging failures', () => {
  it('refunds the 5 credits when rendering fails, and the key may run again', async () => {
    let fail = true;
    const renderer: StagingRenderer = {
      name: 'builtin',
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
  it('changes only the regions where it placed pieces (pictures, shadows, cords)', async () => {
    const png = await sharp(fixture(LIVING_ROOM)).png().toBuffer();
    const image = await checkImage(png);
    const lines = ['sofa-modern-mid', 'coffeeTable-modern-mid', 'rug-modern-mid', 'floorLamp-modern-mid']
      .map((id) => catalogItemById(id))
      .filter((item) => item !== undefined)
      .map((item) => ({ item, quantity: 1 }));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const renderer = builtinStagingRenderer({ detectFurniture: null });
    const result = await renderer.render({
      image,
      lines,
      roomType: 'livingRoom',
      style: 'modern',
      signal: new AbortController().signal,
    });
    if (result.image.kind !== 'rgba') throw new Error('builtin answers pixels');
    const out = result.image.image;
    const before = await decodeRgba(png);
    expect([out.width, out.height]).toEqual([before.width, before.height]);
    const boxes: PixelBox[] = result.changedBoxes ?? [];
    expect(boxes.length).toBeGreaterThan(0);
    const inside = (x: number, y: number) =>
      boxes.some(
        (b) =>
          x >= Math.floor(b.x) &&
          x < Math.ceil(b.x + b.width) &&
          y >= Math.floor(b.y) &&
          y < Math.ceil(b.y + b.height),
      );
    let changed = 0;
    let outsideChanged = 0;
    for (let y = 0; y < out.height; y++) {
      for (let x = 0; x < out.width; x++) {
        const i = (y * out.width + x) * 4;
        const differs =
          out.data[i] !== before.data[i] ||
          out.data[i + 1] !== before.data[i + 1] ||
          out.data[i + 2] !== before.data[i + 2];
        if (!differs) continue;
        changed++;
        if (!inside(x, y)) outsideChanged++;
      }
    }
    expect(changed).toBeGreaterThan(out.width * out.height * 0.03);
    expect(outsideChanged).toBe(0);
    expect(result.description).toMatch(/^Visualisierung ohne KI/);
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

  it('sends one image edit carrying the photo and the chosen products, and charges 5', async () => {
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
    expect(sent.images?.map((i) => i.name)).toEqual([
      'room.jpg',
      'sofa-cozy-mid.png',
      'armchair-cozy-mid.png',
      'rug-cozy-mid.png',
    ]);
    const reference = await sharp(sent.images![1]!.bytes).metadata();
    expect(reference.format).toBe('png');
    expect(reference.hasAlpha).toBe(true);
    const prompt = String(sent.fields.prompt);
    expect(prompt).toMatch(/cozy style/);
    expect(prompt).toMatch(/1\. sofa \(reference image 2\)/);
    expect(prompt).toMatch(
      /Keep the exact architecture, walls, windows, doors, floor, ceiling and camera angle unchanged/,
    );
  });
});
