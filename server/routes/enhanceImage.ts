// POST /api/enhance-image (contract: core/contract/enhance.ts): server modes on one photo (`image`) or a batch
// (`images` files or `imageUrls` data: URLs). Signed-in users only, rate limited, Idempotency-Key for the charge;
// cozyFurnishing answers 307 so the client opens virtual staging. The service prices, charges and runs it.
import { Router } from 'express';
import {
  EnhanceFields,
  STAGING_REDIRECT_STATUS,
  type StagingRedirectBody,
} from '../../core/contract/enhance';
import { MAX_UPLOAD_FILES } from '../../core/catalog';
import type { ApiRouterFactory } from '../app';
import { ApiError } from '../errors';
import { createEnhancementService, wantsStaging } from '../services/enhancement';
import { dataUrlBytes } from '../services/images';
import { aiDepsOf, clientSignal, filesOf, idempotencyKeyOf, multipartImages, requireUser } from './aiLimits';

export const STAGING_REDIRECT: StagingRedirectBody = {
  error: 'redirect',
  code: 'VIRTUAL_STAGING_REDIRECT',
  redirectTo: 'virtual-staging',
};

export const enhanceImageRouter: ApiRouterFactory = (deps) => {
  const ai = aiDepsOf(deps);
  const service = createEnhancementService({
    provider: ai.provider,
    credits: ai.credits,
    replays: ai.replays,
    logger: deps.logger,
  });
  const upload = multipartImages([
    { name: 'image', maxCount: 1 },
    { name: 'images', maxCount: MAX_UPLOAD_FILES },
  ]);

  const router = Router();
  router.post('/enhance-image', ai.limiters.enhance, requireUser(ai), upload, async (req, res) => {
    const idempotencyKey = idempotencyKeyOf(req);
    const fields = EnhanceFields.parse(req.body ?? {});
    if (wantsStaging(fields.selectedModes)) {
      res.status(STAGING_REDIRECT_STATUS).json(STAGING_REDIRECT);
      return;
    }

    const single = filesOf(req, 'image');
    const batch = filesOf(req, 'images');
    const urls = fields.imageUrls ?? [];
    const sources = [single, batch, urls].filter((list) => list.length > 0).length;
    if (sources !== 1) {
      throw new ApiError(
        400,
        'INVALID_REQUEST',
        'Send the photos in exactly one of image, images or imageUrls',
        {
          reason: sources === 0 ? 'NO_IMAGES' : 'SEVERAL_IMAGE_FIELDS',
        },
      );
    }
    const images =
      urls.length > 0 ? urls.map(dataUrlBytes) : [...single, ...batch].map((file) => file.buffer);

    const { signal, done } = clientSignal(res);
    try {
      const answer = await service.enhance(
        { userId: String(res.locals.userId), idempotencyKey, fields, images, single: single.length === 1 },
        signal,
      );
      res.status(answer.status).json(answer.body);
    } catch (error) {
      if (signal.aborted) return; // the client is gone: nobody reads an answer
      throw error;
    } finally {
      done();
    }
  });
  return router;
};
