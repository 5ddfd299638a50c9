// server/index.ts as a real process, the way `npm start` runs it: the start line, a working /api/health,
// a clean exit on SIGTERM, and a fast, readable failure on a bad environment or an unreachable database. In
// server-pg also with DATABASE_URL: the same start, health and exit on a fresh PostgreSQL database.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { newTestLocation, onPostgres } from '../helpers/testDatabase';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let dir: string | undefined;

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function startServerProcess(env: Record<string, string>): ChildProcess {
  // Only what the server needs: the test runner's own variables (NODE_ENV=test, keys) must not leak in.
  return spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(stream: NodeJS.ReadableStream | null): () => string {
  let text = '';
  stream?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return () => text;
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

describe('server/index.ts', () => {
  it('prints its URL, serves, and on SIGTERM exits 0 after closing the database', async () => {
    dir = mkdtempSync(join(tmpdir(), 'raumglanz-proc-'));
    const dbPath = join(dir, 'data', 'app.db');
    const child = startServerProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: dbPath,
      STATIC_DIR: dir,
    });
    const stdout = collect(child.stdout);
    const stderr = collect(child.stderr);
    const exit = exited(child);

    let port = '';
    for (let i = 0; i < 300 && !port; i++) {
      port = /^raumglanz läuft auf http:\/\/localhost:(\d+)\n$/.exec(stdout())?.[1] ?? '';
      if (!port) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(port, `stdout: ${stdout()}\nstderr: ${stderr()}`).not.toBe('');

    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await res.json()).toMatchObject({ status: 'ok', db: 'ok' });

    child.kill('SIGTERM');
    expect(await exit).toEqual({ code: 0, signal: null });
    // A closed WAL database checkpoints and removes its -wal file; a killed one leaves it behind.
    expect(existsSync(dbPath)).toBe(true);
    expect(existsSync(`${dbPath}-wal`)).toBe(false);
    expect(stderr()).toBe('');
  });

  it('refuses to start with a bad variable, naming it on stderr', async () => {
    const child = startServerProcess({ PORT: 'eighty', AI_PROVIDER: 'magic' });
    const stdout = collect(child.stdout);
    const stderr = collect(child.stderr);
    expect(await exited(child)).toEqual({ code: 1, signal: null });
    expect(stderr()).toBe(
      'Invalid environment:\n' +
        '  PORT must be a whole number from 0 to 65535 (got "eighty")\n' +
        '  AI_PROVIDER must be openai or builtin (got "magic")\n',
    );
    expect(stdout()).toBe('');
  });

  it.runIf(onPostgres)(
    'runs on PostgreSQL with DATABASE_URL: migrates, serves, exits 0 on SIGTERM',
    async () => {
      const fresh = await newTestLocation('proc');
      dir = fresh.dir;
      const child = startServerProcess({
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: fresh.location,
        DATABASE_PATH: join(dir, 'unused.db'),
        STATIC_DIR: dir,
      });
      const stdout = collect(child.stdout);
      const stderr = collect(child.stderr);
      const exit = exited(child);
      let port = '';
      for (let i = 0; i < 300 && !port; i++) {
        port = /localhost:(\d+)/.exec(stdout())?.[1] ?? '';
        if (!port) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(port, `stdout: ${stdout()}\nstderr: ${stderr()}`).not.toBe('');
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await res.json()).toMatchObject({ status: 'ok', db: 'ok' });
      child.kill('SIGTERM');
      expect(await exit).toEqual({ code: 0, signal: null });
      // Nothing was written to a SQLite file: the database is the PostgreSQL one.
      expect(existsSync(join(dir, 'unused.db'))).toBe(false);
      expect(stderr()).toBe('');
    },
  );

  it('refuses to start when DATABASE_URL cannot be reached, saying why on stderr', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    const child = startServerProcess({
      PORT: '0',
      DATABASE_URL: 'postgres://raumglanz@127.0.0.1:1/raumglanz',
    });
    const stderr = collect(child.stderr);
    expect(await exited(child)).toEqual({ code: 1, signal: null });
    expect(stderr()).toMatch(/^raumglanz could not start: .*ECONNREFUSED/);
    // The URL (it may hold a password) is not echoed.
    expect(stderr()).not.toContain('127.0.0.1:1/raumglanz');
  });
});
