// Turns a suggestion's Hauptartikel into a shop link: a product link is used as it is, keywords become an
// Amazon.de search. Only http(s) links pass, because the text comes from a model and a 'javascript:' link
// must never reach an href.

const SEARCH_BASE = 'https://www.amazon.de/s?k=';

function asHttpUrl(text: string): string | null {
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The shop URL for a Hauptartikel content: the content itself if it is an http(s) URL, otherwise an Amazon.de
 * search for its comma-separated keywords joined by spaces. Null when there is nothing to search for.
 */
export function shopSearchUrl(hauptartikelContent: string): string | null {
  const content = hauptartikelContent.trim().replace(/^<(.*)>$/, '$1');
  const url = asHttpUrl(content);
  if (url) return url;
  const keywords = content
    .split(',')
    .map((k) => k.replace(/\s+/g, ' ').trim())
    .filter((k) => k.length > 0);
  if (keywords.length === 0) return null;
  return SEARCH_BASE + encodeURIComponent(keywords.join(' '));
}
