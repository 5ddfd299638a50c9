// Opening and migrating the database on both dialects (server-pg runs this file on PostgreSQL): the schema
// version, re-opening, refusing a newer schema, applying only what is new, rolling a failing migration back, and
// foreign keys. The SQLite file's own settings (folder, WAL, busy timeout, user_version) are checked on SQLite.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database as Db } from '../../server/store/db';
import { migrate, schemaVersion } from '../../server/store/migrate';
import { MIGRATIONS, type Migration } from '../../server/store/migrations';
import { newTestLocation, onPostgres, rowOf, rowsOf } from '../helpers/testDatabase';

let dir: string;
let location: string;
const opened: Db[] = [];

async function open(path: string, migrations?: readonly Migration[]): Promise<Db> {
  const db = await openDatabase(path, migrations);
  opened.push(db);
  return db;
}

beforeEach(async () => {
  ({ location, dir } = await newTestLocation('store'));
});

afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Our tables (not the version bookkeeping of PostgreSQL). */
const tableNames = async (db: Db): Promise<string[]> =>
  (
    await rowsOf(
      db,
      db.dialect === 'sqlite'
        ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`
        : sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
            WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY table_name`,
    )
  ).map((row) => row.name);

describe.skipIf(onPostgres)('#openDatabase on a SQLite file', () => {
  it('creates the missing folder and the file', async () => {
    const path = join(dir, 'nested', 'deeper', 'app.db');
    await open(path);
    expect(existsSync(path)).toBe(true);
  });

  it('sets WAL, foreign keys and a busy timeout on the connection', async () => {
    const db = await open(join(dir, 'app.db'));
    expect(await rowOf(db, sql`pragma journal_mode`)).toEqual({ journal_mode: 'wal' });
    expect(await rowOf(db, sql`pragma foreign_keys`)).toEqual({ foreign_keys: 1 });
    expect(await rowOf(db, sql`pragma busy_timeout`)).toEqual({ timeout: 5000 });
  });

  it('refuses a database written by a newer server', async () => {
    const path = join(dir, 'app.db');
    const raw = new Database(path);
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    await expect(open(path)).rejects.toThrow(
      `schema version ${MIGRATIONS.length + 1} is newer than this server knows (${MIGRATIONS.length})`,
    );
  });

  it('opens a file of the first release (user_version 6) and migrates it forward, keeping its rows', async () => {
    const path = join(dir, 'app.db');
    const old = await open(path, MIGRATIONS.slice(0, 6));
    await sql`INSERT INTO server_boots (boot_id, pid, started_at, heartbeat_at) VALUES ('b', 1, 2, 3)`.execute(
      old.kysely,
    );
    await old.close();
    const db = await open(path);
    expect(await schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(await rowOf(db, sql`SELECT boot_id, host FROM server_boots`)).toEqual({ boot_id: 'b', host: '' });
  });
});

describe(`#openDatabase (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('applies every migration and records the count', async () => {
    const db = await open(location);
    expect(await schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(await tableNames(db)).toContain('app_meta');
    const createdAt = (await rowOf(
      db,
      sql<{ value: string }>`SELECT value FROM app_meta WHERE key = 'created_at'`,
    ))!;
    // SQLite's CURRENT_TIMESTAMP (and the same text on PostgreSQL): UTC, 'YYYY-MM-DD HH:MM:SS'.
    expect(createdAt.value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Math.abs(Date.parse(`${createdAt.value.replace(' ', 'T')}Z`) - Date.now())).toBeLessThan(60_000);
  });

  it('is idempotent: re-opening keeps the version and the data', async () => {
    const first = await open(location);
    await sql`UPDATE app_meta SET value = 'marker' WHERE key = 'created_at'`.execute(first.kysely);
    await first.close();

    const second = await open(location);
    expect(await schemaVersion(second)).toBe(MIGRATIONS.length);
    expect(await rowsOf(second, sql`SELECT key, value FROM app_meta`)).toEqual([
      { key: 'created_at', value: 'marker' },
    ]);
  });

  it('refuses a database migrated by a newer server', async () => {
    const newer = [...MIGRATIONS, { name: '999_future', sql: 'CREATE TABLE future (id TEXT PRIMARY KEY);' }];
    await (await open(location, newer)).close();
    await expect(open(location)).rejects.toThrow(
      `schema version ${MIGRATIONS.length + 1} is newer than this server knows (${MIGRATIONS.length})`,
    );
  });

  // Replicas on one PostgreSQL start at once. (Several SQLite handles in one thread would wait on each other
  // synchronously; on SQLite it is one handle per process.)
  it.runIf(onPostgres)(
    'lets several servers open a new database at once: every migration runs once',
    async () => {
      const all = await Promise.all([open(location), open(location), open(location)]);
      for (const db of all) expect(await schemaVersion(db)).toBe(MIGRATIONS.length);
    },
  );
});

describe('#migrate', () => {
  const steps: Migration[] = [
    { name: 'a', sql: 'CREATE TABLE a (id TEXT PRIMARY KEY);' },
    { name: 'b', sql: 'CREATE TABLE b (id TEXT PRIMARY KEY, a_id TEXT NOT NULL REFERENCES a (id));' },
    { name: 'c', sql: "INSERT INTO a (id) VALUES ('x');" },
  ];

  it('applies only the migrations after the current version, in order', async () => {
    const db = await open(location, steps.slice(0, 1));
    expect(await tableNames(db)).toEqual(['a']);

    await migrate(db, steps);
    expect(await schemaVersion(db)).toBe(3);
    expect(await tableNames(db)).toEqual(['a', 'b']);
    expect(await rowsOf(db, sql`SELECT id FROM a`)).toEqual([{ id: 'x' }]);

    // Running again applies nothing: a second insert of 'x' would violate the primary key.
    await migrate(db, steps);
    expect(await rowOf(db, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM a`)).toEqual({ n: 1 });
  });

  it('rolls a failing migration back completely and leaves the version where it was', async () => {
    const db = await open(location, steps.slice(0, 1));
    const broken: Migration[] = [
      steps[0]!,
      { name: 'half', sql: 'CREATE TABLE half (id TEXT); INSERT INTO nowhere VALUES (1);' },
    ];
    await expect(migrate(db, broken)).rejects.toThrow(
      /Migration 2 \(half\) failed: (no such table: nowhere|relation "nowhere" does not exist)/,
    );
    expect(await schemaVersion(db)).toBe(1);
    expect(await tableNames(db)).toEqual(['a']);
  });

  it('enforces foreign keys declared by migrations', async () => {
    const db = await open(location, steps);
    await expect(sql`INSERT INTO b (id, a_id) VALUES ('1', 'missing')`.execute(db.kysely)).rejects.toThrow(
      /FOREIGN KEY|violates foreign key constraint/,
    );
  });
});

describe('#transaction', () => {
  it('rolls back everything when it throws, and joins an outer transaction when nested', async () => {
    const db = await open(location, [{ name: 'a', sql: 'CREATE TABLE a (id TEXT PRIMARY KEY);' }]);
    await expect(
      db.transaction(['x'], async () => {
        await sql`INSERT INTO a (id) VALUES ('outer')`.execute(db.query());
        await db.transaction(['y'], async () => {
          await sql`INSERT INTO a (id) VALUES ('inner')`.execute(db.query());
        });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await rowsOf(db, sql`SELECT id FROM a`)).toEqual([]);
    await db.transaction(['x'], async () => {
      await sql`INSERT INTO a (id) VALUES ('kept')`.execute(db.query());
    });
    expect(await rowsOf(db, sql`SELECT id FROM a`)).toEqual([{ id: 'kept' }]);
  });
});
