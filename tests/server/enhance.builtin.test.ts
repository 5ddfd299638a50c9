// POST /api/enhance-image with the builtin (offline) provider over real HTTP: the modes it approximates with
// classical processing run for free (visitors too), its real work (removal) is charged, the modes it cannot do
// are refused before any charge, and every hostile upload (wrong bytes, too many bytes, too many pixels, a
// remote URL) is refused before any charge too.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../core/contract/errors';
import { enhanceModeIds } from '../../core/catalog';
import { DECLUTTER_MODE_IDS } from '../../core/declutter/clutterLabels';
import { AiCapabilitiesResponse } from '../../core/contract/aiCapabilities';
import { EnhanceBatchResponse, EnhanceSingleResponse } from '../../core/contract/enhance';
import { failureMessage } from '../../web/api/errors';
import type { TestServer } from '../helpers/startServer';
import {
  bytesOf,
  dataUrl,
  enhance,
  fixture,
  GPS_PHOTO,
  meanLuma,
  startAiServer,
  testJpeg,
} from './ai.helpers';
import { creditsOf, signUp } from './auth.helpers';

let server: TestServer;
let photo: Buffer;

beforeAll(async () => {
  server = await startAiServer({ ai: { rateLimits: { enhance: 1000 } } });
  photo = await testJpeg({ level: 90, tint: [0.85, 1, 1.15] });
});

afterAll(async () => {
  await server.close();
});

async function errorOf(res: Response, status: number, code: string): Promise<ApiErrorBody> {
  expect(res.status).toBe(status);
  const body = ApiErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  return body;
}

