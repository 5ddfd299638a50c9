// The SSRF-safe fetcher over real sockets: refusals (URL, DNS answer at connect time, redirects), limits,
// deadlines, cancellation, and the guards around the test-only origin.
import { gzipSync } from 'node:zlib';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createGuardedLookup,
  createSafeFetcher,
  FetchError,
  parseTestOrigin,
  type Resolver,
  type SafeFetcher,
} from '../../../server/services/listing/fetcher';
import { fetcherOptionsFromEnv } from '../../../server/services/listing/fromEnv';
import { startListingServer, type ListingServer } from '../../helpers/listingFixtures';

/** A hostile DNS: these names resolve to these addresses; everything else does not exist. */
const DNS: Record<string, string[]> = {
  'evil.airbnb.de': ['10.0.0.5'],
  'loopback.airbnb.de': ['::1'],
  'metadata.airbnb.de': ['169.254.169.254'],
  'mapped.airbnb.de': ['::ffff:127.0.0.1'],
  'aws6.airbnb.de': ['fd00:ec2::254'],
  'mixed.airbnb.de': ['93.184.216.34', '192.168.0.10'],
  'evil.muscache.com': ['127.0.0.1'],
};
const resolved: string[] = [];
const hostileResolve: Resolver = async (hostname) => {
  resolved.push(hostname);
  const addresses = DNS[hostname];
  if (addresses === undefined)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const MAPPED_HOSTS = new Set(['www.airbnb.de', 'a0.muscache.com', 'www.booking.com', 'cf.bstatic.com']);

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof FetchError ? error.code : `not a FetchError: ${String(error)}`;
  }
}

let server: ListingServer;
let fetcher: SafeFetcher;

