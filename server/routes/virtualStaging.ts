// POST /api/virtual-staging (contract: core/contract/staging.ts): 'analyze' and 'apply' on one photo sent as a
// data: URL. Every error of this route carries `required` (the credits a staging costs) beside `error`, as SPEC
// section 9 names it, so the dialog can say how many credits it needs whatever went wrong.
import { Router } from 'express';
import { STAGING_CREDITS } from '../../core/catalog';
import type { StagingErrorBody } from '../../core/contract/staging';
import type { ApiRouterFactory } from '../deps';
import { isExpectedBusy, toErrorResponse } from '../errors';
import { photoBodyOf } from '../middleware/photoBody';

export const virtualStagingRouter: ApiRouterFactory = ({ ai, logger }) => {
  const router = Router();
  router.post(
    '/virtual-staging',
    ai.route(
      { limiter: ai.limiters.enhance, user: 'optional', photos: 'staging', idempotencyKey: true },
      async (req, call) => {
        try {
          const { fields, photos } = photoBodyOf(req, 'staging');
          const [image, staged] = photos as [Buffer, Buffer?];
          return fields.action === 'analyze'
            ? await ai.staging.analyze(fields, image, call)
            : await ai.staging.apply(fields, image, staged, call);
        } catch (error) {
          if (call.signal.aborted) throw error;
          const { status, body } = toErrorResponse(error);
          if (status >= 500 && !isExpectedBusy(error)) logger.error({ err: error }, 'virtual staging failed');
          const withRequired: StagingErrorBody = { ...body, required: STAGING_CREDITS };
          return { status, body: withRequired };
        }
      },
    ),
  );
  return router;
};
