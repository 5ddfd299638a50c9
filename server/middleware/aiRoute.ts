// The one wrapper every AI route is built with: rate limit, sign-in check, the JSON body within the route's limit,
// multipart photos, the budget that reads the body, the Idempotency-Key header and the client-gone signal, in that
// order, around a handler that only parses, calls a service and returns its Answer. Nothing is read before the
// rate limit and sign-in pass, nor a photo body past the bytes in flight (bodyAdmission.ts). The handler's image
// work is tagged as its caller's (the account, else the network) and free until a service says it is paid
// (pool/admission.ts). When the client has gone, nothing is sent (nobody would read it).
import type { Request, RequestHandler, Response } from 'express';
import type multer from 'multer';
import type { Answer } from '../answer';
import { clientSignal } from './clientSignal';
import { idempotencyKeyOf } from './idempotencyKey';
import type { ImagePool } from '../pool/imagePool';
import { IMAGE_JSON_LIMIT, jsonBody } from './jsonBody';
import { multipartImages } from './multipartImages';
import { ipKey } from './rateLimit';
import { requireUser, type UserIdOf } from './requireUser';

export interface AiRouteSteps {
  /** The route's rate limit; counted first, so a flood is refused before anything else runs. */
  limiter: RequestHandler;
  /**
   * 'required': members only, 401 before any upload is read; 'optional': the user is looked up for the service
   * (a paid call needs one, a free one not); 'none' (default): the route never asks who is calling.
   */
  user?: 'required' | 'optional' | 'none';
  /** The JSON body's limit (jsonBody.ts: IMAGE_JSON_LIMIT or SMALL_JSON_LIMIT); unset, no JSON body is read. */
  json?: string;
  /** Multipart photo fields to read (within the upload limits); JSON bodies pass untouched. */
  upload?: multer.Field[];
  /** A limit that counts what the body holds (the pixel budget), run once the body is read. */
  budget?: RequestHandler;
  /** Reads the Idempotency-Key header into the call (400 when malformed). */
  idempotencyKey?: boolean;
}

/** What the wrapper hands the handler besides the request. */
export interface AiCall {
  /** Fires when the client goes away. */
  signal: AbortSignal;
  /** The signed-in user (always set when user is 'required'), null for a visitor or when not asked. */
  userId: string | null;
  idempotencyKey: string | undefined;
  /** The call's X-Request-Id (server/logger.ts); a queued job carries it to the worker's log lines. */
  requestId: string;
}

export type AiHandler = (req: Request, call: AiCall) => Promise<Answer>;

/**
 * The AI route builder of one app: `userIdOf` says who is signed in (the session cookie, or a test's fake), and
 * `imagePool` is told whose work each call's image tasks are; `photoBodies` (bodyAdmission.ts) admits a photo
 * route's body before it is read.
 */
export function aiRouteBuilder(userIdOf: UserIdOf, imagePool: ImagePool, photoBodies: RequestHandler) {
  return function aiRoute(steps: AiRouteSteps, handle: AiHandler): RequestHandler[] {
    const user = steps.user ?? 'none';
    const handlers: RequestHandler[] = [steps.limiter];
    if (user === 'required') handlers.push(requireUser(userIdOf));
    if (steps.upload || steps.json === IMAGE_JSON_LIMIT) handlers.push(photoBodies);
    if (steps.json) handlers.push(jsonBody(steps.json));
    if (steps.upload) handlers.push(multipartImages(steps.upload));
    if (steps.budget) handlers.push(steps.budget);
    handlers.push(async (req: Request, res: Response) => {
      const idempotencyKey = steps.idempotencyKey ? idempotencyKeyOf(req) : undefined;
      const userId =
        user === 'required' ? String(res.locals.userId) : user === 'optional' ? await userIdOf(req) : null;
      const { signal, done } = clientSignal(res);
      try {
        const owner = userId ? `user:${userId}` : `ip:${ipKey(req)}`;
        const answer = await imagePool.within({ owner, priority: 'free' }, () =>
          handle(req, { signal, userId, idempotencyKey, requestId: String(req.id) }),
        );
        if (answer.headers) res.set(answer.headers);
        res.status(answer.status).json(answer.body);
      } catch (error) {
        if (signal.aborted) return; // the client is gone: nobody reads an answer
        throw error;
      } finally {
        done();
      }
    });
    return handlers;
  };
}

export type AiRoute = ReturnType<typeof aiRouteBuilder>;
