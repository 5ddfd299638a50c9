// The only way the server fetches a URL a user gave it: an SSRF-safe GET for listing pages and their photos.
// Every hop (the first URL and each redirect) must be https, on the default port, on the platform allow-list
// (hostPolicy.ts); the DNS answer is checked at connect time, inside the socket's own lookup, so a name that
// resolves (or re-resolves) to a private, loopback, link-local or metadata address is never connected to.
// Each call has a deadline, a byte limit (also after decompression) and follows at most a few redirects.
//
// Tests point the allow-listed hosts at a local http server with `testOriginFor`. That option only exists in
// code (the env form is read by fromEnv.ts only when NODE_ENV is 'test'), the factory refuses it when
// NODE_ENV is 'production', and it only accepts loopback origins. URL and redirect checks still run.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { MAX_FILE_BYTES } from '../../../core/catalog';
import { isPublicAddress } from './addressPolicy';
import { checkFetchUrl, type FetchKind, type UrlRefusal } from './hostPolicy';

export type FetchErrorCode =
  UrlRefusal | 'TOO_MANY_REDIRECTS' | 'TOO_LARGE' | 'TIMEOUT' | 'ABORTED' | 'NETWORK';

/** A refused or failed fetch. `code` is stable and safe to log or return; `message` is for developers. */
export class FetchError extends Error {
  override readonly name = 'FetchError';
  constructor(
    readonly code: FetchErrorCode,
    message: string,
    /** For TOO_LARGE: the size the server announced, when it did. */
    readonly declaredBytes: number | null = null,
  ) {
    super(message);
  }
}

export interface FetchResult {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, decompressed. */
  body: Buffer;
}

export interface FetchOptions {
  kind: FetchKind;
  /** Cancels the fetch (tie it to the client's disconnect). */
  signal?: AbortSignal;
  /** Overrides the kind's byte limit; a body larger than this fails with TOO_LARGE. */
  maxBytes?: number;
  /** Overrides the kind's deadline for the whole call, redirects and body included. */
  timeoutMs?: number;
}

export interface SafeFetcher {
  fetch(url: string, options: FetchOptions): Promise<FetchResult>;
}

/** Resolves a host name to all its addresses; injectable so tests can play a hostile DNS. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface SafeFetcherOptions {
  resolve?: Resolver;
  /** Test only: the loopback origin (http://127.0.0.1:port) that serves `hostname`, or undefined. */
  testOriginFor?: (hostname: string) => string | undefined;
  /** The process's NODE_ENV (env.ts): in production a test origin is refused outright. */
  nodeEnv?: string;
  maxRedirects?: number;
  maxBytes?: Partial<Record<FetchKind, number>>;
  timeoutMs?: Partial<Record<FetchKind, number>>;
}

/** A current desktop Chrome on Windows; Chrome itself sends the version as MAJOR.0.0.0. */
export const DESKTOP_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const ACCEPT: Record<FetchKind, string> = {
  page: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  image: 'image/webp,image/png,image/jpeg,image/*;q=0.8,*/*;q=0.5',
};
const DEFAULT_MAX_BYTES: Record<FetchKind, number> = { page: 8 * 1024 * 1024, image: MAX_FILE_BYTES };
const DEFAULT_TIMEOUT_MS: Record<FetchKind, number> = { page: 15_000, image: 20_000 };
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

const defaultResolve: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * A `lookup` for sockets that refuses the connection when any address the name resolves to is not public.
 * Refusing on any (not just the first) defeats answers that mix a public and a private address.
 */
