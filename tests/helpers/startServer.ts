// Starts the real app for a test: createApp on 127.0.0.1 with a free port, a real database (a SQLite file in a
// fresh temp folder, or a fresh PostgreSQL database in the server-pg project: tests/helpers/testDatabase.ts),
// silent logs and no OpenAI key (AI_PROVIDER builtin). Always `await server.close()` (afterAll/afterEach): it
// stops the server, closes the database and deletes the temp folder.
//
//   const server = await startTestServer({ env: { STARTING_CREDITS: 3 } });
//   const res = await fetch(`${server.url}/api/health`);
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp } from '../../server/app';
import type { AppInput } from '../../server/deps';
import { parseEnv, type Env } from '../../server/env';
import { createLogger } from '../../server/logger';
import { isPostgresUrl, openDatabase, type Database } from '../../server/store/db';
import { newTestLocation } from './testDatabase';
import { testImagePool } from './testImagePool';

export interface TestServerOptions {
  /**
   * Typed env values over the test defaults (DATABASE_PATH and STATIC_DIR default into the temp folder; on
   * PostgreSQL DATABASE_URL names a fresh database). Pass another server's DATABASE_URL/DATABASE_PATH to share it.
   */
  env?: Partial<Env>;
  /**
   * Any other app dependency to replace or add: a logger that records, extra routers, fakes of services, an image
   * pool of its own (default: the file's testImagePool).
   */
  deps?: Partial<Omit<AppInput, 'env' | 'db'>>;
}

export interface TestServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:43127 */
  url: string;
  db: Database;
  env: Env;
  /** The temp folder holding the SQLite database (and the default, empty STATIC_DIR). */
  dir: string;
  close(): Promise<void>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { location, dir } = await newTestLocation('server');
  const env: Env = {
    ...parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_PATH: join(dir, 'raumglanz.db'),
      ...(isPostgresUrl(location) ? { DATABASE_URL: location } : {}),
      STATIC_DIR: join(dir, 'static'),
      // Tests sign up many accounts from 127.0.0.1; the free-credit limits have their own test.
      STARTER_CREDITS_PER_NETWORK_PER_DAY: '1000000',
      FREE_CREDITS_DAILY_CAP: '100000000',
    }),
    ...options.env,
  };
  const db = await openDatabase(env.DATABASE_URL ?? env.DATABASE_PATH);
  const app = createApp({
    logger: createLogger(env.LOG_LEVEL),
    imagePool: testImagePool,
    ...options.deps,
    env,
    db,
  });
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
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
