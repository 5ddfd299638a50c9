// GET /api/health: answers whether the server runs and its database answers a query (contract: core/contract/health).
import { readFileSync } from 'node:fs';
import { Router } from 'express';
import { sql } from 'kysely';
import type { HealthResponse } from '../../core/contract/health';
import type { AppDeps } from '../deps';

/** The version from package.json, read once: the server runs from the source tree, so the file is always there. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export function healthRouter({ db, logger }: AppDeps): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    let dbOk = false;
    try {
      const { rows } = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(db.kysely);
      dbOk = rows[0]?.ok === 1;
    } catch (error) {
      logger.error({ err: error }, 'health check: database query failed');
    }
    const body: HealthResponse = {
      status: dbOk ? 'ok' : 'error',
      version: APP_VERSION,
      db: dbOk ? 'ok' : 'error',
    };
    res.status(dbOk ? 200 : 503).json(body);
  });
  return router;
}
