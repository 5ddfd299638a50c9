// The suggestion calls (contract: core/contract/suggestions.ts): POST /api/generate-suggestions (free, visitors
// allowed, rate limited) and POST /api/implement-suggestions (charged per image on the openai provider, so then it
// needs a signed-in user and an Idempotency-Key; free on builtin).
import { Router } from 'express';
import { GenerateSuggestionsRequest, ImplementSuggestionsRequest } from '../../core/contract/suggestions';
import type { ApiRouterFactory } from '../app';
import { dataUrlBytes } from '../services/images';
import { createSuggestionsService } from '../services/suggestions';
import { aiDepsOf, clientSignal, idempotencyKeyOf } from './aiLimits';

export const suggestionsRouter: ApiRouterFactory = (deps) => {
  const ai = aiDepsOf(deps);
  const service = createSuggestionsService({
    provider: ai.provider,
    credits: ai.credits,
    replays: ai.replays,
    logger: deps.logger,
  });
  const router = Router();

  router.post('/generate-suggestions', ai.limiters.suggestions, async (req, res) => {
    const body = GenerateSuggestionsRequest.parse(req.body ?? {});
    const { signal, done } = clientSignal(res);
    try {
      res.json(await service.generate(body.imageDataUrls.map(dataUrlBytes), body.roomTypes, signal));
    } catch (error) {
      if (signal.aborted) return;
      throw error;
    } finally {
      done();
    }
  });

  router.post('/implement-suggestions', ai.limiters.suggestions, async (req, res) => {
    const idempotencyKey = idempotencyKeyOf(req);
    const body = ImplementSuggestionsRequest.parse(req.body ?? {});
    const userId = await ai.getUserId(req);
    const { signal, done } = clientSignal(res);
    try {
      const answer = await service.implement(
        { userId, idempotencyKey, images: body.imageUrls.map(dataUrlBytes), suggestions: body.suggestions },
        signal,
      );
      res.status(answer.status).json(answer.body);
    } catch (error) {
      if (signal.aborted) return;
      throw error;
    } finally {
      done();
    }
  });
  return router;
};
