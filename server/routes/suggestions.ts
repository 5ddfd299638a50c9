// The suggestion calls (contract: core/contract/suggestions.ts): POST /api/generate-suggestions (free, visitors
// allowed, rate limited) and POST /api/implement-suggestions (charged per image on the openai provider, so then it
// needs a signed-in user and an Idempotency-Key; free on builtin).
import { Router } from 'express';
import type { ApiRouterFactory } from '../deps';
import { photoBodyOf } from '../middleware/photoBody';

export const suggestionsRouter: ApiRouterFactory = ({ ai }) => {
  const router = Router();

  router.post(
    '/generate-suggestions',
    ai.route(
      {
        limiter: ai.limiters.suggestions,
        budgetLeft: ai.analysisBudgetLeft,
        photos: 'generateSuggestions',
        budget: ai.analysisPixels,
      },
      async (req, { signal }) => {
        const { fields, photos } = photoBodyOf(req, 'generateSuggestions');
        return { status: 200, body: await ai.suggestions.generate(photos, fields.roomTypes, signal) };
      },
    ),
  );

  router.post(
    '/implement-suggestions',
    ai.route(
      {
        limiter: ai.limiters.suggestions,
        user: 'optional',
        budgetLeft: ai.analysisBudgetLeft,
        photos: 'implementSuggestions',
        budget: ai.analysisPixels,
        idempotencyKey: true,
      },
      async (req, { signal, userId, idempotencyKey, requestId }) => {
        const { fields, photos } = photoBodyOf(req, 'implementSuggestions');
        return ai.suggestions.implement(
          {
            userId,
            idempotencyKey,
            images: photos,
            suggestions: fields.suggestions,
            requestId,
          },
          signal,
        );
      },
    ),
  );
  return router;
};
