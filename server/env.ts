// The server's configuration, read once from environment variables at start. Parsing is pure (no files touched)
// and fails fast with one English line per bad variable, so an operator sees exactly what to fix.
// Empty values count as unset: env files and container templates often write `OPENAI_API_KEY=`.
import { z } from 'zod';

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
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .default('development'),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    STATIC_DIR: z.string().default('./dist'),
    STARTING_CREDITS: integer(0, 1_000_000, 10),
    // A key pasted with a line break in it fails every call later with a confusing 401; catch it here.
    OPENAI_API_KEY: z.string().regex(/^\S+$/, { error: 'must not contain spaces or line breaks' }).optional(),
    OPENAI_BASE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.openai.com/v1' })
      .optional(),
    AI_PROVIDER: z.enum(['openai', 'builtin'], { error: 'must be openai or builtin' }).optional(),
    /** Proxy hops in front of the server whose X-Forwarded-For we believe; 0 (the default) trusts none. */
    TRUST_PROXY: integer(0, 10, 0),
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
      // Secrets are never echoed, even when they are the bad value.
      const shown = name in present && !/KEY|SECRET|TOKEN/.test(name) ? ` (got "${present[name]}")` : '';
      return `${name} ${issue.message}${shown}`;
    }),
  );
}
