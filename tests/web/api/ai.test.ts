// The typed AI calls (web/api/ai.ts) against a scripted server on 127.0.0.1: the form and headers each call
// sends, and how each answer becomes one outcome per image (a data: URL or an ApiFailure with German text).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../core/contract/enhance';
import { analyzeImages, enhanceImages, generateSuggestions, implementSuggestions } from '../../../web/api/ai';
import { newIdempotencyKey } from '../../../web/api/idempotencyKey';
import { ApiFailure, failureMessage, imageFailure } from '../../../web/api/errors';
import { apiConfig } from '../../../web/api/http';
import { t } from '../../../web/i18n/de';
import { json, startFakeServer, type FakeServer } from './fakeServer';

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

const signal = () => new AbortController().signal;
const photo = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
const JPEG_URL = 'data:image/jpeg;base64,/9j/';

function answering(status: number, body: unknown): void {
  apiConfig.baseUrl = server.url;
  server.answer(json(status, body));
}

/** The multipart fields of the last request: name -> value (files as `file:<filename>`). */
function formFields(): Record<string, string[]> {
  const request = server.received.at(-1)!;
  const boundary = /boundary=(.+)$/.exec(request.headers['content-type'] ?? '')![1]!;
  const fields: Record<string, string[]> = {};
  for (const part of request.body.toString('latin1').split(`--${boundary}`)) {
    const name = /name="([^"]+)"/.exec(part)?.[1];
    if (!name) continue;
    const file = /filename="([^"]+)"/.exec(part)?.[1];
    const value = file ? `file:${file}` : part.slice(part.indexOf('\r\n\r\n') + 4, part.lastIndexOf('\r\n'));
    (fields[name] ??= []).push(value);
  }
  return fields;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiFailure);
  return error as ApiFailure;
}

describe('#enhanceImages', () => {
  const single = { description: 'Heller', provider: 'builtin', creditsCharged: 1, balance: 9 };

  it('sends one photo as `image` with the modes, room and key; a bare base64 result gets the JPEG prefix', async () => {
    answering(200, { enhanced_image_base64: '/9j/AAAA', ...single });
    const key = newIdempotencyKey();
    const result = await enhanceImages(signal(), {
      files: [photo()],
      selectedModes: ['curbAppeal'],
      roomType: 'exterior',
      totalEnhancements: 1,
      idempotencyKey: key,
    });
    expect(server.received[0]!.path).toBe('/api/enhance-image');
    expect(server.received[0]!.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]).toBe(key);
    expect(formFields()).toEqual({
      image: ['file:bild-1.jpg'],
      selectedModes: ['["curbAppeal"]'],
      roomType: ['exterior'],
      totalEnhancements: ['1'],
    });
    expect(result).toEqual({
      images: [{ ok: true, url: 'data:image/jpeg;base64,/9j/AAAA', description: 'Heller' }],
      provider: 'builtin',
      creditsCharged: 1,
      balance: 9,
    });
  });

  it('sends several photos as `images`; a failed one carries its German failure and the refund', async () => {
    const failed = { code: 'AI_BUSY', error: 'busy' } as const;
    answering(200, {
      enhanced_images_base64: [JPEG_URL, null],
      descriptions: ['Heller', null],
      errors: [null, failed],
      provider: 'openai',
      creditsCharged: 1,
      balance: 8,
    });
    const result = await enhanceImages(signal(), {
      files: [photo(), photo()],
      selectedModes: ['declutter'],
      idempotencyKey: newIdempotencyKey(),
    });
    expect(formFields().images).toEqual(['file:bild-1.jpg', 'file:bild-2.jpg']);
    expect(result.images[0]).toEqual({ ok: true, url: JPEG_URL, description: 'Heller' });
    const second = result.images[1]!;
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(second.failure).toMatchObject({ code: 'AI_BUSY', details: { creditsRefunded: true } });
    expect(second.failure.message).toBe(imageFailure(failed, true).message);
    expect(second.failure.message).toContain(t('errors.refunded'));
  });

  it('sends data: URLs as a JSON list in `imageUrls`', async () => {
    answering(200, { enhanced_image_base64: JPEG_URL, ...single });
    await enhanceImages(signal(), {
      imageUrls: [JPEG_URL],
      selectedModes: ['declutter'],
      idempotencyKey: 'k',
    });
    expect(formFields().imageUrls).toEqual([JSON.stringify([JPEG_URL])]);
  });

  it('an answer with neither image field is NO_ENHANCED_IMAGE', async () => {
    answering(200, { provider: 'builtin', creditsCharged: 0, balance: null });
    const failure = await failureOf(
      enhanceImages(signal(), { files: [photo()], selectedModes: ['declutter'], idempotencyKey: 'k' }),
    );
    expect(failure).toMatchObject({
      code: 'NO_ENHANCED_IMAGE',
      message: failureMessage(200, 'NO_ENHANCED_IMAGE'),
    });
  });

  it('a batch answer of the wrong shape is INVALID_RESPONSE', async () => {
    answering(200, { enhanced_images_base64: 'not a list' });
    const failure = await failureOf(
      enhanceImages(signal(), {
        files: [photo(), photo()],
        selectedModes: ['declutter'],
        idempotencyKey: 'k',
      }),
    );
    expect(failure.code).toBe('INVALID_RESPONSE');
  });

  it('too few credits throws with what was needed', async () => {
    answering(402, {
      error: 'credits',
      code: 'INSUFFICIENT_CREDITS',
      details: { creditsNeeded: 3, credits: 1 },
    });
    const failure = await failureOf(
      enhanceImages(signal(), { files: [photo()], selectedModes: ['declutter'], idempotencyKey: 'k' }),
    );
    expect(failure).toMatchObject({
      status: 402,
      code: 'INSUFFICIENT_CREDITS',
      details: { creditsNeeded: 3 },
    });
  });
});

