// Helpers for the AI route tests: synthetic photos made with sharp, the real fixtures, servers with the builtin
// or the openai provider (pointed at the fake OpenAI server), and the calls as a browser page would make them
// (multipart or JSON, the page's Origin, the session cookie, an Idempotency-Key).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import type { Env } from '../../server/env';
import type { AiOverrides } from '../../server/deps';
import type { ImagePool } from '../../server/pool/imagePool';
import { FAKE_API_KEY, type FakeOpenAI } from '../helpers/fakeOpenAI';
import { startTestServer, type TestServer } from '../helpers/startServer';

export const FIXTURES = resolve(import.meta.dirname, '../../../shared/fixtures');
export const fixture = (path: string): Buffer => readFileSync(resolve(FIXTURES, path));
/** 4048x3036, carries GPS EXIF. */
export const GPS_PHOTO = 'photos/IMG_20180725_163423.jpg';

/**
 * A small JPEG with structure (a gradient plus a checker pattern, so sharpening and contrast have edges to work
 * on), of the given mean brightness (0..255) and colour balance.
 */
export async function testJpeg(
  options: { width?: number; height?: number; level?: number; tint?: [number, number, number] } = {},
): Promise<Buffer> {
  const { width = 96, height = 64, level = 110, tint = [1, 1, 1] } = options;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const checker = (Math.floor(x / 8) + Math.floor(y / 8)) % 2 === 0 ? 18 : -18;
      const value = level + (x / width - 0.5) * 60 + checker;
      const i = (y * width + x) * 3;
      data[i] = Math.max(0, Math.min(255, value * tint[0]));
      data[i + 1] = Math.max(0, Math.min(255, value * tint[1]));
      data[i + 2] = Math.max(0, Math.min(255, value * tint[2]));
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

export const dataUrl = (bytes: Buffer, type = 'image/jpeg'): string =>
  `data:${type};base64,${bytes.toString('base64')}`;

/** The bytes of a data: URL answer. */
export const bytesOf = (url: string): Buffer => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

/** Mean luminance (0..255) of an encoded image. */
export async function meanLuma(bytes: Buffer): Promise<number> {
  const { channels } = await sharp(bytes).greyscale().stats();
  return channels[0]?.mean ?? 0;
}

export function openAiEnv(fake: FakeOpenAI, extra: Partial<Env> = {}): Partial<Env> {
  return {
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: FAKE_API_KEY,
    OPENAI_BASE_URL: fake.baseURL,
    // Generous: a loaded machine needs seconds to send a photo and thumbnails to the fake; the timeout tests set their own.
    OPENAI_TIMEOUT_MS: 15_000,
    OPENAI_MAX_RETRIES: 0,
    ...extra,
  };
}

/**
 * A test server for AI calls; many accounts are signed up per file, so the sign-up rate limit is lifted. Its image
 * work runs in `imagePool` when given, else in the file's testImagePool.
 */
export function startAiServer(
  options: { env?: Partial<Env>; ai?: AiOverrides; imagePool?: ImagePool } = {},
): Promise<TestServer> {
  return startTestServer({
    env: { AUTH_RATE_LIMIT: 10_000, ...options.env },
    deps: {
      ...(options.ai ? { ai: options.ai } : {}),
      ...(options.imagePool ? { imagePool: options.imagePool } : {}),
    },
  });
}

export interface EnhanceCall {
  cookie?: string;
  /** Sent as `image` when `single`, else as `images`. */
  files?: Buffer[];
  single?: boolean;
  imageUrls?: string[];
  selectedModes: string[];
  roomType?: string;
  totalEnhancements?: number;
  /** undefined: a fresh key; null: no header. */
  key?: string | null;
  signal?: AbortSignal;
}

/** POST /api/enhance-image as the web client sends it (multipart). */
export function enhance(server: TestServer, call: EnhanceCall): Promise<Response> {
  const form = new FormData();
  for (const file of call.files ?? []) {
    form.append(
      call.single ? 'image' : 'images',
      new Blob([new Uint8Array(file)], { type: 'image/jpeg' }),
      'foto.jpg',
    );
  }
  if (call.imageUrls) form.append('imageUrls', JSON.stringify(call.imageUrls));
  form.append('selectedModes', JSON.stringify(call.selectedModes));
  if (call.roomType) form.append('roomType', call.roomType);
  if (call.totalEnhancements !== undefined) form.append('totalEnhancements', String(call.totalEnhancements));
  const headers: Record<string, string> = { origin: server.url };
  if (call.cookie) headers.cookie = call.cookie;
  if (call.key !== null) headers['idempotency-key'] = call.key ?? randomUUID();
  return fetch(`${server.url}/api/enhance-image`, {
    method: 'POST',
    headers,
    body: form,
    ...(call.signal ? { signal: call.signal } : {}),
  });
}

/** A JSON POST from the page (Origin set), with an optional session cookie and Idempotency-Key. */
export function post(
  server: TestServer,
  path: string,
  body: unknown,
  options: { cookie?: string; key?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: server.url };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.key) headers['idempotency-key'] = options.key;
  return fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** Polls until `check` is true (for effects that finish after the answer, like a refund after a disconnect). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached in time');
}
