// POST /api/enhance-image (contract: core/contract/enhance.ts): server modes on one photo (`image`) or a batch
// (`images` files or `imageUrls` data: URLs). Rate limited (per IP for visitors), Idempotency-Key for the charge;
// visitors may run what costs nothing (the provider's classical approximations), the service refuses the rest;
// cozyFurnishing answers 307 so the client opens virtual staging. The service prices, charges and runs it.
import { Router } from 'express';
import { MAX_UPLOAD_FILES } from '../../core/catalog';
import {
  EnhanceFields,
  STAGING_REDIRECT_STATUS,
  type StagingRedirectBody,
} from '../../core/contract/enhance';
import type { ApiRouterFactory } from '../deps';
import { ApiError } from '../errors';
import type { AiRouteSteps } from '../middleware/aiRoute';
import { IMAGE_JSON_LIMIT } from '../middleware/jsonBody';
import { filesOf } from '../middleware/multipartImages';
import { wantsStaging } from '../services/enhancement';
import { dataUrlBytes } from '../pool/images';

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
    // imageUrls as data: URLs in JSON, or the photos as multipart files (whose own limits apply).
    json: IMAGE_JSON_LIMIT,
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
      const fields = EnhanceFields.parse(req.body ?? {});
      if (wantsStaging(fields.selectedModes)) {
        return { status: STAGING_REDIRECT_STATUS, body: STAGING_REDIRECT };
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
          { reason: sources === 0 ? 'NO_IMAGES' : 'SEVERAL_IMAGE_FIELDS' },
        );
      }
      const images =
        urls.length > 0 ? urls.map(dataUrlBytes) : [...single, ...batch].map((file) => file.buffer);
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
