// POST /api/analyze-image (contract: core/contract/analyze.ts): room analysis of the photos. Free and open to
// visitors (the client usually analyses on the device; this is the fallback), rate limited per client; the body
// (contract: AnalyzeRequest) is read by the route's photo body step.
import { Router } from 'express';
import type { ApiRouterFactory } from '../deps';
import { photoBodyOf } from '../middleware/photoBody';

export const analyzeImageRouter: ApiRouterFactory = ({ ai }) => {
  const router = Router();
  router.post(
    '/analyze-image',
    ai.route(
      {
        limiter: ai.limiters.analyze,
        budgetLeft: ai.analysisBudgetLeft,
        photos: 'analyze',
        budget: ai.analysisPixels,
      },
      async (req, { signal }) => {
        const { photos } = photoBodyOf(req, 'analyze');
        return { status: 200, body: await ai.analysis.analyze(photos, signal) };
      },
    ),
  );
  return router;
};
