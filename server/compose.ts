// The composition root: the one place where the app's dependencies are resolved, from what index.ts or a test
// passed in and defaults built from env and db. Routers and services never pick their own defaults, and nothing
// below holds a module-level instance; to add a dependency, add it to deps.ts and build it here.
import type { Request } from 'express';
import { MAX_FILE_BYTES, MAX_PIXELS, MAX_UPLOAD_FILES } from '../core/catalog/limits';
import { createAiProvider } from './ai';
import { createStagingRenderer } from './ai/staging';
import { createAuth } from './auth/auth';
import { getUserId } from './auth/session';
import { createStarterCredits } from './auth/starterCredits';
import type { AppDeps, AppInput } from './deps';
import type { Env } from './env';
import type { Logger } from './logger';
import { aiRouteBuilder } from './middleware/aiRoute';
import { bodyAdmission, BODY_LIMITS } from './middleware/bodyAdmission';
import { brokenBodies } from './middleware/brokenBodies';
import { budgetLeft, photoBudget, pixelBudget, type PixelBudgetOptions } from './middleware/pixelBudget';
import { aiRateLimit, DEFAULT_AI_RATE_LIMITS, ipKey } from './middleware/rateLimit';
import { createSharedCounters } from './middleware/sharedCounters';
import type { PaidScope, TaskPlanner } from './paid/batch';
import { createPaidJobs, type PaidJobs, type PaidJobsOptions } from './paid/jobs';
import { createLedger } from './paid/ledger';
import { createLiveness } from './paid/liveness';
import { createPaidQueue } from './paid/queue/enqueue';
import type { ImagePool } from './pool/imagePool';
import { createAnalysisService } from './services/analysis';
import { createEnhancementService, enhancementPlanner } from './services/enhancement';
import { ANALYSIS_MAX_PIXELS } from './pool/images';
import { createListingImporterFromEnv } from './services/listing/fromEnv';
import { createStagingService, stagingPlanner } from './services/staging';
import { createSuggestionsService, implementPlanner } from './services/suggestions';
import { createWindowCounterRepository } from './store/rateLimitWindows';
import { CATALOG, catalogSource, type CatalogItem } from '../core/staging';

