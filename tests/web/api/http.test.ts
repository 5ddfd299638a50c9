// The one HTTP layer of the web app (web/api/http.ts) against a scripted server on 127.0.0.1: what a call sends,
// how a good answer is parsed, and that every way of failing arrives as an ApiFailure with its code, status
// and the catalogue's German message.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiFailure, failureMessage, type FailureCode } from '../../../web/api/errors';
import { apiConfig, apiRequest } from '../../../web/api/http';
import { t } from '../../../web/i18n/de';
import { hang, json, startFakeServer, text, type Answer, type FakeServer } from './fakeServer';

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

const Balance = z.object({ credits: z.number() });

function against(answer: Answer): void {
  apiConfig.baseUrl = server.url;
  server.answer(answer);
}

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiFailure);
  return error as ApiFailure;
}

describe('#apiRequest sends', () => {
  it('a GET without a body, asking for JSON, with the configured and the call headers', async () => {
    against(json(200, { credits: 7 }));
    apiConfig.headers = { cookie: 'session=abc' };
    await expect(
      apiRequest('/api/credits', { schema: Balance, headers: { 'x-extra': '1' } }),
    ).resolves.toEqual({
      credits: 7,
    });
    const [request] = server.received;
    expect(request).toMatchObject({ method: 'GET', path: '/api/credits' });
    expect(request!.headers).toMatchObject({
      accept: 'application/json',
      cookie: 'session=abc',
      'x-extra': '1',
    });
    expect(request!.body.length).toBe(0);
  });

  it('a plain object as a JSON POST', async () => {
    against(json(200, { credits: 1 }));
    await apiRequest('/api/x', { body: { imageDataUrls: ['a'] }, schema: Balance });
    const [request] = server.received;
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body.toString())).toEqual({ imageDataUrls: ['a'] });
  });

  it('a FormData as multipart, with its boundary and no JSON content type', async () => {
    against(json(200, { credits: 1 }));
    const form = new FormData();
    form.append('selectedModes', '["brighten"]');
    form.append(
      'image',
      new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      'bild-1.jpg',
    );
    await apiRequest('/api/x', { body: form, schema: Balance });
    const [request] = server.received;
    expect(request!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = request!.body.toString('latin1');
    expect(body).toContain('name="selectedModes"');
    expect(body).toContain('name="image"; filename="bild-1.jpg"');
  });

  it('the method it is told, even without a body', async () => {
    against(json(200, { credits: 1 }));
    await apiRequest('/api/x', { method: 'POST', schema: Balance });
    expect(server.received[0]!.method).toBe('POST');
  });
});

describe('#apiRequest fails', () => {
  it.each<[string, Answer, FailureCode, number]>([
    ['an error body', json(429, { error: 'slow down', code: 'RATE_LIMITED' }), 'RATE_LIMITED', 429],
    ['a good answer of the wrong shape', json(200, { credits: 'seven' }), 'INVALID_RESPONSE', 200],
    ['a good answer that is not JSON', text(200, 'OK', 'text/plain'), 'INVALID_RESPONSE', 200],
    ['a 402 without the error shape', text(402, ''), 'INSUFFICIENT_CREDITS', 402],
    [
      'the staging redirect (307, no Location)',
      json(307, { error: 'redirect' }),
      'VIRTUAL_STAGING_REDIRECT',
      307,
    ],
  ])('%s -> %s', async (_name, answer, code, status) => {
    against(answer);
    const failure = await failureOf(apiRequest('/api/x', { schema: Balance }));
    expect(failure).toMatchObject({ code, status });
    expect(failure.message).toBe(failureMessage(status, code, failure.details));
  });

  it('a proxy page instead of the API shape as "API Fehler (502): Unbekannter API Fehler"', async () => {
    against(text(502, '<html><body>Bad Gateway</body></html>'));
    const failure = await failureOf(apiRequest('/api/x', { body: {}, schema: Balance }));
    expect(failure).toMatchObject({ code: 'INTERNAL', status: 502 });
    expect(failure.message).toBe(t('errors.apiError', { status: 502, details: t('errors.unknown') }));
    expect(failure.message).toBe('API Fehler (502): Unbekannter API Fehler');
  });

  it('keeps creditsNeeded that the spec puts beside `error` as a detail', async () => {
    against(
      json(402, {
        error: 'no credits',
        code: 'INSUFFICIENT_CREDITS',
        creditsNeeded: 4,
        details: { credits: 1 },
      }),
    );
    const failure = await failureOf(apiRequest('/api/x', { body: {}, schema: Balance }));
    expect(failure.details).toEqual({ creditsNeeded: 4, credits: 1 });
  });

  it('no server listening as NETWORK with status 0', async () => {
    const gone = await startFakeServer();
    await gone.close();
    apiConfig.baseUrl = gone.url;
    const failure = await failureOf(apiRequest('/api/x', { schema: Balance }));
    expect(failure).toMatchObject({ code: 'NETWORK', status: 0, message: failureMessage(0, 'NETWORK') });
  });

  it('a call cancelled while the server is still thinking as ABORTED', async () => {
    against(hang);
    const controller = new AbortController();
    const call = apiRequest('/api/x', { schema: Balance, signal: controller.signal });
    await expect.poll(() => server.received.length).toBe(1);
    controller.abort();
    expect(await failureOf(call)).toMatchObject({ code: 'ABORTED', status: 0 });
  });

  it('a call cancelled before it started as ABORTED, without sending anything', async () => {
    against(json(200, { credits: 1 }));
    const controller = new AbortController();
    controller.abort();
    const failure = await failureOf(apiRequest('/api/x', { schema: Balance, signal: controller.signal }));
    expect(failure.code).toBe('ABORTED');
    expect(server.received).toHaveLength(0);
  });
});
