// The rate_limit_windows table: SQL only. One counter per key (limiter and client) with the end of its current
// window, added to with one atomic upsert, so that every server process on the same database counts together
// (replicas behind a load balancer share one budget per client). A hit after the window ended starts a new one.
// The limits themselves live in middleware/rateLimit.ts and pixelBudget.ts (through middleware/sharedCounters.ts).
import { sql, type ExpressionBuilder, type OnConflictDatabase, type OnConflictTables } from 'kysely';
import type { Database } from './db';
import type { Schema } from './schema';

export interface CounterWindow {
  hits: number;
  /** Epoch ms when the window ends. */
  expiresAt: number;
}

export interface WindowCounterRepository {
  /** Adds `amount` to the key's window (a new one if it ended by `now`) and answers the window after it. */
  add(key: string, amount: number, now: number, windowMs: number): Promise<CounterWindow>;
  /**
   * The same, but only if the window's hits stay within `limit`; undefined when nothing was added. One statement,
   * so two processes cannot both take the last of a budget.
   */
  addWithin(
    key: string,
    amount: number,
    limit: number,
    now: number,
    windowMs: number,
  ): Promise<CounterWindow | undefined>;
  /** The key's window, or undefined when it has none running at `now`. */
  get(key: string, now: number): Promise<CounterWindow | undefined>;
  subtract(key: string, amount: number): Promise<void>;
  remove(key: string): Promise<void>;
  /** Drops windows that ended by `now`; returns how many. */
  dropExpired(now: number): Promise<number>;
}

type Conflict = ExpressionBuilder<
  OnConflictDatabase<Schema, 'rate_limit_windows'>,
  OnConflictTables<'rate_limit_windows'>
>;

/** The update of both adds: a running window grows, one that ended by `now` starts again from this hit. */
const grow = (now: number) => (eb: Conflict) => {
  const ended = eb('rate_limit_windows.expires_at', '<=', now);
  return {
    hits: eb
      .case()
      .when(ended)
      .then(eb.ref('excluded.hits'))
      .else(eb('rate_limit_windows.hits', '+', eb.ref('excluded.hits')))
      .end(),
    expires_at: eb
      .case()
      .when(ended)
      .then(eb.ref('excluded.expires_at'))
      .else(eb.ref('rate_limit_windows.expires_at'))
      .end(),
  };
};

export function createWindowCounterRepository(db: Database): WindowCounterRepository {
  const insert = (key: string, amount: number, now: number, windowMs: number) =>
    db
      .query()
      .insertInto('rate_limit_windows')
      .values({ key, hits: amount, expires_at: now + windowMs });
  const toWindow = (row: { hits: number; expires_at: number }): CounterWindow => ({
    hits: row.hits,
    expiresAt: row.expires_at,
  });

  return {
    async add(key, amount, now, windowMs) {
      const row = await insert(key, amount, now, windowMs)
        .onConflict((conflict) => conflict.column('key').doUpdateSet(grow(now)))
        .returning(['hits', 'expires_at'])
        .executeTakeFirstOrThrow();
      return toWindow(row);
    },
    async addWithin(key, amount, limit, now, windowMs) {
      // A first hit is inserted unconditionally, so an amount past the limit on its own never gets that far.
      if (amount > limit) return undefined;
      const row = await insert(key, amount, now, windowMs)
        .onConflict((conflict) =>
          conflict
            .column('key')
            .doUpdateSet(grow(now))
            // Within a running window only while the budget holds; an ended window always takes the hit.
            .where((eb) =>
              eb.or([
                eb('rate_limit_windows.expires_at', '<=', now),
                eb(sql<number>`rate_limit_windows.hits + ${amount}`, '<=', limit),
              ]),
            ),
        )
        .returning(['hits', 'expires_at'])
        .executeTakeFirst();
      return row && toWindow(row);
    },
    async get(key, now) {
      const row = await db
        .query()
        .selectFrom('rate_limit_windows')
        .select(['hits', 'expires_at'])
        .where('key', '=', key)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row && toWindow(row);
    },
    async subtract(key, amount) {
      await db
        .query()
        .updateTable('rate_limit_windows')
        .set((eb) => ({ hits: eb('hits', '-', amount) }))
        .where('key', '=', key)
        .where('hits', '>=', amount)
        .execute();
    },
    async remove(key) {
      await db.query().deleteFrom('rate_limit_windows').where('key', '=', key).execute();
    },
    async dropExpired(now) {
      const result = await db
        .query()
        .deleteFrom('rate_limit_windows')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
