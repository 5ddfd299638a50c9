// Starts the real server (server/index.ts) as its own process on a free loopback port, with a SQLite file in `dir`
// and only the environment given, for the tests that need a process of their own (memory, timeouts, kill -9).

import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

export async function startServerProcess(
  dir: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dir, 'app.db'),
      STATIC_DIR: dir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  // The server prints the address it listens on; PORT=0 lets the system choose a free one.
  for (let i = 0; i < 600; i++) {
    const port = Number(/localhost:(\d+)/.exec(stdout)?.[1] ?? 0);
    if (port) return { child, port };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('the server process did not start within 30 s');
}
