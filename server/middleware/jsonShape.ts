// The one cheap scan every JSON body passes before JSON.parse: it refuses a body that is not an object, nests deeper
// or holds more values than any contract (a 24 MB `[[[…` would hold a thread for seconds in JSON.parse). Pure, so
// the small routes' parser (jsonBody.ts) and the photo bodies' parser in the image pool (pool/photoBody.ts) share it.

/** Deeper than any request contract of core/contract (the deepest, implement-suggestions, is 3 levels). */
const MAX_JSON_DEPTH = 16;
/** Far more values than any contract holds (at most 30 photos, a few dozen suggestions and fields). */
const MAX_JSON_VALUES = 10_000;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/**
 * Whether the bytes open with an object, never nest deeper than `maxDepth` and hold at most `maxValues` values
 * (commas and brackets outside strings; 8 million `[]` parse for 4 s). Not a validator: JSON.parse still decides
 * what is valid; this only bounds what it is given. Strings are skipped with Buffer.indexOf, so a body of long
 * data: URLs costs a few native searches, not a loop over its bytes.
 */
export function isShallowObject(
  bytes: Uint8Array,
  maxDepth = MAX_JSON_DEPTH,
  maxValues = MAX_JSON_VALUES,
): boolean {
  let start = 0;
  while (start < bytes.length && isWhitespace(bytes[start]!)) start++;
  // A UTF-8 byte order mark is allowed by body-parser; skip it too.
  if (bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) start += 3;
  // An empty body parses as {}, and the route's schema says what is missing.
  if (start >= bytes.length) return true;
  if (bytes[start] !== OPEN_BRACE) return false;
  let depth = 0;
  let values = 0;
  for (let i = start; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === QUOTE) {
      i = closingQuote(bytes, i + 1);
      if (i < 0) return true; // an unterminated string: JSON.parse refuses it at once
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > maxDepth || ++values > maxValues) return false;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
    } else if (byte === COMMA && ++values > maxValues) {
      return false;
    }
  }
  return true;
}

/** The index of the quote closing a string that starts at `from`, or -1; a quote after an odd run of backslashes is escaped. */
function closingQuote(bytes: Uint8Array, from: number): number {
  let at = bytes.indexOf(QUOTE, from);
  while (at >= 0) {
    let backslashes = 0;
    while (bytes[at - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
    at = bytes.indexOf(QUOTE, at + 1);
  }
  return -1;
}
