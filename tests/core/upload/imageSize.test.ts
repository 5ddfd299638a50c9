import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImageSize } from '../../../core/upload/imageSize';

const FIXTURES = resolve(import.meta.dirname, '../../../../shared/fixtures');
const fixture = (path: string) => new Uint8Array(readFileSync(resolve(FIXTURES, path)));

const bytes = (...b: number[]) => new Uint8Array(b);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const ascii = (text: string) => new TextEncoder().encode(text);
const be16 = (n: number) => bytes(n >> 8, n & 0xff);
const be32 = (n: number) => bytes(n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
const le16 = (n: number) => bytes(n & 0xff, n >> 8);
const le24 = (n: number) => bytes(n & 0xff, (n >> 8) & 0xff, n >> 16);
const le32 = (n: number) => bytes(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24);

/** A marker segment: FF, marker, 2-byte length (counting itself), payload. */
const segment = (marker: number, payload: Uint8Array) =>
  concat(bytes(0xff, marker), be16(payload.length + 2), payload);
const sof = (marker: number, width: number, height: number) =>
  segment(marker, concat(bytes(8), be16(height), be16(width), bytes(3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1)));
const SOI = bytes(0xff, 0xd8);
const jfif = segment(0xe0, concat(ascii('JFIF\0'), bytes(1, 1, 0, 0, 1, 0, 1, 0, 0)));
/** A big APP1 (EXIF with a thumbnail) before the frame header, as phones write it. */
const bigExif = segment(0xe1, concat(ascii('Exif\0\0'), new Uint8Array(60_000).fill(0xff)));
const dht = segment(0xc4, new Uint8Array(28));
const sos = segment(0xda, bytes(3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0));

const png = (width: number, height: number) =>
  concat(
    bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    be32(13),
    ascii('IHDR'),
    be32(width),
    be32(height),
    bytes(8, 6, 0, 0, 0),
  );
const riff = (chunk: string, payload: Uint8Array) =>
  concat(
    ascii('RIFF'),
    le32(payload.length + 12),
    ascii('WEBP'),
    ascii(chunk),
    le32(payload.length),
    payload,
  );
const vp8 = (width: number, height: number) =>
  riff('VP8 ', concat(bytes(0x50, 0x2a, 0), bytes(0x9d, 0x01, 0x2a), le16(width), le16(height)));
const vp8l = (width: number, height: number) =>
  riff('VP8L', concat(bytes(0x2f), le32(((width - 1) | ((height - 1) << 14)) >>> 0)));
const vp8x = (width: number, height: number) =>
  riff('VP8X', concat(bytes(0x10, 0, 0, 0), le24(width - 1), le24(height - 1)));

describe('#readImageSize', () => {
  describe('real fixture files', () => {
    it.each([
      ['photos/IMG_20180725_163423.jpg (EXIF with GPS)', 'photos/IMG_20180725_163423.jpg', 4048, 3036],
      ['photos/canon-dslr.jpg', 'photos/canon-dslr.jpg', 5184, 3456],
      ['rooms/bedroom/1_bedroom.jpg', 'rooms/bedroom/1_bedroom.jpg', 720, 480],
      ['rooms/living_room (Places365)', 'rooms/living_room/Places365_val_00000785.jpg', 256, 256],
    ])('%s', (_name, path, width, height) => {
      expect(readImageSize(fixture(path))).toEqual({ type: 'image/jpeg', width, height });
    });

    it('reads PNG, lossy, lossless and extended WebP and progressive JPEG as sharp encodes them', async () => {
      const source = sharp(fixture('rooms/bedroom/1_bedroom.jpg')).resize(333, 222);
      const alpha = source.clone().ensureAlpha(0.5);
      const cases: [Buffer, string][] = [
        [await source.clone().png().toBuffer(), 'image/png'],
        [await source.clone().webp({ quality: 70 }).toBuffer(), 'image/webp'],
        [await source.clone().webp({ lossless: true }).toBuffer(), 'image/webp'],
        [await alpha.clone().webp({ quality: 70 }).toBuffer(), 'image/webp'], // VP8X: alpha needs the extended header
        [await source.clone().jpeg({ progressive: true }).toBuffer(), 'image/jpeg'],
      ];
      const chunks = cases.map(([file]) => file.subarray(12, 16).toString('latin1'));
      expect(chunks.slice(1, 4)).toEqual(['VP8 ', 'VP8L', 'VP8X']);
      for (const [file, type] of cases)
        expect(readImageSize(new Uint8Array(file))).toEqual({ type, width: 333, height: 222 });
    });
  });

  describe('synthetic headers', () => {
    it.each([
      ['baseline JPEG (SOF0)', concat(SOI, jfif, sof(0xc0, 640, 480), sos), 640, 480],
      ['progressive JPEG (SOF2) after DHT', concat(SOI, jfif, dht, sof(0xc2, 1024, 768), sos), 1024, 768],
      ['SOF after a 60 KB EXIF segment', concat(SOI, bigExif, sof(0xc0, 4000, 3000)), 4000, 3000],
      ['fill bytes before a marker', concat(SOI, bytes(0xff, 0xff), sof(0xc1, 10, 20)), 10, 20],
      ['60 MP JPEG (the bomb is only claimed)', concat(SOI, sof(0xc0, 10_000, 6_000)), 10_000, 6_000],
      ['largest JPEG side', concat(SOI, sof(0xc0, 65_535, 65_535)), 65_535, 65_535],
      ['PNG', png(800, 600), 800, 600],
      ['PNG with the top bit set', png(0x80000001, 1), 0x80000001, 1],
      ['WebP VP8', vp8(1600, 1200), 1600, 1200],
      ['WebP VP8 with scaling bits set', vp8(0xc000 | 300, 0x4000 | 200), 300, 200],
      ['WebP VP8L', vp8l(16_383, 1), 16_383, 1],
      ['WebP VP8X (canvas up to 2^24)', vp8x(16_777_216, 3), 16_777_216, 3],
    ])('%s', (_name, head, width, height) => {
      expect(readImageSize(head)).toMatchObject({ width, height });
    });

    it.each([
      ['empty', bytes()],
      ['text', ascii('Das ist kein Foto, sondern Text.')],
      ['JPEG signature only', bytes(0xff, 0xd8, 0xff)],
      ['JPEG cut inside the SOF', concat(SOI, sof(0xc0, 640, 480)).subarray(0, 8)],
      ['JPEG cut inside a big EXIF segment', concat(SOI, bigExif).subarray(0, 30_000)],
      ['JPEG scan before any frame header', concat(SOI, jfif, dht, sos, sof(0xc0, 1, 1))],
      ['JPEG end of image before any frame header', concat(SOI, bytes(0xff, 0xd9), sof(0xc0, 1, 1))],
      ['JPEG with garbage instead of a marker', concat(SOI, bytes(0x12, 0x34), sof(0xc0, 1, 1))],
      ['JPEG with a segment length below 2', concat(SOI, bytes(0xff, 0xe0, 0, 1), sof(0xc0, 1, 1))],
      ['JPEG height 0 (defined later by DNL)', concat(SOI, sof(0xc0, 640, 0))],
      ['JPEG width 0', concat(SOI, sof(0xc0, 0, 480))],
      ['PNG cut inside IHDR', png(800, 600).subarray(0, 20)],
      [
        'PNG whose first chunk is not IHDR',
        concat(png(800, 600).subarray(0, 12), ascii('tEXt'), new Uint8Array(9)),
      ],
      ['PNG width 0', png(0, 600)],
      ['WebP cut inside VP8', vp8(1600, 1200).subarray(0, 27)],
      ['WebP VP8 without its start code', riff('VP8 ', new Uint8Array(10))],
      ['WebP VP8L with a wrong signature byte', riff('VP8L', bytes(0x2e, 1, 2, 3, 4))],
      ['WebP VP8X cut short', vp8x(10, 10).subarray(0, 28)],
      ['WebP with an unknown first chunk', riff('ALPH', new Uint8Array(20))],
    ])('%s: null', (_name, head) => {
      expect(readImageSize(head)).toBeNull();
    });
  });

  it('never throws on any prefix of a real header, and is right or null on each', () => {
    const file = fixture('photos/IMG_20180725_163423.jpg').subarray(0, 70_000);
    for (let n = 0; n <= file.length; n += n < 200 ? 1 : 97) {
      const size = readImageSize(file.subarray(0, n));
      if (size !== null) expect(size).toEqual({ type: 'image/jpeg', width: 4048, height: 3036 });
    }
    expect(readImageSize(file)).not.toBeNull();
  });

  it('never throws on random bytes behind each signature', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) >>> 0) >>> 16) & 0xff;
    const heads = [
      SOI,
      png(1, 1).subarray(0, 16),
      riff('VP8 ', bytes()).subarray(0, 16),
      riff('VP8X', bytes()).subarray(0, 16),
    ];
    for (let round = 0; round < 2000; round++) {
      const head = heads[round % heads.length]!;
      const tail = Uint8Array.from({ length: round % 97 }, random);
      const size = readImageSize(concat(head, tail));
      if (size !== null) expect(size.width * size.height).toBeGreaterThan(0);
    }
  });
});
