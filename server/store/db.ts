// Opens the server's SQLite database (better-sqlite3) with the settings every connection needs and brings its
// schema up to date from migrations.ts. The file's folder is created on first start; ':memory:' also works.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations';

export type Db = Database.Database;

/** Opens (creating if needed) and migrates the database at `path`. The caller closes it with `db.close()`. */
export function openDatabase(path: string, migrations: readonly Migration[] = MIGRATIONS): Db {
  const inMemory = path === ':memory:' || path === '';
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    // WAL lets readers run while one writer writes; NORMAL sync is safe with WAL and much faster than FULL.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // Wait for another connection's write lock instead of failing at once with SQLITE_BUSY.
    db.pragma('busy_timeout = 5000');
    migrate(db, migrations);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** The schema version recorded in the database file: the number of migrations applied. */
export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Applies the migrations after the database's current version, each with its version bump in one transaction. */
export function migrate(db: Db, migrations: readonly Migration[]): void {
  const current = schemaVersion(db);
  if (current > migrations.length) {
    throw new Error(
      `Database schema version ${current} is newer than this server knows (${migrations.length}): ` +
        'run a newer raumglanz, or restore a backup made for this version.',
    );
  }
  migrations.slice(current).forEach((migration, index) => {
    const version = current + index + 1;
    const apply = db.transaction(() => {
      db.exec(migration.sql);
      // PRAGMA takes no bound parameters; version is a number we computed, not input.
      db.pragma(`user_version = ${version}`);
    });
    try {
      apply();
    } catch (error) {
      throw new Error(`Migration ${version} (${migration.name}) failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
  });
}
