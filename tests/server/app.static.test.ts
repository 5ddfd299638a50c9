// The built web app as the server hands it out: caching per kind of file, the SPA fallback, and what happens
// before the first build. Uses a temp STATIC_DIR shaped like Vite's dist/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, isAppRoute } from '../../server/staticFiles';
import { startTestServer, type TestServer } from '../helpers/startServer';

const INDEX_HTML = '<!doctype html><title>raumglanz</title><div id="root"></div>';
const APP_JS = 'console.log("app");';
const BIG_JS = 'export const words = ["raumglanz"];\n'.repeat(500);

let staticDir: string;
let server: TestServer;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'raumglanz-dist-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(staticDir, 'assets', 'app-abc123.js'), APP_JS);
  writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(staticDir, 'registerSW.js'), '/* register */');
  writeFileSync(join(staticDir, 'manifest.webmanifest'), '{"name":"raumglanz"}');
  writeFileSync(join(staticDir, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  // What the build's precompress step writes beside a text file.
  writeFileSync(join(staticDir, 'assets', 'big-abc123.js'), BIG_JS);
  writeFileSync(join(staticDir, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_JS));
  writeFileSync(join(staticDir, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_JS));
  server = await startTestServer({ env: { STATIC_DIR: staticDir } });
});

afterAll(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('static files', () => {
  it('serves hashed assets as immutable for a year, with the right type', async () => {
    const res = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(APP_JS);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it.each(['/index.html', '/sw.js', '/registerSW.js', '/manifest.webmanifest'])(
    'makes the browser revalidate the entry point %s',
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('gives other files a short max-age', async () => {
    const res = await fetch(`${server.url}/icon-192.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('sends the security headers on pages too', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('compression', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('serves the precompressed copy for Accept-Encoding %s', async (accepted, encoding) => {
    const res = await fetch(`${server.url}/assets/big-abc123.js`, {
      headers: { 'accept-encoding': accepted },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(Number(res.headers.get('content-length'))).toBeLessThan(BIG_JS.length / 5);
    // fetch decodes it: the same file.
    expect(await res.text()).toBe(BIG_JS);
  });

  it('serves the plain file to a client that accepts no compression, and files without a copy as they are', async () => {
    const plain = await fetch(`${server.url}/assets/big-abc123.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG_JS);
    const small = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe(APP_JS);
  });

  it('does not serve a precompressed copy outside the build folder', async () => {
    const res = await fetch(`${server.url}/assets/..%2f..%2fetc%2fpasswd.js`);
    expect(res.status).toBe(404);
  });
});

describe('SPA fallback', () => {
  it.each(['/', '/login', '/preise', '/preise/'])('answers %s with index.html, revalidated', async (path) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX_HTML);
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await fetch(`${server.url}/login`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe('');
  });

  it.each(['/api/unknown', '/api', '/api/login'])('never falls back to HTML for %s', async (path) => {
    const res = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each(['/assets/app-old999.js', '/favicon.ico', '/assets'])(
    'answers the missing file %s with 404',
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('does not answer a POST to a page with the app', async () => {
    const res = await fetch(`${server.url}/login`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<div id="root">');
  });
});

describe('before the first build', () => {
  it('tells the operator to run npm run build instead of failing obscurely', async () => {
    // The helper's default STATIC_DIR is an empty temp path: no index.html.
    const unbuilt = await startTestServer();
    try {
      const res = await fetch(`${unbuilt.url}/login`);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toContain('npm run build');
      const health = await fetch(`${unbuilt.url}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await unbuilt.close();
    }
  });
});

describe('#cacheControlFor', () => {
  it.each([
    ['assets/index-DeadBeef.js', 'public, max-age=31536000, immutable'],
    ['assets/fonts/inter-1a2b.woff2', 'public, max-age=31536000, immutable'],
    ['index.html', 'no-cache'],
    ['sw.js', 'no-cache'],
    ['registerSW.js', 'no-cache'],
    ['manifest.webmanifest', 'no-cache'],
    ['icons/index.html', 'public, max-age=3600'],
    ['workbox-1c2d3e.js', 'public, max-age=3600'],
    ['robots.txt', 'public, max-age=3600'],
  ])('%s -> %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});

describe('#isAppRoute', () => {
  it.each([
    ['/', true],
    ['/login', true],
    ['/preise', true],
    ['/a/b/c', true],
    ['/assets', false],
    ['/assets/x', false],
    ['/favicon.ico', false],
    ['/deep/path/file.js', false],
  ])('%s -> %s', (path, expected) => {
    expect(isAppRoute(path)).toBe(expected);
  });
});
