// POST /api/analyze-image over real HTTP: free and open to visitors; the builtin provider with the room detector,
// with an injected detector, or with image statistics only; the openai provider through the fake OpenAI server
// (vision chat with a json_schema response format). The combined analysis follows core/catalog's rules.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommendModes, ROOM_TYPES } from '../../core/catalog';
import { AnalyzeResponse } from '../../core/contract/analyze';
import { ApiErrorBody } from '../../core/contract/errors';
import { BuiltinProvider } from '../../server/ai/builtin';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fakeOpenAI';
import type { TestServer } from '../helpers/startServer';
import { testImagePool } from '../helpers/testImagePool';
import { dataUrl, fixture, openAiEnv, post, startAiServer } from './ai.helpers';

/** Blue sky over a green lawn, with a little noise so JPEG keeps it natural. */
async function outdoorJpeg(): Promise<Buffer> {
  const width = 120;
  const height = 90;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = ((x * 7 + y * 13) % 11) - 5;
      const [r, g, b] = y < height * 0.45 ? [110, 165, 230] : [60, 135, 50];
      data[i] = r + n;
      data[i + 1] = g + n;
      data[i + 2] = b + n;
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** Beige walls over a brown floor: an interior as far as colours go. */
async function indoorJpeg(): Promise<Buffer> {
  const width = 120;
  const height = 90;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const [r, g, b] = y < height * 0.6 ? [200, 188, 168] : [120, 90, 60];
      data.set([r, g, b], i);
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

async function analyze(server: TestServer, images: Buffer[]): Promise<AnalyzeResponse> {
  const res = await post(server, '/api/analyze-image', { imageDataUrls: images.map((b) => dataUrl(b)) });
  expect(res.status).toBe(200);
  return AnalyzeResponse.parse(await res.json());
}

describe('POST /api/analyze-image (builtin)', () => {
  let statsOnly: TestServer;
  beforeAll(async () => {
    statsOnly = await startAiServer({
      ai: { provider: new BuiltinProvider({ pool: testImagePool, detectRoom: null }) },
    });
  });
  afterAll(async () => {
    await statsOnly.close();
  });

  it('tells outdoors from indoors by statistics alone, for a visitor, and says how it knows', async () => {
    const body = await analyze(statsOnly, [await outdoorJpeg(), await indoorJpeg()]);
    expect(body.provider).toBe('builtin');
    expect(body.individualAnalyses.map((a) => a.roomType)).toEqual(['exterior', 'general']);
    expect(body.individualAnalyses[0]?.description).toMatch(
      /^Offline-Analyse ohne KI \(raumglanz builtin\): Außenbereich \(aus Bildstatistik geschätzt\), mittlere Helligkeit \d+ %/,
    );
    expect(body.analysis).toMatchObject({
      roomType: 'mixed',
      roomTypes: ['exterior', 'general'],
      hasMixedRooms: true,
      recommendedModes: recommendModes('mixed', {}),
    });
    // The combination is data only: the client words the rooms ('Erkannt: …') from roomTypes.
    expect(body.analysis).not.toHaveProperty('description');
  });

  it('uses the room detector when there is one, and recommends from what it saw', async () => {
    const detector = await startAiServer({
      ai: {
        provider: new BuiltinProvider({
          pool: testImagePool,
          detectRoom: async () => ({
            roomType: 'bedroom',
            confidence: 0.9,
            visibleElements: {
              hasPillows: true,
              hasBed: true,
              hasTV: false,
              hasAppliances: false,
              hasCountertops: false,
              hasToiletries: false,
              hasClutter: true,
            },
          }),
        }),
      },
    });
    try {
      const body = await analyze(detector, [await indoorJpeg(), await indoorJpeg()]);
      expect(body.analysis).toMatchObject({ roomType: 'bedroom', roomTypes: ['bedroom'] });
      expect(body.individualAnalyses.map((a) => a.roomType)).toEqual(['bedroom', 'bedroom']);
      expect(body.analysis.recommendedModes).toEqual(
        recommendModes('bedroom', { hasBed: true, hasPillows: true, hasClutter: true }),
      );
      expect(body.analysis.recommendedModes).toContain('declutter');
      expect(body.individualAnalyses[0]?.description).toMatch(/\(Objekterkennung auf dem Server\)/);
    } finally {
      await detector.close();
    }
  });

  it('runs the real on-device room detector in Node by default', async () => {
    const real = await startAiServer();
    try {
      const body = await analyze(real, [fixture('rooms/kitchen/1_kitchen.jpg')]);
      const [only] = body.individualAnalyses;
      expect(ROOM_TYPES).toContain(only?.roomType);
      expect(only?.description).toMatch(/\(Objekterkennung auf dem Server\)/);
    } finally {
      await real.close();
    }
  }, 60_000);

  it('refuses a remote URL and a missing list with 400', async () => {
    for (const body of [{ imageDataUrls: ['https://example.com/a.jpg'] }, {}]) {
      const res = await post(statsOnly, '/api/analyze-image', body);
      expect(res.status).toBe(400);
      expect(ApiErrorBody.parse(await res.json()).code).toBe('INVALID_REQUEST');
    }
  });
});

describe('POST /api/analyze-image (openai)', () => {
  let fake: FakeOpenAI;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startAiServer({ env: openAiEnv(fake) });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('asks the vision model with a json_schema and combines its per-image answers', async () => {
    // As the device sends it: downscaled to 1024 px (the server refuses more pixels for an analysis).
    const photo = await sharp(fixture('photos/IMG_20180725_163423.jpg'))
      .resize(1024, 1024, { fit: 'inside' })
      .jpeg()
      .toBuffer();
    const body = await analyze(server, [photo, await indoorJpeg()]);
    expect(body.provider).toBe('openai');
    expect(body.individualAnalyses.map((a) => a.roomType)).toEqual(['bedroom', 'kitchen']);
    expect(body.individualAnalyses[0]?.description).toMatch(/\(Analyse: OpenAI gpt-4o-mini\)$/);
    expect(body.analysis).toMatchObject({ roomType: 'mixed', hasMixedRooms: true });
    expect(body.analysis.visibleElements).toMatchObject({
      hasBed: true,
      hasAppliances: true,
      hasClutter: true,
    });

    const [chat] = fake.requests.filter((r) => r.kind === 'chat');
    const sent = chat?.fields as {
      model: string;
      response_format: { type: string; json_schema: { name: string; strict: boolean } };
      messages: { role: string; content: unknown }[];
    };
    expect(sent.model).toBe('gpt-4o-mini');
    expect(sent.response_format.json_schema).toMatchObject({ name: 'room_analysis', strict: true });
    const parts = (sent.messages[1]?.content ?? []) as {
      type: string;
      image_url?: { url: string; detail: string };
    }[];
    const images = parts.filter((p) => p.type === 'image_url');
    expect(images).toHaveLength(2);
    for (const part of images) {
      expect(part.image_url?.detail).toBe('low');
      const bytes = Buffer.from(part.image_url?.url.split(',')[1] ?? '', 'base64');
      const meta = await sharp(bytes).metadata();
      // Small, and the GPS of the phone photo never left the server.
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(768);
      expect(meta.exif).toBeUndefined();
    }
    expect(fake.problems).toEqual([]);
  });

  it('answers 503 AI_BUSY when the model is rate-limited', async () => {
    fake.script('chat', { status: 429 });
    const res = await post(server, '/api/analyze-image', { imageDataUrls: [dataUrl(await indoorJpeg())] });
    expect(res.status).toBe(503);
    expect(ApiErrorBody.parse(await res.json()).code).toBe('AI_BUSY');
  });
});
