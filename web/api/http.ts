// The one way the web app talks to its server: a small fetch wrapper that sends JSON or a form, parses the answer
// with the call's zod contract, and turns every failure (an error answer, no network, a cancelled call, an
// answer of the wrong shape) into an ApiFailure carrying the German message of the catalogue (errors.ts).
// A paid call that the server queued (202 with a job, core/contract/jobs.ts) is polled here until its answer
// arrives, so every call site handles both answers alike.
import type { z } from 'zod';
import { ApiErrorBody } from '../../core/contract/errors';
import { JOB_QUEUED_STATUS, jobPath, QueuedJobBody } from '../../core/contract/jobs';
import { t } from '../i18n/de';
import { ApiFailure, failure } from './errors';
import { pollDelayMs } from './pollDelay';

/** Where the API lives and headers every call carries. The app uses '' (same origin); tests set a full URL. */
export const apiConfig: { baseUrl: string; headers: Record<string, string> } = { baseUrl: '', headers: {} };

export interface RequestOptions<T> {
  method?: 'GET' | 'POST';
  /** A FormData is sent as multipart; anything else as JSON. */
  body?: unknown;
  /** Parses a successful answer; a mismatch is INVALID_RESPONSE. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The body as JSON, or undefined when it is not JSON (a proxy's HTML page, an empty body). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

interface Received {
  status: number;
  ok: boolean;
  retryAfter: string | null;
  json: unknown;
}

/** One request and its whole answer; no answer at all (offline, cancelled) throws NETWORK or ABORTED. */
async function send(path: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Received> {
  const lost = (error: unknown) => failure(0, signal?.aborted || isAbort(error) ? 'ABORTED' : 'NETWORK');
  let res: Response;
  try {
    res = await fetch(`${apiConfig.baseUrl}${path}`, {
      ...init,
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    throw lost(error);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    throw lost(error);
  }
  return {
    status: res.status,
    ok: res.ok,
    retryAfter: res.headers.get('retry-after'),
    json: parseJson(text),
  };
}

/** Waits `ms`, or rejects with ABORTED as soon as the call is cancelled. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(failure(0, 'ABORTED'));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(failure(0, 'ABORTED'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The job's 202 body, or null when the answer is not a queued job (every other answer, 202s of other shapes). */
function queuedJob(answer: Received): QueuedJobBody | null {
  if (answer.status !== JOB_QUEUED_STATUS) return null;
  const parsed = QueuedJobBody.safeParse(answer.json);
  return parsed.success ? parsed.data : null;
}

/**
 * Polls GET /api/jobs/:id until the job's final answer. A lost connection while polling throws NETWORK like
 * any call: the caller (the outbox) sends the POST again with its Idempotency-Key, which the server answers
 * with the same job or its stored answer, never a second charge.
 */
async function finalAnswer(
  first: Received,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
): Promise<Received> {
  let answer = first;
  for (let attempt = 1; ; attempt++) {
    const job = queuedJob(answer);
    if (!job) return answer;
    await pause(pollDelayMs(attempt, answer.retryAfter), signal);
    answer = await send(jobPath(job.jobId), { method: 'GET', headers }, signal);
  }
}

/** Calls `path` (e.g. '/api/analyze-image') and returns the parsed answer, or throws an ApiFailure. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { body, signal } = options;
  const common: Record<string, string> = { accept: 'application/json', ...apiConfig.headers };
  const headers: Record<string, string> = { ...common, ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }

  const first = await send(
    path,
    {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      ...(payload !== undefined ? { body: payload } : {}),
    },
    signal,
  );
  const res = await finalAnswer(first, common, signal);
  if (!res.ok) {
    const failed = toApiFailure(res.status, res.json);
    // The outbox (web/workflow/outbox/rules.ts) waits as long as the server asks before it sends again.
    if (res.retryAfter !== null) failed.details.retryAfter = res.retryAfter;
    throw failed;
  }
  const parsed = options.schema.safeParse(res.json);
  if (!parsed.success) throw failure(res.status, 'INVALID_RESPONSE');
  return parsed.data;
}

/**
 * Turns an error answer into an ApiFailure. A body that is not the API's error shape (a proxy's HTML page, an
 * empty body) becomes 'API Fehler (status): Unbekannter API Fehler'. The staging redirect and the 402 are
 * recognised by status too, as SPEC section 8 says.
 */
export function toApiFailure(status: number, body: unknown): ApiFailure {
  const parsed = ApiErrorBody.safeParse(body);
  if (parsed.success) {
    const extras = body as Record<string, unknown>;
    const details: Record<string, unknown> = { ...parsed.data.details };
    // The spec's bodies put these beside `error`; keep them wherever they came.
    for (const key of ['creditsNeeded', 'redirectTo'] as const) {
      if (extras[key] !== undefined && details[key] === undefined) details[key] = extras[key];
    }
    return failure(status, parsed.data.code, details);
  }
  if (status === 402) return failure(status, 'INSUFFICIENT_CREDITS');
  const redirect = (body as { error?: unknown; redirectTo?: unknown } | null) ?? {};
  if (status === 307 && (redirect.error === 'redirect' || redirect.redirectTo === 'virtual-staging')) {
    return failure(status, 'VIRTUAL_STAGING_REDIRECT', { redirectTo: 'virtual-staging' });
  }
  return new ApiFailure(status, 'INTERNAL', t('errors.apiError', { status, details: t('errors.unknown') }));
}
