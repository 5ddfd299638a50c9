// Finds the photos of one Booking.com hotel in its page HTML. Pure: (html, pageUrl) -> photo URLs or a problem.
// Booking URLs look like https://cf.bstatic.com/xdata/images/hotel/<size>/<photoId>.jpg?k=<signature>&o=;
// one photo comes in many sizes with the same signature, so photos are deduplicated by id and the largest
// known size wins (max1920x1080, then max1280x900, then max1024x768).
//
// Sources, in the order tried (the first one that yields photos is used):
//   1. hotelPhotos: the inline JavaScript array `hotelPhotos: [ { id, thumb_url, large_url, highres_url } ]`,
//      the complete list on today's pages. It is a JS object literal, not JSON, so it is never evaluated: its
//      end is found with a small quote-aware bracket scanner and the photo URLs are matched inside it.
//   2. gallery markup of older layouts: <img> (src, data-src, data-lazy, srcset), <source srcset>, <a href>,
//      data-thumb-url and data-highres inside the known gallery containers, plus a[data-thumb-url] anywhere;
//      joined with og:image (relative on today's pages, resolved against the page URL). These show only a few
//      photos in small sizes, so the size is raised to max1280x900 (the signature does not depend on it).
// Without photos, the page is checked for a captcha / bot check, then for Booking's error 404 page.
import { load } from 'cheerio';
import { BOOKING_SIZE_PREFERENCE } from '../../../core/catalog';
import type { ExtractResult } from './types';

const HOTEL_PHOTO_PATH = /^\/xdata\/images\/hotel\/([a-z0-9]+)\/(\d+)\.(?:jpe?g|png|webp)$/i;
const BSTATIC_HOST = /^(?:[a-z0-9-]+\.bstatic\.com|(?:www\.)?booking\.com)$/;
/** Higher is better; sizes the catalogue does not list rank 0. */
const SIZE_RANK: Record<string, number> = Object.fromEntries(
  BOOKING_SIZE_PREFERENCE.map((size, i) => [size, BOOKING_SIZE_PREFERENCE.length - i]),
);
const UPGRADED_SIZE = 'max1280x900';

const GALLERY_CONTAINERS: readonly string[] = [
  '#photo_wrapper',
  '[data-testid^="GalleryUnifiedDesktop"]',
  '#photos_distinct',
  '.bh-photo-grid',
  '.bh-photo-modal',
  '#hotel_main_content',
  '.hotel_gallery',
];
const GALLERY_ELEMENTS = ['img', 'source', 'a'];
const GALLERY_SELECTOR = [
  ...GALLERY_CONTAINERS.flatMap((container) => GALLERY_ELEMENTS.map((element) => `${container} ${element}`)),
  'a[data-thumb-url]',
  '[data-highres]',
].join(', ');
const GALLERY_ATTRIBUTES = [
  'src',
  'data-src',
  'data-lazy',
  'data-lazy-src',
  'href',
  'data-thumb-url',
  'data-highres',
];
const GALLERY_SRCSET_ATTRIBUTES = ['srcset', 'data-srcset'];

const CAPTCHA_MARKERS = [
  /gokuProps/, // AWS WAF challenge page (the normal page only loads challenge.js, without gokuProps)
  /captcha-sdk\.awswaf\.com|AwsWafCaptcha|CaptchaScript\.renderCaptcha/,
  /px-captcha|captcha\.px-cdn|captcha-delivery\.com/, // PerimeterX, DataDome
  /hcaptcha\.com\/1\/api\.js|google\.com\/recaptcha\/api\.js/,
];
// Read through cheerio rather than by regexes over the whole page, which hostile markup could make slow.
const CAPTCHA_WIDGETS = '.g-recaptcha, .h-captcha, #px-captcha';
const CAPTCHA_TITLE = /captcha|robot|are you a human|bist du ein mensch|just a moment/i;
const ERROR_404 = /b_action["']?\s*:\s*["']error404["']/;

interface HotelPhoto {
  id: string;
  size: string;
  url: URL;
}

