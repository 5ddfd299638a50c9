// Who is calling: the session middleware and getUserId(req), the one way routes learn the signed-in user.
// The lookup is lazy and memoised per request, so routes that never ask (health, static files, visitors'
// on-device work) cost nothing, and a route that asks twice queries the session table once.
import type { Request, RequestHandler } from 'express';
import type { AuthService } from './auth';

const lookups = new WeakMap<Request, () => Promise<string | null>>();

/** Mount once in front of the /api routes (app.ts does); afterwards getUserId works in every route. */
export function loadSession(auth: AuthService): RequestHandler {
  return (req, _res, next) => {
    let pending: Promise<string | null> | undefined;
    lookups.set(req, () => (pending ??= auth.userIdFromHeaders(req.headers)));
    next();
  };
}

/** The signed-in user's id from the request's session cookie, or null for a visitor. */
export function getUserId(req: Request): Promise<string | null> {
  const lookup = lookups.get(req);
  if (!lookup) {
    return Promise.reject(new Error('getUserId: loadSession is not mounted in front of this route'));
  }
  return lookup();
}
