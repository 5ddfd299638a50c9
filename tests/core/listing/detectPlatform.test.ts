import { describe, expect, it } from 'vitest';
import {
  detectPlatform,
  isBookingHotelUrl,
  parseAirbnbInput,
  parseUserUrl,
  readListingInput,
} from '../../../core/listing/detectPlatform';

describe('#detectPlatform', () => {
  it.each([
    ['https://www.airbnb.de/rooms/12345678', 'airbnb'],
    ['https://airbnb.de/rooms/12345678', 'airbnb'],
    ['airbnb.de/rooms/12345678', 'airbnb'],
    ['https://www.airbnb.com.br/rooms/53801777', 'airbnb'],
    ['https://www.airbnb.co.uk/rooms/12345678', 'airbnb'],
    ['https://www.airbnb.it/rooms/1438101512728990114', 'airbnb'],
    ['https://de.airbnb.com/rooms/12345678', 'airbnb'],
    ['https://WWW.AIRBNB.AT/rooms/12345678', 'airbnb'],
    ['https://www.airbnb.de/', 'airbnb'],
    ['  12345678  ', 'airbnb'],
    ['1438101512728990114', 'airbnb'],
    ['https://www.booking.com/hotel/de/adlon.de.html', 'booking'],
    ['https://booking.com/searchresults.html', 'booking'],
    ['https://m.booking.com/hotel/de/adlon.html', 'booking'],
    ['https://www.airbnb.de.evil.com/rooms/12345678', null],
    ['https://evilairbnb.de/rooms/12345678', null],
    ['https://www.booking.com.evil.net/hotel/de/x.html', null],
    ['https://notbooking.com/hotel/de/x.html', null],
    ['https://www.fewo-direkt.de/ferienwohnung/123', null],
    ['1234567', null],
    ['hallo welt', null],
    ['', null],
    ['javascript:alert(1)', null],
    ['ftp://www.airbnb.de/rooms/12345678', null],
  ])('%s -> %s', (text, expected) => {
    expect(detectPlatform(text)).toBe(expected);
  });
});

describe('#parseAirbnbInput', () => {
  it.each([
    ['https://www.airbnb.de/rooms/12345678', '12345678'],
    ['https://www.airbnb.de/rooms/12345678?adults=2&check_in=2026-05-01', '12345678'],
    ['https://www.airbnb.de/rooms/12345678/', '12345678'],
    ['https://www.airbnb.de/rooms/12345678/photos', '12345678'],
    ['https://www.airbnb.de/rooms/plus/12345678', '12345678'],
    ['https://www.airbnb.it/rooms/1438101512728990114', '1438101512728990114'],
    ['www.airbnb.com.br/rooms/53801777', '53801777'],
    ['12345678', '12345678'],
    [' 87654321 ', '87654321'],
    ['https://www.airbnb.de/rooms/1234567', null], // fewer than 8 digits
    ['1234567', null],
    ['https://www.airbnb.de/rooms/12345678abc', null],
    ['https://www.airbnb.de/s/Berlin/homes', null],
    ['https://www.airbnb.de/users/show/12345678', null],
    ['https://www.airbnb.de/h/schoene-wohnung', null],
    ['https://www.booking.com/rooms/12345678', null],
    ['https://example.com/rooms/12345678', null],
  ])('%s -> %s', (text, expected) => {
    expect(parseAirbnbInput(text)).toBe(expected);
  });
});

describe('#isBookingHotelUrl', () => {
  it.each([
    ['https://www.booking.com/hotel/in/the-taj-mahal-palace-mumbai.html', true],
    ['https://www.booking.com/hotel/in/taj-mahal-palace.hi.html', true],
    ['https://www.booking.com/hotel/de/adlon-kempinski-berlin.de.html?aid=1&checkin=2026-05-01', true],
    ['https://www.booking.com/hotel/gb/the-savoy.en-gb.html', true],
    ['www.booking.com/hotel/de/adlon.html', true],
    ['https://www.booking.com/searchresults.de.html?ss=Berlin', false],
    ['https://www.booking.com/city/de/berlin.html', false],
    ['https://www.booking.com/hotel/de/', false],
    ['https://www.booking.com/hotel/deu/adlon.html', false],
    ['https://www.booking.com/', false],
    ['https://www.airbnb.de/hotel/de/adlon.html', false],
    ['kein link', false],
  ])('%s -> %s', (text, expected) => {
    expect(isBookingHotelUrl(text)).toBe(expected);
  });
});

describe('#parseUserUrl', () => {
  it.each([
    ['https://www.airbnb.de/rooms/1', 'https://www.airbnb.de/rooms/1'],
    ['airbnb.de/rooms/1', 'https://airbnb.de/rooms/1'],
    ['www.airbnb.de:443/rooms/1', 'https://www.airbnb.de/rooms/1'],
    ['http://www.airbnb.de/rooms/1', 'http://www.airbnb.de/rooms/1'],
    ['https://user:pw@www.airbnb.de/', null],
    ['https://localhost/', null],
    ['data:text/html,hi', null],
    ['https://www.airbnb.de/rooms/1 und mehr', null],
  ])('%s -> %s', (text, expected) => {
    expect(parseUserUrl(text)?.href ?? null).toBe(expected);
  });
});

describe('#readListingInput', () => {
  it.each([
    [
      'https://www.airbnb.it/rooms/1438101512728990114?source_impression_id=x#photos',
      {
        ok: true,
        platform: 'airbnb',
        listingId: '1438101512728990114',
        pageUrl: 'https://www.airbnb.it/rooms/1438101512728990114',
      },
    ],
    [
      '12345678',
      {
        ok: true,
        platform: 'airbnb',
        listingId: '12345678',
        pageUrl: 'https://www.airbnb.de/rooms/12345678',
      },
    ],
    [
      'http://airbnb.de/rooms/plus/12345678',
      { ok: true, platform: 'airbnb', listingId: '12345678', pageUrl: 'https://airbnb.de/rooms/12345678' },
    ],
    [
      'https://m.booking.com/hotel/in/taj-mahal-palace.hi.html?aid=304142',
      { ok: true, platform: 'booking', pageUrl: 'https://www.booking.com/hotel/in/taj-mahal-palace.hi.html' },
    ],
    ['nur text', { ok: false, error: 'INVALID_URL' }],
    ['https://www.example.com/rooms/12345678', { ok: false, error: 'UNSUPPORTED_PLATFORM' }],
    ['https://www.airbnb.de/s/Berlin/homes', { ok: false, error: 'INVALID_LISTING_URL', platform: 'airbnb' }],
    [
      'https://www.booking.com/searchresults.html',
      { ok: false, error: 'INVALID_LISTING_URL', platform: 'booking' },
    ],
  ])('%s', (text, expected) => {
    expect(readListingInput(text)).toEqual(expected);
  });
});
