// Every undecodable or oversized photo is the user's error on every image endpoint: truncated and corrupt JPEG,
// PNG and WEBP answer 415 IMAGE_UNREADABLE (the German text names the photo), headers declaring more pixels than
// allowed answer 413 IMAGE_TOO_LARGE before any decoder reads them, nothing is charged and nothing answers 500.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../core/contract/errors';
import { AnalyzeStagingResponse } from '../../core/contract/staging';
import { failureMessage } from '../../web/api/errors';
import type { TestServer } from '../helpers/startServer';
import { dataUrl, enhance, fixture, post, startAiServer } from './ai.helpers';
import { creditsOf, signUp, type Account } from './auth.helpers';

let server: TestServer;
let account: Account;
let products: { id: string; quantity: number }[];
let stagedImage: string;

/** A real photo with structure, in each format, 640 px wide. */
async function photoAs(format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  return sharp(fixture('rooms/living_room/Places365_val_00000785.jpg'))
    .resize(640)
    .toFormat(format)
    .toBuffer();
}

const truncate = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * 0.6));
/**
 * Garbage written over the data behind the header: the header still reads, the pixels do not. For WEBP it goes
 * over the start of the VP8 partition (just past its frame header), since libwebp paints garbage in the middle
 * of a lossy stream as garbage pixels without complaint.
 */
function corrupt(bytes: Buffer, format: 'jpeg' | 'png' | 'webp'): Buffer {
  const copy = Buffer.from(bytes);
  const [from, to] =
    format === 'webp' ? [40, 400] : [Math.floor(copy.length * 0.4), Math.floor(copy.length * 0.6)];
  for (let i = from; i < to; i++) copy[i] = (i * 131) & 0xff;
  return copy;
}

/** Headers only, declaring 20000 x 20000 pixels (400 MP): nothing to decode behind them. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 2, 0, 0, 0], 16);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ihdr,
    Buffer.alloc(64),
  ]);
}
function jpegHeader(width: number, height: number): Buffer {
  const sof = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);
}
function webpHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(64);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(56, 4);
  b.write('WEBPVP8X', 8, 'latin1');
  b.writeUInt32LE(10, 16);
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
}

type Case = [name: string, make: () => Promise<Buffer>, status: number, code: string];
const CASES: Case[] = [
  ['truncated JPEG', async () => truncate(await photoAs('jpeg')), 415, 'IMAGE_UNREADABLE'],
  ['truncated PNG', async () => truncate(await photoAs('png')), 415, 'IMAGE_UNREADABLE'],
  ['truncated WEBP', async () => truncate(await photoAs('webp')), 415, 'IMAGE_UNREADABLE'],
  ['corrupt JPEG', async () => corrupt(await photoAs('jpeg'), 'jpeg'), 415, 'IMAGE_UNREADABLE'],
  ['corrupt PNG', async () => corrupt(await photoAs('png'), 'png'), 415, 'IMAGE_UNREADABLE'],
  ['corrupt WEBP', async () => corrupt(await photoAs('webp'), 'webp'), 415, 'IMAGE_UNREADABLE'],
  ['JPEG declaring 400 MP', async () => jpegHeader(20_000, 20_000), 413, 'IMAGE_TOO_LARGE'],
  ['PNG declaring 400 MP', async () => pngHeader(20_000, 20_000), 413, 'IMAGE_TOO_LARGE'],
  ['WEBP declaring 400 MP', async () => webpHeader(20_000, 20_000), 413, 'IMAGE_TOO_LARGE'],
  ['PNG declaring past sharp’s own limit', async () => pngHeader(100_000, 100_000), 413, 'IMAGE_TOO_LARGE'],
];

/** Each image endpoint, sending one photo as its client does. */
const ENDPOINTS: [name: string, send: (bytes: Buffer) => Promise<Response>][] = [
  [
    'enhance-image (multipart)',
    (bytes) =>
      enhance(server, {
        cookie: account.cookie,
        files: [bytes],
        single: true,
        selectedModes: ['curbAppeal'],
      }),
  ],
  [
    'enhance-image (imageUrls)',
    (bytes) =>
      enhance(server, { cookie: account.cookie, imageUrls: [dataUrl(bytes)], selectedModes: ['curbAppeal'] }),
  ],
  [
    'analyze-image',
    (bytes) =>
      post(server, '/api/analyze-image', { imageDataUrls: [dataUrl(bytes)] }, { cookie: account.cookie }),
  ],
  [
    'generate-suggestions',
    (bytes) =>
      post(
        server,
        '/api/generate-suggestions',
        { imageDataUrls: [dataUrl(bytes)] },
        { cookie: account.cookie },
      ),
  ],
  [
    'implement-suggestions',
    (bytes) =>
      post(
        server,
        '/api/implement-suggestions',
        { imageUrls: [dataUrl(bytes)], suggestions: ['Bild 1: Mehr Licht: Das Bild wirkt dunkel.'] },
        { cookie: account.cookie, key: `implement-${Math.random().toString(36).slice(2)}` },
      ),
  ],
  [
    'virtual-staging analyze',
    (bytes) =>
      post(
        server,
        '/api/virtual-staging',
        {
          action: 'analyze',
          imageBase64: dataUrl(bytes),
          options: { style: 'modern', budget: { min: 0, max: 2000 }, roomType: 'livingRoom' },
        },
        { cookie: account.cookie },
      ),
  ],
  [
    'virtual-staging apply',
    (bytes) =>
      post(
        server,
        '/api/virtual-staging',
        {
          action: 'apply',
          imageBase64: dataUrl(bytes),
          // A sound render from the device, so the photo's own check answers.
          stagedImageBase64: stagedImage,
          selectedProducts: products,
          options: { style: 'modern', budget: { min: 0, max: 2000 }, roomType: 'livingRoom' },
        },
        { cookie: account.cookie, key: `staging-${Math.random().toString(36).slice(2)}` },
      ),
  ],
];

beforeAll(async () => {
  server = await startAiServer({
    env: { STARTING_CREDITS: 20 },
    ai: { rateLimits: { enhance: 1000, analyze: 1000, suggestions: 1000 } },
  });
  account = await signUp(server);
  const res = await post(
    server,
    '/api/virtual-staging',
    {
      action: 'analyze',
      imageBase64: dataUrl(await photoAs('jpeg')),
      options: { style: 'modern', budget: { min: 0, max: 2000 }, roomType: 'livingRoom' },
    },
    { cookie: account.cookie },
  );
  stagedImage = dataUrl(await photoAs('jpeg'));
  products = AnalyzeStagingResponse.parse(await res.json())
    .products.filter((p) => p.selected)
    .map((p) => ({ id: p.id, quantity: p.quantity }));
});
afterAll(() => server.close());

describe.each(ENDPOINTS)('%s', (_endpoint, send) => {
  it.each(CASES)('%s -> %i %s, German, nothing charged', async (_name, make, status, code) => {
    const before = await creditsOf(server, account.cookie);
    const res = await send(await make());
    expect(res.status).toBe(status);
    const body = ApiErrorBody.parse(await res.json());
    expect(body.code).toBe(code);
    const german = failureMessage(res.status, body.code, body.details);
    if (code === 'IMAGE_UNREADABLE') expect(german).toMatch(/^Foto 1 ist beschädigt/);
    else expect(german).toMatch(/zu viele Pixel/);
    expect(await creditsOf(server, account.cookie)).toBe(before);
  });
});
