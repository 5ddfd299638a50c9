// The platforms' hosts as a table: every domain on the maintained list is accepted (bare, www, a language), and
// look-alikes that an old pattern let through are refused, by the shared check the form and the server both use.
import { describe, expect, it } from 'vitest';
import { readListingInput } from '../../../core/listing/detectPlatform';
import {
  AIRBNB_DOMAINS,
  isAirbnbHost,
  isBookingHost,
  isImageCdnHost,
} from '../../../core/listing/platformHosts';
import { LOOKALIKE_HOSTS } from '../../helpers/lookalikeHosts';

describe('platform hosts', () => {
  it('has 20 look-alikes in its table', () => expect(new Set(LOOKALIKE_HOSTS).size).toBe(20));

  it.each([...AIRBNB_DOMAINS])('accepts Airbnb domain %s, bare and under www', (domain) => {
    expect(isAirbnbHost(domain)).toBe(true);
    expect(isAirbnbHost(`www.${domain}`)).toBe(true);
    expect(readListingInput(`https://www.${domain}/rooms/12345678`)).toMatchObject({
      ok: true,
      platform: 'airbnb',
    });
  });

  it.each(['de.airbnb.com', 'm.airbnb.com', 'WWW.AIRBNB.DE', 'www.airbnb.de.'])(
    'accepts Airbnb host %s',
    (host) => expect(isAirbnbHost(host)).toBe(true),
  );

  it.each(['booking.com', 'www.booking.com', 'm.booking.com'])('accepts Booking.com host %s', (host) =>
    expect(isBookingHost(host)).toBe(true),
  );

  it.each(LOOKALIKE_HOSTS)('refuses %s as a listing host, with the listing-link code', (host) => {
    expect(isAirbnbHost(host) || isBookingHost(host) || isImageCdnHost(host)).toBe(false);
    const input = readListingInput(`https://${host}/rooms/12345678`);
    expect(input).toMatchObject({ ok: false, error: 'INVALID_LISTING_URL' });
  });

  it.each([
    ['a0.muscache.com', true],
    ['cf.bstatic.com', true],
    ['muscache.com', false],
    ['a0.muscache.com.evil.net', false],
    ['a0.muscache.co', false],
    ['cf.bstatic.com.evil.test', false],
    ['x.y.bstatic.com', false],
  ] as const)('image CDN host %s -> %s', (host, expected) => expect(isImageCdnHost(host)).toBe(expected));
});