export function createGuardedLookup(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answers) => {
        const refused = answers.find((answer) => !isPublicAddress(answer.address));
        if (refused !== undefined) {
          callback(
            new FetchError('ADDRESS_NOT_ALLOWED', `${hostname} resolves to ${refused.address}`),
            '',
            0,
          );
          return;
        }
        const usable = answers.filter((a) => !options.family || a.family === options.family);
        const first = usable[0];
        if (first === undefined) {
          callback(new FetchError('NETWORK', `${hostname} has no usable address`), '', 0);
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** Parses a test origin; only plain http on a loopback host is accepted. */
export function parseTestOrigin(origin: string): URL {
  const url = new URL(origin);
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) {
    throw new Error(`Listing test origin must be http on loopback, got ${origin}`);
  }
  return url;
}

function decompressed(res: IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  return decoder === null ? res : pipeline(res, decoder, () => {});
}

async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const identity = res.headers['content-encoding'] === undefined;
  const declared = Number(res.headers['content-length']);
  if (identity && Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new FetchError('TOO_LARGE', `Body of ${declared} bytes exceeds ${maxBytes}`, declared);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of decompressed(res)) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      res.destroy();
      throw new FetchError(
        'TOO_LARGE',
        `Body exceeds ${maxBytes} bytes`,
        identity && declared > 0 ? declared : null,
      );
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  if (options.testOriginFor !== undefined && options.nodeEnv === 'production') {
    throw new Error('The listing test origin cannot be used when NODE_ENV is production');
  }
  const lookup = createGuardedLookup(options.resolve ?? defaultResolve);
  const maxRedirects = options.maxRedirects ?? 3;
  const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 8 });
  const testAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  function send(url: URL, kind: FetchKind, cookie: string, signal: AbortSignal): Promise<IncomingMessage> {
    const headers: Record<string, string> = {
      'user-agent': DESKTOP_USER_AGENT,
      accept: ACCEPT[kind],
      'accept-language': 'de-DE,de;q=0.9',
      'accept-encoding': 'gzip, deflate, br',
    };
    if (cookie !== '') headers.cookie = cookie;
    const path = `${url.pathname}${url.search}`;
    const testOrigin = options.testOriginFor?.(url.hostname);
    // In tests the platform host is played by a loopback server; the Host header still names the platform.
    const startRequest = (): http.ClientRequest => {
      if (testOrigin === undefined) {
        return https.request({ host: url.hostname, port: 443, path, headers, lookup, agent: httpsAgent });
      }
      const origin = parseTestOrigin(testOrigin);
      const host = origin.hostname.replace(/^\[|\]$/g, '');
      return http.request({
        host,
        port: origin.port,
        path,
        headers: { ...headers, host: url.host },
        agent: testAgent,
      });
    };
    return new Promise((resolve, reject) => {
      const req = startRequest();
      const onAbort = () => req.destroy(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      req.on('close', () => signal.removeEventListener('abort', onAbort));
      req.on('response', resolve);
      req.on('error', (error) => {
        if (signal.aborted) reject(signal.reason);
        else reject(error instanceof FetchError ? error : new FetchError('NETWORK', error.message));
      });
      req.end();
    });
  }

  async function fetchUrl(rawUrl: string, fetchOptions: FetchOptions): Promise<FetchResult> {
    const { kind } = fetchOptions;
    const maxBytes = fetchOptions.maxBytes ?? options.maxBytes?.[kind] ?? DEFAULT_MAX_BYTES[kind];
    const timeoutMs = fetchOptions.timeoutMs ?? options.timeoutMs?.[kind] ?? DEFAULT_TIMEOUT_MS[kind];
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new FetchError('TIMEOUT', `No complete answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const cancel = () => controller.abort(new FetchError('ABORTED', 'The fetch was cancelled'));
    if (fetchOptions.signal?.aborted) cancel();
    fetchOptions.signal?.addEventListener('abort', cancel, { once: true });
    // Cookies set during a redirect chain go back to the same host: some sites redirect to themselves once
    // to set one. Nothing is kept between calls.
    const cookies = new Map<string, Map<string, string>>();
    try {
      let current = rawUrl;
      for (let hop = 0; ; hop++) {
        if (controller.signal.aborted) throw controller.signal.reason;
        const checked = checkFetchUrl(current, kind);
        if (!checked.ok) throw new FetchError(checked.reason, `Refused to fetch ${current}`);
        const url = checked.url;
        const jar = cookies.get(url.hostname) ?? new Map<string, string>();
        const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
        const res = await send(url, kind, cookie, controller.signal);
        for (const line of res.headers['set-cookie'] ?? []) {
          const match = /^\s*([^=;\s]+)=([^;]*)/.exec(line);
          if (match !== null) jar.set(match[1] as string, match[2] as string);
        }
        cookies.set(url.hostname, jar);
        const location = res.headers.location;
        if (REDIRECT_STATUSES.has(res.statusCode ?? 0) && location !== undefined) {
          res.destroy();
          if (hop >= maxRedirects)
            throw new FetchError('TOO_MANY_REDIRECTS', `More than ${maxRedirects} redirects`);
          try {
            current = new URL(location, url).href;
          } catch {
            throw new FetchError('INVALID_URL', `Bad redirect target ${location}`);
          }
          continue;
        }
        const body = await readBody(res, maxBytes);
        return { url: url.href, status: res.statusCode ?? 0, headers: res.headers, body };
      }
    } catch (error) {
      if (controller.signal.aborted) throw controller.signal.reason;
      if (error instanceof FetchError) throw error;
      throw new FetchError('NETWORK', error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
      fetchOptions.signal?.removeEventListener('abort', cancel);
    }
  }

  return { fetch: fetchUrl };
}
