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
