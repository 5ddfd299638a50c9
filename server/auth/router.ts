// /api/auth/*: better-auth's endpoints, behind our own guards. Only the four calls the app uses are open
// (sign-up, sign-in, get-session, sign-out); every other better-auth endpoint answers our JSON 404. Bodies and
// queries are parsed with core/contract/auth before better-auth sees them, with a small body limit, and
// sign-in and sign-up are rate-limited per IP address. Mounted before the app's 25 MB JSON parser.
import express, { Router, type RequestHandler } from 'express';
import type { z } from 'zod';
import {
  GetSessionQuery,
  NoQuery,
  SignInRequest,
  SignOutRequest,
  SignUpRequest,
} from '../../core/contract/auth';
import type { AppDeps } from '../deps';
import { withClientNetwork } from '../middleware/clientNetwork';
import { AUTH_RATE_LIMITED_MESSAGE, AUTH_RATE_LIMIT_DEFAULT, createRateLimit } from '../middleware/rateLimit';
import { counterStore } from '../middleware/sharedCounters';

/** Account forms are tiny; nothing larger has a reason to reach the password hasher. */
const AUTH_BODY_LIMIT = '16kb';

const parseBody =
  (schema: z.ZodType): RequestHandler =>
  (req, _res, next) => {
    // better-auth re-reads the parsed body (better-call serialises req.body when the stream is consumed),
    // so the value it gets is the one we checked, with strings trimmed.
    req.body = schema.parse(req.body ?? {});
    next();
  };

const parseQuery =
  (schema: z.ZodType): RequestHandler =>
  (req, _res, next) => {
    schema.parse(req.query);
    next();
  };

export function authRouter({ auth, env, counters }: AppDeps): Router {
  const router = Router();
  const json = express.json({ limit: AUTH_BODY_LIMIT });
  const attempts = createRateLimit({
    windowMs: 60_000,
    limit: env.AUTH_RATE_LIMIT ?? AUTH_RATE_LIMIT_DEFAULT,
    message: AUTH_RATE_LIMITED_MESSAGE,
    store: counterStore(counters, 'auth'),
  });
  const handle: RequestHandler = (req, res) => auth.handler(req, res);

  const noQuery = parseQuery(NoQuery);
  // The sign-up knows its network, so the starting credits go once per network and day (auth.ts).
  router.post(
    '/auth/sign-up/email',
    attempts,
    noQuery,
    json,
    parseBody(SignUpRequest),
    withClientNetwork,
    handle,
  );
  router.post('/auth/sign-in/email', attempts, noQuery, json, parseBody(SignInRequest), handle);
  router.post('/auth/sign-out', noQuery, json, parseBody(SignOutRequest), handle);
  router.get('/auth/get-session', parseQuery(GetSessionQuery), handle);
  return router;
}
