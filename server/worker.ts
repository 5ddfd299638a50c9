// The queue worker process (`npm run worker`; start it any number of times, on any machine that reaches the
// database): it needs DATABASE_URL (PostgreSQL), runs queued paid AI jobs with the configured provider
// (server/paid/queue/worker.ts) and shuts down cleanly on SIGINT/SIGTERM: no new jobs, the running ones finish
// within the grace period, anything cut off is run again by another worker. Run it with
// `node --import tsx server/worker.ts`.
import { composePaidJobs, composePlanners } from './compose';
import { loadEnv, settingOrExit } from './env';
import { createLogger } from './logger';
import { createLedger } from './paid/ledger';
import { createLiveness } from './paid/liveness';
import { startQueue } from './paid/queue/enqueue';
import { startPaidWorker } from './paid/queue/worker';
import { ImagePool } from './pool/imagePool';
import { loadStagingCatalog } from './staging/productSource';
import { openDatabase } from './store/db';

/** How long running jobs may take after a shutdown signal before they are left to another worker. */
const SHUTDOWN_GRACE_MS = 30_000;

async function main(): Promise<void> {
  const env = loadEnv();
  // STAGING_CATALOG's product feed, read once; a bad file ends the process naming each bad entry.
  const stagingCatalog = settingOrExit(() => loadStagingCatalog(env.STAGING_CATALOG));
  const url = env.DATABASE_URL;
  if (!url) {
    process.stderr.write(
      'raumglanz worker: set DATABASE_URL (postgres://…); without it the server runs paid work itself\n',
    );
    process.exit(1);
  }
  const logger = createLogger(env.LOG_LEVEL).child({ role: 'worker' });
  const db = await openDatabase(url);
  // The worker's image work runs in its own pool of threads, as the server's does (server/pool).
  const imagePool = new ImagePool({
    concurrency: env.IMAGE_WORK_CONCURRENCY,
    maxQueued: env.IMAGE_QUEUE_MAX,
    logger,
  });
  // Its boot and heartbeat (paid/liveness.ts) tell the other workers whether its jobs are still running.
  const liveness = createLiveness({ db, logger });
  const jobs = composePaidJobs({ env, db, ledger: createLedger(db), liveness, logger });
  await jobs.start();
  const { boss, notifications, settings } = await startQueue(url, env, logger);
  const worker = await startPaidWorker({
    db,
    boss,
    jobs,
    liveness,
    planners: composePlanners({ env, logger, imagePool, stagingCatalog }),
    imagePool,
    notifications,
    logger,
    settings,
    concurrency: env.WORKER_CONCURRENCY,
  });
  process.stdout.write(`raumglanz worker ${process.pid} bereit\n`);
  logger.info({ concurrency: env.WORKER_CONCURRENCY, aiProvider: env.AI_PROVIDER }, 'worker ready');

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'worker shutting down');
    void (async () => {
      await worker.stop(SHUTDOWN_GRACE_MS);
      await jobs.stop();
      await notifications.close();
      await imagePool.close();
      await db.close();
      process.exit(0);
    })().catch((error: unknown) => {
      logger.error({ err: error }, 'worker shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`raumglanz worker could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
