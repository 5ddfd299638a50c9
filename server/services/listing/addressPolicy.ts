// Which IP addresses the listing fetcher may connect to: public unicast only. Everything that could reach our
// own machine, our network or a cloud metadata service is refused, for IPv4 and IPv6 alike, including IPv6
// forms that embed an IPv4 address (::ffff:10.0.0.1, NAT64, 6to4). Pure, so it is tested as a table.

type Range = readonly [prefix: readonly number[], bits: number];

// IPv4 special-purpose ranges (RFC 6890 and friends). Cloud metadata lives at 169.254.169.254 (link-local)
// and at 100.100.100.200 (inside the carrier-grade NAT range).
const BLOCKED_V4: readonly Range[] = [
  [[0], 8], // "this" network
  [[10], 8], // private
  [[100, 64], 10], // carrier-grade NAT
  [[127], 8], // loopback
  [[169, 254], 16], // link-local, cloud metadata
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay anycast
  [[192, 168], 16], // private
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation
  [[203, 0, 113], 24], // documentation
  [[224], 4], // multicast
  [[240], 4], // reserved, broadcast
];

// IPv6: only global unicast (2000::/3) is allowed at all; inside it these are still refused.
const GLOBAL_UNICAST_V6: Range = [[0x20], 3];
const BLOCKED_V6: readonly Range[] = [
  [[0x20, 0x01, 0x00, 0x00], 23], // IETF protocol assignments, incl. Teredo 2001::/32
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x3f, 0xff], 20], // documentation (RFC 9637)
];
// IPv6 forms carrying an IPv4 address that decides: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64.
const EMBEDS_V4_AT_END: readonly Range[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 96],
  [[0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96],
];
const SIX_TO_FOUR: Range = [[0x20, 0x02], 16]; // 2002:aabb:ccdd::/48 embeds a.b.c.d in bytes 2..5

function inRange(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const take = Math.min(8, bits - i * 8);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** The four bytes of a dotted-quad IPv4 address, or null. Only the canonical form is accepted. */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^(?:0|[1-9]\d{0,2})$/.test(part) ? Number(part) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** The sixteen bytes of an IPv6 address (with ::, an embedded IPv4 tail, or a %zone), or null. */
export function parseIPv6(text: string): number[] | null {
  const address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const parts = half.split(':');
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      if (i === parts.length - 1 && part.includes('.')) {
        const v4 = parseIPv4(part);
        if (v4 === null) return null;
        out.push(...v4);
      } else if (/^[0-9a-f]{1,4}$/i.test(part)) {
        const value = parseInt(part, 16);
        out.push(value >> 8, value & 0xff);
      } else {
        return null;
      }
    }
    return out;
  };
  const head = groups(halves[0] as string);
  const tail = halves.length === 2 ? groups(halves[1] as string) : [];
  if (head === null || tail === null) return null;
  if (halves.length === 1) return head.length === 16 ? head : null;
  const missing = 16 - head.length - tail.length;
  return missing >= 2 ? [...head, ...new Array<number>(missing).fill(0), ...tail] : null;
}

function isPublicV4(bytes: readonly number[]): boolean {
  return !BLOCKED_V4.some((range) => inRange(bytes, range));
}

/**
 * True only for a public unicast IPv4 or IPv6 address. Anything unparsable counts as not public, so a
 * resolver answer we do not understand is refused rather than trusted.
 */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4 !== null) return isPublicV4(v4);
  const v6 = parseIPv6(address);
  if (v6 === null) return false;
  const embedded = EMBEDS_V4_AT_END.find((range) => inRange(v6, range));
  if (embedded !== undefined) return isPublicV4(v6.slice(12));
  if (inRange(v6, SIX_TO_FOUR)) return isPublicV4(v6.slice(2, 6));
  return inRange(v6, GLOBAL_UNICAST_V6) && !BLOCKED_V6.some((range) => inRange(v6, range));
}