/** A Booking.com hotel photo URL split into id and size, or null for anything else. */
export function parseBookingPhotoUrl(raw: string, pageUrl: string): HotelPhoto | null {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/&amp;/g, '&'), pageUrl);
  } catch {
    return null;
  }
  const match = HOTEL_PHOTO_PATH.exec(url.pathname);
  if (url.protocol !== 'https:' || !BSTATIC_HOST.test(url.hostname) || match === null) return null;
  return { id: match[2] as string, size: (match[1] as string).toLowerCase(), url };
}

function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter((url) => url !== '');
}

/** Keeps one URL per photo id, in order of first appearance, preferring the largest known size. */
function bestPerPhoto(photos: readonly (HotelPhoto | null)[], upgradeSmall: boolean): string[] {
  const best = new Map<string, HotelPhoto>();
  for (const photo of photos) {
    if (photo === null) continue;
    const current = best.get(photo.id);
    if (current === undefined || (SIZE_RANK[photo.size] ?? 0) > (SIZE_RANK[current.size] ?? 0)) {
      best.set(photo.id, photo);
    }
  }
  return [...best.values()].map(({ size, url }) => {
    if (upgradeSmall && (SIZE_RANK[size] ?? 0) < (SIZE_RANK[UPGRADED_SIZE] ?? 0)) {
      url = new URL(url.href);
      url.pathname = url.pathname.replace(`/hotel/${size}/`, `/hotel/${UPGRADED_SIZE}/`);
    }
    return url.href;
  });
}

/**
 * Where the array literal opening at `start` ends (index of its `]`), skipping brackets inside quoted strings.
 * Truncated input has no end: the rest of the text is returned as the array.
 */
export function findArrayEnd(text: string, start: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote !== null) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') {
      quote = c;
    } else if (c === '[') {
      depth++;
    } else if (c === ']' && --depth === 0) {
      return i;
    }
  }
  return text.length;
}

/** The raw photo URLs inside every `hotelPhotos: [...]` literal of the page, in order. */
function hotelPhotosUrls(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(/\bhotelPhotos["']?\s*[:=]\s*\[/g)) {
    const start = match.index + match[0].length - 1;
    const literal = html
      .slice(start, findArrayEnd(html, start) + 1)
      .replace(/\\u002[fF]/g, '/')
      .replace(/\\\//g, '/');
    for (const url of literal.matchAll(/https?:\/\/[a-z0-9.-]+\/xdata\/images\/hotel\/[^'"`\s\\]+/gi)) {
      urls.push(url[0]);
    }
  }
  return urls;
}

export function extractBookingImages(html: string, pageUrl: string): ExtractResult {
  const fromScript = bestPerPhoto(
    hotelPhotosUrls(html).map((raw) => parseBookingPhotoUrl(raw, pageUrl)),
    false,
  );
  if (fromScript.length > 0) return { images: fromScript, sources: ['hotelPhotos'] };

  const $ = load(html);
  const gallery: (HotelPhoto | null)[] = [];
  $(GALLERY_SELECTOR).each((_, el) => {
    const $el = $(el);
    const values = [
      ...GALLERY_ATTRIBUTES.map((name) => $el.attr(name)),
      ...GALLERY_SRCSET_ATTRIBUTES.flatMap((name) => srcsetUrls($el.attr(name) ?? '')),
    ];
    for (const value of values) if (value !== undefined) gallery.push(parseBookingPhotoUrl(value, pageUrl));
  });
  const ogImage = parseBookingPhotoUrl($('meta[property="og:image"]').attr('content') ?? '', pageUrl);
  const fromMarkup = bestPerPhoto([...gallery, ogImage], true);
  if (fromMarkup.length > 0) {
    const sources = [gallery.some((p) => p !== null) ? 'gallery' : '', ogImage !== null ? 'og-image' : ''];
    return { images: fromMarkup, sources: sources.filter((source) => source !== '') };
  }

  const captcha =
    CAPTCHA_MARKERS.some((marker) => marker.test(html)) ||
    $(CAPTCHA_WIDGETS).length > 0 ||
    CAPTCHA_TITLE.test($('title').first().text());
  if (captcha) {
    return { problem: 'captcha' };
  }
  if (ERROR_404.test(html)) return { problem: 'notFound' };
  return { problem: 'noImages' };
}
