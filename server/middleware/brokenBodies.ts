// Holds back a caller that keeps sending bodies refused as its mistake (not JSON, too deep, off the contract: 400,
// 413, 415 from photoBody.ts): past BROKEN_BODY_BYTES_PER_MINUTE of them, its next photo bodies are refused (429)
// before a byte is read, since every body read costs the event loop its socket reads and collections. Counted per
// caller (the account, else the network) in the shared counters, like the rate limits.
import type { Request, RequestHandler } from 'express';
import { ApiError } from '../errors';
import { RATE_LIMITED_MESSAGE } from './rateLimit';
import type { SharedCounters } from './sharedCounters';

/** Bytes of refused bodies one caller may send a minute: two or three hostile bodies of SPEC's 25 MB. */
export const BROKEN_BODY_BYTES_PER_MINUTE = 64 * 1024 * 1024;

const WINDOW_MS = 60_000;
const COUNTER = 'broken-body-bytes';

export interface BrokenBodies {
  /** Refuses (429, before the body is read) a caller whose refused bodies reached the limit this minute. */
  check: RequestHandler;
  /** Counts a refused body's bytes against its caller. */
  count(req: Request, bytes: number): Promise<void>;
}

export function brokenBodies(counters: SharedCounters, key: (req: Request) => Promise<string>): BrokenBodies {
  const counterOf = async (req: Request) => `${COUNTER}:${await key(req)}`;
  return {
    check: async (req, _res, next) => {
      const window = await counters.get(await counterOf(req));
      if (!window || window.hits < BROKEN_BODY_BYTES_PER_MINUTE) return next();
      const retryAfterSeconds = Math.max(1, Math.ceil((window.expiresAt - Date.now()) / 1000));
      next(
        new ApiError(429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE, {
          retryAfterSeconds,
          reason: 'BROKEN_BODIES',
        }),
      );
    },
    count: async (req, bytes) => {
      await counters.add(await counterOf(req), WINDOW_MS, bytes);
    },
  };
}
