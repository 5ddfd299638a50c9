import { describe, expect, it } from 'vitest';
import { extractAirbnbImages, normalizeAirbnbPhotoUrl } from '../../../server/services/listing/airbnb';
import {
  extractBookingImages,
  findArrayEnd,
  parseBookingPhotoUrl,
} from '../../../server/services/listing/booking';
import { extractListing } from '../../../server/services/listing/extract';
import {
  AIRBNB_NEGATIVE,
  AIRBNB_SSR,
  BOOKING_2026,
  BOOKING_404,
  readFixtureHtml,
} from '../../helpers/listingFixtures';

const photosOf = (result: ReturnType<typeof extractAirbnbImages>) =>
  'images' in result ? result.images : result;

describe('fixture pages against their expected JSON', () => {
  it('Airbnb SSR page: all 17 photos of this listing, originals, in hero order', () => {
    const result = extractAirbnbImages(readFixtureHtml(AIRBNB_SSR), AIRBNB_SSR.url);
    expect(photosOf(result)).toEqual(AIRBNB_SSR.expected);
    expect(AIRBNB_SSR.expected).toHaveLength(17);
    expect(result).toMatchObject({ sources: ['deferred-state'] });
  });

  it('Airbnb SSR page through extractListing: the first 10, as the API downloads them', () => {
    const result = extractListing('airbnb', readFixtureHtml(AIRBNB_SSR), AIRBNB_SSR.url);
    expect(result).toEqual({
      images: AIRBNB_SSR.expected.slice(0, 10),
      sources: ['deferred-state'],
      found: 17,
    });
  });

  it('Airbnb NEGATIVE page (home page cards of other listings): no photos', () => {
    expect(AIRBNB_NEGATIVE.expected).toEqual([]);
    expect(extractAirbnbImages(readFixtureHtml(AIRBNB_NEGATIVE), AIRBNB_NEGATIVE.url)).toEqual({
      problem: 'noImages',
    });
  });

  it('the NEGATIVE page does hold photos, of other listings: the filter is what keeps them out', () => {
    const html = readFixtureHtml(AIRBNB_NEGATIVE);
    const other = extractAirbnbImages(html, 'https://www.airbnb.com.br/rooms/41402701');
    expect('images' in other && other.images.length).toBeGreaterThan(0);
    expect('images' in other && other.images.every((url) => url.includes('/Hosting-41402701/'))).toBe(true);
  });

  it('Booking.com 2026 page: all 45 photos from hotelPhotos at max1280x900, in page order', () => {
    const result = extractBookingImages(readFixtureHtml(BOOKING_2026), BOOKING_2026.url);
    expect(result).toEqual({ images: BOOKING_2026.expected, sources: ['hotelPhotos'] });
    expect(BOOKING_2026.expected).toHaveLength(45);
  });

  it('Booking.com 2026 page through extractListing: the first 20', () => {
    const result = extractListing('booking', readFixtureHtml(BOOKING_2026), BOOKING_2026.url);
    expect(result).toEqual({
      images: BOOKING_2026.expected.slice(0, 20),
      sources: ['hotelPhotos'],
      found: 45,
    });
  });

  it('Booking.com error 404 page: not found (its generic og:image is not imported)', () => {
    expect(extractBookingImages(readFixtureHtml(BOOKING_404), BOOKING_404.url)).toEqual({
      problem: 'notFound',
    });
  });
});

