// The platforms' own domains, as a maintained list, and the one host check built on it: a host belongs to a
// platform only when its registrable domain (split off with the Public Suffix List, tldts) is on the list. So
// airbnb.com.evil.test, www.airbnb.xyz, www.airbnb.co.zz and evil.airbnb.top are nobody's, however they look.
// Pure and shared: the import form's live check and the server's fetch allow-list (pages, redirects, images).
import { parse } from 'tldts';

/**
 * Airbnb's country sites. Sources: the Airbnb Android app's own domain list (DomainStore.DEFAULT_DOMAINS) and
 * Bitwarden's equivalent-domains table for Airbnb (bitwarden/server, src/Core/Utilities/StaticStore.cs); a domain
 * is here only when one of those lists it. Add one when Airbnb opens a country site; never add a pattern.
 */
export const AIRBNB_DOMAINS: ReadonlySet<string> = new Set([
  'airbnb.com',
  'airbnb.ae',
  'airbnb.at',
  'airbnb.be',
  'airbnb.ca',
  'airbnb.cat',
  'airbnb.ch',
  'airbnb.cl',
  'airbnb.co.cr',
  'airbnb.co.id',
  'airbnb.co.in',
  'airbnb.co.kr',
  'airbnb.co.nz',
  'airbnb.co.uk',
  'airbnb.co.ve',
  'airbnb.com.ar',
  'airbnb.com.au',
  'airbnb.com.bo',
  'airbnb.com.br',
  'airbnb.com.bz',
  'airbnb.com.co',
  'airbnb.com.ec',
  'airbnb.com.gt',
  'airbnb.com.hk',
  'airbnb.com.hn',
  'airbnb.com.mt',
  'airbnb.com.my',
  'airbnb.com.ni',
  'airbnb.com.pa',
  'airbnb.com.pe',
  'airbnb.com.py',
  'airbnb.com.sg',
  'airbnb.com.sv',
  'airbnb.com.tr',
  'airbnb.com.tw',
  'airbnb.cz',
  'airbnb.de',
  'airbnb.dk',
  'airbnb.es',
  'airbnb.fi',
  'airbnb.fr',
  'airbnb.gr',
  'airbnb.gy',
  'airbnb.hu',
  'airbnb.ie',
  'airbnb.is',
  'airbnb.it',
  'airbnb.jp',
  'airbnb.mx',
  'airbnb.nl',
  'airbnb.no',
  'airbnb.pl',
  'airbnb.pt',
  'airbnb.ru',
  'airbnb.se',
]);

/** Booking.com runs one domain worldwide (languages are path suffixes: .de.html). */
export const BOOKING_DOMAINS: ReadonlySet<string> = new Set(['booking.com']);

/** The photo CDNs: Airbnb's muscache.com (a0.muscache.com, ...) and Booking.com's bstatic.com (cf.bstatic.com). */
export const IMAGE_CDN_DOMAINS: ReadonlySet<string> = new Set(['muscache.com', 'bstatic.com']);

/**
 * At most one label in front of a page domain (www, m, de.airbnb.com): the platform owns every name under its
 * domain, and one label is all its sites use.
 */
const PAGE_SUBDOMAIN = /^(?:[a-z0-9-]+)?$/;
/** One label in front of a CDN domain: a0, z1, cf, q-xx. */
const CDN_SUBDOMAIN = /^[a-z0-9-]+$/;

interface HostParts {
  domain: string;
  subdomain: string;
}

/** The registrable domain and the rest, by the ICANN section of the Public Suffix List; null for IPs and junk. */
function partsOf(hostname: string): HostParts | null {
  const parsed = parse(hostname.toLowerCase().replace(/\.$/, ''), { allowPrivateDomains: false });
  if (parsed.isIp || !parsed.isIcann || !parsed.domain) return null;
  return { domain: parsed.domain, subdomain: parsed.subdomain ?? '' };
}

function onList(hostname: string, domains: ReadonlySet<string>, subdomain: RegExp): boolean {
  const parts = partsOf(hostname);
  return parts !== null && domains.has(parts.domain) && subdomain.test(parts.subdomain);
}

export const isAirbnbHost = (hostname: string): boolean => onList(hostname, AIRBNB_DOMAINS, PAGE_SUBDOMAIN);
export const isBookingHost = (hostname: string): boolean => onList(hostname, BOOKING_DOMAINS, PAGE_SUBDOMAIN);
/** a0.muscache.com, cf.bstatic.com: exactly one label in front of a CDN domain. */
export const isImageCdnHost = (hostname: string): boolean =>
  onList(hostname, IMAGE_CDN_DOMAINS, CDN_SUBDOMAIN) && partsOf(hostname)?.subdomain !== '';

/**
 * The platform a host that is not theirs pretends to be ('airbnb' or 'booking' in any label: airbnb-de.com,
 * secure-booking.com), so the form can say 'not a valid Airbnb link' instead of 'use Airbnb or Booking.com'.
 * Never a reason to fetch anything.
 */
export function lookalikeOf(hostname: string): 'airbnb' | 'booking' | null {
  const labels = hostname.toLowerCase().split('.');
  if (labels.some((label) => label.includes('airbnb'))) return 'airbnb';
  if (labels.some((label) => label.includes('booking'))) return 'booking';
  return null;
}