beforeAll(async () => {
  server = await startListingServer();
  fetcher = createSafeFetcher({
    resolve: hostileResolve,
    testOriginFor: (host) => (MAPPED_HOSTS.has(host) ? server.origin : undefined),
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resolved.length = 0;
  server.requests.length = 0;
  server.setOverride(null);
});

describe('SSRF attempts are refused', () => {
  const direct = createSafeFetcher({ resolve: hostileResolve });

  it.each([
    ['https://127.0.0.1/', 'ADDRESS_NOT_ALLOWED'],
    ['https://10.0.0.1/', 'ADDRESS_NOT_ALLOWED'],
    ['https://169.254.169.254/latest/meta-data/iam/', 'ADDRESS_NOT_ALLOWED'],
    ['https://[::1]/', 'ADDRESS_NOT_ALLOWED'],
    ['https://[::ffff:169.254.169.254]/', 'ADDRESS_NOT_ALLOWED'],
    ['https://0177.0.0.1/', 'ADDRESS_NOT_ALLOWED'],
    ['http://www.airbnb.de/rooms/12345678', 'PROTOCOL_NOT_ALLOWED'],
    ['file:///etc/passwd', 'PROTOCOL_NOT_ALLOWED'],
    ['https://www.airbnb.de:22/', 'PORT_NOT_ALLOWED'],
    ['https://example.com/', 'HOST_NOT_ALLOWED'],
    ['https://metadata.google.internal/computeMetadata/v1/', 'HOST_NOT_ALLOWED'],
    ['https://www.airbnb.de.attacker.net/', 'HOST_NOT_ALLOWED'],
  ])('%s -> %s, without asking DNS', async (url, expected) => {
    expect(await codeOf(direct.fetch(url, { kind: 'page' }))).toBe(expected);
    expect(resolved).toEqual([]);
  });

  it.each([
    ['https://evil.airbnb.de/rooms/12345678', 'page'],
    ['https://loopback.airbnb.de/', 'page'],
    ['https://metadata.airbnb.de/latest/meta-data/', 'page'],
    ['https://mapped.airbnb.de/', 'page'],
    ['https://aws6.airbnb.de/', 'page'],
    ['https://mixed.airbnb.de/', 'page'],
    ['https://evil.muscache.com/im/pictures/x.jpeg', 'image'],
  ] as const)('%s resolves to a private address: refused at connect time', async (url, kind) => {
    expect(await codeOf(direct.fetch(url, { kind }))).toBe('ADDRESS_NOT_ALLOWED');
    expect(resolved).toEqual([new URL(url).hostname]);
  });

  it('a name that does not resolve is a network error, not a refusal', async () => {
    expect(await codeOf(direct.fetch('https://gone.airbnb.de/', { kind: 'page' }))).toBe('NETWORK');
  });

  it.each([
    ['https://evil.airbnb.de/rooms/12345678', 'ADDRESS_NOT_ALLOWED'],
    ['https://169.254.169.254/latest/meta-data/', 'ADDRESS_NOT_ALLOWED'],
    ['https://[::1]/', 'ADDRESS_NOT_ALLOWED'],
    ['https://10.0.0.1/', 'ADDRESS_NOT_ALLOWED'],
    ['http://www.airbnb.de/rooms/12345678', 'PROTOCOL_NOT_ALLOWED'],
    ['https://example.com/', 'HOST_NOT_ALLOWED'],
    ['https://a0.muscache.com/not-a-page', 'HOST_NOT_ALLOWED'],
    ['gopher://www.airbnb.de/', 'PROTOCOL_NOT_ALLOWED'],
  ])('a redirect to %s is refused (%s)', async (location, expected) => {
    server.setOverride((_req, res, target) => {
      if (target !== 'www.airbnb.de/rooms/12345678') return false;
      res.writeHead(302, { location });
      res.end();
      return true;
    });
    expect(await codeOf(fetcher.fetch('https://www.airbnb.de/rooms/12345678', { kind: 'page' }))).toBe(
      expected,
    );
    expect(server.requests.map((r) => r.target)).toEqual(['www.airbnb.de/rooms/12345678']);
  });
});

describe('redirects', () => {
  it('follows up to 3 redirects (relative ones too) and reports the final URL', async () => {
    server.setOverride((req, res) => {
      const hop = /^\/hop\/(\d)$/.exec(req.url ?? '');
      if (hop === null) return false;
      const n = Number(hop[1]);
      if (n < 3) res.writeHead(301, { location: `/hop/${n + 1}` });
      else res.writeHead(200, { 'content-type': 'text/html' });
      res.end(n < 3 ? '' : 'angekommen');
      return true;
    });
    const result = await fetcher.fetch('https://www.airbnb.de/hop/0', { kind: 'page' });
    expect(result).toMatchObject({ status: 200, url: 'https://www.airbnb.de/hop/3' });
    expect(result.body.toString()).toBe('angekommen');
  });

  it('a fourth redirect is refused', async () => {
    server.setOverride((req, res) => {
      if (req.url !== '/loop') return false;
      res.writeHead(307, { location: 'https://www.airbnb.de/loop' });
      res.end();
      return true;
    });
    expect(await codeOf(fetcher.fetch('https://www.airbnb.de/loop', { kind: 'page' }))).toBe(
      'TOO_MANY_REDIRECTS',
    );
    expect(server.requests).toHaveLength(4);
  });

  it('sends cookies set during a redirect back to the same host, and only there', async () => {
    server.setOverride((req, res) => {
      if (req.url === '/set') {
        res.writeHead(302, { location: '/check', 'set-cookie': ['bkng=abc; Path=/; HttpOnly', 'lang=de'] });
      } else if (req.url === '/check') {
        res.writeHead(200);
        res.write(req.headers.cookie ?? 'none');
      } else {
        return false;
      }
      res.end();
      return true;
    });
    const result = await fetcher.fetch('https://www.booking.com/set', { kind: 'page' });
    expect(result.body.toString()).toBe('bkng=abc; lang=de');
    const fresh = await fetcher.fetch('https://www.booking.com/check', { kind: 'page' });
    expect(fresh.body.toString()).toBe('none');
  });
});

describe('limits, deadlines and cancellation', () => {
  const serve = (path: string, handler: Parameters<ListingServer['setOverride']>[0] & object) =>
    server.setOverride((req, res, target) => (req.url === path ? handler(req, res, target) : false));

  it('asks like a German desktop browser and names the platform host', async () => {
    await fetcher.fetch('https://a0.muscache.com/im/pictures/x.jpeg', { kind: 'image' });
    const [request] = server.requests;
    expect(request?.target).toBe('a0.muscache.com/im/pictures/x.jpeg');
    expect(request?.headers['user-agent']).toMatch(
      /^Mozilla\/5\.0 \(Windows NT 10\.0; Win64; x64\).*Chrome\/\d+/,
    );
    expect(request?.headers['accept-language']).toBe('de-DE,de;q=0.9');
    expect(request?.headers.accept).toMatch(/^image\//);
  });

  it('refuses a body whose announced length is over the limit, with that length', async () => {
    serve('/big', (_req, res) => {
      res.writeHead(200, { 'content-length': 5000 });
      res.end('x'.repeat(5000));
      return true;
    });
    const error = await fetcher
      .fetch('https://www.airbnb.de/big', { kind: 'page', maxBytes: 4999 })
      .catch((e) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({ code: 'TOO_LARGE', declaredBytes: 5000 });
    const exact = await fetcher.fetch('https://www.airbnb.de/big', { kind: 'page', maxBytes: 5000 });
    expect(exact.body).toHaveLength(5000);
  });

  it('counts the bytes of a body without a length', async () => {
    serve('/chunked', (_req, res) => {
      res.writeHead(200);
      for (let i = 0; i < 20; i++) res.write('y'.repeat(1000));
      res.end();
      return true;
    });
    const error = await fetcher
      .fetch('https://www.airbnb.de/chunked', { kind: 'page', maxBytes: 10_000 })
      .catch((e) => e);
    expect(error).toMatchObject({ code: 'TOO_LARGE', declaredBytes: null });
  });

  it('decompresses gzip, and limits the decompressed size (no zip bombs)', async () => {
    const page = '<html>' + 'Ferienwohnung '.repeat(1000) + '</html>';
    serve('/gzip', (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(gzipSync(page));
      return true;
    });
    const result = await fetcher.fetch('https://www.airbnb.de/gzip', { kind: 'page' });
    expect(result.body.toString()).toBe(page);
    const bomb = gzipSync(Buffer.alloc(50_000_000));
    serve('/bomb', (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': bomb.length });
      res.end(bomb);
      return true;
    });
    expect(bomb.length).toBeLessThan(100_000);
    expect(
      await codeOf(fetcher.fetch('https://www.airbnb.de/bomb', { kind: 'page', maxBytes: 1_000_000 })),
    ).toBe('TOO_LARGE');
  });

  it('gives up on a server that never answers', async () => {
    serve('/silent', () => true);
    const started = Date.now();
    expect(
      await codeOf(fetcher.fetch('https://www.airbnb.de/silent', { kind: 'page', timeoutMs: 150 })),
    ).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on a body that stalls', async () => {
    serve('/stall', (_req, res) => {
      res.writeHead(200, { 'content-length': 100 });
      res.write('halb');
      return true;
    });
    expect(await codeOf(fetcher.fetch('https://www.airbnb.de/stall', { kind: 'page', timeoutMs: 150 }))).toBe(
      'TIMEOUT',
    );
  });

  it('stops when the caller aborts, and does not even start with an aborted signal', async () => {
    serve('/slow', () => true);
    const controller = new AbortController();
    const pending = codeOf(
      fetcher.fetch('https://www.airbnb.de/slow', { kind: 'page', signal: controller.signal }),
    );
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort();
    expect(await pending).toBe('ABORTED');
    expect(
      await codeOf(fetcher.fetch('https://www.airbnb.de/x', { kind: 'page', signal: AbortSignal.abort() })),
    ).toBe('ABORTED');
    expect(server.requests).toHaveLength(1);
  });

  it('passes non-2xx answers on with their status (the importer decides)', async () => {
    const result = await fetcher.fetch('https://www.airbnb.de/does-not-exist', { kind: 'page' });
    expect(result.status).toBe(404);
  });
});

describe('#createGuardedLookup', () => {
  const lookupWith = (answers: LookupAddress[]) => createGuardedLookup(async () => answers);
  const call = (answers: LookupAddress[], options: { all?: boolean; family?: number }) =>
    new Promise<{ error: unknown; address: unknown; family: unknown }>((resolve) => {
      lookupWith(answers)('www.airbnb.de', options, (error, address, family) =>
        resolve({ error, address, family }),
      );
    });
  const publicAnswers: LookupAddress[] = [
    { address: '2a00:1450:4001:80b::200e', family: 6 },
    { address: '151.101.1.1', family: 4 },
  ];

  it('passes public answers through, in both callback forms and per family', async () => {
    expect(await call(publicAnswers, { all: true })).toEqual({
      error: null,
      address: publicAnswers,
      family: undefined,
    });
    expect(await call(publicAnswers, {})).toEqual({
      error: null,
      address: '2a00:1450:4001:80b::200e',
      family: 6,
    });
    expect(await call(publicAnswers, { family: 4 })).toEqual({
      error: null,
      address: '151.101.1.1',
      family: 4,
    });
  });

  it('refuses the whole answer when any address is private', async () => {
    const result = await call([...publicAnswers, { address: '10.1.2.3', family: 4 }], { all: true });
    expect(result.error).toMatchObject({ code: 'ADDRESS_NOT_ALLOWED' });
  });
});

describe('the test-only origin', () => {
  it('cannot be used when NODE_ENV is production', () => {
    const production = { nodeEnv: 'production' };
    expect(() => createSafeFetcher({ ...production, testOriginFor: () => 'http://127.0.0.1:1' })).toThrow(
      /production/,
    );
    expect(() => createSafeFetcher(production)).not.toThrow();
  });

  it.each([
    ['http://127.0.0.1:4567', true],
    ['http://[::1]:4567', true],
    ['http://localhost:4567', true],
    ['http://10.0.0.1:4567', false],
    ['https://127.0.0.1:4567', false],
    ['http://example.com', false],
  ])('origin %s accepted: %s', (origin, ok) => {
    if (ok) expect(parseTestOrigin(origin).origin).toBe(origin);
    else expect(() => parseTestOrigin(origin)).toThrow();
  });

  it('is read from the environment only when NODE_ENV is test, and refuses production', () => {
    const origin = 'http://127.0.0.1:4567';
    expect(
      fetcherOptionsFromEnv({ NODE_ENV: 'test', LISTING_TEST_ORIGIN: origin }).testOriginFor?.(
        'www.airbnb.de',
      ),
    ).toBe(origin);
    expect(fetcherOptionsFromEnv({ NODE_ENV: 'development', LISTING_TEST_ORIGIN: origin })).toEqual({});
    expect(fetcherOptionsFromEnv({ LISTING_TEST_ORIGIN: origin })).toEqual({});
    expect(fetcherOptionsFromEnv({ NODE_ENV: 'test' })).toEqual({});
    expect(() => fetcherOptionsFromEnv({ NODE_ENV: 'production', LISTING_TEST_ORIGIN: origin })).toThrow(
      /production/,
    );
    expect(() =>
      fetcherOptionsFromEnv({ NODE_ENV: 'test', LISTING_TEST_ORIGIN: 'http://10.0.0.1:80' }),
    ).toThrow();
  });

  it('still applies the allow-list and https rule to the logical URL', async () => {
    expect(await codeOf(fetcher.fetch('http://www.airbnb.de/rooms/12345678', { kind: 'page' }))).toBe(
      'PROTOCOL_NOT_ALLOWED',
    );
    expect(await codeOf(fetcher.fetch('https://example.com/', { kind: 'page' }))).toBe('HOST_NOT_ALLOWED');
    expect(server.requests).toEqual([]);
  });
});
