// The sign-in check of the routes that only members may call: it runs before any upload is read, so a visitor's
// 10 MB photo is refused without reading it. Who is signed in is the app's UserIdOf (the session cookie by default).
import type { Request, RequestHandler } from 'express';
import { ApiError } from '../errors';

/** The signed-in user's id, or null for a visitor. */
export type UserIdOf = (req: Request) => Promise<string | null>;

/** Puts the signed-in user's id in res.locals.userId, or answers 401 UNAUTHENTICATED. */
export function requireUser(userIdOf: UserIdOf): RequestHandler {
  return async (req, res, next) => {
    const userId = await userIdOf(req);
    if (!userId) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in to use server modes');
    res.locals.userId = userId;
    next();
  };
}
