import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, schemaVersion, type Db } from '../../server/store/db';
import { MIGRATIONS, type Migration } from '../../server/store/migrations';

let dir: string;
const opened: Db[] = [];

function open(path: string, migrations?: readonly Migration[]): Db {
  const db = openDatabase(path, migrations);
  opened.push(db);
  return db;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'raumglanz-store-'));
});

afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

const tableNames = (db: Db): string[] =>
  (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[]
  ).map((row) => row.name);

describe('#openDatabase', () => {
  it('creates the missing folder and the file', () => {
    const path = join(dir, 'nested', 'deeper', 'app.db');
    open(path);
    expect(existsSync(path)).toBe(true);
  });

  it('sets WAL, foreign keys and a busy timeout on the connection', () => {
    const db = open(join(dir, 'app.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('applies every migration and records the count in user_version', () => {
    const db = open(join(dir, 'app.db'));
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(tableNames(db)).toContain('app_meta');
    const createdAt = db.prepare("SELECT value FROM app_meta WHERE key = 'created_at'").get() as {
      value: string;
    };
    // SQLite's CURRENT_TIMESTAMP: UTC, 'YYYY-MM-DD HH:MM:SS'.
    expect(createdAt.value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Math.abs(Date.parse(`${createdAt.value.replace(' ', 'T')}Z`) - Date.now())).toBeLessThan(60_000);
  });

  it('is idempotent: re-opening keeps the version and the data', () => {
    const path = join(dir, 'app.db');
    const first = open(path);
    first.prepare("UPDATE app_meta SET value = 'marker' WHERE key = 'created_at'").run();
    first.close();

    const second = open(path);
    expect(schemaVersion(second)).toBe(MIGRATIONS.length);
    expect(second.prepare('SELECT key, value FROM app_meta').all()).toEqual([
      { key: 'created_at', value: 'marker' },
    ]);
  });

  it('refuses a database written by a newer server', () => {
    const path = join(dir, 'app.db');
    const raw = new Database(path);
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    expect(() => open(path)).toThrow(
      `schema version ${MIGRATIONS.length + 1} is newer than this server knows (${MIGRATIONS.length})`,
    );
  });
});

describe('#migrate', () => {
  const steps: Migration[] = [
    { name: 'a', sql: 'CREATE TABLE a (id TEXT PRIMARY KEY);' },
    { name: 'b', sql: 'CREATE TABLE b (id TEXT PRIMARY KEY, a_id TEXT NOT NULL REFERENCES a (id));' },
    { name: 'c', sql: "INSERT INTO a (id) VALUES ('x');" },
  ];

  it('applies only the migrations after the current version, in order', () => {
    const db = open(join(dir, 'm.db'), steps.slice(0, 1));
    expect(tableNames(db)).toEqual(['a']);

    migrate(db, steps);
    expect(schemaVersion(db)).toBe(3);
    expect(tableNames(db)).toEqual(['a', 'b']);
    expect(db.prepare('SELECT id FROM a').all()).toEqual([{ id: 'x' }]);

    // Running again applies nothing: a second insert of 'x' would violate the primary key.
    migrate(db, steps);
    expect(db.prepare('SELECT count(*) AS n FROM a').get()).toEqual({ n: 1 });
  });

  it('rolls a failing migration back completely and leaves the version where it was', () => {
    const db = open(join(dir, 'm.db'), steps.slice(0, 1));
    const broken: Migration[] = [
      steps[0]!,
      { name: 'half', sql: 'CREATE TABLE half (id TEXT); INSERT INTO nowhere VALUES (1);' },
    ];
    expect(() => migrate(db, broken)).toThrow(/Migration 2 \(half\) failed: no such table: nowhere/);
    expect(schemaVersion(db)).toBe(1);
    expect(tableNames(db)).toEqual(['a']);
  });

  it('enforces foreign keys declared by migrations', () => {
    const db = open(join(dir, 'm.db'), steps);
    expect(() => db.prepare("INSERT INTO b (id, a_id) VALUES ('1', 'missing')").run()).toThrow(/FOREIGN KEY/);
  });
});
