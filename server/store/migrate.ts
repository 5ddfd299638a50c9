// Brings a database's schema up to date from migrations.ts: the migrations after the recorded version, each in its
// own transaction together with its version bump. SQLite records the version in `PRAGMA user_version` (as it
// always has, so existing files keep their history); PostgreSQL in the schema_migrations table, under an
// advisory lock so that replicas starting at once apply each migration once.
import { sql } from 'kysely';
import type { Database } from './database';
import type { Migration } from './migrations';

/** The advisory lock migrations run under on PostgreSQL (any constant name no other lock uses). */
const MIGRATION_LOCK = 'raumglanz:migrations';

/** The schema version recorded in the database: the number of migrations applied. */
export async function schemaVersion(db: Database): Promise<number> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ user_version: number }>`pragma user_version`.execute(db.query());
    return rows[0]?.user_version ?? 0;
  }
  await db.execScript(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       version INTEGER PRIMARY KEY,
       name TEXT NOT NULL,
       applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
     )`,
  );
  const { rows } = await sql<{
    version: number;
  }>`SELECT CAST(COALESCE(MAX(version), 0) AS INTEGER) AS version FROM schema_migrations`.execute(db.query());
  return rows[0]?.version ?? 0;
}

/** Applies the migrations after the database's current version, each with its version bump in one transaction. */
export async function migrate(db: Database, migrations: readonly Migration[]): Promise<void> {
  for (;;) {
    // One migration per transaction; the version is read again under the lock, after any other process's run.
    const applied = await db.transaction([MIGRATION_LOCK], async () => {
      const current = await schemaVersion(db);
      if (current > migrations.length) {
        throw new Error(
          `Database schema version ${current} is newer than this server knows (${migrations.length}): ` +
            'run a newer raumglanz, or restore a backup made for this version.',
        );
      }
      const migration = migrations[current];
      if (!migration) return false;
      const version = current + 1;
      try {
        await db.execScript(
          db.dialect === 'postgres' ? (migration.postgres ?? migration.sql) : migration.sql,
        );
        if (db.dialect === 'sqlite') {
          // PRAGMA takes no bound parameters; version is a number we computed, not input.
          await db.execScript(`PRAGMA user_version = ${version}`);
        } else {
          await sql`INSERT INTO schema_migrations (version, name) VALUES (${version}, ${migration.name})`.execute(
            db.query(),
          );
        }
      } catch (error) {
        throw new Error(`Migration ${version} (${migration.name}) failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      return true;
    });
    if (!applied) return;
  }
}
