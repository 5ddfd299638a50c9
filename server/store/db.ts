// Opens the server's database behind one Kysely instance: SQLite (better-sqlite3, the embedded default) for a file
// path, PostgreSQL (a pg pool) for a postgres:// URL, and brings its schema up to date (migrate.ts). It also owns
// the one way to write atomically, `transaction(locks, fn)`, so the services state their locking once for both.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database, Dialect } from './database';
import { migrate } from './migrate';
import { MIGRATIONS, type Migration } from './migrations';
import type { Schema } from './schema';

export type { Database } from './database';

/** Whether DATABASE_URL (or a location given to openDatabase) names a PostgreSQL server. */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

/**
 * Opens (creating if needed) and migrates the database at `location`: a postgres:// URL, or a SQLite file path
 * (':memory:' also works). The caller closes it with `await db.close()`.
 */
export async function openDatabase(
  location: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<Database> {
  const db = isPostgresUrl(location) ? openPostgres(location) : openSqlite(location);
  try {
    await migrate(db, migrations);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** Distinct SQL texts whose statements are kept (the app has a few dozen; better-auth's vary a little). */
const MAX_STATEMENTS = 500;

/**
 * The connection as Kysely sees it, with each SQL text prepared once: Kysely prepares every query anew, and under
 * a flood of refused requests (each counts a rate limit and looks up its session) preparing took the event loop
 * longer than running the statements. Safe to share: the connection runs one statement at a time (Kysely's mutex,
 * and better-sqlite3 is synchronous), and SQLite prepares a statement again by itself after a schema change.
 */
function preparedOnce(raw: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => raw.close(),
    prepare: (text: string) => {
      let statement = statements.get(text);
      if (!statement) {
        statement = raw.prepare(text);
        // Past the bound, the text prepared first makes room (a one-off query, most likely).
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

function openSqlite(path: string): Database {
  const inMemory = path === ':memory:' || path === '';
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const raw = new BetterSqlite3(path);
  try {
    // WAL lets readers run while one writer writes; NORMAL sync is safe with WAL and much faster than FULL.
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    raw.pragma('foreign_keys = ON');
    // Wait for another connection's write lock instead of failing at once with SQLITE_BUSY.
    raw.pragma('busy_timeout = 5000');
  } catch (error) {
    raw.close();
    throw error;
  }
  // Kysely's SQLite driver lends its one connection to one caller at a time (a mutex), so a transaction's
  // statements never interleave with another request's on the same handle.
  const kysely = new Kysely<Schema>({ dialect: new SqliteDialect({ database: preparedOnce(raw) }) });
  const current = new AsyncLocalStorage<Kysely<Schema>>();
  return makeDatabase('sqlite', kysely, current, {
    begin: (fn) =>
      kysely.connection().execute(async (connection) => {
        await sql`begin immediate`.execute(connection);
        try {
          const result = await current.run(connection, fn);
          await sql`commit`.execute(connection);
          return result;
        } catch (error) {
          // SQLite may have rolled back already (some errors end the transaction); that is fine.
          if (raw.inTransaction) await sql`rollback`.execute(connection);
          throw error;
        }
      }),
    lock: async () => {},
    execScript: async (text) => {
      // Inside a transaction we hold the connection already; outside, wait for it like any statement.
      if (current.getStore()) raw.exec(text);
      else await kysely.connection().execute(async () => void raw.exec(text));
    },
    isOpen: () => raw.open,
  });
}

/** bigint (COUNT, SUM, epoch milliseconds) as a JS number: every value we keep in one is far below 2^53. */
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, types: pgTypes });
  // An idle connection the server dropped (restart, failover) must not end the process: the pool replaces it
  // and the next query reports any real outage.
  pool.on('error', () => {});
  const kysely = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  const current = new AsyncLocalStorage<Kysely<Schema>>();
  const lock = async (executor: Kysely<Schema>, locks: readonly string[]): Promise<void> => {
    for (const name of [...new Set(locks)].sort()) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(executor);
    }
  };
  return makeDatabase('postgres', kysely, current, {
    begin: (fn, locks) =>
      kysely.transaction().execute(async (trx) => {
        await lock(trx, locks);
        return current.run(trx, fn);
      }),
    lock,
    execScript: async (text) => {
      // Without parameters pg sends the text as one simple query, which may hold several statements.
      await sql.raw(text).execute(current.getStore() ?? kysely);
    },
    isOpen: () => true,
  });
}

interface DialectOps {
  begin<T>(fn: () => Promise<T>, locks: readonly string[]): Promise<T>;
  lock(executor: Kysely<Schema>, locks: readonly string[]): Promise<void>;
  execScript(text: string): Promise<void>;
  isOpen(): boolean;
}

function makeDatabase(
  dialect: Dialect,
  kysely: Kysely<Schema>,
  current: AsyncLocalStorage<Kysely<Schema>>,
  ops: DialectOps,
): Database {
  let closing: Promise<void> | undefined;
  return {
    dialect,
    kysely,
    query: () => current.getStore() ?? kysely,
    async transaction(locks, fn) {
      const outer = current.getStore();
      if (!outer) return ops.begin(fn, locks);
      await ops.lock(outer, locks);
      return fn();
    },
    execScript: (text) => ops.execScript(text),
    get open() {
      return closing === undefined && ops.isOpen();
    },
    close() {
      closing ??= kysely.destroy();
      return closing;
    },
  };
}
