// The one wrapper every AI route is built with: rate limit, sign-in check, a spent pixel budget and a caller's
// refused bodies (brokenBodies.ts), the body admission, the photo body (a JSON body of data: URLs, or multipart
// photos and fields) read into the route's fields and photo bytes, the budget that counts those photos, the
// Idempotency-Key header and the client-gone signal, in that order, around a handler that only calls a service and
// returns its Answer. Nothing is read before those checks pass, nor a photo body past the bytes in flight
// (bodyAdmission.ts); a large body is read in the image pool (photoBody.ts). The handler's image work is tagged as
// its caller's (the account, else the network) and free until a service says it is paid (pool/admission.ts).
// When the client has gone, nothing is sent.
import type { Request, RequestHandler, Response } from 'express';
import type multer from 'multer';
import type { Answer } from '../answer';
import type { BrokenBodies } from './brokenBodies';
import { sendJson } from '../jsonAnswer';
import { clientSignal } from './clientSignal';
import { idempotencyKeyOf } from './idempotencyKey';
import type { WorkTag } from '../pool/admission';
import type { ImagePool } from '../pool/imagePool';
import type { PhotoBodyKind } from '../pool/photoBody';
import { multipartImages } from './multipartImages';
import { photoBody, rawJsonBody } from './photoBody';
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
  /** Refuses a caller whose pixel budget is spent (pixelBudget.ts budgetLeft), before the body is read. */
  budgetLeft?: RequestHandler;
  /** Which route's body to read (pool/photoBody.ts): a JSON body of data: URLs, or the multipart form's fields. */
  photos: PhotoBodyKind;
  /** Multipart photo fields to read (within the upload limits); JSON bodies pass untouched. */
  upload?: multer.Field[];
  /** A limit that counts what the body holds (the pixel budget, photoBody.ts photosOf), run once it is read. */
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
 * route's body before it is read; `broken` (brokenBodies.ts) holds back a caller who keeps sending garbage.
 */
export function aiRouteBuilder(
  userIdOf: UserIdOf,
  imagePool: ImagePool,
  photoBodies: RequestHandler,
  broken: BrokenBodies,
) {
  return function aiRoute(steps: AiRouteSteps, handle: AiHandler): RequestHandler[] {
    const user = steps.user ?? 'none';
    const callerOf = async (req: Request, res: Response): Promise<string | null> =>
      user === 'required' ? String(res.locals.userId) : user === 'optional' ? await userIdOf(req) : null;
    const ownerOf = (req: Request, userId: string | null) => (userId ? `user:${userId}` : `ip:${ipKey(req)}`);
    // Reading a body is a host's before a visitor's: a signed-in caller's read runs as paid work, so a pool full
    // of visitors' work never refuses it (a host's paid call starts with it).
    const readTag = async (req: Request, res: Response): Promise<WorkTag> => {
      const userId = await callerOf(req, res);
      return { owner: ownerOf(req, userId), priority: userId ? 'paid' : 'free' };
    };
    const handlers: RequestHandler[] = [steps.limiter];
    if (user === 'required') handlers.push(requireUser(userIdOf));
    if (steps.budgetLeft) handlers.push(steps.budgetLeft);
    handlers.push(broken.check, photoBodies, rawJsonBody());
    if (steps.upload) handlers.push(multipartImages(steps.upload));
    handlers.push(photoBody(steps.photos, imagePool, readTag, broken.count));
    if (steps.budget) handlers.push(steps.budget);
    handlers.push(async (req: Request, res: Response) => {
      const idempotencyKey = steps.idempotencyKey ? idempotencyKeyOf(req) : undefined;
      const userId = await callerOf(req, res);
      const { signal, done } = clientSignal(res);
      try {
        const owner = ownerOf(req, userId);
        const answer = await imagePool.within({ owner, priority: 'free' }, () =>
          handle(req, { signal, userId, idempotencyKey, requestId: String(req.id) }),
        );
        if (answer.headers) res.set(answer.headers);
        await sendJson(res, answer.status, answer.body);
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
