// Finds the photos of one Airbnb room in its page HTML. Pure: (html, pageUrl) -> photo URLs or a problem.
// Airbnb pages carry many pictures that are not this listing's (other listings' cards, the host's avatar,
// review badges), so only URLs under Hosting-<listingId>/ are kept, as original uploads (no ?im_w= query).
//
// Sources, in the order tried (all are read; their photos are joined in this order, duplicates dropped):
//   1. deferred-state JSON: <script id="data-deferred-state-0"> (niobeClientData, older niobeMinimalClientData),
//      read generically; the hero gallery (`previewImages`) first, then the photo tour (`mediaItems`), then any
//      other string in document order. Today's server-rendered pages have the photos only here.
//   2. data-original-uri attributes      } what survives in pages saved from a browser,
//   3. <source srcset> and <img srcset>  } where the JSON is gone
//   4. <img src>                         }
//   5. JSON-LD (script[type="application/ld+json"]): lists only some photos
//   6. og:image: the cover photo only
// Fallback: when none of these yields a Hosting-<id> photo, the hero and photo-tour arrays of source 1 are read
// once more accepting untagged photo URLs (/im/pictures/<uuid>.jpg, used by some older listings), because those
// two arrays hold only this listing's photos.
import { load, type CheerioAPI } from 'cheerio';
import { parseAirbnbInput } from '../../../core/listing/detectPlatform';
import type { ExtractResult } from './types';

const MUSCACHE_HOST = /^[a-z0-9-]+\.muscache\.com$/;
const IMAGE_FILE = /\.(?:jpe?g|png|webp)$/i;
const NOT_A_LISTING_PHOTO = /hosting-|\/user\/|platform-?assets|mediaverse|\/airbnb\/static\//i;

function parseMuscacheUrl(raw: string, pageUrl: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), pageUrl);
  } catch {
    return null;
  }
  if (!MUSCACHE_HOST.test(url.hostname) || !IMAGE_FILE.test(url.pathname)) return null;
  return url;
}

/** The full-size URL of a photo of listing `listingId`, or null for any other picture. */
export function normalizeAirbnbPhotoUrl(raw: string, listingId: string, pageUrl: string): string | null {
  const url = parseMuscacheUrl(raw, pageUrl);
  if (url === null || !url.pathname.includes(`/Hosting-${listingId}/`)) return null;
  return `https://${url.hostname}${url.pathname}`;
}

/** Like normalizeAirbnbPhotoUrl, for an untagged picture (no Hosting-<id>) that is not a platform asset. */
function normalizeUntaggedPhotoUrl(raw: string, pageUrl: string): string | null {
  const url = parseMuscacheUrl(raw, pageUrl);
  if (
    url === null ||
    !/^\/(?:im\/)?pictures\//.test(url.pathname) ||
    NOT_A_LISTING_PHOTO.test(url.pathname)
  ) {
    return null;
  }
  return `https://${url.hostname}${url.pathname}`;
}

/** Every string inside `roots`, depth first in document order. Iterative: hostile JSON may nest deeply. */
function stringsInOrder(roots: readonly unknown[]): string[] {
  const out: string[] = [];
  const stack: unknown[] = [...roots].reverse();
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    else if (value !== null && typeof value === 'object') stack.push(...Object.values(value).reverse());
  }
  return out;
}

/** The values of every property called `key`, anywhere inside `roots`, in document order. */
function valuesOfKey(roots: readonly unknown[], key: string): unknown[] {
  const out: unknown[] = [];
  const stack: unknown[] = [...roots].reverse();
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    } else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (key in record) out.push(record[key]);
      stack.push(...Object.values(record).reverse());
    }
  }
  return out;
}

function parseJsonScripts($: CheerioAPI, selector: string): unknown[] {
  const roots: unknown[] = [];
  $(selector).each((_, el) => {
    try {
      roots.push(JSON.parse($(el).text()));
    } catch {
      // A truncated or broken script is simply not a source.
    }
  });
  return roots;
}

function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter((url) => url !== '');
}

/** Collects photos in order; the file name (a UUID) identifies a photo across its URL variants. */
class PhotoList {
  readonly urls: string[] = [];
  readonly sources: string[] = [];
  private readonly seen = new Set<string>();

  add(source: string, urls: readonly (string | null)[]): void {
    let added = 0;
    for (const url of urls) {
      if (url === null) continue;
      const key = url.slice(url.lastIndexOf('/') + 1);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.urls.push(url);
      added++;
    }
    if (added > 0) this.sources.push(source);
  }
}

export function extractAirbnbImages(html: string, pageUrl: string): ExtractResult {
  const listingId = parseAirbnbInput(pageUrl);
  if (listingId === null) return { problem: 'notFound' };
  const $ = load(html);
  const photo = (raw: string) => normalizeAirbnbPhotoUrl(raw, listingId, pageUrl);
  const attrs = (selector: string, name: string) =>
    $(selector)
      .toArray()
      .map((el) => $(el).attr(name) ?? '');

  const state = parseJsonScripts($, 'script[id^="data-deferred-state"], script#data-state');
  const hero = valuesOfKey(state, 'previewImages');
  const tour = valuesOfKey(state, 'mediaItems');
  const photos = new PhotoList();
  photos.add('deferred-state', stringsInOrder([...hero, ...tour, ...state]).map(photo));
  photos.add('data-original-uri', attrs('[data-original-uri]', 'data-original-uri').map(photo));
  photos.add('srcset', attrs('source[srcset], img[srcset]', 'srcset').flatMap(srcsetUrls).map(photo));
  photos.add('img-src', attrs('img[src]', 'src').map(photo));
  photos.add('json-ld', stringsInOrder(parseJsonScripts($, 'script[type="application/ld+json"]')).map(photo));
  photos.add('og-image', attrs('meta[property="og:image"]', 'content').map(photo));
  if (photos.urls.length === 0) {
    const untagged = stringsInOrder([...hero, ...tour]).map((raw) => normalizeUntaggedPhotoUrl(raw, pageUrl));
    photos.add('deferred-state-untagged', untagged);
  }

  return photos.urls.length > 0 ? { images: photos.urls, sources: photos.sources } : { problem: 'noImages' };
}