describe('#extractAirbnbImages on other page shapes', () => {
  const id = '12345678';
  const pageUrl = `https://www.airbnb.de/rooms/${id}`;
  const pic = (name: string, listing = id) =>
    `https://a0.muscache.com/im/pictures/miso/Hosting-${listing}/original/${name}.jpeg`;

  it('a page saved from a browser: data-original-uri, srcset, img src and og:image, this listing only', () => {
    const html = `<html><head>
      <meta property="og:image" content="${pic('cover')}?im_w=720&amp;width=720">
      </head><body>
      <picture><source srcset="${pic('a')}?im_w=720 1x, ${pic('a')}?im_w=1200 2x"><img data-original-uri="${pic('a')}" src="${pic('a')}?im_w=720"></picture>
      <picture><source srcset="${pic('b')}?im_w=720 1x"><img data-original-uri="${pic('b')}"></picture>
      <img src="${pic('c')}?im_w=480">
      <img data-original-uri="${pic('other', '87654321')}" src="${pic('other', '87654321')}?im_w=720">
      <img src="https://a0.muscache.com/im/pictures/user/User/original/avatar.jpeg?aki_policy=profile_x_medium">
      <img data-original-uri="https://a0.muscache.com/im/pictures/miso/Hosting-123456789/original/longer-id.jpeg">
      <img src="https://evil.example.com/im/pictures/miso/Hosting-${id}/original/d.jpeg">
      </body></html>`;
    expect(extractAirbnbImages(html, pageUrl)).toEqual({
      images: [pic('a'), pic('b'), pic('c'), pic('cover')],
      sources: ['data-original-uri', 'img-src', 'og-image'],
    });
  });

  it('srcset alone still yields the photo', () => {
    const html = `<picture><source srcset="${pic('only')}?im_w=720 1x, ${pic('only')}?im_w=1440 2x"></picture>`;
    expect(extractAirbnbImages(html, pageUrl)).toEqual({ images: [pic('only')], sources: ['srcset'] });
  });

  it('the SSR page without its deferred state falls back to JSON-LD, which lists only 8 of the 17 photos', () => {
    const html = readFixtureHtml(AIRBNB_SSR).replace(
      /<script id="data-deferred-state-0"[^>]*>[\s\S]*?<\/script>/,
      '',
    );
    const result = extractAirbnbImages(html, AIRBNB_SSR.url);
    expect(result).toMatchObject({ sources: ['json-ld'] });
    const photos = photosOf(result) as string[];
    expect(photos).toHaveLength(8);
    expect(photos.every((url) => AIRBNB_SSR.expected.includes(url))).toBe(true);
  });

  it('older pages: niobeMinimalClientData, hero before photo tour before other mentions', () => {
    const state = {
      niobeMinimalClientData: [
        [
          'StaysPdpSections',
          {
            data: {
              sharingConfig: { imageUrl: pic('share') },
              sections: [
                { section: { mediaItems: [{ baseUrl: pic('tour1') }, { baseUrl: pic('hero2') }] } },
                { section: { previewImages: [{ baseUrl: pic('hero1') }, { baseUrl: pic('hero2') }] } },
                { section: { hostAvatar: { baseUrl: 'https://a0.muscache.com/im/pictures/user/x.jpeg' } } },
              ],
            },
          },
        ],
      ],
    };
    const html = `<script id="data-deferred-state-0" type="application/json">${JSON.stringify(state)}</script>`;
    expect(extractAirbnbImages(html, pageUrl)).toEqual({
      images: [pic('hero1'), pic('hero2'), pic('tour1'), pic('share')],
      sources: ['deferred-state'],
    });
  });

  it('untagged photo URLs are taken only from the hero and photo tour, and only when nothing else matched', () => {
    const untagged = (name: string) => `https://a0.muscache.com/im/pictures/${name}.jpg`;
    const state = {
      niobeClientData: [
        [
          'x',
          {
            previewImages: [{ baseUrl: untagged('old-1') }, { baseUrl: pic('x', '87654321') }],
            mediaItems: [{ baseUrl: untagged('old-2') }, { baseUrl: untagged('AirbnbPlatformAssets/badge') }],
            elsewhere: { baseUrl: untagged('not-in-a-gallery') },
          },
        ],
      ],
    };
    const html = `<script id="data-deferred-state-0" type="application/json">${JSON.stringify(state)}</script>`;
    expect(extractAirbnbImages(html, pageUrl)).toEqual({
      images: [untagged('old-1'), untagged('old-2')],
      sources: ['deferred-state-untagged'],
    });
    const tagged = html.replace('</script>', '</script>' + `<img data-original-uri="${pic('tagged')}">`);
    expect(extractAirbnbImages(tagged, pageUrl)).toEqual({
      images: [pic('tagged')],
      sources: ['data-original-uri'],
    });
  });

  it('a page URL without a room id is not a room page', () => {
    expect(extractAirbnbImages('<html></html>', 'https://www.airbnb.de/s/Berlin/homes')).toEqual({
      problem: 'notFound',
    });
  });

  it.each([
    [
      `https://a0.muscache.com/im/pictures/hosting/Hosting-${id}/original/x.jpeg?im_w=720`,
      `https://a0.muscache.com/im/pictures/hosting/Hosting-${id}/original/x.jpeg`,
    ],
    [
      `//a1.muscache.com/im/pictures/Hosting-${id}/original/x.webp`,
      `https://a1.muscache.com/im/pictures/Hosting-${id}/original/x.webp`,
    ],
    [
      `http://a0.muscache.com/im/pictures/Hosting-${id}/original/x.jpg`,
      `https://a0.muscache.com/im/pictures/Hosting-${id}/original/x.jpg`,
    ],
    [`https://a0.muscache.com/im/pictures/Hosting-${id}0/original/x.jpeg`, null],
    [`https://a0.muscache.com/im/pictures/Hosting-${id}/original/x.svg`, null],
    [`https://muscache.com.evil.net/im/pictures/Hosting-${id}/original/x.jpeg`, null],
    ['not a url at all', null],
  ])('#normalizeAirbnbPhotoUrl %s', (raw, expected) => {
    expect(normalizeAirbnbPhotoUrl(raw, id, pageUrl)).toBe(expected);
  });
});

