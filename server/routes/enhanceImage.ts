// POST /api/enhance-image (contract: core/contract/enhance.ts): server modes on one photo (`image`) or a batch
// (`images` files or `imageUrls` data: URLs). Rate limited (per IP for visitors), Idempotency-Key for the charge;
// visitors may run what costs nothing (the provider's classical approximations), the service refuses the rest;
// cozyFurnishing answers 307 so the client opens virtual staging. The service prices, charges and runs it.
import { Router } from 'express';
import { MAX_UPLOAD_FILES } from '../../core/catalog';
import { STAGING_REDIRECT_STATUS, type StagingRedirectBody } from '../../core/contract/enhance';
import type { ApiRouterFactory } from '../deps';
import { ApiError } from '../errors';
import type { AiRouteSteps } from '../middleware/aiRoute';
import { filesOf } from '../middleware/multipartImages';
import { photoBodyOf } from '../middleware/photoBody';
import { wantsStaging } from '../services/enhancement';

export const STAGING_REDIRECT: StagingRedirectBody = {
  error: 'redirect',
  code: 'VIRTUAL_STAGING_REDIRECT',
  redirectTo: 'virtual-staging',
};

export const enhanceImageRouter: ApiRouterFactory = ({ ai }) => {
  const steps: AiRouteSteps = {
    limiter: ai.limiters.enhance,
    // Not 'required': a free call (core/catalog prices it with the provider's capabilities) needs no account.
    user: 'optional',
    budgetLeft: ai.freeModesBudgetLeft,
    // imageUrls as data: URLs in JSON (or a multipart field), or the photos as multipart files (their own limits).
    photos: 'enhance',
    upload: [
      { name: 'image', maxCount: 1 },
      { name: 'images', maxCount: MAX_UPLOAD_FILES },
    ],
    idempotencyKey: true,
  };

  const router = Router();
  router.post(
    '/enhance-image',
    ai.route(steps, async (req, { signal, userId, idempotencyKey, requestId }) => {
      const { fields, photos: urls } = photoBodyOf(req, 'enhance');
      if (wantsStaging(fields.selectedModes)) {
        return { status: STAGING_REDIRECT_STATUS, body: STAGING_REDIRECT };
      }

      const single = filesOf(req, 'image');
      const batch = filesOf(req, 'images');
      const sources = [single, batch, urls].filter((list) => list.length > 0).length;
      if (sources !== 1) {
        throw new ApiError(
          400,
          'INVALID_REQUEST',
          'Send the photos in exactly one of image, images or imageUrls',
          { reason: sources === 0 ? 'NO_IMAGES' : 'SEVERAL_IMAGE_FIELDS' },
        );
      }
      const images = urls.length > 0 ? urls : [...single, ...batch].map((file) => file.buffer);
      return ai.enhancement.runServerModes(
        {
          userId,
          idempotencyKey,
          fields,
          images,
          single: single.length === 1,
          requestId,
          countFreePixels: (photos) => ai.freeModePixels(req, photos),
        },
        signal,
      );
    }),
  );
  return router;
};
