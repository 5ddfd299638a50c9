// How many bytes of photo bodies the server holds at once, decided before a body is read (from Content-Length):
// bodies stay in memory until their call is answered, so a flood of 50 MP uploads (30 files of 10 MB a request)
// would otherwise take gigabytes. Visitors together get part of the budget, so signed-in hosts always find room;
// one caller (account, else network) holds at most its share, but always one body. Refused callers hear 429
// (their own uploads) or 503 (the server's budget is full), both with Retry-After and before any byte is read.
import type { Request, RequestHandler } from 'express';
import { ApiError } from '../errors';
import { RATE_LIMITED_MESSAGE } from './rateLimit';

export interface BodyLimits {
  /** Bytes of bodies in flight, everyone's. */
  maxBytes: number;
  /** Of those, what callers without an account may hold together (the rest is kept for signed-in hosts). */
  visitorBytes: number;
  /** What one caller may hold (one body is always let in when the caller holds none). */
  ownerBytes: number;
}

const MB = 1024 * 1024;
/**
 * Visitors together hold at most 160 MB of bodies (six image routes' full JSON bodies), one caller 64 MB; the rest
 * up to 480 MB is kept for signed-in hosts, whose largest single upload (30 files of 10 MB) still fits beside the
 * visitors'. README's memory budget counts these.
 */
export const BODY_LIMITS: BodyLimits = { maxBytes: 480 * MB, visitorBytes: 160 * MB, ownerBytes: 64 * MB };

/** A body in flight, or one asking to be read. */
export interface Body {
  owner: string;
  member: boolean;
  bytes: number;
}

/** 'owner': the caller holds its share already (429); 'busy': the budget its kind of caller uses is full (503). */
export type BodyAdmission = 'admit' | 'owner' | 'busy';

/** Pure: whether `body` may be read while `held` are in flight. */
export function admitBody(held: readonly Body[], body: Body, limits: BodyLimits): BodyAdmission {
  const sum = (which: (b: Body) => boolean) =>
    held.reduce((total, b) => (which(b) ? total + b.bytes : total), 0);
  const owned = sum((b) => b.owner === body.owner);
  if (owned > 0 && owned + body.bytes > limits.ownerBytes) return 'owner';
  // The first body of a budget always passes (a single upload larger than it is still served, alone).
  const shared = body.member ? sum(() => true) : sum((b) => !b.member);
  const cap = body.member ? limits.maxBytes : limits.visitorBytes;
  if (shared > 0 && shared + body.bytes > cap) return 'busy';
  return 'admit';
}

/** 2 s for a visitor to try again: the uploads ahead of it are answered within seconds. */
const RETRY_AFTER_SECONDS = 2;

/**
 * The middleware that admits a route's body before it is read, and releases it when the call is answered. `whoIs`
 * names the caller and says whether it is signed in. A body without Content-Length (chunked) counts as `unknownBytes`.
 */
export function bodyAdmission(
  limits: BodyLimits,
  whoIs: (req: Request) => Promise<{ owner: string; member: boolean }>,
  unknownBytes: number,
): RequestHandler {
  let held: Body[] = [];
  return async (req, res, next) => {
    const length = Number(req.headers['content-length']);
    const bytes = Number.isFinite(length) && length >= 0 ? length : unknownBytes;
    let body: Body;
    try {
      body = { ...(await whoIs(req)), bytes };
    } catch (error) {
      return next(error);
    }
    const decision = admitBody(held, body, limits);
    // A refused body is never read: the connection closes after the answer, instead of Node reading the rest of
    // the upload to keep the connection alive (a flood of refused 30 MB uploads would still cost the event loop).
    if (decision !== 'admit') res.set('Connection', 'close');
    if (decision === 'owner') {
      return next(
        new ApiError(429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE, {
          retryAfterSeconds: RETRY_AFTER_SECONDS,
          reason: 'UPLOADS_IN_FLIGHT',
        }),
      );
    }
    if (decision === 'busy') {
      return next(
        new ApiError(503, 'SERVICE_UNAVAILABLE', 'The server is receiving many photos; try again shortly', {
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        }),
      );
    }
    held.push(body);
    res.once('close', () => (held = held.filter((b) => b !== body)));
    next();
  };
}