/** A PNG whose header claims width x height but that holds one pixel: a decompression bomb's header. */
async function bombPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#888' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('POST /api/enhance-image (builtin)', () => {
  it('approximates shineAppliances on two photos for free and says what it did', async () => {
    const { cookie } = await signUp(server);
    const res = await enhance(server, {
      cookie,
      files: [photo, photo],
      selectedModes: ['shineAppliances', 'brighten'],
      totalEnhancements: 0,
    });
    expect(res.status).toBe(200);
    const body = EnhanceBatchResponse.parse(await res.json());
    expect(body).toMatchObject({
      provider: 'builtin',
      creditsCharged: 0,
      balance: null,
      errors: [null, null],
    });
    expect(await creditsOf(server, cookie)).toBe(10);
    for (const [i, url] of body.enhanced_images_base64.entries()) {
      expect(body.descriptions[i]).toBe(
        'Geräte zum Glänzen bringen (neutraler Weißabgleich, Klarheit und Materialdetails betont).',
      );
      // The cast was removed: red and blue moved towards each other.
      const before = await sharp(photo).stats();
      const after = await sharp(bytesOf(url ?? '')).stats();
      const gap = (s: sharp.Stats) => (s.channels[2]?.mean ?? 0) - (s.channels[0]?.mean ?? 0);
      expect(gap(after)).toBeLessThan(gap(before) / 2);
    }
  });

  it('takes data: URLs in imageUrls like files', async () => {
    const { cookie } = await signUp(server);
    const res = await enhance(server, {
      cookie,
      imageUrls: [dataUrl(photo)],
      selectedModes: ['generalEnhance'],
    });
    expect(res.status).toBe(200);
    const body = EnhanceBatchResponse.parse(await res.json());
    expect(body.creditsCharged).toBe(0);
    expect(await creditsOf(server, cookie)).toBe(10);
    expect(body.descriptions[0]).toMatch(/^Rundum verbessern \(/);
  });

  it('strips EXIF and GPS from the result of a phone photo', async () => {
    const original = fixture(GPS_PHOTO);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { cookie } = await signUp(server);
    const res = await enhance(server, {
      cookie,
      files: [original],
      single: true,
      selectedModes: ['curbAppeal'],
    });
    expect(res.status).toBe(200);
    const body = EnhanceSingleResponse.parse(await res.json());
    const result = await sharp(bytesOf(body.enhanced_image_base64)).metadata();
    expect(result).toMatchObject({ format: 'jpeg', width: 4048, height: 3036 });
    expect(result.exif).toBeUndefined();
    expect(result.icc).toBeUndefined();
    // No APP1 segment at all: that is where EXIF (and its GPS block) would be.
    expect(bytesOf(body.enhanced_image_base64).includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
  });

  it('runs every approximated mode for a visitor, free, without an Idempotency-Key', async () => {
    const approximated = [
      'shineAppliances',
      'gleamingFixtures',
      'landscapeEnhance',
      'curbAppeal',
      'generalEnhance',
    ];
    const capabilities = await fetch(`${server.url}/api/ai-capabilities`);
    expect(capabilities.status).toBe(200);
    expect(AiCapabilitiesResponse.parse(await capabilities.json()).approximatedModeIds.toSorted()).toEqual(
      approximated.toSorted(),
    );
    const res = await enhance(server, { files: [photo], selectedModes: approximated, key: null });
    expect(res.status).toBe(200);
    const body = EnhanceBatchResponse.parse(await res.json());
    expect(body).toMatchObject({ provider: 'builtin', creditsCharged: 0, balance: null, errors: [null] });
    expect(body.enhanced_images_base64[0]).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('still charges its real work (removal), and refuses it to a visitor before reading the photos', async () => {
    const { cookie } = await signUp(server);
    const visitor = await enhance(server, {
      files: [Buffer.from('kein Bild')],
      selectedModes: ['declutter', 'curbAppeal'],
    });
    // 401, not 415: the price is known before the photos are decoded, so a visitor's paid call costs no work.
    await errorOf(visitor, 401, 'UNAUTHENTICATED');
    const res = await enhance(server, {
      cookie,
      files: [fixture('rooms/kitchen/124_kitchen.jpg')],
      single: true,
      selectedModes: ['declutter', 'curbAppeal'],
    });
    expect(res.status).toBe(200);
    // declutter (2) removed things and is charged; curbAppeal (1 listed) is a free approximation.
    expect(EnhanceSingleResponse.parse(await res.json())).toMatchObject({ creditsCharged: 2, balance: 8 });
    expect(await creditsOf(server, cookie)).toBe(8);
  }, 90_000);

  it('lists exactly the modes it refuses as unavailable, so the app never offers them', async () => {
    const res = await fetch(`${server.url}/api/ai-capabilities`);
    const { unavailableModeIds, removalModeIds } = AiCapabilitiesResponse.parse(await res.json());
    // A made bed, arranged cushions, a spa-clean bath and a window view need a generative model.
    expect(unavailableModeIds).toEqual(['windowView', 'hotelBed', 'spaClean', 'arrangePillows']);
    // The removal modes are done by finding objects: their cards say which (core/declutter/removalScope.ts).
    expect(removalModeIds?.toSorted()).toEqual([...DECLUTTER_MODE_IDS].sort());
    const { cookie } = await signUp(server);
    for (const id of enhanceModeIds()) {
      const refused = await enhance(server, {
        cookie,
        files: [Buffer.from('kein Bild')],
        selectedModes: [id],
      });
      // Refused before the photo is read: 422 for what it cannot do, the photo's 415 for what it can.
      if (unavailableModeIds.includes(id)) {
        const body = await errorOf(refused, 422, 'AI_UNAVAILABLE');
        expect(body.details).toMatchObject({ modeIds: [id] });
      } else {
        await errorOf(refused, 415, 'UNSUPPORTED_IMAGE');
      }
    }
    // The staging cards open the staging flow, which this server runs: not unavailable.
    expect(unavailableModeIds).not.toContain('virtualStaging');
    expect(unavailableModeIds).not.toContain('cozyFurnishing');
    expect(await creditsOf(server, cookie)).toBe(10);
  });

  it('refuses modes it cannot do with 422 AI_UNAVAILABLE, naming them, before any charge', async () => {
    const { cookie } = await signUp(server);
    const res = await enhance(server, {
      cookie,
      files: [photo],
      single: true,
      selectedModes: ['declutter', 'shineAppliances', 'hotelBed', 'warmerTones', 'windowView'],
    });
    const body = await errorOf(res, 422, 'AI_UNAVAILABLE');
    // Removing clutter works offline (declutter.test.ts); a new bed or window view needs a generative model.
    expect(body.details).toEqual({ modeIds: ['windowView', 'hotelBed'], provider: 'builtin' });
    expect(failureMessage(422, body.code)).toBe(
      'Diese Optimierung braucht den KI-Dienst, der auf diesem Server nicht eingerichtet ist.',
    );
    expect(await creditsOf(server, cookie)).toBe(10);
  });
});

describe('hostile uploads are refused before any charge', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = (await signUp(server)).cookie;
  });

  it.each([
    ['a header claiming 10000x10000 pixels', () => bombPng(10_000, 10_000), 413, 'IMAGE_TOO_LARGE'],
    [
      'a text file named foto.jpg',
      async () => Buffer.from('<html>kein Bild</html>'),
      415,
      'UNSUPPORTED_IMAGE',
    ],
    [
      'a GIF',
      async () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      415,
      'UNSUPPORTED_IMAGE',
    ],
    [
      'JPEG magic bytes with garbage after them',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]),
      415,
      'IMAGE_UNREADABLE',
    ],
    [
      'a file over 10 MB',
      async () => Buffer.concat([await testJpeg(), Buffer.alloc(10 * 1024 * 1024)]),
      413,
      'FILE_TOO_LARGE',
    ],
  ])('%s', async (_name, make, status, code) => {
    const res = await enhance(server, {
      cookie,
      files: [await make()],
      single: true,
      selectedModes: ['declutter'],
    });
    await errorOf(res, status, code);
    expect(await creditsOf(server, cookie)).toBe(10);
  });

  it('checks every photo of a batch before charging for any', async () => {
    const res = await enhance(server, {
      cookie,
      files: [photo, await bombPng(9000, 9000)],
      selectedModes: ['declutter'],
    });
    const body = await errorOf(res, 413, 'IMAGE_TOO_LARGE');
    expect(body.error).toBe('image 2 has 9000x9000 pixels');
    expect(await creditsOf(server, cookie)).toBe(10);
  });

  it.each([
    [
      'a remote URL in imageUrls',
      { imageUrls: ['https://example.com/foto.jpg'], selectedModes: ['curbAppeal'] },
    ],
    ['an unknown mode', { files: [photo], selectedModes: ['makeItPretty'] }],
    ['only device modes', { files: [photo], selectedModes: ['brighten', 'sharpen'] }],
    ['no photo', { selectedModes: ['curbAppeal'] }],
  ])('answers 400 INVALID_REQUEST for %s', async (_name, call) => {
    await errorOf(await enhance(server, { cookie, ...call }), 400, 'INVALID_REQUEST');
    expect(await creditsOf(server, cookie)).toBe(10);
  });

  it('answers 413 TOO_MANY_FILES past the upload count', async () => {
    const files = Array.from({ length: 31 }, () => photo);
    await errorOf(
      await enhance(server, { cookie, files, selectedModes: ['curbAppeal'] }),
      413,
      'TOO_MANY_FILES',
    );
  });

  it('rate-limits AI calls per user with 429 RATE_LIMITED', async () => {
    const limited = await startAiServer({ ai: { rateLimits: { enhance: 2 } } });
    try {
      const account = await signUp(limited);
      const call = { cookie: account.cookie, files: [photo], single: true, selectedModes: ['curbAppeal'] };
      expect((await enhance(limited, call)).status).toBe(200);
      expect((await enhance(limited, call)).status).toBe(200);
      const res = await enhance(limited, call);
      const body = await errorOf(res, 429, 'RATE_LIMITED');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(body.details).toMatchObject({ retryAfterSeconds: expect.any(Number) });
      expect(await creditsOf(limited, account.cookie)).toBe(10);
    } finally {
      await limited.close();
    }
  });

  it('keeps a brightness approximation honest: curbAppeal lifts a dark photo', async () => {
    const dark = await testJpeg({ level: 45 });
    const res = await enhance(server, { cookie, files: [dark], single: true, selectedModes: ['curbAppeal'] });
    const body = EnhanceSingleResponse.parse(await res.json());
    expect(await meanLuma(bytesOf(body.enhanced_image_base64))).toBeGreaterThan((await meanLuma(dark)) + 10);
  });
});
