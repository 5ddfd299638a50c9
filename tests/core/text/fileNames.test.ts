import { describe, it, expect } from 'vitest';
import { detectPlatform } from '../../../core/listing/detectPlatform';
import { IMPORT_PLATFORMS, importedFileName, resultFileName } from '../../../core/text/fileNames';

describe('#resultFileName', () => {
  it.each([
    [1, 'optimiertes-bild-1.jpg'],
    [2, 'optimiertes-bild-2.jpg'],
    [10, 'optimiertes-bild-10.jpg'],
    [123, 'optimiertes-bild-123.jpg'],
  ])('%i -> %s', (n, name) => {
    expect(resultFileName(n)).toBe(name);
  });

  it.each([
    [1, 'jpg', 'optimiertes-bild-1.jpg'],
    [3, 'png', 'optimiertes-bild-3.png'],
  ] as const)('%i as %s -> %s', (n, format, name) => {
    expect(resultFileName(n, format)).toBe(name);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s', (n) => {
    expect(() => resultFileName(n)).toThrow(RangeError);
  });

  // The photo's own name follows the number, made safe for Windows, macOS and Linux.
  it.each([
    [3, 'wohnzimmer.jpg', 'optimiertes-bild-3-wohnzimmer.jpg'],
    [1, 'IMG_1234.JPG', 'optimiertes-bild-1-IMG_1234.jpg'],
    [2, 'Küche mit Blick.jpeg', 'optimiertes-bild-2-Küche-mit-Blick.jpg'],
    // Decomposed umlauts (as macOS writes them) become the composed ones.
    [2, 'Ku\u0308che.png', 'optimiertes-bild-2-Küche.jpg'],
    [4, 'Bad  oben   links.webp', 'optimiertes-bild-4-Bad-oben-links.jpg'],
    [5, 'a<b>c:d"e/f\\g|h?i*j.jpg', 'optimiertes-bild-5-g-h-i-j.jpg'],
    [5, 'a<b>c:d"e|h?i*j.jpg', 'optimiertes-bild-5-a-b-c-d-e-h-i-j.jpg'],
    [6, 'C:\\Users\\gast\\Flur.jpg', 'optimiertes-bild-6-Flur.jpg'],
    [7, '.versteckt.jpg', 'optimiertes-bild-7-versteckt.jpg'],
    [8, 'Ende... .jpg', 'optimiertes-bild-8-Ende.jpg'],
    [9, 'tab\tund\nzeile.jpg', 'optimiertes-bild-9-tab-und-zeile.jpg'],
    // A bidi override would let 'gpj.exe' read as 'exe.jpg'; invisible characters go.
    [10, 'rechnung\u202Egpj.exe', 'optimiertes-bild-10-rechnunggpj.exe.jpg'],
    [11, 'Flur.Teil2', 'optimiertes-bild-11-Flur.Teil2.jpg'],
    // A result optimised again keeps one prefix.
    [12, 'optimiertes-bild-3-wohnzimmer.jpg', 'optimiertes-bild-12-wohnzimmer.jpg'],
    [13, 'optimiertes-bild-4.jpg', 'optimiertes-bild-13.jpg'],
    // Nothing usable left: the plain name.
    [14, '', 'optimiertes-bild-14.jpg'],
    [15, '???.jpg', 'optimiertes-bild-15.jpg'],
    [16, '.jpg', 'optimiertes-bild-16.jpg'],
    [17, '花园.jpg', 'optimiertes-bild-17-花园.jpg'],
  ])('%i with %j -> %s', (n, original, name) => {
    expect(resultFileName(n, 'jpg', original)).toBe(name);
  });

  it('keeps the format the user chose', () => {
    expect(resultFileName(3, 'png', 'wohnzimmer.jpg')).toBe('optimiertes-bild-3-wohnzimmer.png');
  });

  it.each([
    ['a', 'a'.repeat(300), 100],
    ['ä (2 bytes)', 'ä'.repeat(300), 100],
    ['😀 (4 bytes, never cut in half)', '😀'.repeat(300), 100],
  ])('keeps at most 100 bytes of a long name of %s', (_what, original, maxBytes) => {
    const name = resultFileName(20, 'jpg', `${original}.jpg`);
    const own = name.slice('optimiertes-bild-20-'.length, -'.jpg'.length);
    expect(Buffer.byteLength(own)).toBeLessThanOrEqual(maxBytes);
    expect(Buffer.byteLength(own)).toBeGreaterThan(maxBytes - 4);
    expect(original.startsWith(own)).toBe(true);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
  });

  it('gives every photo of a download its own name, also with equal names and on case-blind file systems', () => {
    const originals = [
      'Bad.jpg',
      'bad.jpg',
      'Bad.jpg',
      '1.jpg',
      '1-x.jpg',
      '',
      '???',
      'optimiertes-bild-2.jpg',
    ];
    const names = Array.from({ length: 12 }, (_, i) =>
      resultFileName(i + 1, 'jpg', originals[i % originals.length]),
    );
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
  });
});

describe('#importedFileName', () => {
  it.each([
    ['airbnb', 1, 'airbnb-1.jpg'],
    ['airbnb', 10, 'airbnb-10.jpg'],
    ['booking', 1, 'booking-1.jpg'],
    ['booking', 20, 'booking-20.jpg'],
  ] as const)('%s %i -> %s', (platform, n, name) => {
    expect(importedFileName(platform, n)).toBe(name);
  });

  it.each([
    ['https://www.airbnb.de/rooms/12345678', 'airbnb'],
    ['https://www.booking.com/hotel/de/seeblick.de.html', 'booking'],
  ])('names the photos of every platform the listing input detects (%s)', (link, platform) => {
    const detected = detectPlatform(link);
    expect(detected).toBe(platform);
    expect(IMPORT_PLATFORMS).toContain(detected);
    expect(importedFileName(detected!, 3)).toBe(`${platform}-3.jpg`);
  });

  it.each([0, 2.5])('rejects %s', (n) => {
    expect(() => importedFileName('booking', n)).toThrow(RangeError);
  });
});
