// scripts/start.mjs (`npm start`): when it rebuilds the web app, and that it runs the server in the foreground,
// passing signals on and returning the server's exit code.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const scriptPath = join(repoRoot, 'scripts', 'start.mjs');

interface StartScript {
  needsBuild(rootDir: string): boolean;
  binOf(packageName: string, rootDir?: string): string;
}
// A computed specifier keeps TypeScript from looking for declarations of the plain-JS script.
const load = async (): Promise<StartScript> => (await import(scriptPath)) as StartScript;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'raumglanz-start-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Writes a file with a given modification time (seconds since the epoch). */
function touch(relativePath: string, mtime: number): void {
  const path = join(dir, relativePath);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, 'x');
  utimesSync(path, mtime, mtime);
}

describe('#needsBuild', () => {
  it('is true when there is no dist/index.html', async () => {
    const { needsBuild } = await load();
    touch('web/main.tsx', 1000);
    expect(needsBuild(dir)).toBe(true);
  });

  it('is false when every source is older than the build', async () => {
    const { needsBuild } = await load();
    touch('web/screens/upload/Upload.tsx', 1000);
    touch('core/catalog/modes.ts', 1000);
    touch('vite.config.ts', 1000);
    touch('server/app.ts', 3000); // the server is not part of the web build
    touch('dist/index.html', 2000);
    expect(needsBuild(dir)).toBe(false);
  });

  it.each([
    'web/screens/upload/Upload.tsx',
    'core/catalog/modes.ts',
    'public/icons/icon.svg',
    'vite.config.ts',
  ])('is true when %s is newer than the build', async (changed) => {
    const { needsBuild } = await load();
    touch('web/main.tsx', 1000);
    touch('dist/index.html', 2000);
    touch(changed, 3000);
    expect(needsBuild(dir)).toBe(true);
  });
});

describe('#binOf', () => {
  it("finds the command-line scripts of vite and tsx in the repo's node_modules", async () => {
    const { binOf } = await load();
    expect(binOf('vite', repoRoot)).toBe(join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'));
    expect(existsSync(binOf('tsx', repoRoot))).toBe(true);
  });
});

describe('node scripts/start.mjs', () => {
  it('runs the server (no build for a custom STATIC_DIR), forwards SIGTERM and exits with its code', async () => {
    const child = spawn(process.execPath, [scriptPath], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        DATABASE_PATH: join(dir, 'app.db'),
        STATIC_DIR: dir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    for (let i = 0; i < 300 && !stdout.includes('läuft auf'); i++)
      await new Promise((r) => setTimeout(r, 50));
    const port = /localhost:(\d+)/.exec(stdout)?.[1];
    expect(port, `stdout: ${stdout}\nstderr: ${stderr}`).toBeDefined();
    expect(stdout).not.toContain('vite build');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});
