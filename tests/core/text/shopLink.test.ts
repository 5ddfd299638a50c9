import { describe, it, expect } from 'vitest';
import { shopSearchUrl } from '../../../core/text/shopLink';

describe('#shopSearchUrl', () => {
  it.each([
    ['Stehlampe', 'https://www.amazon.de/s?k=Stehlampe'],
    ['Stehlampe, warmweiß', 'https://www.amazon.de/s?k=Stehlampe%20warmwei%C3%9F'],
    ['  Kissen ,  Samt  grün , ', 'https://www.amazon.de/s?k=Kissen%20Samt%20gr%C3%BCn'],
    [
      'Bettwäsche & Decke, 100% Baumwolle',
      'https://www.amazon.de/s?k=Bettw%C3%A4sche%20%26%20Decke%20100%25%20Baumwolle',
    ],
    ['Größe?=#', 'https://www.amazon.de/s?k=Gr%C3%B6%C3%9Fe%3F%3D%23'],
    ['https://www.amazon.de/dp/B000TEST01', 'https://www.amazon.de/dp/B000TEST01'],
    ['  HTTPS://www.amazon.de/dp/B000TEST01?tag=x  ', 'https://www.amazon.de/dp/B000TEST01?tag=x'],
    ['http://example.com', 'http://example.com/'],
    ['<https://example.com/lampe>', 'https://example.com/lampe'],
    ['https://example.com/a b', 'https://example.com/a%20b'],
    ['javascript:alert(1)', 'https://www.amazon.de/s?k=javascript%3Aalert(1)'],
    ['ftp://example.com/file', 'https://www.amazon.de/s?k=ftp%3A%2F%2Fexample.com%2Ffile'],
    ['https://', 'https://www.amazon.de/s?k=https%3A%2F%2F'],
  ])('%j -> %s', (content, url) => {
    expect(shopSearchUrl(content)).toBe(url);
  });

  it.each(['', '   ', ',', ' , ,, '])('answers null when there is nothing to search for: %j', (content) => {
    expect(shopSearchUrl(content)).toBeNull();
  });

  it('never returns a link that is not http(s)', () => {
    for (const content of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      'file:///etc/passwd',
    ]) {
      const url = shopSearchUrl(content);
      expect(url).not.toBeNull();
      expect(new URL(url!).protocol).toBe('https:');
      expect(new URL(url!).hostname).toBe('www.amazon.de');
    }
  });

  it('keeps the keywords readable after decoding', () => {
    const url = new URL(shopSearchUrl('Couchtisch, Eiche, rund')!);
    expect(url.searchParams.get('k')).toBe('Couchtisch Eiche rund');
  });
});