export function composeDeps(input: AppInput): AppDeps {
  const { env, db, logger, imagePool } = input;
  const ledger = createLedger(db);
  const starterCredits = createStarterCredits(db, ledger);
  const auth = input.auth ?? createAuth({ env, db, logger, starterCredits });

  const overrides = input.ai ?? {};
  const userIdOf = overrides.getUserId ?? getUserId;
  const limits = { ...DEFAULT_AI_RATE_LIMITS, enhance: env.AI_RATE_LIMIT_ENHANCE, ...overrides.rateLimits };
  // Every limit counts in the database, so replicas on one database share each client's budget.
  const counters = createSharedCounters(createWindowCounterRepository(db));
  const limit = (name: keyof typeof limits) =>
    aiRateLimit(limits[name], userIdOf, { counters, name: `ai-${name}` });
  const provider = overrides.provider ?? createAiProvider(env, { logger, pool: imagePool });
  // One durable paid-job journal for every paid call; start() refunds jobs a stopped server left pending.
  const jobs = composePaidJobs({ env, db, ledger, liveness: createLiveness({ db, logger }), logger });
  // Not awaited: createApp stays synchronous; a failed start is logged (the heartbeat recovers again).
  jobs.start().catch((error: unknown) => logger.error({ err: error }, 'paid jobs: start failed'));
  // With a queue (PostgreSQL), charged work is queued for the workers; without, it runs in this process.
  const paid = { jobs, logger, ...(input.queue ? { queue: createPaidQueue(db, jobs, input.queue) } : {}) };
  // Budgets of photo pixels per visitor (the account, else the network) and minute: one for the analysis calls
  // (room analysis, suggestions), one for the free server modes (counted once the service has priced a call free).
  const visitorOf = (req: Request, userId: string | null): string =>
    userId ? `user:${userId}` : `ip:${ipKey(req)}`;
  const visitorKey = async (req: Request): Promise<string> => visitorOf(req, await userIdOf(req));
  // Photo bodies in flight, admitted before they are read; visitors share part of the bytes, hosts have the rest.
  const photoBodies = bodyAdmission(
    BODY_LIMITS,
    async (req) => {
      const userId = await userIdOf(req);
      return { owner: visitorOf(req, userId), member: userId !== null };
    },
    MAX_UPLOAD_FILES * MAX_FILE_BYTES,
  );
  const visitorBudget = (
    name: string,
    megapixelsPerMinute: number,
    unknownPixels: number,
  ): PixelBudgetOptions => ({
    name,
    pixelsPerMinute: megapixelsPerMinute * 1_000_000,
    unknownPixels,
    counters,
    key: visitorKey,
  });
  const analysisBudget = visitorBudget('pixels', env.ANALYZE_MEGAPIXELS_PER_MINUTE, ANALYSIS_MAX_PIXELS);
  const freeModesBudget = visitorBudget('free-mode-pixels', env.FREE_MODES_MEGAPIXELS_PER_MINUTE, MAX_PIXELS);

  return {
    env,
    db,
    logger,
    ledger,
    starterCredits,
    auth,
    counters,
    ai: {
      provider,
      getUserId: userIdOf,
      limiters: {
        enhance: limit('enhance'),
        analyze: limit('analyze'),
        suggestions: limit('suggestions'),
      },
      analysisPixels: pixelBudget(analysisBudget),
      analysisBudgetLeft: budgetLeft(analysisBudget),
      freeModePixels: photoBudget(freeModesBudget),
      // A visitor's every call is free, so a spent budget refuses its next one unread; a member's may be paid.
      freeModesBudgetLeft: budgetLeft(freeModesBudget, async (req) => (await userIdOf(req)) === null),
      route: aiRouteBuilder(userIdOf, imagePool, photoBodies, brokenBodies(counters, visitorKey)),
      enhancement: createEnhancementService({ ...paid, provider, imagePool }),
      suggestions: createSuggestionsService({ ...paid, provider, imagePool }),
      analysis: createAnalysisService({ provider, imagePool }),
      staging: createStagingService({
        ...paid,
        balanceOf: (userId) => ledger.balance(userId),
        provider,
        renderer: overrides.stagingRenderer ?? createStagingRenderer(env),
        source: catalogSource(input.stagingCatalog ?? CATALOG),
        affiliateTag: env.AFFILIATE_TAG,
        imagePool,
      }),
      jobs,
    },
    listingImporter: input.listingImporter ?? createListingImporterFromEnv(env),
    routers: input.routers ?? [],
  };
}

/** The paid-job journal of a process (the server's, every queue worker's), on that process's boot. */
export function composePaidJobs(parts: Omit<PaidJobsOptions, 'resultTtlMs'> & { env: Env }): PaidJobs {
  const { env, ...options } = parts;
  return createPaidJobs({ ...options, resultTtlMs: env.PAID_RESULT_TTL_MINUTES * 60_000 });
}

/**
 * The planners that rebuild queued paid work from its data (paid/batch.ts), built like the app's own services,
 * so a queue worker (server/worker.ts) runs exactly what the server would have run.
 */
export function composePlanners(parts: {
  env: Env;
  logger: Logger;
  imagePool: ImagePool;
  stagingCatalog: readonly CatalogItem[];
}): Record<PaidScope, TaskPlanner> {
  const { env, logger, imagePool } = parts;
  const provider = createAiProvider(env, { logger, pool: imagePool });
  const source = catalogSource(parts.stagingCatalog);
  return {
    enhance: enhancementPlanner(provider, imagePool),
    implement: implementPlanner(provider, imagePool),
    staging: stagingPlanner(createStagingRenderer(env), source, imagePool),
  };
}
