// What the app is built from: AppInput is what index.ts and the tests hand createApp (anything left out is built
// from env and db by compose.ts), AppDeps is the same with every dependency resolved, and each /api router is a
// function of AppDeps. Kept apart from app.ts so routers depend on this and app.ts on them, never in a circle.
import type { RequestHandler, Router } from 'express';
import type { CatalogItem } from '../core/staging';
import type { StagingRenderer } from './ai/staging';
import type { AiProvider } from './ai/types';
import type { AuthService } from './auth/auth';
import type { StarterCredits } from './auth/starterCredits';
import type { Env } from './env';
import type { Logger } from './logger';
import type { AiRoute } from './middleware/aiRoute';
import type { PhotoBudget } from './middleware/pixelBudget';
import type { AiRateLimits } from './middleware/rateLimit';
import type { SharedCounters } from './middleware/sharedCounters';
import type { UserIdOf } from './middleware/requireUser';
import type { PaidJobs } from './paid/jobs';
import type { Ledger } from './paid/ledger';
import type { QueueDeps } from './paid/queue/enqueue';
import type { ImagePool } from './pool/imagePool';
import type { AnalysisService } from './services/analysis';
import type { EnhancementService } from './services/enhancement';
import type { ListingImporter } from './services/listing/importListing';
import type { StagingService } from './services/staging';
import type { SuggestionsService } from './services/suggestions';
import type { Database } from './store/db';

/** What tests may replace in the AI routes; compose.ts fills in the rest. */
export interface AiOverrides {
  /** Default: chosen from the env (AI_PROVIDER, OPENAI_*). */
  provider?: AiProvider;
  /** Default: the session cookie (auth/session.ts). */
  getUserId?: UserIdOf;
  rateLimits?: Partial<AiRateLimits>;
  /** Default: chosen from the env like the provider (server/ai/staging). */
  stagingRenderer?: StagingRenderer;
}

/** What createApp takes: the process's or test's parts; every optional one has a default in compose.ts. */
export interface AppInput {
  env: Env;
  db: Database;
  logger: Logger;
  /** The process's image threads (server/pool): every image check, decode, encode and builtin operation. */
  imagePool: ImagePool;
  auth?: AuthService;
  ai?: AiOverrides;
  listingImporter?: ListingImporter;
  /** The job queue (PostgreSQL deployment, server/paid/queue): charged AI work then runs on `npm run worker`. */
  queue?: QueueDeps;
  /** The staging catalogue (staging/productSource.ts: STAGING_CATALOG read at start); default: the shipped examples. */
  stagingCatalog?: readonly CatalogItem[];
  /** More routers mounted under /api after the built-in ones (tests add probe routes this way). */
  routers?: Router[];
}

/** The AI routes' shared parts: one provider, one paid-job journal and one limiter per call for the whole app. */
export interface AiDeps {
  provider: AiProvider;
  /** Who is signed in, as the AI routes ask it. */
  getUserId: UserIdOf;
  /** Counted before any body is read. */
  limiters: Record<keyof AiRateLimits, RequestHandler>;
  /** The visitor's analysis pixels per minute (middleware/pixelBudget.ts): reads the parsed body's photos. */
  analysisPixels: RequestHandler;
  /** Refuses a caller whose analysis budget is spent before its body is read. */
  analysisBudgetLeft: RequestHandler;
  /** The visitor's free-mode pixels per minute: the enhancement service counts a call it priced free. */
  freeModePixels: PhotoBudget;
  /** Refuses a visitor whose free-modes budget is spent before its body is read. */
  freeModesBudgetLeft: RequestHandler;
  /** Builds an AI route's handler chain (middleware/aiRoute.ts). */
  route: AiRoute;
  enhancement: EnhancementService;
  suggestions: SuggestionsService;
  analysis: AnalysisService;
  /** POST /api/virtual-staging (services/staging.ts). */
  staging: StagingService;
  /** The durable paid jobs: GET /api/jobs/:id reads a queued job's state and answer here. */
  jobs: PaidJobs;
}

/** Every dependency of the app, resolved once by compose.ts. */
export interface AppDeps {
  env: Env;
  db: Database;
  logger: Logger;
  /** The credit ledger (paid/ledger.ts). */
  ledger: Ledger;
  /** What each account started with (auth/starterCredits.ts). */
  starterCredits: StarterCredits;
  /** Accounts and sessions (auth/auth.ts); routes ask `getUserId(req)` from auth/session.ts, not this. */
  auth: AuthService;
  /** The rate limits' counters in the database, shared by every server process on it. */
  counters: SharedCounters;
  ai: AiDeps;
  /** Imports listing photos (services/listing). */
  listingImporter: ListingImporter;
  routers: Router[];
}

/** Builds one /api router from the app's dependencies; its paths are relative to /api. */
export type ApiRouterFactory = (deps: AppDeps) => Router;
