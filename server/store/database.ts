// What a database is to the rest of the server: the dialect, Kysely, and the one way to write atomically. Opened
// by db.ts (SQLite or PostgreSQL); kept apart so that migrate.ts and the repositories depend on the shape only.
import type { Kysely } from 'kysely';
import type { Schema } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  readonly dialect: Dialect;
  /** The root instance; repositories use query() so that they join a running transaction. */
  readonly kysely: Kysely<Schema>;
  /** Where a statement runs now: the transaction this async call is inside, else the root instance. */
  query(): Kysely<Schema>;
  /**
   * Runs `fn` in one transaction that holds the write locks its reads depend on, committing when it resolves and
   * rolling back when it throws. SQLite: BEGIN IMMEDIATE takes the database's one write lock before anything is
   * read, across every process on the file (`locks` are not needed there). PostgreSQL: a transaction-scoped
   * advisory lock per name in `locks` (taken in sorted order, so two transactions never wait on each other in a
   * circle); readers are never blocked. Called inside a transaction, `fn` joins it (taking any further locks).
   */
  transaction<T>(locks: readonly string[], fn: () => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations) where query() would run one. */
  execScript(text: string): Promise<void>;
  readonly open: boolean;
  /** Closes the connection or pool; calling it again does nothing. */
  close(): Promise<void>;
}
