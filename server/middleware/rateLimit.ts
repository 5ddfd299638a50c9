// Rate limits for expensive or guessable calls (sign-in, sign-up, AI jobs), all answering alike: 429 with the
// app's error body `{ error, code: 'RATE_LIMITED', details: { retryAfterSeconds } }` and a Retry-After header.
// The app's limiters count in the database (middleware/sharedCounters.ts), so server replicas share each client's
// budget; without a store (a test's probe route) express-rate-limit counts in the process's memory.
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { ApiError } from '../errors';
import { counterStore, type SharedCounters } from './sharedCounters';

export interface RateLimitOptions {
  /** Length of one counting window. */
  windowMs: number;
  /** Requests allowed per key and window. */
  limit: number;
  /**
   * Whose requests are counted together; the client's IP address (IPv6 per /64 network) by default.
   * The AI routes count per signed-in user instead (aiRateLimit below).
   */
  key?: (req: Request) => string | Promise<string>;
  /** The English `error` text for programs; the client words the RATE_LIMITED code in German. */
  message?: string;
  /** Where the counts are kept: counterStore() for the app's limiters; unset, in this process's memory. */
  store?: Store;
}

export const RATE_LIMITED_MESSAGE = 'Too many requests; wait a moment and try again';
export const AUTH_RATE_LIMITED_MESSAGE = 'Too many sign-in attempts; wait a minute and try again';

/** Sign-in and sign-up attempts per minute and IP address when AUTH_RATE_LIMIT is unset. */
export const AUTH_RATE_LIMIT_DEFAULT = 10;

/**
 * The default key: the client's network as Express sees it (TRUST_PROXY decides whether proxies are believed). An
 * IPv4 client is its address; an IPv6 client is its /64, the smallest block a provider hands one line, so a
 * client cannot get fresh limits by hopping through its own 2^64 addresses.
 */
export const ipKey = (req: Request): string =>
  ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown', 64);

export function createRateLimit(options: RateLimitOptions): RequestHandler {
  const message = options.message ?? RATE_LIMITED_MESSAGE;
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: options.key ?? ipKey,
    ...(options.store ? { store: options.store } : {}),
    handler(req, res, next, used) {
      const info = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit;
      const resetInMs = info?.resetTime ? info.resetTime.getTime() - Date.now() : used.windowMs;
      const retryAfterSeconds = Math.max(1, Math.ceil(resetInMs / 1000));
      res.setHeader('Retry-After', String(retryAfterSeconds));
      next(new ApiError(429, 'RATE_LIMITED', message, { retryAfterSeconds }));
    },
  });
}

/** Requests per minute and client (signed-in user, else IP address) for each AI call. */
export interface AiRateLimits {
  enhance: number;
  analyze: number;
  suggestions: number;
}

/**
 * Generous for a person clicking through a batch one image at a time (the client sends one request per image),
 * tight enough that a script cannot run up the AI bill or the CPU.
 */
export const DEFAULT_AI_RATE_LIMITS: AiRateLimits = { enhance: 60, analyze: 30, suggestions: 30 };

/**
 * A per-minute limit, counted per signed-in user (so a shared office address does not share one budget) and per
 * address for visitors.
 */
export function aiRateLimit(
  perMinute: number,
  userIdOf: (req: Request) => Promise<string | null>,
  shared: { counters: SharedCounters; name: string },
): RequestHandler {
  return createRateLimit({
    windowMs: 60_000,
    limit: perMinute,
    store: counterStore(shared.counters, shared.name),
    key: async (req) => {
      const userId = await userIdOf(req);
      return userId ? `user:${userId}` : `ip:${ipKey(req)}`;
    },
  });
}
