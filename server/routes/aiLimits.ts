// What the AI routes (enhance, analyze, suggestions) share: their dependencies resolved once per app, rate limits
// per client, the signal that fires when the client goes away, the Idempotency-Key header, the sign-in check,
// and multipart upload limits. The routes themselves only parse, call a service and send.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { MAX_FILE_BYTES, MAX_UPLOAD_FILES } from '../../core/catalog';
import {
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKey,
  MAX_IMAGE_DATA_URL_CHARS,
} from '../../core/contract/enhance';
import { createAiProvider } from '../ai';
import type { AiProvider } from '../ai/types';
import type { AppDeps } from '../app';
import { getUserId } from '../auth/session';
import { ApiError } from '../errors';
import { createRateLimit, ipKey } from '../middleware/rateLimit';
import { ReplayCache, type CreditsPort } from '../services/enhancement';

/** Requests per minute and client (signed-in user, else IP address) for each AI call. */
export interface AiRateLimits {
  enhance: number;
  analyze: number;
  suggestions: number;
}

/**
 * Generous for a person clicking through a batch one image at a time (the client sends one request per image),
 * tight enough that a script cannot run up the AI bill or the CPU.
 */
export const DEFAULT_AI_RATE_LIMITS: AiRateLimits = { enhance: 60, analyze: 30, suggestions: 30 };

/** What the AI routes need beyond the app's own deps; every field has a default, tests replace them. */
export interface AiDeps {
  /** Default: chosen from the env (AI_PROVIDER, OPENAI_*). */
  provider?: AiProvider;
  /** Default: the app's credit ledger. */
  credits?: CreditsPort;
  /** The signed-in user's id, or null for a visitor. Default: the session cookie (auth/session.ts). */
  getUserId?: (req: Request) => Promise<string | null>;
  rateLimits?: Partial<AiRateLimits>;
  replays?: ReplayCache;
}

export interface ResolvedAiDeps {
  provider: AiProvider;
  credits: CreditsPort;
  getUserId: (req: Request) => Promise<string | null>;
  limiters: Record<keyof AiRateLimits, RequestHandler>;
  replays: ReplayCache;
}

const resolved = new WeakMap<AppDeps, ResolvedAiDeps>();

/** The AI deps of one app, built on first use and shared by its AI routers (one provider, one replay cache). */
export function aiDepsOf(deps: AppDeps): ResolvedAiDeps {
  let ai = resolved.get(deps);
  if (!ai) {
    const limits = { ...DEFAULT_AI_RATE_LIMITS, ...deps.ai?.rateLimits };
    const userIdOf = deps.ai?.getUserId ?? getUserId;
    ai = {
      provider: deps.ai?.provider ?? createAiProvider(deps.env, { logger: deps.logger }),
      credits: deps.ai?.credits ?? deps.credits,
      getUserId: userIdOf,
      limiters: {
        enhance: aiRateLimit(limits.enhance, userIdOf),
        analyze: aiRateLimit(limits.analyze, userIdOf),
        suggestions: aiRateLimit(limits.suggestions, userIdOf),
      },
      replays: deps.ai?.replays ?? new ReplayCache(),
    };
    resolved.set(deps, ai);
  }
  return ai;
}

/**
 * A per-minute limit, counted per signed-in user (so a shared office address does not share one budget) and per
 * address for visitors; answered with the API's 429 RATE_LIMITED body (middleware/rateLimit.ts).
 */
export function aiRateLimit(
  perMinute: number,
  userIdOf: (req: Request) => Promise<string | null>,
): RequestHandler {
  return createRateLimit({
    windowMs: 60_000,
    limit: perMinute,
    key: async (req) => {
      const userId = await userIdOf(req);
      return userId ? `user:${userId}` : `ip:${ipKey(req)}`;
    },
  });
}

/**
 * An AbortSignal that fires when the client goes away before the answer is sent, so upstream calls and image work
 * stop. Call `done()` when finished, to drop the listener.
 */
export function clientSignal(res: Response): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const onClose = (): void => {
    if (!res.writableFinished) controller.abort();
  };
  res.on('close', onClose);
  return { signal: controller.signal, done: () => res.off('close', onClose) };
}

/** The Idempotency-Key header, undefined when absent; 400 when present but malformed. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const raw = req.get(IDEMPOTENCY_KEY_HEADER);
  if (raw === undefined) return undefined;
  const parsed = IdempotencyKey.safeParse(raw.trim());
  if (!parsed.success) {
    throw new ApiError(
      400,
      'INVALID_REQUEST',
      'The Idempotency-Key header must be 8 to 64 of A-Z a-z 0-9 _ . : -',
      {
        header: IDEMPOTENCY_KEY_HEADER,
      },
    );
  }
  return parsed.data;
}

/** Puts the signed-in user's id in res.locals.userId, or answers 401 UNAUTHENTICATED (before any upload is read). */
export function requireUser(ai: ResolvedAiDeps): RequestHandler {
  return async (req, res, next) => {
    const userId = await ai.getUserId(req);
    if (!userId) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in to use server modes');
    res.locals.userId = userId;
    next();
  };
}

const MULTER_ERRORS: Partial<Record<multer.ErrorCode, { status: number; code: ApiError['code'] }>> = {
  LIMIT_FILE_SIZE: { status: 413, code: 'FILE_TOO_LARGE' },
  LIMIT_FILE_COUNT: { status: 413, code: 'TOO_MANY_FILES' },
  LIMIT_FIELD_VALUE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  LIMIT_PART_COUNT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  LIMIT_FIELD_COUNT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
};

/**
 * Reads a multipart body into memory with the upload limits (files of at most MAX_FILE_BYTES, at most
 * MAX_UPLOAD_FILES of them, text fields big enough for one data: URL each); other bodies pass untouched.
 */
export function multipartImages(fields: multer.Field[]): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: MAX_UPLOAD_FILES,
      fieldSize: MAX_IMAGE_DATA_URL_CHARS,
      fields: MAX_UPLOAD_FILES + 10,
      parts: 2 * MAX_UPLOAD_FILES + 10,
    },
  }).fields(fields);
  return (req: Request, res: Response, next: NextFunction) => {
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        const known = MULTER_ERRORS[error.code];
        const field = error.field ? { field: error.field } : undefined;
        if (known) return next(new ApiError(known.status, known.code, error.message, field));
        return next(new ApiError(400, 'INVALID_REQUEST', error.message, field));
      }
      // busboy's own errors: a malformed or truncated form.
      next(new ApiError(400, 'INVALID_REQUEST', 'The multipart body could not be read'));
    });
  };
}

/** Uploaded files by field name (multer's `fields()` shape). */
export function filesOf(req: Request, field: string): Express.Multer.File[] {
  const files = req.files as Record<string, Express.Multer.File[]> | undefined;
  return files?.[field] ?? [];
}
