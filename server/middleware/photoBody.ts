// Reads an image route's body (JSON of data: URLs, or a multipart form's text fields) into the route's fields and
// photo bytes (pool/photoBody.ts). A large one is read in an image pool worker as the caller's work (a signed-in
// host's first): the event loop only collects the socket's chunks and hands them over without a copy. Mounted
// after the route's rate limit, sign-in check and body admission, so nothing is read for a refused caller.
import express, { type Request, type RequestHandler } from 'express';
import { ApiError } from '../errors';
import type { ImagePool } from '../pool/imagePool';
import type { WorkTag } from '../pool/admission';
import {
  readPhotoBody,
  type PhotoBodyKind,
  type PhotoBodyResult,
  type PhotoBodySource,
  type PhotoFields,
} from '../pool/photoBody';
import { wholeBuffer } from '../pool/transfer';
import { IMAGE_JSON_LIMIT } from './jsonBody';

/**
 * Bodies up to this size are read on the server's thread (a few milliseconds: an analysis photo of 1024 px is
 * 0.2-0.5 MB); larger ones in the pool, where a 24 MB body takes a worker for a few hundred milliseconds.
 */
export const INLINE_BODY_BYTES = 1024 * 1024;

/** A route's body, read. */
interface PhotoBody<K extends PhotoBodyKind> {
  fields: PhotoFields<K>;
  photos: Buffer[];
}

/** What photoBody() read for a request: the body, or the client's error, which the route's handler throws. */
const bodies = new WeakMap<Request, { kind: PhotoBodyKind; read: PhotoBody<PhotoBodyKind> | ApiError }>();

/**
 * The body photoBody() read for this request, or its error (400 for a body that does not fit the contract, 503 or
 * 429 when the pool refused to read it), thrown here so the route answers it in its own shape (staging adds
 * `required`). Asking for another route's kind is a bug.
 */
export function photoBodyOf<K extends PhotoBodyKind>(req: Request, kind: K): PhotoBody<K> {
  const found = bodies.get(req);
  if (!found || found.kind !== kind)
    throw new Error(`photoBodyOf: no ${kind} body was read for this request`);
  if (found.read instanceof ApiError) throw found.read;
  return found.read as PhotoBody<K>;
}

/** The photos of the body read for this request (none when none was, or it failed). */
export function photosOf(req: Request): readonly Buffer[] {
  const read = bodies.get(req)?.read;
  return read && !(read instanceof ApiError) ? read.photos : [];
}

/** SPEC's 25 MB per body: IMAGE_JSON_LIMIT in bytes. */
const PHOTO_BODY_BYTES = 25 * 1024 * 1024;

/** A JSON body's chunks as the socket delivered them (rawJsonBody), kept for photoBody(). */
const rawBodies = new WeakMap<Request, Buffer[]>();

const tooLarge = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');

/**
 * Collects a JSON body's chunks within SPEC's 25 MB, without joining them: the socket's chunks are memory of their
 * own, so a large body moves to the pool's worker chunk by chunk, and the event loop never copies 25 MB at once
 * (nor keeps it as garbage). A length over the limit is refused before a byte is read; a compressed body (rare) is
 * body-parser's, which inflates it within the same limit. A charset other than UTF-8 is refused as body-parser's
 * JSON reader refuses it.
 */
