// Cross-site request forgery guard for every state-changing API call (POST, PUT, PATCH, DELETE under /api).
// Browsers send Origin (or at least Referer) with such calls, so a page on another site can be told apart:
// the Origin must be this server's own host or a trusted origin. A call with neither header comes from a
// script or a tool, not a browser page; it is let through only when it carries no cookie, so it cannot act
// with a signed-in user's session.
import type { Request, RequestHandler } from 'express';
import { ApiError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type OriginVerdict = 'allowed' | 'foreign-origin' | 'cookie-without-origin';

export interface OriginCheckInput {
  method: string;
  /** The Origin header, or undefined when absent. */
  origin: string | undefined;
  referer: string | undefined;
  /** The Host header the request was sent to (host[:port]). */
  host: string | undefined;
  hasCookie: boolean;
  /** Full origins (scheme://host[:port]) trusted besides the request's own host. */
  trustedOrigins: readonly string[];
}

function originOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const origin = new URL(url).origin;
  return origin === 'null' ? null : origin;
}

/**
 * The decision, as a pure function. The own host is compared without its scheme: behind a TLS-terminating
 * proxy the server sees http while the browser says https, and a page on another host never matches anyway.
 */
export function checkOrigin(input: OriginCheckInput): OriginVerdict {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return 'allowed';
  const claimed = input.origin ?? input.referer;
  if (claimed === undefined || claimed === '') return input.hasCookie ? 'cookie-without-origin' : 'allowed';
  // `Origin: null` (sandboxed frames, file: pages) and garbage are foreign.
  const origin = originOf(claimed);
  if (origin === null) return 'foreign-origin';
  if (input.host && new URL(origin).host === input.host.toLowerCase()) return 'allowed';
  return input.trustedOrigins.includes(origin) ? 'allowed' : 'foreign-origin';
}

const MESSAGES: Record<Exclude<OriginVerdict, 'allowed'>, string> = {
  'foreign-origin': 'Cross-site request refused: the Origin is not this site',
  'cookie-without-origin': 'Request with a session cookie but without Origin or Referer refused',
};

/** Mount before every /api route; answers 403 FORBIDDEN for a refused call. */
export function originCheck(trustedOrigins: readonly string[]): RequestHandler {
  return (req: Request, _res, next) => {
    const verdict = checkOrigin({
      method: req.method,
      origin: req.get('origin'),
      referer: req.get('referer'),
      host: req.get('host'),
      hasCookie: Boolean(req.headers.cookie),
      trustedOrigins,
    });
    if (verdict === 'allowed') return next();
    next(new ApiError(403, 'FORBIDDEN', MESSAGES[verdict], { reason: verdict }));
  };
}
