// The server process: read the environment, open the database, listen, and shut down cleanly on SIGINT/SIGTERM
// (stop accepting, let running requests finish for a while, close the image pool and the database). Run it with
// `node --import tsx server/index.ts`; there is no build step for the server.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { loadEnv, settingOrExit } from './env';
import { createLogger } from './logger';
import { startQueue } from './paid/queue/enqueue';
import { ImagePool } from './pool/imagePool';
import { loadStagingCatalog } from './staging/productSource';
import { openDatabase } from './store/db';

/** How long running requests (AI jobs can be slow) may take after a shutdown signal before we cut them off. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const env = loadEnv();
  // STAGING_CATALOG's product feed, read once; a bad file ends the process naming each bad entry.
  const stagingCatalog = settingOrExit(() => loadStagingCatalog(env.STAGING_CATALOG));
  const logger = createLogger(env.LOG_LEVEL);
  // PostgreSQL when DATABASE_URL is set (replicas share it), else the SQLite file (the embedded default).
  const db = await openDatabase(env.DATABASE_URL ?? env.DATABASE_PATH);
  // The image pool's threads (0: one per core) and how many tasks may wait before visitors get 503 + Retry-After.
  const imagePool = new ImagePool({
    concurrency: env.IMAGE_WORK_CONCURRENCY,
    maxQueued: env.IMAGE_QUEUE_MAX,
    logger,
  });
  // With PostgreSQL, charged AI work goes through the job queue in the same database (`npm run worker` runs it).
  const queue = env.DATABASE_URL ? await startQueue(env.DATABASE_URL, env, logger) : undefined;
  // The AI provider is chosen from the env by compose.ts: AI_PROVIDER (default: openai with a key, else the
  // offline builtin provider) and the OPENAI_* settings.
  const app = createApp({ env, db, logger, imagePool, stagingCatalog, ...(queue ? { queue } : {}) });

  // Slow clients (SPEC: a connection trickling its headers or body) are cut off: headers must arrive within
  // HEADERS_TIMEOUT_MS and the whole request within REQUEST_TIMEOUT_MS; Node checks both every second here
  // (its default check runs every 30 s, which would let a trickle hold a socket that long).
  const server = createServer(
    {
      headersTimeout: Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
      requestTimeout: env.REQUEST_TIMEOUT_MS,
      keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: 1000,
    },
    app,
  );
  server.listen(env.PORT, env.HOST, () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`raumglanz läuft auf http://localhost:${port}\n`);
    logger.info({ port, host: env.HOST, aiProvider: env.AI_PROVIDER, nodeEnv: env.NODE_ENV }, 'listening');
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    const hint = error.code === 'EADDRINUSE' ? ` (port ${env.PORT} is in use: set PORT to another port)` : '';
    process.stderr.write(`raumglanz could not listen on ${env.HOST}:${env.PORT}: ${error.message}${hint}\n`);
    void db.close().finally(() => process.exit(1));
  });

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    // A second signal is common (the terminal and scripts/start.mjs both send SIGINT); the first one wins.
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.warn('requests still running after the grace period; closing them');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      void (async () => {
        if (queue) {
          await queue.boss.stop({ graceful: false, wait: true });
          await queue.notifications.close();
        }
        // No request is left to wait for an image task: the pool's threads stop once their tasks are done.
        await imagePool
          .close()
          .catch((error: unknown) => logger.error({ err: error }, 'closing the image pool failed'));
        logger.info({ imagePool: imagePool.stats() }, 'image pool closed');
        await db.close();
      })().finally(() => process.exit(0));
    });
    // Keep-alive connections with no request in flight would otherwise hold close() open.
    server.closeIdleConnections();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  // The database could not be opened or migrated: say why, without a stack trace when the message says it all.
  process.stderr.write(`raumglanz could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