export function rawJsonBody(): RequestHandler {
  const limit = PHOTO_BODY_BYTES;
  const inflating = express.raw({ type: 'application/json', limit: IMAGE_JSON_LIMIT });
  return (req, res, next) => {
    if (!req.is('application/json')) return next();
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1];
    if (charset && charset.toLowerCase() !== 'utf-8') {
      return next(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body charset is not supported'));
    }
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') return inflating(req, res, next);
    const header = req.headers['content-length'];
    const declared = header === undefined ? undefined : Number(header);
    if (declared !== undefined && declared > limit) return next(tooLarge());
    const chunks: Buffer[] = [];
    let received = 0;
    let done = false;
    const finish = (error?: ApiError): void => {
      if (done) return;
      done = true;
      req.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
      if (error) return next(error);
      rawBodies.set(req, chunks);
      next();
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      // The rest is not read: the error handler closes the connection of an incomplete request.
      if (received > limit) return finish(tooLarge());
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      if (declared !== undefined && received !== declared) {
        return finish(new ApiError(400, 'INVALID_REQUEST', 'The request body size is wrong'));
      }
      finish();
    };
    const onGone = (): void => finish(new ApiError(400, 'INVALID_REQUEST', 'The request was aborted'));
    req.on('data', onData).on('end', onEnd).on('error', onGone).on('close', onGone);
  };
}

/** What photoBody() reads: the JSON body's chunks, multer's text fields, or nothing (then the contract says what is missing). */
function sourceOf(req: Request): PhotoBodySource {
  const chunks = rawBodies.get(req);
  if (chunks) return { chunks };
  const body: unknown = req.body;
  // express.raw's single buffer (a compressed body, inflated).
  if (Buffer.isBuffer(body)) return { chunks: [body] };
  if (req.is('multipart/form-data') && body !== null && typeof body === 'object') {
    return { fields: { ...(body as Record<string, unknown>) } };
  }
  return { fields: {} };
}

/** How big a source is, to choose where it is read: its bytes, or its text fields' characters. */
function sizeOf(source: PhotoBodySource): number {
  if ('chunks' in source) return source.chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  let chars = 0;
  for (const value of Object.values(source.fields)) if (typeof value === 'string') chars += value.length;
  return chars;
}

/** The source with every chunk in memory of its own, and those buffers, to move to a worker without a copy. */
function movable(source: PhotoBodySource): { source: PhotoBodySource; buffers: ArrayBuffer[] } {
  if (!('chunks' in source)) return { source, buffers: [] };
  const chunks = source.chunks.map((chunk) => (wholeBuffer(chunk) ? chunk : new Uint8Array(chunk)));
  return { source: { chunks }, buffers: chunks.map((chunk) => chunk.buffer as ArrayBuffer) };
}

/** A worker's bytes as a Buffer, without a copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The client's mistakes in a body (not JSON, too deep, off the contract, a foreign charset), not a busy pool. */
const isBrokenBody = (status: number) => status === 400 || status === 413 || status === 415;

/**
 * Reads the body the request brought (rawJsonBody's bytes, multer's text fields, or nothing: then the route's
 * contract says what is missing) as `kind`. `tagOf` says whose work a pool read is; `broken` is told the size of
 * a body refused as the client's mistake (brokenBodies.ts).
 */
export function photoBody<K extends PhotoBodyKind>(
  kind: K,
  pool: ImagePool,
  tagOf: (req: Request, res: express.Response) => Promise<WorkTag>,
  broken: (req: Request, bytes: number) => Promise<void>,
): RequestHandler {
  return async (req, res, next) => {
    const source = sourceOf(req);
    rawBodies.delete(req);
    const bytes = sizeOf(source);
    let read: PhotoBodyResult<K>;
    try {
      if (bytes <= INLINE_BODY_BYTES) {
        read = readPhotoBody(kind, source);
      } else {
        const tag = await tagOf(req, res);
        // The body's bytes move to the worker (no copy); the request keeps only what the worker answers.
        req.body = undefined;
        const moving = movable(source);
        read = (await pool.within(tag, () =>
          pool.run('photoBody', { kind, source: moving.source }, moving.buffers),
        )) as PhotoBodyResult<K>;
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      bodies.set(req, { kind, read: error });
      return next();
    }
    if (!read.ok && isBrokenBody(read.status)) await broken(req, bytes);
    bodies.set(req, {
      kind,
      read: read.ok
        ? { fields: read.fields, photos: read.photos.map(asBuffer) }
        : new ApiError(read.status, read.body.code, read.body.error, read.body.details),
    });
    next();
  };
}
