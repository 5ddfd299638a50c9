// The suggestion calls (contract: core/contract/suggestions.ts): POST /api/generate-suggestions (free, visitors
// allowed, rate limited) and POST /api/implement-suggestions (charged per image on the openai provider, so then it
// needs a signed-in user and an Idempotency-Key; free on builtin).
import { Router } from 'express';
import { GenerateSuggestionsRequest, ImplementSuggestionsRequest } from '../../core/contract/suggestions';
import type { ApiRouterFactory } from '../deps';
import { IMAGE_JSON_LIMIT } from '../middleware/jsonBody';
import { dataUrlBytes } from '../pool/images';

export const suggestionsRouter: ApiRouterFactory = ({ ai }) => {
  const router = Router();

  router.post(
    '/generate-suggestions',
    ai.route(
      { limiter: ai.limiters.suggestions, json: IMAGE_JSON_LIMIT, budget: ai.analysisPixels },
      async (req, { signal }) => {
        const body = GenerateSuggestionsRequest.parse(req.body ?? {});
        const images = body.imageDataUrls.map(dataUrlBytes);
        return { status: 200, body: await ai.suggestions.generate(images, body.roomTypes, signal) };
      },
    ),
  );

  router.post(
    '/implement-suggestions',
    ai.route(
      {
        limiter: ai.limiters.suggestions,
        user: 'optional',
        json: IMAGE_JSON_LIMIT,
        budget: ai.analysisPixels,
        idempotencyKey: true,
      },
      async (req, { signal, userId, idempotencyKey, requestId }) => {
        const body = ImplementSuggestionsRequest.parse(req.body ?? {});
        return ai.suggestions.implement(
          {
            userId,
            idempotencyKey,
            images: body.imageUrls.map(dataUrlBytes),
            suggestions: body.suggestions,
            requestId,
          },
          signal,
        );
      },
    ),
  );
  return router;
};
