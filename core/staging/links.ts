// Shop links of the staging catalogue: a shop search for an item where no product page is known, the affiliate
// tag the server passes in from AFFILIATE_TAG (core reads no environment), and whether a link carries one (the
// disclaimer and rel="sponsored" say so only then). Built with URL APIs only, so
// names with spaces, umlauts or '&' always make a valid link.

/** The shop searched for items without a known product page. Amazon.de, because its affiliate tag is a URL parameter. */
export const SEARCH_SHOP_ORIGIN = 'https://www.amazon.de';

/** A shop search for `query` (words joined by single spaces). */
export function shopSearchLink(query: string): string {
  const url = new URL('/s', SEARCH_SHOP_ORIGIN);
  url.searchParams.set('k', query.replace(/\s+/g, ' ').trim());
  return url.href;
}

/** Amazon marks affiliate links with `tag`; other shops have their own schemes and are left as they are. */
function isAmazon(url: URL): boolean {
  return /(^|\.)amazon\.(de|com|co\.uk|fr|it|es|nl|at)$/i.test(url.hostname);
}

/**
 * `link` with the affiliate tag set, when a tag is given and the link goes to a shop whose scheme we know;
 * otherwise `link` unchanged. An existing tag is replaced, so a link is never tagged twice.
 */
export function withAffiliateTag(link: string, affiliateTag: string | undefined | null): string {
  const tag = affiliateTag?.trim();
  if (!tag) return link;
  const url = new URL(link);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return link;
  if (!isAmazon(url)) return link;
  url.searchParams.set('tag', tag);
  return url.href;
}

/** Whether `link` carries an affiliate tag (an Amazon link with `tag`): only such a link is rel="sponsored". */
export function isAffiliateLink(link: string): boolean {
  try {
    const url = new URL(link);
    return isAmazon(url) && (url.searchParams.get('tag') ?? '').trim() !== '';
  } catch {
    return false;
  }
}
