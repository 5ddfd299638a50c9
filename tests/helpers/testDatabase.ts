// The database a server test runs on: a fresh SQLite file in a temp folder, or, in the server-pg project (whose
// global setup, tests/helpers/postgresSetup.ts, started a throw-away cluster), a fresh PostgreSQL database on that
// cluster. Tests open every database through here, so the same test file runs on both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RawBuilder } from 'kysely';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/store/db';
import type { Migration } from '../../server/store/migrations';
import { createDatabase } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throw-away cluster's maintenance URL; set only in the server-pg project. */
    postgresAdminUrl?: string;
  }
}

/** The cluster of the server-pg project, or undefined on SQLite. */
export const postgresAdminUrl: string | undefined = inject('postgresAdminUrl');
export const onPostgres = postgresAdminUrl !== undefined;

export interface TestDatabase {
  db: Database;
  /** What openDatabase was given: the SQLite file or the postgres:// URL (for a second app or process). */
  location: string;
  /** A fresh temp folder (the SQLite file lives here), removed by close(). */
  dir: string;
  close(): Promise<void>;
}

/** A new, empty location: a file in a fresh temp folder, or a fresh database on the test cluster. */
export async function newTestLocation(label = 'test'): Promise<{ location: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), `raumglanz-${label}-`));
  const location = postgresAdminUrl ? await createDatabase(postgresAdminUrl, label) : join(dir, 'app.db');
  return { location, dir };
}

/** Opens a fresh, migrated database for one test (or file); `close()` also removes its folder. */
export async function openTestDatabase(
  label = 'test',
  migrations?: readonly Migration[],
): Promise<TestDatabase> {
  const { location, dir } = await newTestLocation(label);
  const db = await openDatabase(location, migrations);
  return {
    db,
    location,
    dir,
    async close() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs a raw statement and answers its rows (tests look at tables the way support would). */
export async function rowsOf<T>(db: Database, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db.kysely)).rows;
}

/** The first row of a raw query, or undefined. */
export async function rowOf<T>(db: Database, query: RawBuilder<T>): Promise<T | undefined> {
  return (await rowsOf(db, query))[0];
}
