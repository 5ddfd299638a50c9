// The one way the web app talks to its server: a small fetch wrapper that sends JSON or a form, parses the answer
// with the call's zod contract, and turns every failure (an error answer, no network, a cancelled call, an
// answer of the wrong shape) into an ApiFailure carrying the German message of the catalogue (errors.ts).
import type { z } from 'zod';
import { failure, toApiFailure } from './errors';

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

/** Calls `path` (e.g. '/api/analyze-image') and returns the parsed answer, or throws an ApiFailure. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { body, signal } = options;
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...apiConfig.headers,
    ...options.headers,
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }

  let res: Response;
  try {
    res = await fetch(`${apiConfig.baseUrl}${path}`, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      ...(payload !== undefined ? { body: payload } : {}),
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    throw failure(0, signal?.aborted || isAbort(error) ? 'ABORTED' : 'NETWORK');
  }

  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    throw failure(0, signal?.aborted || isAbort(error) ? 'ABORTED' : 'NETWORK');
  }
  const json = parseJson(text);
  if (!res.ok) {
    const failed = toApiFailure(res.status, json);
    // The outbox (web/workflow/outbox/rules.ts) waits as long as the server asks before it sends again.
    const retryAfter = res.headers.get('retry-after');
    if (retryAfter !== null) failed.details.retryAfter = retryAfter;
    throw failed;
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) throw failure(res.status, 'INVALID_RESPONSE');
  return parsed.data;
}
