// Starts a checkout's real server (server/index.ts under `root`, which may be a baseline's tree) as its own process
// on a free loopback port with the builtin provider and a SQLite file in `dir`, as `npm start` runs it, for the
// benches that measure a whole server (serverLoad.ts, abuse.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export async function startServer(
  root: string,
  dir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dir, 'app.db'),
      STATIC_DIR: dir,
      AI_PROVIDER: 'builtin',
      // As `npm start` and the Dockerfile run it: two malloc arenas, and every allocation from 128 kB on mapped
      // on its own, so a freed photo buffer goes back to the system (glibc's sliding threshold otherwise keeps a
      // burst's buffers in its heap: the server settled 200-300 MB above idle after the abuse bench).
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  // The server prints the address it listens on; PORT=0 lets the system choose a free one.
  for (let i = 0; i < 600; i++) {
    const port = Number(/localhost:(\d+)/.exec(stdout)?.[1] ?? 0);
    if (port) return { child, url: `http://127.0.0.1:${port}` };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`the server of ${root} did not start`);
}
