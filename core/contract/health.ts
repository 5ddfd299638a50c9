// GET /api/health: liveness and database readiness, for load balancers, `npm start` checks and the e2e tests.
// A failing database answers 503 with the same shape, so monitors can read `db` either way.
import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  /** The `version` of package.json the server runs. */
  version: z.string(),
  db: z.enum(['ok', 'error']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
