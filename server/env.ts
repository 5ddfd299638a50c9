// The server's configuration, read once from environment variables at start (loadEnv: the one place that reads
// process.env). Parsing is pure (no files touched) and fails fast with one English line per bad variable, so an
// operator sees exactly what to fix. Empty values count as unset: env files and container templates often write
// `OPENAI_API_KEY=`.
import { z } from 'zod';
import { STARTING_CREDITS } from '../core/catalog/limits';
import { FeedError } from '../core/staging';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A whole number within [min, max], written in decimal digits only ("8080", not "8080.0" or "0x1f90"). */
function integer(min: number, max: number, fallback: number) {
  return z
    .string()
    .default(String(fallback))
    .refine((text) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max, {
      message: `must be a whole number from ${min} to ${max}`,
    })
    .transform(Number);
}

const EnvSchema = z
  .object({
    PORT: integer(0, 65535, 8080),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_PATH: z.string().default('./data/raumglanz.db'),
    /** postgres://user:password@host:5432/db switches to PostgreSQL (replicas share it); unset: the SQLite file. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/i, {
        error: 'must be a postgres:// URL such as postgres://user@host/raumglanz',
      })
      .optional(),
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .default('development'),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    STATIC_DIR: z.string().default('./dist'),
    STARTING_CREDITS: integer(0, 1_000_000, STARTING_CREDITS),
    // A key pasted with a line break in it fails every call later with a confusing 401; catch it here.
    OPENAI_API_KEY: z.string().regex(/^\S+$/, { error: 'must not contain spaces or line breaks' }).optional(),
    OPENAI_BASE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.openai.com/v1' })
      .optional(),
    AI_PROVIDER: z.enum(['openai', 'builtin'], { error: 'must be openai or builtin' }).optional(),
    /** The image model behind images.edit (enhancement and implementing suggestions). */
    OPENAI_IMAGE_MODEL: z.string().regex(/^\S+$/, { error: 'must be a model name' }).default('gpt-image-1'),
    /** The vision chat model for room analysis and suggestions (structured output). */
    OPENAI_CHAT_MODEL: z.string().regex(/^\S+$/, { error: 'must be a model name' }).default('gpt-4o-mini'),
    /** Per attempt; image edits of large photos take up to a minute. */
    OPENAI_TIMEOUT_MS: integer(100, 600_000, 120_000),
    OPENAI_MAX_RETRIES: integer(0, 10, 2),
    /** Amazon partner tag added to staging shop links (`tag=`); unset, links are plain shop searches. */
    AFFILIATE_TAG: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be a partner tag such as raumglanz-21' })
      .optional(),
    /** A product feed (JSON, README 'Produktkatalog / STAGING_CATALOG') replacing the shipped example catalogue. */
    STAGING_CATALOG: z.string().optional(),
    /** Tests only: the loopback origin that plays every listing platform (services/listing/fromEnv.ts). */
    LISTING_TEST_ORIGIN: z.string().optional(),
    /** Proxy hops in front of the server whose X-Forwarded-For we believe; 0 (the default) trusts none. */
    TRUST_PROXY: integer(0, 10, 0),
    /** How long a paid call's answer is kept for a retry with the same Idempotency-Key (paid/jobs.ts). */
    PAID_RESULT_TTL_MINUTES: integer(1, 43_200, 1440),
    /** New accounts per network (IPv4 address or IPv6 /64) and UTC day that get STARTING_CREDITS; later ones get 0. */
    STARTER_CREDITS_PER_NETWORK_PER_DAY: integer(0, 1_000_000, 3),
    /** Free credits (starting credits) the whole server grants per UTC day; past it new accounts start with 0. */
    FREE_CREDITS_DAILY_CAP: integer(0, 100_000_000, 1000),
    /** Slow clients: time to send all request headers, the whole request, and idle keep-alive (server/index.ts). */
    HEADERS_TIMEOUT_MS: integer(1000, 600_000, 20_000),
    REQUEST_TIMEOUT_MS: integer(1000, 3_600_000, 120_000),
    KEEP_ALIVE_TIMEOUT_MS: integer(1000, 600_000, 5_000),
    /** Worker threads of the image pool (server/pool: decode, analyse, edit, encode); 0 means one per CPU core. */
    IMAGE_WORK_CONCURRENCY: integer(0, 256, 0),
    /** Image jobs allowed to wait; past it the server answers 503 SERVICE_UNAVAILABLE with Retry-After. */
    IMAGE_QUEUE_MAX: integer(1, 10_000, 16),
    /** Paid image calls (enhance, staging) per minute and account (a visitor: per network). */
    AI_RATE_LIMIT_ENHANCE: integer(1, 1_000_000, 60),
    // The job queue of the PostgreSQL deployment (server/paid/queue; unused on SQLite).
    /** How long a paid request waits for its queued job before answering 202 with the job id. */
    QUEUE_WAIT_SECONDS: integer(0, 600, 25),
    /** A job running longer than this counts as lost (its worker died) and runs again on another worker. */
    QUEUE_JOB_EXPIRE_SECONDS: integer(5, 86_400, 900),
    /** Further tries of a job whose worker failed or died; spent, the job is refunded. */
    QUEUE_RETRY_LIMIT: integer(0, 20, 2),
    QUEUE_RETRY_DELAY_SECONDS: integer(0, 3600, 5),
    /** How often the queue looks for expired jobs (one process does it per round). */
    QUEUE_MAINTENANCE_SECONDS: integer(1, 3600, 30),
    /** Jobs one `npm run worker` process runs at once. */
    WORKER_CONCURRENCY: integer(1, 64, 2),
    /** Megapixels one visitor (signed-in user or network) may send to /api/analyze-image per minute. */
    ANALYZE_MEGAPIXELS_PER_MINUTE: integer(1, 100_000, 64),
    /** Megapixels one visitor may send to the free server modes per minute (30 photos of 20 MP). */
    FREE_MODES_MEGAPIXELS_PER_MINUTE: integer(1, 1_000_000, 600),
    // Accounts (server/auth). Without a secret, one is generated on first start and kept in the database.
    BETTER_AUTH_SECRET: z
      .string()
      .min(32, { error: 'must be at least 32 characters (for example: openssl rand -base64 32)' })
      .optional(),
    /** The address users open (https://raumglanz.example); unset, each request's own origin is used. */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://raumglanz.example' })
      .transform((url) => new URL(url).origin)
      .optional(),
    /** More origins that may make state-changing API calls, comma-separated. */
    TRUSTED_ORIGINS: z
      .string()
      .transform((list, ctx) => {
        const origins = list
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
        const bad = origins.find((item) => !URL.canParse(item) || !/^https?:$/.test(new URL(item).protocol));
        if (bad === undefined) return origins.map((item) => new URL(item).origin);
        ctx.addIssue({
          code: 'custom',
          message: 'must be comma-separated http(s) origins such as https://a.example',
        });
        return z.NEVER;
      })
      .optional(),
    /** Sign-in and sign-up attempts per minute from one IP address (unset: AUTH_RATE_LIMIT_DEFAULT, 10). */
    AUTH_RATE_LIMIT: z
      .string()
      .refine((text) => /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 100_000, {
        message: 'must be a whole number from 1 to 100000',
      })
      .transform(Number)
      .optional(),
  })
  .transform((env, ctx) => {
    const aiProvider = env.AI_PROVIDER ?? (env.OPENAI_API_KEY ? 'openai' : 'builtin');
    if (aiProvider === 'openai' && !env.OPENAI_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_PROVIDER'],
        message: 'is openai, but OPENAI_API_KEY is not set',
      });
      return z.NEVER;
    }
    return { ...env, AI_PROVIDER: aiProvider };
  });

export type Env = z.output<typeof EnvSchema>;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Thrown by parseEnv; `message` lists every bad variable, one per line, ready to print. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses raw variables (usually `process.env`) into a typed Env; throws EnvError naming each bad variable. */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  const known = Object.keys(EnvSchema.in.shape);
  const present: Record<string, string> = {};
  for (const name of known) {
    const value = raw[name]?.trim();
    if (value) present[name] = value;
  }
  const result = EnvSchema.safeParse(present);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      // Secrets (and a database URL, which may hold a password) are never echoed, even when they are the bad value.
      const shown =
        name in present && !/KEY|SECRET|TOKEN|DATABASE_URL/.test(name) ? ` (got "${present[name]}")` : '';
      return `${name} ${issue.message}${shown}`;
    }),
  );
}

/**
 * Reads one setting at start (the env, the staging catalogue's file). A bad one (EnvError, FeedError: their
 * messages name what to fix) ends the process with the message alone: a stack trace would only hide it.
 */
export function settingOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof EnvError || error instanceof FeedError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** This process's environment, parsed; a bad variable ends the process (server/index.ts, server/worker.ts). */
export function loadEnv(): Env {
  return settingOrExit(() => parseEnv(process.env));
}
