// Reads what a user typed into the import form: which platform it is and which page the server should fetch.
// Pure and shared: the web form uses it to enable its button, the server uses it before fetching anything.
// The host rules (platformHosts.ts: a maintained list read through the Public Suffix List) are also the server's
// allow-list for listing pages, so a look-alike host is refused here, before anything is fetched.
import { AIRBNB_MAX_ID_DIGITS, AIRBNB_MIN_ID_DIGITS } from '../catalog/limits';
import { isAirbnbHost, isBookingHost, lookalikeOf } from './platformHosts';

export type ListingPlatform = 'airbnb' | 'booking';

/** Why an input cannot be imported; the codes of core/contract/scrapeProperty.ts. */
export type ListingInputError = 'INVALID_URL' | 'UNSUPPORTED_PLATFORM' | 'INVALID_LISTING_URL';

export type ListingInput =
  | { ok: true; platform: 'airbnb'; listingId: string; pageUrl: string }
  | { ok: true; platform: 'booking'; pageUrl: string }
  | { ok: false; error: ListingInputError; platform?: ListingPlatform };

/** An Airbnb room id (SPEC section 5): digits only, as many as core/catalog/limits allows. */
const ID_DIGITS = `\\d{${AIRBNB_MIN_ID_DIGITS},${AIRBNB_MAX_ID_DIGITS}}`;
const AIRBNB_ID = new RegExp(`^${ID_DIGITS}$`);

// /rooms/<id>, /rooms/plus/<id>, /rooms/luxury/<id>, optionally followed by more path (/photos ...).
const AIRBNB_ROOM_PATH = new RegExp(`^/rooms/(?:plus/|luxury/)?(${ID_DIGITS})(?:/|$)`);
// /hotel/<country>/<name>.html, optionally with a language suffix: .de.html, .en-gb.html, .hi.html.
const BOOKING_HOTEL_PATH = /^\/hotel\/[a-z]{2}\/[a-z0-9][a-z0-9_-]*(?:\.[a-z]{2}(?:-[a-z]{2,4})?)?\.html$/i;

export { isAirbnbHost, isBookingHost };

/**
 * Parses user text as an http(s) URL; a missing scheme ("airbnb.de/rooms/…") is read as https.
 * Returns null for anything else, including other schemes and credentials in the URL.
 */
export function parseUserUrl(text: string): URL | null {
  const trimmed = text.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:/]+:\d+(?:\/|$)/.test(trimmed);
  let url: URL;
  try {
    url = new URL(hasScheme ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '' || !url.hostname.includes('.')) return null;
  return url;
}

/** The platform the text points at: a URL on an Airbnb or Booking.com host, or a bare Airbnb room id. */
export function detectPlatform(text: string): ListingPlatform | null {
  if (AIRBNB_ID.test(text.trim())) return 'airbnb';
  const url = parseUserUrl(text);
  if (url === null) return null;
  if (isAirbnbHost(url.hostname)) return 'airbnb';
  if (isBookingHost(url.hostname)) return 'booking';
  return null;
}

/** The Airbnb room id of a room page link or a bare id, or null. */
export function parseAirbnbInput(text: string): string | null {
  const trimmed = text.trim();
  if (AIRBNB_ID.test(trimmed)) return trimmed;
  const url = parseUserUrl(trimmed);
  if (url === null || !isAirbnbHost(url.hostname)) return null;
  return AIRBNB_ROOM_PATH.exec(url.pathname)?.[1] ?? null;
}

/** True for a Booking.com hotel page (/hotel/<cc>/<name>.html); search, city and landing pages are not. */
export function isBookingHotelUrl(text: string): boolean {
  const url = parseUserUrl(text);
  return url !== null && isBookingHost(url.hostname) && BOOKING_HOTEL_PATH.test(url.pathname);
}

/**
 * Everything the importer needs from the user's text, or why it cannot be imported. The page URL drops the
 * query and fragment (dates, tracking) and always uses https; a bare Airbnb id is fetched from airbnb.de.
 */
export function readListingInput(text: string): ListingInput {
  const platform = detectPlatform(text);
  if (platform === null) {
    const url = parseUserUrl(text);
    if (url === null) return { ok: false, error: 'INVALID_URL' };
    // www.airbnb.xyz, airbnb.com.evil.test: meant as a listing link, but not on the platform's own domains.
    const imitated = lookalikeOf(url.hostname);
    if (imitated !== null) return { ok: false, error: 'INVALID_LISTING_URL', platform: imitated };
    return { ok: false, error: 'UNSUPPORTED_PLATFORM' };
  }
  if (platform === 'airbnb') {
    const listingId = parseAirbnbInput(text);
    if (listingId === null) return { ok: false, error: 'INVALID_LISTING_URL', platform };
    const url = AIRBNB_ID.test(text.trim()) ? null : parseUserUrl(text);
    const host = url === null ? 'www.airbnb.de' : url.hostname.toLowerCase();
    return { ok: true, platform, listingId, pageUrl: `https://${host}/rooms/${listingId}` };
  }
  const url = parseUserUrl(text);
  if (url === null || !isBookingHotelUrl(text)) return { ok: false, error: 'INVALID_LISTING_URL', platform };
  return { ok: true, platform, pageUrl: `https://www.booking.com${url.pathname}` };
}
