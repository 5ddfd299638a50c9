// The credit calls (contract: core/contract/credits): the caller's balance (0 for a visitor, SPEC section 6),
// the credit packages of core/catalog, and buying, which is not available yet and says so with 501.
import { Router } from 'express';
import { CREDIT_PACKAGES } from '../../core/catalog';
import type { CreditPackagesResponse, CreditsResponse } from '../../core/contract/credits';
import { PurchaseRequest } from '../../core/contract/credits';
import type { AppDeps } from '../deps';
import { getUserId } from '../auth/session';
import { ApiError } from '../errors';
import { jsonBody, SMALL_JSON_LIMIT } from '../middleware/jsonBody';

export function creditsRouter({ ledger, starterCredits }: AppDeps): Router {
  const router = Router();

  router.get('/credits', async (req, res) => {
    const userId = await getUserId(req);
    const body: CreditsResponse = {
      credits: userId === null ? 0 : Math.max(0, await ledger.balance(userId)),
    };
    // Tell the account why it started with nothing, so the client can say so (web/api/credits.ts).
    const withheld = userId === null ? null : ((await starterCredits.of(userId))?.withheld ?? null);
    if (withheld) body.starterWithheld = withheld;
    res.json(body);
  });

  router.get('/credit-packages', (_req, res) => {
    const body: CreditPackagesResponse = { packages: [...CREDIT_PACKAGES] };
    res.json(body);
  });

  router.post('/credits/purchase', jsonBody(SMALL_JSON_LIMIT), (req) => {
    // Parsed anyway, so the call already has its final shape; only the payment itself is missing.
    PurchaseRequest.parse(req.body);
    // The client words NOT_IMPLEMENTED as 'Diese Funktion kommt bald!' (web/i18n/de.ts).
    throw new ApiError(501, 'NOT_IMPLEMENTED', 'Buying credits is not available yet');
  });

  return router;
}
