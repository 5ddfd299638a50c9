// POST /api/analyze-image (contract: core/contract/analyze.ts): room analysis of the photos. Free and open to
// visitors (the client usually analyses on the device; this is the fallback), rate limited per client.
import { Router } from 'express';
import { AnalyzeRequest } from '../../core/contract/analyze';
import type { ApiRouterFactory } from '../app';
import { createAnalysisService } from '../services/analysis';
import { dataUrlBytes } from '../services/images';
import { aiDepsOf, clientSignal } from './aiLimits';

export const analyzeImageRouter: ApiRouterFactory = (deps) => {
  const ai = aiDepsOf(deps);
  const service = createAnalysisService({ provider: ai.provider });
  const router = Router();
  router.post('/analyze-image', ai.limiters.analyze, async (req, res) => {
    const { imageDataUrls } = AnalyzeRequest.parse(req.body ?? {});
    const { signal, done } = clientSignal(res);
    try {
      res.json(await service.analyze(imageDataUrls.map(dataUrlBytes), signal));
    } catch (error) {
      if (signal.aborted) return;
      throw error;
    } finally {
      done();
    }
  });
  return router;
};
