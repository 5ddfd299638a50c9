// Per-visitor budgets of photo pixels per minute for the free server calls: the analysis calls (room analysis,
// suggestions; the middleware counts the photos of the body photoBody.ts read) and the free server modes (counted
// by the enhancement service once it has priced the call free): the request rate limit alone let one address send
// 30 requests of 30 photos a minute. Pixels are read from each photo's header (core/upload/imageSize.ts) before
// anything decodes; past the budget the call answers 429 RATE_LIMITED with Retry-After, like every other limit, and
// a caller whose budget is spent is refused before its next body is read (budgetLeft). Counters are fixed
// one-minute windows in the database (middleware/sharedCounters.ts), so server replicas share each budget.
import type { Request, RequestHandler } from 'express';
import { MAX_PIXELS } from '../../core/catalog/limits';
import { readImageSize } from '../../core/upload/imageSize';
import { ApiError } from '../errors';
import { photosOf } from './photoBody';
import { RATE_LIMITED_MESSAGE } from './rateLimit';
import type { SharedCounters } from './sharedCounters';

export interface PixelBudgetOptions {
  pixelsPerMinute: number;
  /** Whose photos are counted together (the signed-in user, else the network). */
  key: (req: Request) => Promise<string>;
  /** A photo whose header cannot be read counts as this many pixels (it is refused later anyway). */
  unknownPixels: number;
  counters: SharedCounters;
  /** The counter's name, one per budget ('pixels' for the analysis calls). */
  name: string;
}

/** Counts the photos' pixels against the caller's budget, or throws 429 RATE_LIMITED when they would exceed it. */
export type PhotoBudget = (req: Request, photos: readonly Buffer[]) => Promise<void>;

const WINDOW_MS = 60_000;

/** Header pixels of a photo's bytes; `unknownPixels` when the header cannot be read. */
function photoPixels(bytes: Buffer, unknownPixels: number): number {
  const size = readImageSize(bytes);
  if (!size) return unknownPixels;
  const pixels = size.width * size.height;
  // Past MAX_PIXELS the route refuses the photo with 413 before decoding it: it costs nothing, and a 429 would
  // invite the client to send it again.
  return pixels > MAX_PIXELS ? 0 : pixels;
}

/** 429 until the budget's window ends. */
function spent(expiresAt: number | undefined): ApiError {
  const resetAt = expiresAt ?? Date.now() + WINDOW_MS;
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new ApiError(429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE, {
    retryAfterSeconds,
    reason: 'PIXEL_BUDGET',
  });
}

function pixelCounter(options: PixelBudgetOptions): (req: Request, pixels: number) => Promise<void> {
  return async (req, pixels) => {
    const key = `${options.name}:${await options.key(req)}`;
    // Refused requests use none of the budget: the pixels are added only while the total stays within it.
    const added = await options.counters.addWithin(key, WINDOW_MS, pixels, options.pixelsPerMinute);
    if (added) return;
    throw spent((await options.counters.get(key))?.expiresAt);
  };
}

/**
 * Less than this left of a budget counts as spent: no photo of use fits (the analysis photos are about 1 MP), and
 * reading a body (up to 25 MB) only to refuse it afterwards is what a flood of over-budget callers would cost.
 */
const SPENT_BELOW_PIXELS = 1_000_000;

/**
 * Refuses (429, before the body is read) a caller whose budget has less than SPENT_BELOW_PIXELS left. `applies`
 * says whether the budget is the caller's at all (the free modes' is a visitor's: a member's call may be paid).
 */
export function budgetLeft(
  options: PixelBudgetOptions,
  applies: (req: Request) => Promise<boolean> = async () => true,
): RequestHandler {
  return async (req, _res, next) => {
    if (!(await applies(req))) return next();
    const running = await options.counters.get(`${options.name}:${await options.key(req)}`);
    if (running && running.hits > options.pixelsPerMinute - SPENT_BELOW_PIXELS) {
      return next(spent(running.expiresAt));
    }
    next();
  };
}

/** The budget over the photos of the body the route read (the analysis calls), before any of them is decoded. */
export function pixelBudget(options: PixelBudgetOptions): RequestHandler {
  const count = pixelCounter(options);
  return async (req, _res, next) => {
    const photos = photosOf(req);
    if (photos.length === 0) return next();
    const pixels = photos.reduce((sum, bytes) => sum + photoPixels(bytes, options.unknownPixels), 0);
    try {
      await count(req, pixels);
    } catch (error) {
      return next(error);
    }
    next();
  };
}

/** The budget over a call's photo bytes (the free server modes), counted by the service that priced the call free. */
export function photoBudget(options: PixelBudgetOptions): PhotoBudget {
  const count = pixelCounter(options);
  return (req, photos) =>
    count(
      req,
      photos.reduce((sum, bytes) => sum + photoPixels(bytes, options.unknownPixels), 0),
    );
}
