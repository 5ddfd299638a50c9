// GET /api/ai-capabilities (contract: core/contract/aiCapabilities.ts): which server modes this server's AI
// provider only approximates with classical processing (free) and which it cannot do at all (not offered), so
// the app prices and offers them right before anyone is charged.
// Public and cheap: no account, no photo, a constant of the provider.
import { Router } from 'express';
import type { AiCapabilitiesResponse } from '../../core/contract/aiCapabilities';
import type { ApiRouterFactory } from '../deps';

export const aiCapabilitiesRouter: ApiRouterFactory = ({ ai }) => {
  const { capabilities } = ai.provider;
  const body: AiCapabilitiesResponse = {
    approximatedModeIds: [...capabilities.approximatedModeIds],
    unavailableModeIds: [...capabilities.unavailableModeIds],
    removalModeIds: [...capabilities.removalModeIds],
  };
  const router = Router();
  router.get('/ai-capabilities', (_req, res) => {
    res.json(body);
  });
  return router;
};
