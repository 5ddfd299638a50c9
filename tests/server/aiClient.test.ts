// The web client of the AI calls (web/api: http.ts, ai.ts, errors.ts) against the real server over loopback:
// answers arrive parsed per image, every failure arrives as an ApiFailure with the German catalogue message,
// and the mapping table covers every code the server can send.
import { Router } from 'express';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../core/contract/errorCodes';
import { BuiltinProvider } from '../../server/ai/builtin';
import {
  analyzeImages,
  asImageUrl,
  enhanceImages,
  generateSuggestions,
  implementSuggestions,
} from '../../web/api/ai';
import { newIdempotencyKey } from '../../web/api/idempotencyKey';
import {
  ApiFailure,
  ERROR_MESSAGES,
  failureMessage,
  TECHNICAL_CODES,
  type FailureCode,
} from '../../web/api/errors';
import { apiConfig, toApiFailure } from '../../web/api/http';
import { startTestServer, type TestServer } from '../helpers/startServer';
import { testImagePool } from '../helpers/testImagePool';
import { dataUrl, testJpeg } from './ai.helpers';
import { signUp } from './auth.helpers';

/** Routes that answer the way broken proxies and servers do. */
function oddRouter(): Router {
  const router = Router();
  router.post('/odd/html-502', (_req, res) => {
    res.status(502).type('html').send('<html><body>Bad Gateway</body></html>');
  });
  router.post('/enhance-odd', (_req, res) => {
    res.json({ ok: true });
  });
  return router;
}

let server: TestServer;
let cookie: string;
let photo: Buffer;

beforeAll(async () => {
  server = await startTestServer({
    env: { AUTH_RATE_LIMIT: 10_000 },
    deps: {
      ai: { provider: new BuiltinProvider({ pool: testImagePool, detectRoom: null }) },
      routers: [oddRouter()],
    },
  });
  cookie = (await signUp(server)).cookie;
  photo = await testJpeg({ level: 60 });
});

afterAll(async () => {
  await server.close();
});

function asVisitor(): void {
  apiConfig.baseUrl = server.url;
  apiConfig.headers = { origin: server.url };
}
function asUser(): void {
  apiConfig.baseUrl = server.url;
  apiConfig.headers = { origin: server.url, cookie };
}
afterEach(() => {
  apiConfig.baseUrl = '';
  apiConfig.headers = {};
});

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiFailure);
  return error as ApiFailure;
}

const signal = () => new AbortController().signal;
const blob = () => new Blob([new Uint8Array(photo)], { type: 'image/jpeg' });
/** Every paid server mode the builtin provider can do (its removals): 7 credits per photo. */
const EXPENSIVE = [
  'declutter',
  'generalDeclutter',
  'cleanup',
  'declutterSurfaces',
  'cleanCounters',
  'entertainmentTidy',
];

