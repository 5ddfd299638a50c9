// The app over real HTTP on 127.0.0.1: health, the one error shape, security headers and the access log.
import { readFileSync } from 'node:fs';
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiErrorBody } from '../../core/contract/errors';
import { HealthResponse } from '../../core/contract/health';
import { ApiError, toErrorResponse } from '../../server/errors';
import { createLogger } from '../../server/logger';
import { IMAGE_JSON_LIMIT, jsonBody, SMALL_JSON_LIMIT } from '../../server/middleware/jsonBody';
import { answerToPartialBody } from '../helpers/partialBody';
import { startTestServer, type TestServer } from '../helpers/startServer';

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

// Probe routes that fail in each way a real route can, mounted through the app's extension point.
function probeRouter(): Router {
  const router = Router();
  const Echo = z.object({ name: z.string().min(1), count: z.number().int() });
  router.post('/probe/echo', jsonBody(IMAGE_JSON_LIMIT), (req, res) => {
    res.json(Echo.parse(req.body));
  });
  router.post('/probe/small', jsonBody(SMALL_JSON_LIMIT), (req, res) => {
    res.json(Echo.parse(req.body));
  });
  router.get('/probe/busy', () => {
    throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'busy', { retryAfterSeconds: 2 });
  });
  router.get('/probe/credits', () => {
    throw new ApiError(402, 'INSUFFICIENT_CREDITS', 'Insufficient credits', { creditsNeeded: 3 });
  });
  router.get('/probe/crash', async () => {
    await Promise.resolve();
    throw new Error('secret internals at /srv/app.ts:12');
  });
  return router;
}

const logLines: Record<string, unknown>[] = [];
let server: TestServer;

beforeAll(async () => {
  const logger = createLogger('info', {
    write: (line: string) => {
      logLines.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  server = await startTestServer({ deps: { logger, routers: [probeRouter()] } });
});

afterAll(async () => {
  await server.close();
});

async function expectApiError(res: Response, status: number, code: string): Promise<ApiErrorBody> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = ApiErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  return body;
}

async function waitForLog(predicate: (line: Record<string, unknown>) => boolean) {
  for (let i = 0; i < 50; i++) {
    const found = logLines.find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('log line not written');
}

describe('GET /api/health', () => {
  it('answers ok with the package version after querying the database', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(HealthResponse.parse(await res.json())).toEqual({
      status: 'ok',
      version: packageVersion,
      db: 'ok',
    });
  });

  it('is never cached', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 with db error when the database is gone', async () => {
    const broken = await startTestServer();
    try {
      await broken.db.close();
      const res = await fetch(`${broken.url}/api/health`);
      expect(res.status).toBe(503);
      expect(HealthResponse.parse(await res.json())).toEqual({
        status: 'error',
        version: packageVersion,
        db: 'error',
      });
    } finally {
      // close() closes the database again; a second close does nothing.
      await broken.close();
    }
  });
});

describe('API errors', () => {
  it('answers an unknown /api route with a JSON 404, even when the browser asks for HTML', async () => {
    const res = await fetch(`${server.url}/api/unknown`, { headers: { accept: 'text/html' } });
    const body = await expectApiError(res, 404, 'NOT_FOUND');
    expect(body.error).toBe('No API route GET /api/unknown');
  });

  it('answers a wrong method on a known path with the same 404 shape', async () => {
    const res = await fetch(`${server.url}/api/health`, { method: 'DELETE' });
    await expectApiError(res, 404, 'NOT_FOUND');
  });

  it('answers a body that is not JSON with 400 INVALID_JSON', async () => {
    const res = await fetch(`${server.url}/api/probe/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "Küche",',
    });
    const body = await expectApiError(res, 400, 'INVALID_JSON');
    expect(body.details).toBeUndefined();
  });

  it('answers a body over 25 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await fetch(`${server.url}/api/probe/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(26 * 1024 * 1024), count: 1 }),
    });
    await expectApiError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('accepts a 10 MB image as a data URL (14 MB of base64)', async () => {
    const name = `data:image/jpeg;base64,${'A'.repeat(14 * 1024 * 1024)}`;
    const res = await fetch(`${server.url}/api/probe/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, count: 1 }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: string }).name).toHaveLength(name.length);
  });

  it('answers a body failing its zod schema with 400 INVALID_REQUEST and the issues', async () => {
    const res = await fetch(`${server.url}/api/probe/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '', count: 1.5 }),
    });
    const body = await expectApiError(res, 400, 'INVALID_REQUEST');
    const issues = (body.details as { issues: { path: string; code: string }[] }).issues;
    expect(issues.map(({ path, code }) => ({ path, code }))).toEqual([
      { path: 'name', code: 'too_small' },
      { path: 'count', code: 'invalid_type' },
    ]);
  });

  it('passes an ApiError through with its status, code and details', async () => {
    const res = await fetch(`${server.url}/api/probe/credits`);
    const body = await expectApiError(res, 402, 'INSUFFICIENT_CREDITS');
    expect(body).toEqual({
      error: 'Insufficient credits',
      code: 'INSUFFICIENT_CREDITS',
      details: { creditsNeeded: 3 },
    });
  });

  it('answers an unexpected (async) failure with 500 INTERNAL and no internals, but logs it', async () => {
    const res = await fetch(`${server.url}/api/probe/crash`);
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
    expect(text).not.toContain('secret');
    const line = await waitForLog((l) => (l.req as { url?: string } | undefined)?.url === '/api/probe/crash');
    expect(line.level).toBe(50);
    expect((line.err as { message: string; stack: string }).message).toBe(
      'secret internals at /srv/app.ts:12',
    );
    expect((line.err as { stack: string }).stack).toContain('app.test.ts');
  });
});

