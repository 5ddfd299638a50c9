// Starts the real app for a test: createApp on 127.0.0.1 with a free port, a real SQLite file in a fresh temp
// folder, silent logs and no OpenAI key (AI_PROVIDER builtin). Always `await server.close()` (afterAll/afterEach):
// it stops the server, closes the database and deletes the temp folder.
//
//   const server = await startTestServer({ env: { STARTING_CREDITS: 3 } });
//   const res = await fetch(`${server.url}/api/health`);
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app';
import type { AppInput } from '../../server/deps';
import { parseEnv, type Env } from '../../server/env';
import { createLogger } from '../../server/logger';
import { openDatabase, type Db } from '../../server/store/db';

export interface TestServerOptions {
  /** Typed env values over the test defaults (DATABASE_PATH and STATIC_DIR default into the temp folder). */
  env?: Partial<Env>;
  /** Any other app dependency to replace or add: a logger that records, extra routers, fakes of services. */
  deps?: Partial<Omit<AppInput, 'env' | 'db'>>;
}

export interface TestServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:43127 */
  url: string;
  db: Db;
  env: Env;
  /** The temp folder holding the database (and the default, empty STATIC_DIR). */
  dir: string;
  close(): Promise<void>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'raumglanz-test-'));
  const env: Env = {
    ...parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_PATH: join(dir, 'raumglanz.db'),
      STATIC_DIR: join(dir, 'static'),
      // Tests sign up many accounts from 127.0.0.1; the free-credit limits have their own test.
      STARTER_CREDITS_PER_NETWORK_PER_DAY: '1000000',
      FREE_CREDITS_DAILY_CAP: '100000000',
    }),
    ...options.env,
  };
  const db = openDatabase(env.DATABASE_PATH);
  const app = createApp({ logger: createLogger(env.LOG_LEVEL), ...options.deps, env, db });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    db,
    env,
    dir,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