describe('#extractBookingImages on other page shapes', () => {
  const pageUrl = 'https://www.booking.com/hotel/de/adlon.de.html';
  const photo = (size: string, photoId: string, k = `sig${photoId}`) =>
    `https://cf.bstatic.com/xdata/images/hotel/${size}/${photoId}.jpg?k=${k}&o=&hp=1`;

  it('older layout without hotelPhotos: gallery images and og:image, raised to max1280x900, deduplicated by id', () => {
    const html = readFixtureHtml(BOOKING_2026).replace(/hotelPhotos:/g, 'removedPhotos:');
    const result = extractBookingImages(html, BOOKING_2026.url);
    // The 8 gallery photos are the first 8 of the full list, in the same order, at the same size (the gallery
    // URLs carry no &hp=1 and the og:image copy of photo 1 is relative: both are merged into one per photo).
    expect(result).toEqual({
      images: BOOKING_2026.expected.slice(0, 8).map((url) => url.replace('&hp=1', '')),
      sources: ['gallery', 'og-image'],
    });
  });

  it('prefers 1920x1080 over 1280x900 over 1024x768 and keeps page order', () => {
    const html = `<script>var b = { hotelPhotos: [
      { id: '1', thumb_url: '${photo('max200', '1')}', large_url: '${photo('max1024x768', '1')}', highres_url: '${photo('max1920x1080', '1')}', alt: "a ] bracket, a \\"quote\\" and a '" },
      { id: '2', large_url: '${photo('max1024x768', '2')}', associated_rooms: ['1', '2'], grid: { photo_width: 10 } },
      { id: '3', large_url: '${photo('max1024x768', '3')}', highres_url: '${photo('max1280x900', '3')}' },
      { id: '1', large_url: '${photo('max1024x768', '1')}' }
    ], otherPhotos: ['${photo('max1280x900', '99')}'] };</script>`;
    expect(extractBookingImages(html, pageUrl)).toEqual({
      images: [photo('max1920x1080', '1'), photo('max1024x768', '2'), photo('max1280x900', '3')],
      sources: ['hotelPhotos'],
    });
  });

  it('reads a JSON-encoded hotelPhotos array with escaped slashes', () => {
    const escaped = photo('max1280x900', '7').replace(/\//g, '\\/');
    const html = `<script>window.__DATA__ = {"hotelPhotos":[{"id":7,"highres_url":"${escaped}"}]};</script>`;
    expect(extractBookingImages(html, pageUrl)).toEqual({
      images: [photo('max1280x900', '7')],
      sources: ['hotelPhotos'],
    });
  });

  it('oldest layout: a[data-thumb-url] anywhere plus a relative og:image', () => {
    const html = `<head><meta property="og:image" content="/xdata/images/hotel/608x352/5.jpg?k=sig5&amp;o="></head>
      <body><a class="bh-photo-grid-item" href="${photo('max1024x768', '4')}" data-thumb-url="${photo('max200', '4')}"></a>
      <div class="recommendations"><img src="${photo('max300', '6')}"></div></body>`;
    expect(extractBookingImages(html, pageUrl)).toEqual({
      images: [
        photo('max1280x900', '4'),
        'https://www.booking.com/xdata/images/hotel/max1280x900/5.jpg?k=sig5&o=',
      ],
      sources: ['gallery', 'og-image'],
    });
  });

  it.each([
    [
      'AWS WAF challenge',
      '<html><head><title></title><script>window.gokuProps = {"key":"x"};</script></head></html>',
    ],
    ['AWS WAF captcha', '<script src="https://abc.edge.captcha-sdk.awswaf.com/abc/jsapi.js"></script>'],
    ['PerimeterX', '<div id="px-captcha"></div>'],
    ['reCAPTCHA', '<div class="g-recaptcha" data-sitekey="x"></div>'],
    ['title', '<title>Bist du ein Mensch?</title>'],
  ])('a bot check without photos (%s) is a captcha', (_name, html) => {
    expect(extractBookingImages(html, pageUrl)).toEqual({ problem: 'captcha' });
  });

  it('the normal page loads the WAF script too, but has photos, so it is no captcha', () => {
    expect(readFixtureHtml(BOOKING_2026)).toContain('challenge.js');
    expect(extractBookingImages(readFixtureHtml(BOOKING_2026), BOOKING_2026.url)).not.toHaveProperty(
      'problem',
    );
  });

  it('a page without photos and without a bot check or 404 marker: no images', () => {
    const html = `<meta property="og:image" content="https://cf.bstatic.com/static/img/fb/2/logo.jpg">
      <img src="https://cf.bstatic.com/static/img/flags/new/48-squared/de/x.png">`;
    expect(extractBookingImages(html, pageUrl)).toEqual({ problem: 'noImages' });
  });

  it.each([
    [
      'https://cf.bstatic.com/xdata/images/hotel/max500/176113777.jpg?k=abc&amp;o=',
      { id: '176113777', size: 'max500' },
    ],
    ['/xdata/images/hotel/608x352/103705059.jpg?k=abc&o=', { id: '103705059', size: '608x352' }],
    ['https://q-xx.bstatic.com/xdata/images/hotel/max1024x768/1.png', { id: '1', size: 'max1024x768' }],
    ['https://cf.bstatic.com/static/img/fb/2/b18514076ffef009d56c887c69af9c754bf020ae.jpg', null],
    ['https://cf.bstatic.com/xdata/images/city/max500/1.jpg', null],
    ['https://evil.example.com/xdata/images/hotel/max500/1.jpg', null],
    ['http://cf.bstatic.com/xdata/images/hotel/max500/1.jpg', null],
  ])('#parseBookingPhotoUrl %s', (raw, expected) => {
    const parsed = parseBookingPhotoUrl(raw, pageUrl);
    expect(parsed === null ? null : { id: parsed.id, size: parsed.size }).toEqual(expected);
  });
});

describe('#findArrayEnd', () => {
  it.each([
    ['[1, 2, 3] rest', 8],
    ['[[1], [2, [3]]] rest', 14],
    ['[\'a]\', "b]", `c]`] rest', 17],
    ["['it\\'s ]'] rest", 10],
    ['[{ a: [1] }, { b: "]" }] x', 23],
    ['[1, 2', 5],
    ["['unterminated ] string", 23],
  ])('%s -> %i', (text, end) => {
    expect(findArrayEnd(text, 0)).toBe(end);
  });
});