describe('request bodies', () => {
  it('answers an unknown path 404 without reading its 24 MB body, and closes the connection', async () => {
    // Only 64 kB of a declared 24 MB of `[[[…` are ever sent: a parser would wait for the rest (or answer 400).
    const declared = 24 * 1024 * 1024;
    const answer = await answerToPartialBody(
      `${server.url}/api/no-such-route`,
      declared,
      Buffer.alloc(64 * 1024, '['),
    );
    expect(answer.status).toBe(404);
    expect(ApiErrorBody.parse(JSON.parse(answer.body)).code).toBe('NOT_FOUND');
    expect(answer.connection).toBe('close');
  });

  it('gives each route its own limit: 20 kB is too large for a small route', async () => {
    const res = await fetch(`${server.url}/api/probe/small`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(20 * 1024), count: 1 }),
    });
    await expectApiError(res, 413, 'PAYLOAD_TOO_LARGE');
    const small = await fetch(`${server.url}/api/probe/small`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Küche', count: 1 }),
    });
    expect(small.status).toBe(200);
  });

  it.each([
    ['deeply nested (valid) arrays', `{"name":${'['.repeat(20)}${']'.repeat(20)},"count":1}`],
    ['a top-level array', '[{"name":"Küche","count":1}]'],
    ['more values than any contract', `{"name":"x","count":1,"a":[${'[],'.repeat(20_000)}[]]}`],
    ['a top-level string', '"Küche"'],
  ])('refuses %s with 400 INVALID_JSON before parsing', async (_label, body) => {
    const res = await fetch(`${server.url}/api/probe/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    await expectApiError(res, 400, 'INVALID_JSON');
  });

  it('counts brackets outside strings only: escaped quotes and backslashes in a string are text', async () => {
    const name = `${'['.repeat(40)}\\" ${'{'.repeat(40)} \\`;
    const res = await fetch(`${server.url}/api/probe/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, count: 1 }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: string }).name).toBe(name);
  });
});

describe('request bodies past a rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { AI_RATE_LIMIT_ENHANCE: 1 } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers a rate-limited caller 429 without reading its 24 MB body', async () => {
    const first = await fetch(`${limited.url}/api/enhance-image`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(first.status).toBe(400);
    const answer = await answerToPartialBody(
      `${limited.url}/api/enhance-image`,
      24 * 1024 * 1024,
      Buffer.alloc(64 * 1024, '['),
    );
    expect(answer.status).toBe(429);
    expect(ApiErrorBody.parse(JSON.parse(answer.body)).code).toBe('RATE_LIMITED');
    expect(answer.connection).toBe('close');
  });
});

describe('clean edges', () => {
  it('answers a malformed id in the path with 400, not 500', async () => {
    const res = await fetch(`${server.url}/api/jobs/%ff`);
    await expectApiError(res, 400, 'INVALID_REQUEST');
  });

  it("logs an expected 503 'busy' as a warning without a stack", async () => {
    const res = await fetch(`${server.url}/api/probe/busy`);
    await expectApiError(res, 503, 'SERVICE_UNAVAILABLE');
    expect(res.headers.get('retry-after')).toBe('2');
    const line = await waitForLog((l) => (l.req as { url?: string } | undefined)?.url === '/api/probe/busy');
    expect(line.level).toBe(40);
    expect(line.err).toBeUndefined();
    expect(JSON.stringify(line)).not.toContain('stack');
  });
});

describe('#toErrorResponse', () => {
  it.each([
    [new ApiError(409, 'FORBIDDEN', 'nope'), 409, { error: 'nope', code: 'FORBIDDEN' }],
    [Object.assign(new Error('x'), { type: 'entity.parse.failed' }), 400, { code: 'INVALID_JSON' }],
    [Object.assign(new Error('x'), { type: 'entity.too.large' }), 413, { code: 'PAYLOAD_TOO_LARGE' }],
    [
      Object.assign(new Error('x'), { type: 'encoding.unsupported' }),
      415,
      { code: 'UNSUPPORTED_MEDIA_TYPE' },
    ],
    [
      Object.assign(new Error('Not here'), { status: 404, expose: true }),
      404,
      { error: 'Not here', code: 'NOT_FOUND' },
    ],
    [Object.assign(new Error('Bad URI'), { status: 400, expose: true }), 400, { code: 'INVALID_REQUEST' }],
    // A 4xx not marked safe to expose, a 5xx http-error and a thrown string are all plain internal errors.
    [
      Object.assign(new Error('db path /x'), { status: 400 }),
      500,
      { error: 'Internal server error', code: 'INTERNAL' },
    ],
    [Object.assign(new Error('x'), { status: 503, expose: false }), 500, { code: 'INTERNAL' }],
    ['a string', 500, { code: 'INTERNAL' }],
  ])('maps %s to %i', (error, status, body) => {
    const result = toErrorResponse(error);
    expect(result.status).toBe(status);
    expect(result.body).toMatchObject(body);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts and the helmet defaults, and hides Express', async () => {
    const res = await fetch(`${server.url}/api/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      csp.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self' 'wasm-unsafe-eval'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'worker-src': "'self' blob:",
      'connect-src': "'self' data: blob:",
      'object-src': "'none'",
      'frame-ancestors': "'none'",
    });
    expect(directives['script-src']).not.toContain('unsafe-inline');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('access log', () => {
  it('logs id, method, url, status and duration, and never cookies or authorization', async () => {
    const res = await fetch(`${server.url}/api/health?probe=log`, {
      headers: { cookie: 'session=top-secret-cookie', authorization: 'Bearer top-secret-token' },
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const line = await waitForLog(
      (l) => (l.req as { url?: string } | undefined)?.url === '/api/health?probe=log',
    );
    expect(line).toMatchObject({
      level: 30,
      req: { id: requestId, method: 'GET', url: '/api/health?probe=log' },
      res: { statusCode: 200 },
      msg: 'GET /api/health?probe=log 200',
    });
    expect(typeof line.responseTime).toBe('number');
    expect(JSON.stringify(logLines)).not.toMatch(/top-secret/);
  });

  it("keeps a proxy's safe request id and replaces an unsafe one", async () => {
    const kept = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-1234.abc');
    const replaced = await fetch(`${server.url}/api/health`, {
      headers: { 'x-request-id': 'evil"\\injected' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
