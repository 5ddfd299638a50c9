// Requests per second of GET /api/credits for a signed-in user (session lookup + ledger SUM), against the real
// server process (server/index.ts) on loopback with a fresh SQLite file. The client runs in this process, the
// server in its own, so neither steals the other's event loop.
//
//   node --import tsx bench/credits.ts [requests=2000] [concurrency=8]
//
// LOG_LEVEL defaults to warn here: at info the access log writes one line per request to a pipe we drain.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '..');
const requests = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 8);
/** Ledger rows of the benchmark user, so the SUM has some work to do (a grant plus this many charges). */
const LEDGER_ROWS = 200;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function waitForHealth(url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'raumglanz-bench-'));
  const port = await freePort();
  const databasePath = join(dir, 'bench.db');
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: databasePath,
      STATIC_DIR: join(dir, 'static'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      STARTING_CREDITS: String(LEDGER_ROWS * 2),
      AUTH_RATE_LIMIT: '100',
      OPENAI_API_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  try {
    await waitForHealth(url, () => output);
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      // As a browser page would: better-auth refuses a sign-up from fetch() without an Origin outside tests.
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ name: 'Bench', email: 'bench@example.com', password: 'bench-passwort' }),
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const { user } = (await signUp.json()) as { user: { id: string } };

    // Fill the ledger directly (the server has no charge route of its own): one grant plus LEDGER_ROWS charges.
    const { openDatabase } = await import('../server/store/db');
    const { createLedger } = await import('../server/paid/ledger');
    const db = await openDatabase(databasePath);
    const credits = createLedger(db);
    for (let i = 0; i < LEDGER_ROWS; i++) {
      await credits.charge({ userId: user.id, amount: 1, idempotencyKey: `bench:${i}`, reason: 'bench' });
    }
    const expected = await credits.balance(user.id);
    await db.close();

    const get = async (): Promise<void> => {
      const res = await fetch(`${url}/api/credits`, { headers: { cookie } });
      const body = (await res.json()) as { credits: number };
      if (res.status !== 200 || body.credits !== expected) {
        throw new Error(`unexpected answer ${res.status} ${JSON.stringify(body)}`);
      }
    };
    for (let i = 0; i < 50; i++) await get(); // warm-up: JIT, prepared statements, keep-alive sockets

    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          next++;
          await get();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `GET /api/credits (signed in, ${LEDGER_ROWS + 1} ledger rows): ${requests} requests, concurrency ` +
        `${concurrency}, ${seconds.toFixed(2)} s, ${Math.round(requests / seconds)} requests/s, ` +
        `${((seconds * 1000 * concurrency) / requests).toFixed(2)} ms mean latency\n`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
