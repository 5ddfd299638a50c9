import { describe, it, expect } from 'vitest';
import { IMPORT_PLATFORMS, importedFileName, resultFileName } from '../../../core/text/fileNames';

describe('#resultFileName', () => {
  it.each([
    [1, 'optimiertes-bild-1.png'],
    [2, 'optimiertes-bild-2.png'],
    [10, 'optimiertes-bild-10.png'],
    [123, 'optimiertes-bild-123.png'],
  ])('%i -> %s', (n, name) => {
    expect(resultFileName(n)).toBe(name);
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

  it('knows both platforms', () => {
    expect(IMPORT_PLATFORMS).toEqual(['airbnb', 'booking']);
  });

  it.each([0, 2.5])('rejects %s', (n) => {
    expect(() => importedFileName('booking', n)).toThrow(RangeError);
  });
});
