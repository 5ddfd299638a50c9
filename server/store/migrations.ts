// The database schema as an ordered list of SQL migrations. Migration N (1-based position in the list) is
// applied once, in its own transaction, and recorded in `PRAGMA user_version` (see db.ts).
// NEVER edit or reorder a migration that has shipped: databases out there already ran it. Append a new one.
// Keep the SQL portable to PostgreSQL where easy: TEXT/INTEGER, no AUTOINCREMENT, CURRENT_TIMESTAMP not strftime.

export interface Migration {
  /** Short, unique, for logs and error messages. */
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    name: '001_app_meta',
    sql: `
      CREATE TABLE app_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      INSERT INTO app_meta (key, value) VALUES ('created_at', CAST(CURRENT_TIMESTAMP AS TEXT));
    `,
  },
];