describe('#implementSuggestions', () => {
  const request = {
    imageUrls: [JPEG_URL, JPEG_URL],
    suggestions: ['Kissen richten'],
    idempotencyKey: 'key-1',
  };
  const answer = (provider: 'openai' | 'builtin') => ({
    finalImageUrls: ['/9j/BBBB', null],
    descriptions: ['Kissen gerichtet', null],
    errors: [null, { code: 'AI_REFUSED', error: 'filter' }],
    provider,
    creditsCharged: provider === 'openai' ? 1 : 0,
    balance: 5,
  });

  it('sends the request as JSON with the key as a header, not in the body', async () => {
    answering(200, answer('openai'));
    await implementSuggestions(signal(), request);
    const received = server.received[0]!;
    expect(received.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]).toBe('key-1');
    expect(JSON.parse(received.body.toString())).toEqual({
      imageUrls: request.imageUrls,
      suggestions: request.suggestions,
    });
  });

  it.each([
    ['openai', true],
    ['builtin', false],
  ] as const)('on %s a failed image says refunded: %s', async (provider, refunded) => {
    answering(200, answer(provider));
    const result = await implementSuggestions(signal(), request);
    expect(result.images[0]).toEqual({
      ok: true,
      url: 'data:image/jpeg;base64,/9j/BBBB',
      description: 'Kissen gerichtet',
    });
    const second = result.images[1]!;
    if (second.ok) throw new Error('expected a failure');
    expect(second.failure.code).toBe('AI_REFUSED');
    expect(second.failure.message.includes(t('errors.refunded'))).toBe(refunded);
  });

  it('passes on which lines each image really got, or null when the server did not say', async () => {
    answering(200, { ...answer('builtin'), applied: [[0], []] });
    expect((await implementSuggestions(signal(), request)).applied).toEqual([[0], []]);
    answering(200, answer('builtin'));
    expect((await implementSuggestions(signal(), request)).applied).toBeNull();
  });

  it('one photo that failed throws its own failure, not only that no image came back', async () => {
    answering(200, {
      ...answer('openai'),
      finalImageUrls: [null],
      descriptions: [null],
      errors: [{ code: 'AI_REFUSED', error: 'filter' }],
    });
    const failure = await failureOf(implementSuggestions(signal(), { ...request, imageUrls: [JPEG_URL] }));
    expect(failure.code).toBe('AI_REFUSED');
    expect(failure.message.includes(t('errors.refunded'))).toBe(true);
  });

  it('not a single image back is NO_FINAL_IMAGES', async () => {
    answering(200, { ...answer('openai'), finalImageUrls: [null, null] });
    const failure = await failureOf(implementSuggestions(signal(), request));
    expect(failure).toMatchObject({
      code: 'NO_FINAL_IMAGES',
      message: failureMessage(200, 'NO_FINAL_IMAGES'),
    });
  });
});

describe('the JSON calls', () => {
  it('analyzeImages posts the data URLs and returns the parsed analysis', async () => {
    const elements = {
      hasPillows: false,
      hasBed: false,
      hasTV: false,
      hasAppliances: true,
      hasCountertops: true,
      hasToiletries: false,
      hasClutter: false,
    };
    const analysis = {
      analysis: {
        roomType: 'kitchen',
        roomTypes: ['kitchen'],
        hasMixedRooms: false,
        recommendedModes: ['cleanCounters'],
        visibleElements: elements,
      },
      individualAnalyses: [
        { roomType: 'kitchen', confidence: 0.9, visibleElements: elements, description: 'Küche' },
      ],
      provider: 'builtin',
    };
    answering(200, analysis);
    const result = await analyzeImages(signal(), [JPEG_URL]);
    expect(server.received[0]).toMatchObject({ method: 'POST', path: '/api/analyze-image' });
    expect(JSON.parse(server.received[0]!.body.toString())).toEqual({ imageDataUrls: [JPEG_URL] });
    expect(result).toEqual(analysis);
  });

  it('generateSuggestions posts the photos and room types', async () => {
    answering(200, { text: 'Idee', suggestions: [], provider: 'builtin' });
    const result = await generateSuggestions(signal(), { imageDataUrls: [JPEG_URL], roomTypes: ['kitchen'] });
    expect(server.received[0]!.path).toBe('/api/generate-suggestions');
    expect(JSON.parse(server.received[0]!.body.toString())).toEqual({
      imageDataUrls: [JPEG_URL],
      roomTypes: ['kitchen'],
    });
    expect(result.suggestions).toEqual([]);
  });
});
