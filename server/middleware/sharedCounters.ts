// Counters in the database for the rate limits and the pixel budget (store/rateLimitWindows.ts), so that several
// server processes on one PostgreSQL (or one SQLite file) count each client together instead of each granting a
// budget of its own. A client's window starts with its first hit, as express-rate-limit's memory store did; ended
// windows are swept at most once a minute. counterStore() adapts them to express-rate-limit (rateLimit.ts).
import type { IncrementResponse, Options, Store } from 'express-rate-limit';
import type { CounterWindow, WindowCounterRepository } from '../store/rateLimitWindows';

export interface SharedCounters {
  /** Adds `amount` to the key's window (one of `windowMs` from now when none is running). */
  add(key: string, windowMs: number, amount: number): Promise<CounterWindow>;
  /** The same, only if the window's hits stay within `limit`; undefined when nothing was added. */
  addWithin(key: string, windowMs: number, amount: number, limit: number): Promise<CounterWindow | undefined>;
  /** The key's running window, if any. */
  get(key: string): Promise<CounterWindow | undefined>;
  subtract(key: string, amount: number): Promise<void>;
  remove(key: string): Promise<void>;
}

const SWEEP_EVERY_MS = 60_000;

export function createSharedCounters(
  windows: WindowCounterRepository,
  now: () => number = Date.now,
): SharedCounters {
  let lastSweep = now();
  const at = (): number => {
    const time = now();
    if (time - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = time;
      // Housekeeping only: a failed sweep is retried a minute later and never fails a request.
      windows.dropExpired(time).catch(() => {});
    }
    return time;
  };

  return {
    add: (key, windowMs, amount) => windows.add(key, amount, at(), windowMs),
    addWithin: (key, windowMs, amount, limit) => windows.addWithin(key, amount, limit, at(), windowMs),
    get: (key) => windows.get(key, at()),
    subtract: (key, amount) => windows.subtract(key, amount),
    remove: (key) => windows.remove(key),
  };
}

/** An express-rate-limit store over the shared counters; `name` keeps each limiter's counters apart. */
export function counterStore(counters: SharedCounters, name: string): Store {
  let windowMs = 60_000;
  const keyOf = (key: string) => `${name}:${key}`;
  const info = ({ hits, expiresAt }: CounterWindow): IncrementResponse => ({
    totalHits: hits,
    resetTime: new Date(expiresAt),
  });
  return {
    localKeys: false,
    prefix: `${name}:`,
    init(options: Options) {
      windowMs = options.windowMs;
    },
    increment: async (key) => info(await counters.add(keyOf(key), windowMs, 1)),
    decrement: (key) => counters.subtract(keyOf(key), 1),
    resetKey: (key) => counters.remove(keyOf(key)),
    get: async (key) => {
      const window = await counters.get(keyOf(key));
      return window && info(window);
    },
  };
}
