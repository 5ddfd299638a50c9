// Fuzzing every API endpoint over real HTTP, ids included: malformed JSON, wrong types in every field, bodies of
// other kinds, a body large enough to be read in the image pool, and hostile path ids, from a visitor and from a
// signed-in host. However wrong the request, the answer is a 4xx in the one error shape, never a 5xx. The values
// come from a seeded generator, so a failure is reproducible.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINE_BODY_BYTES } from '../../server/middleware/photoBody';
import type { TestServer } from '../helpers/startServer';
import { startAiServer } from './ai.helpers';
import { signUp } from './auth.helpers';

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startAiServer({
    ai: { rateLimits: { enhance: 100_000, analyze: 100_000, suggestions: 100_000 } },
  });
  ({ cookie } = await signUp(server));
});

afterAll(async () => {
  await server.close();
});

/** Every API call that takes a body. */
const POSTS = [
  '/api/enhance-image',
  '/api/analyze-image',
  '/api/generate-suggestions',
  '/api/implement-suggestions',
  '/api/virtual-staging',
  '/api/scrape-property',
  '/api/credits/purchase',
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
];

/** The fields the contracts know, so a fuzzed value lands where a parser looks. */
const FIELDS = [
  'selectedModes',
  'imageUrls',
  'imageDataUrls',
  'roomTypes',
  'suggestions',
  'action',
  'imageBase64',
  'stagedImageBase64',
  'selectedProducts',
  'options',
  'url',
  'packageId',
  'email',
  'password',
  'name',
  'totalEnhancements',
  'roomType',
  'modePrompt',
];

/** A small seeded generator (mulberry32): the same values on every run. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = generator(29);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** A hostile JSON value: wrong types, edge numbers, odd strings, look-alike data: URLs, nesting. */
function value(depth = 0): unknown {
  const kinds: (() => unknown)[] = [
    () => null,
    () => pick([true, false]),
    () => pick([0, -1, 1e308, -1e-308, 2 ** 53 + 1, 3.5]),
    () => pick(['', ' ', 'Küche', '\u0000', '💥', 'a'.repeat(5000), '../../etc/passwd', '<script>']),
    () =>
      pick([
        'data:image/jpeg;base64,',
        'data:image/png;base64,AAAA',
        'data:text/html;base64,PGI+',
        'http://127.0.0.1/x.jpg',
      ]),
    () => pick(['declutter', 'generalEnhance', 'cozyFurnishing', 'analyze', 'apply', 'living_room']),
  ];
  if (depth < 3) {
    kinds.push(
      () => Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1)),
      () => Object.fromEntries(Array.from({ length: 3 }, () => [pick(FIELDS), value(depth + 1)])),
    );
  }
  return pick(kinds)();
}

/** A body that looks like a request: some known fields with fuzzed values. */
function fuzzedObject(): Record<string, unknown> {
  return Object.fromEntries(
    Array.from({ length: 1 + Math.floor(random() * 5) }, () => [pick(FIELDS), value()]),
  );
}

interface Sent {
  label: string;
  contentType?: string;
  body: string | Uint8Array<ArrayBuffer> | FormData;
}

/** Bodies of every shape a parser might trip on, then fuzzed objects. */
function bodies(): Sent[] {
  const form = new FormData();
  form.append('selectedModes', '["generalEnhance"');
  form.append('images', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0x00])]), 'x.jpg');
  form.append('imageUrls', JSON.stringify(['data:image/jpeg;base64,////']));
  const json = (label: string, body: unknown): Sent => ({
    label,
    contentType: 'application/json',
    body: JSON.stringify(body),
  });
  return [
    { label: 'empty JSON', contentType: 'application/json', body: '' },
    { label: 'broken JSON', contentType: 'application/json', body: '{"selectedModes": [' },
    { label: 'BOM', contentType: 'application/json', body: '\ufeff{}' },
    { label: 'not UTF-8', contentType: 'application/json', body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) },
    { label: 'latin1 charset', contentType: 'application/json; charset=latin1', body: '{}' },
    { label: 'text', contentType: 'text/plain', body: 'hello' },
    { label: 'no content type', body: 'x=1' },
    { label: 'multipart garbage', contentType: 'multipart/form-data; boundary=zzz', body: '--zzz\r\nbroken' },
    { label: 'multipart', body: form },
    json('null', null),
    json('array', [{}]),
    json('string', 'Küche'),
    json('deep', JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`)),
    json('large', { imageUrls: [`data:image/jpeg;base64,${'A'.repeat(INLINE_BODY_BYTES + 1024)}`] }),
    ...Array.from({ length: 24 }, (_, i) => json(`fuzzed ${i}`, fuzzedObject())),
  ];
}

async function send(path: string, sent: Sent, signedIn: boolean): Promise<Response> {
  const headers: Record<string, string> = { origin: server.url, 'idempotency-key': `fuzz-${random()}` };
  if (sent.contentType) headers['content-type'] = sent.contentType;
  if (signedIn) headers.cookie = cookie;
  return fetch(`${server.url}${path}`, { method: 'POST', headers, body: sent.body });
}

const ERROR_SHAPE = { error: expect.any(String), code: expect.any(String) };

async function expectClientError(res: Response, what: string): Promise<void> {
  const text = await res.text();
  expect(res.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
  // The one error shape (the listing import has codes of its own, so only its fields' types are checked).
  if (res.status >= 400) expect(JSON.parse(text), what).toMatchObject(ERROR_SHAPE);
}

describe('fuzzing every endpoint', () => {
  it.each(POSTS)('POST %s answers every hostile body below 500', async (path) => {
    for (const sent of bodies()) {
      for (const signedIn of [false, true]) {
        await expectClientError(await send(path, sent, signedIn), `${sent.label} (signed in: ${signedIn})`);
      }
    }
  });

  it('answers hostile job ids and other GETs below 500', async () => {
    const ids = [
      '%ff',
      '%',
      '%00',
      '..',
      '..%2f..%2fetc',
      'a'.repeat(5000),
      '💥',
      '%E2%82',
      '0',
      '-1',
      ' ',
      'null',
    ];
    const paths = [
      ...ids.map((id) => `/api/jobs/${id}`),
      '/api/health',
      '/api/ai-capabilities',
      '/api/credits',
      '/api/credit-packages',
      '/api/auth/get-session',
      '/api/%ff',
    ];
    for (const path of paths) {
      for (const signedIn of [false, true]) {
        const res = await fetch(`${server.url}${path}`, signedIn ? { headers: { cookie } } : {});
        await expectClientError(res, `GET ${path} (signed in: ${signedIn})`);
      }
    }
  });
});
