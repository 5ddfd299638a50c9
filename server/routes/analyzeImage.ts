// POST /api/analyze-image (contract: core/contract/analyze.ts): room analysis of the photos. Free and open to
// visitors (the client usually analyses on the device; this is the fallback), rate limited per client.
import { Router } from 'express';
import { AnalyzeRequest } from '../../core/contract/analyze';
import type { ApiRouterFactory } from '../deps';
import { IMAGE_JSON_LIMIT } from '../middleware/jsonBody';
import { dataUrlBytes } from '../pool/images';

export const analyzeImageRouter: ApiRouterFactory = ({ ai }) => {
  const router = Router();
  router.post(
    '/analyze-image',
    ai.route(
      { limiter: ai.limiters.analyze, json: IMAGE_JSON_LIMIT, budget: ai.analysisPixels },
      async (req, { signal }) => {
        const { imageDataUrls } = AnalyzeRequest.parse(req.body ?? {});
        return { status: 200, body: await ai.analysis.analyze(imageDataUrls.map(dataUrlBytes), signal) };
      },
    ),
  );
  return router;
};
