// The composition root: the one place where the app's dependencies are resolved, from what index.ts or a test
// passed in and defaults built from env and db. Routers and services never pick their own defaults; to add a
// dependency, add it to deps.ts and build it here.
import { createAiProvider } from './ai';
import { createStagingRenderer } from './ai/staging';
import { createAuth } from './auth/auth';
import { getUserId } from './auth/session';
import type { AiProvider } from './ai/types';
import type { AppDeps, AppInput } from './deps';
import type { Env } from './env';
import type { Logger } from './logger';
import type { PaidScope, TaskPlanner } from './services/paidBatch';
import { aiRouteBuilder } from './middleware/aiRoute';
import { inSequence, pixelBudget } from './middleware/pixelBudget';
import { aiRateLimit, DEFAULT_AI_RATE_LIMITS, ipKey } from './middleware/rateLimit';
import { createSharedCounters } from './middleware/sharedCounters';
import { createAnalysisService } from './services/analysis';
import { createCreditsService } from './services/credits';
import { createEnhancementService, enhancementPlanner } from './services/enhancement';
import { ANALYSIS_MAX_PIXELS } from './services/images';
import { createListingImporterFromEnv } from './services/listing/fromEnv';
import { createPaidJobs } from './services/paidJobs';
import { createPaidQueue, onQueuedSettled } from './queue/paidQueue';
import { createStagingService, stagingPlanner } from './services/staging';
import { createSuggestionsService, implementPlanner } from './services/suggestions';
import { createWindowCounterRepository } from './store/rateLimitWindows';
import { CATALOG, catalogSource, type CatalogItem } from '../core/staging';

export function composeDeps(input: AppInput): AppDeps {
  const { env, db, logger } = input;
  const credits = input.credits ?? createCreditsService(db);
  const auth = input.auth ?? createAuth({ env, db, logger, credits });

  const overrides = input.ai ?? {};
  const userIdOf = overrides.getUserId ?? getUserId;
  const limits = { ...DEFAULT_AI_RATE_LIMITS, enhance: env.AI_RATE_LIMIT_ENHANCE, ...overrides.rateLimits };
  // Every limit counts in the database, so replicas on one database share each client's budget.
  const counters = createSharedCounters(createWindowCounterRepository(db));
  const limit = (name: keyof typeof limits) =>
    aiRateLimit(limits[name], userIdOf, { counters, name: `ai-${name}` });
  const provider = overrides.provider ?? createAiProvider(env, { logger });
  // One durable paid-job journal for every paid call; start() refunds jobs a stopped server left pending.
  const jobs =
    overrides.jobs ??
    createPaidJobs({
      db,
      credits: overrides.credits ?? credits,
      logger,
      resultTtlMs: env.PAID_RESULT_TTL_MINUTES * 60_000,
      ...(input.queue ? { onQueuedSettled: onQueuedSettled(db) } : {}),
    });
  // Not awaited: createApp stays synchronous; begin() waits for this process's boot row itself, and a failed start
  // is logged (the heartbeat tries the recovery again).
  jobs.start().catch((error: unknown) => logger.error({ err: error }, 'paid jobs: start failed'));
  // With a queue (PostgreSQL), charged work is queued for the workers; without, it runs in this process.
  const paid = { jobs, logger, ...(input.queue ? { queue: createPaidQueue(db, jobs, input.queue) } : {}) };
  // One budget of analysis pixels per visitor and minute, shared by the room analysis and the suggestions.
  const analysisPixels = pixelBudget({
    pixelsPerMinute: env.ANALYZE_MEGAPIXELS_PER_MINUTE * 1_000_000,
    unknownPixels: ANALYSIS_MAX_PIXELS,
    counters,
    key: async (req) => {
      const userId = await userIdOf(req);
      return userId ? `user:${userId}` : `ip:${ipKey(req)}`;
    },
  });

  return {
    env,
    db,
    logger,
    credits,
    auth,
    counters,
    ai: {
      provider,
      getUserId: userIdOf,
      limiters: {
        enhance: limit('enhance'),
        analyze: inSequence(limit('analyze'), analysisPixels),
        suggestions: inSequence(limit('suggestions'), analysisPixels),
      },
      route: aiRouteBuilder(userIdOf),
      enhancement: createEnhancementService({ ...paid, provider }),
      suggestions: createSuggestionsService({ ...paid, provider }),
      analysis: createAnalysisService({ provider }),
      staging: createStagingService({
        ...paid,
        balanceOf: (userId) => credits.balance(userId),
        provider,
        renderer: overrides.stagingRenderer ?? createStagingRenderer(env),
        source: catalogSource(input.stagingCatalog ?? CATALOG),
        affiliateTag: env.AFFILIATE_TAG,
      }),
      jobs,
    },
    listingImporter: input.listingImporter ?? createListingImporterFromEnv(process.env),
    routers: input.routers ?? [],
  };
}

/**
 * The planners that rebuild queued paid work from its data (services/paidBatch.ts), built like the app's own
 * services, so a queue worker (server/worker.ts) runs exactly what the server would have run.
 */
export function composePlanners(
  env: Env,
  logger: Logger,
  provider: AiProvider = createAiProvider(env, { logger }),
  stagingCatalog: readonly CatalogItem[] = CATALOG,
): Record<PaidScope, TaskPlanner> {
  return {
    enhance: enhancementPlanner(provider),
    implement: implementPlanner(provider),
    staging: stagingPlanner(createStagingRenderer(env), catalogSource(stagingCatalog)),
  };
}
