// Reads a route's JSON body, within that route's own limit. Only routes that take a body mount it, after their
// rate limit and sign-in check, so an unknown path, a refused caller or a GET never has a body read or parsed.
// Before JSON.parse runs, one scan refuses a body that is not an object, nests deeper or holds more values than any
// contract: a 24 MB `[[[…` or `[[],[],…` would otherwise hold the event loop (and every other request) for seconds.
import express, { type RequestHandler } from 'express';
import { ApiError } from '../errors';
import { isShallowObject } from './jsonShape';

/** The image routes carry photos as data: URLs (10 MB per file, base64 adds a third): SPEC's 25 MB per body. */
export const IMAGE_JSON_LIMIT = '25mb';
/** Every other JSON call is a few fields. */
export const SMALL_JSON_LIMIT = '16kb';
/** express.json with `limit`, refusing (400 INVALID_JSON) a body that is not a small-shaped object before parsing it. */
export function jsonBody(limit: string): RequestHandler {
  return express.json({
    limit,
    verify: (_req, _res, bytes) => {
      if (!isShallowObject(bytes)) {
        throw new ApiError(400, 'INVALID_JSON', 'The request body must be a JSON object of few levels');
      }
    },
  });
}
