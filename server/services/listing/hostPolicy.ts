// Which URLs the listing fetcher may request at all: https on the default port, no credentials, and only the
// platforms' own page and image hosts (core/listing/platformHosts.ts: a maintained list of domains, split with the
// Public Suffix List). Checked for the first URL and again for every redirect target and every image.
// Pure; the address check that runs at connect time lives in addressPolicy.ts.
import { isAirbnbHost, isBookingHost, isImageCdnHost } from '../../../core/listing/platformHosts';
import { isPublicAddress } from './addressPolicy';

/** Pages are listing pages; images are the photos found on them. Each kind has its own allow-list. */
export type FetchKind = 'page' | 'image';

export type UrlRefusal =
  'INVALID_URL' | 'PROTOCOL_NOT_ALLOWED' | 'PORT_NOT_ALLOWED' | 'ADDRESS_NOT_ALLOWED' | 'HOST_NOT_ALLOWED';

/** True if `hostname` (lower case, no brackets) may be fetched as `kind`. */
export function isAllowedHost(hostname: string, kind: FetchKind): boolean {
  if (isAirbnbHost(hostname) || isBookingHost(hostname)) return true; // Booking serves og:image from www too
  return kind === 'image' && isImageCdnHost(hostname);
}

const isIpLiteral = (hostname: string) => hostname.startsWith('[') || /^[\d.]+$/.test(hostname);

/** Parses `raw` and returns it if the fetcher may request it as `kind`, or the reason it may not. */
export function checkFetchUrl(
  raw: string,
  kind: FetchKind,
): { ok: true; url: URL } | { ok: false; reason: UrlRefusal } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'INVALID_URL' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'PROTOCOL_NOT_ALLOWED' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'INVALID_URL' };
  if (url.port !== '') return { ok: false, reason: 'PORT_NOT_ALLOWED' };
  const hostname = url.hostname.toLowerCase();
  // An address typed as a literal never reaches DNS, so it is judged here; public literals are still not on
  // the allow-list, but a private one gets the clearer reason.
  if (isIpLiteral(hostname) && !isPublicAddress(hostname))
    return { ok: false, reason: 'ADDRESS_NOT_ALLOWED' };
  if (!isAllowedHost(hostname, kind)) return { ok: false, reason: 'HOST_NOT_ALLOWED' };
  return { ok: true, url };
}
