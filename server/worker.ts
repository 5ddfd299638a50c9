// The queue worker process (`npm run worker`; start it any number of times, on any machine that reaches the
// database): it needs DATABASE_URL (PostgreSQL), runs queued paid AI jobs with the configured provider
// (server/queue/worker.ts) and shuts down cleanly on SIGINT/SIGTERM: no new jobs, the running ones finish
// within the grace period, anything cut off is run again by another worker. Run it with
// `node --import tsx server/worker.ts`.
import { composePlanners } from './compose';
import { EnvError, parseEnv, type Env } from './env';
import { FeedError, type CatalogItem } from '../core/staging';
import { loadStagingCatalog } from './staging/productSource';
import { createLogger } from './logger';
import { imagePool } from './pool/imagePool';
import { queueSettings, startBoss } from './queue/boss';
import { listenForJobs } from './queue/notifications';
import { onQueuedSettled } from './queue/paidQueue';
import { startPaidWorker } from './queue/worker';
import { createCreditsService } from './services/credits';
import { createPaidJobs } from './services/paidJobs';
import { openDatabase } from './store/db';

/** How long running jobs may take after a shutdown signal before they are left to another worker. */
const SHUTDOWN_GRACE_MS = 30_000;

function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** STAGING_CATALOG's product feed, read once; a bad file ends the process naming each bad entry. */
function loadCatalog(env: Env): readonly CatalogItem[] {
  try {
    return loadStagingCatalog(env.STAGING_CATALOG);
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const env = loadEnv();
  const stagingCatalog = loadCatalog(env);
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
  imagePool.configure({ concurrency: env.IMAGE_WORK_CONCURRENCY, maxQueued: env.IMAGE_QUEUE_MAX, logger });
  const settings = queueSettings(env);
  const credits = createCreditsService(db);
  const jobs = createPaidJobs({
    db,
    credits,
    logger,
    resultTtlMs: env.PAID_RESULT_TTL_MINUTES * 60_000,
    onQueuedSettled: onQueuedSettled(db),
  });
  await jobs.start();
  const boss = await startBoss(url, settings, logger);
  const notifications = await listenForJobs(url, logger);
  const worker = await startPaidWorker({
    db,
    boss,
    jobs,
    balanceOf: (userId) => credits.balance(userId),
    planners: composePlanners(env, logger, undefined, stagingCatalog),
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