describe('web/api/ai', () => {
  it('enhances files and reports each image with its description (a builtin approximation: free)', async () => {
    asUser();
    const result = await enhanceImages(signal(), {
      files: [blob(), blob()],
      selectedModes: ['curbAppeal', 'warmerTones'],
      totalEnhancements: 0,
      idempotencyKey: newIdempotencyKey(),
    });
    expect(result).toMatchObject({ provider: 'builtin', creditsCharged: 0, balance: null });
    expect(result.images).toHaveLength(2);
    for (const image of result.images) {
      expect(image.ok).toBe(true);
      if (!image.ok) continue;
      expect(image.url).toMatch(/^data:image\/jpeg;base64,/);
      // What was done, shown under the photo; no provider name reaches the user.
      expect(image.description).toMatch(/^Erster Eindruck \(/);
      expect((await sharp(Buffer.from(image.url.split(',')[1] ?? '', 'base64')).metadata()).format).toBe(
        'jpeg',
      );
    }
  });

  it.each<[string, () => void, string[], FailureCode, number, string]>([
    [
      'a visitor asking for paid work',
      asVisitor,
      ['declutter'],
      'UNAUTHENTICATED',
      401,
      'Bitte melde dich an, um diese Funktion zu nutzen.',
    ],
    [
      'a mode the server cannot do',
      asUser,
      ['hotelBed'],
      'AI_UNAVAILABLE',
      422,
      'Diese Optimierung braucht den KI-Dienst, der auf diesem Server nicht eingerichtet ist.',
    ],
    [
      'cozyFurnishing',
      asUser,
      ['cozyFurnishing'],
      'VIRTUAL_STAGING_REDIRECT',
      307,
      'Virtuell einrichten: Bitte wähle genau ein Bild zum virtuellen Einrichten aus',
    ],
    ['too few credits', asUser, EXPENSIVE, 'INSUFFICIENT_CREDITS', 402, 'Nicht genügend Credits'],
  ])('turns %s into an ApiFailure in German', async (_name, who, modes, code, status, message) => {
    who();
    const failure = await failureOf(
      enhanceImages(signal(), {
        files: [blob(), blob()],
        selectedModes: modes,
        idempotencyKey: newIdempotencyKey(),
      }),
    );
    expect({ code: failure.code, status: failure.status, message: failure.message }).toEqual({
      code,
      status,
      message,
    });
  });

  it('gives the staging redirect and the missing credits as details', async () => {
    asUser();
    const staging = await failureOf(
      enhanceImages(signal(), {
        files: [blob()],
        selectedModes: ['cozyFurnishing'],
        idempotencyKey: newIdempotencyKey(),
      }),
    );
    expect(staging.details).toEqual({ redirectTo: 'virtual-staging' });
    const poor = await failureOf(
      enhanceImages(signal(), {
        files: [blob(), blob()],
        selectedModes: EXPENSIVE,
        idempotencyKey: newIdempotencyKey(),
      }),
    );
    expect(poor.details).toEqual({ creditsNeeded: 14, credits: 10 });
  });

  it('analyses, suggests and implements as a visitor on builtin', async () => {
    asVisitor();
    const url = dataUrl(photo);
    const analysis = await analyzeImages(signal(), [url]);
    expect(analysis.individualAnalyses).toHaveLength(1);
    const generated = await generateSuggestions(signal(), { imageDataUrls: [url], roomTypes: ['kitchen'] });
    const light = generated.suggestions.find((s) => s.title === 'Mehr Licht ins Bild bringen');
    expect(light).toBeDefined();
    const final = await implementSuggestions(signal(), {
      imageUrls: [url],
      suggestions: [`${light?.title}: ${light?.description}`],
      idempotencyKey: newIdempotencyKey(),
    });
    expect(final).toMatchObject({ provider: 'builtin', creditsCharged: 0, balance: null });
    expect(final.images[0]).toMatchObject({
      ok: true,
      url: expect.stringMatching(/^data:image\/jpeg;base64,/),
    });
  });

  it('reports no network, a cancelled call and an odd answer in German', async () => {
    apiConfig.baseUrl = 'http://127.0.0.1:9';
    const offline = await failureOf(analyzeImages(signal(), [dataUrl(photo)]));
    expect(offline).toMatchObject({ status: 0, code: 'NETWORK' });
    expect(offline.message).toBe('Keine Verbindung zum Server. Bitte prüfe deine Internetverbindung.');

    asVisitor();
    const controller = new AbortController();
    const pending = analyzeImages(controller.signal, [dataUrl(photo)]);
    controller.abort();
    expect((await failureOf(pending)).code).toBe('ABORTED');

    const html = await failureOf(
      (async () => {
        const { apiRequest } = await import('../../web/api/http');
        const { z } = await import('zod');
        return apiRequest('/api/odd/html-502', { body: {}, schema: z.unknown() });
      })(),
    );
    expect(html.message).toBe('API Fehler (502): Unbekannter API Fehler');
  });
});

describe('the error catalogue (web/api/errors)', () => {
  it('has a German text for every server code', () => {
    for (const code of API_ERROR_CODES) {
      const message = failureMessage(500, code);
      expect(ERROR_MESSAGES[code], code).toMatch(/^errors\./);
      expect(message, code).not.toMatch(/^errors\.|undefined|\{/);
    }
  });

  it.each<[FailureCode, number, string]>([
    ['INSUFFICIENT_CREDITS', 402, 'Nicht genügend Credits'],
    ['UNSUPPORTED_IMAGE', 415, 'Nicht unterstütztes Format'],
    ['FILE_TOO_LARGE', 413, 'Datei zu groß (max 10MB)'],
    ['TOO_MANY_FILES', 413, 'Zu viele Bilder auf einmal (höchstens 30).'],
    ['IMAGE_TOO_LARGE', 413, 'Das Bild hat zu viele Pixel (höchstens 50 Megapixel).'],
    ['INTERNAL', 500, 'API Fehler (500): Auf dem Server ist ein Fehler aufgetreten.'],
    [
      'UPSTREAM_FAILED',
      502,
      'API Fehler (502): Der KI-Dienst hat einen Fehler gemeldet. Bitte versuche es erneut.',
    ],
    ['NO_ENHANCED_IMAGE', 200, 'Keine optimierte Bild-URL erhalten'],
    ['NO_FINAL_IMAGES', 200, 'Keine finalen Bilder erhalten'],
    ['RATE_LIMITED', 429, 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.'],
    ['NOT_IMPLEMENTED', 501, 'Diese Funktion kommt bald!'],
  ])('%s (%i) reads %j', (code, status, message) => {
    expect(failureMessage(status, code)).toBe(message);
  });

  it('shows only system faults in the "API Fehler (status)" form', () => {
    for (const code of Object.keys(ERROR_MESSAGES) as FailureCode[]) {
      expect(failureMessage(418, code).startsWith('API Fehler (418): '), code).toBe(
        TECHNICAL_CODES.has(code),
      );
    }
  });

  it.each<[string, number, unknown, FailureCode, Record<string, unknown>]>([
    ['an API error body', 422, { error: 'x', code: 'AI_REFUSED' }, 'AI_REFUSED', {}],
    [
      'a 402 with creditsNeeded beside error',
      402,
      { error: 'Insufficient credits', creditsNeeded: 4 },
      'INSUFFICIENT_CREDITS',
      {},
    ],
    [
      "the spec's redirect body",
      307,
      { error: 'redirect', redirectTo: 'virtual-staging' },
      'VIRTUAL_STAGING_REDIRECT',
      { redirectTo: 'virtual-staging' },
    ],
    ['an unknown code', 500, { error: 'x', code: 'SOMETHING_NEW' }, 'INTERNAL', {}],
    ['no body', 503, undefined, 'INTERNAL', {}],
  ])('reads %s', (_name, status, body, code, details) => {
    const failure = toApiFailure(status, body);
    expect(failure.code).toBe(code);
    expect(failure.details).toEqual(details);
  });

  it('adds the JPEG prefix to a bare base64 result (SPEC section 3)', () => {
    expect(asImageUrl('/9j/4AAQ')).toBe('data:image/jpeg;base64,/9j/4AAQ');
    expect(asImageUrl('data:image/png;base64,iVBO')).toBe('data:image/png;base64,iVBO');
  });
});
