// Sends an answer's JSON body without holding the event loop for its size: image answers carry photos as data:
// URLs (4 at 4096 px are about 25 MB), and res.json() stringifies all of it, encodes it again and hashes it for an
// ETag a no-store answer never uses (0.2-0.3 s on a busy machine). Here the long strings go out as bytes of their
// own, one copy each, with a yield between them; the rest is stringified as usual.
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';

/** Strings at least this long are sent as bytes of their own (a thumbnail's data: URL stays in the text). */
const LONG_CHARS = 64 * 1024;

/** A data: URL's head, and base64's characters: JSON writes them as they are, one byte each in UTF-8. */
const DATA_URL_HEAD = /^data:[a-z]+\/[a-z0-9.+-]+;base64$/;
const NOT_BASE64 = /[^A-Za-z0-9+/=]/;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A long string as its JSON text, quotes included: a data: URL's base64 is copied byte for byte (one regular
 * expression pass shows it needs no escaping, cheaper than JSON.stringify's own pass), anything else stringified.
 */
function quoted(value: string): Buffer {
  const comma = value.startsWith('data:') ? value.indexOf(',') : -1;
  const verbatim =
    comma > 0 &&
    comma < 128 &&
    DATA_URL_HEAD.test(value.slice(0, comma)) &&
    !NOT_BASE64.test(value.slice(comma + 1));
  if (!verbatim) return Buffer.from(JSON.stringify(value));
  const bytes = Buffer.allocUnsafe(value.length + 2);
  bytes[0] = bytes[value.length + 1] = 0x22;
  bytes.write(value, 1, 'latin1');
  return bytes;
}

/**
 * The body as the pieces of its JSON text, in order: each long string (the photos' data: URLs) a piece of its own,
 * the rest as JSON.stringify writes it. The thread yields between long strings, so a 25 MB answer never holds it
 * for more than one photo's copy (a few milliseconds).
 */
async function jsonPieces(body: unknown): Promise<Buffer[]> {
  const long: string[] = [];
  // A token no body holds, standing in for each long string inside JSON.stringify's text.
  const token = `\u0001${randomUUID()}:`;
  const text = JSON.stringify(body, (_key, value: unknown) =>
    typeof value === 'string' && value.length >= LONG_CHARS ? `${token}${long.push(value) - 1}` : value,
  );
  if (text === undefined) return [Buffer.from('null')];
  if (long.length === 0) return [Buffer.from(text)];
  // JSON.stringify writes the token's control character as \u0001.
  const written = JSON.stringify(token).slice(0, -1);
  const pieces: Buffer[] = [];
  let at = 0;
  for (let i = 0; i < long.length; i++) {
    const marker = `${written}${i}"`;
    const found = text.indexOf(marker, at);
    await yieldToLoop();
    pieces.push(Buffer.from(text.slice(at, found)), quoted(long[i]!));
    at = found + marker.length;
  }
  pieces.push(Buffer.from(text.slice(at)));
  return pieces;
}

/** Sends `body` as the JSON answer with `status` (no ETag: API answers are no-store). */
export async function sendJson(res: Response, status: number, body: unknown): Promise<void> {
  const pieces = await jsonPieces(body);
  res.status(status);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', String(pieces.reduce((sum, piece) => sum + piece.length, 0)));
  for (const piece of pieces.slice(0, -1)) res.write(piece);
  res.end(pieces.at(-1));
}
