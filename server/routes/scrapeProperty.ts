// POST /api/scrape-property (contract: core/contract/scrapeProperty.ts): imports a listing's photos.
// Parses the body, runs the importer with a signal that fires when the client goes away (so a closed tab stops
// the downloads), and answers import failures with their status and stable code (the client words it).
import express, { Router, type Response } from 'express';
import {
  SCRAPE_PROPERTY_STATUS,
  ScrapePropertyRequest,
  type ScrapePropertyErrorBody,
} from '../../core/contract/scrapeProperty';
import type { ApiRouterFactory } from '../deps';
import { clientSignal } from '../middleware/clientSignal';
import { SMALL_JSON_LIMIT } from '../middleware/jsonBody';
import { createRateLimit } from '../middleware/rateLimit';
import { counterStore } from '../middleware/sharedCounters';
import { ListingImportError, type ListingImporter } from '../services/listing/importListing';

function sendImportError(res: Response, error: ListingImportError): void {
  const details = { ...error.details, ...(error.platform === undefined ? {} : { platform: error.platform }) };
  const body: ScrapePropertyErrorBody = { error: error.message, code: error.code };
  if (Object.keys(details).length > 0) body.details = details;
  res.status(SCRAPE_PROPERTY_STATUS[error.code]).json(body);
}

export function createScrapePropertyRouter(deps: { importer: ListingImporter }): Router {
  const router = Router();
  // The route reads its own small body after the app's rate limit (below); plain express.json, as any body that is
  // not a listing link is answered INVALID_URL (its contract), and 16 kB parse in no time.
  router.post('/scrape-property', express.json({ limit: SMALL_JSON_LIMIT }), async (req, res, next) => {
    const parsed = ScrapePropertyRequest.safeParse(req.body);
    if (!parsed.success) {
      sendImportError(res, new ListingImportError('INVALID_URL', undefined));
      return;
    }
    const { signal, done } = clientSignal(res);
    try {
      const result = await deps.importer.importListing(parsed.data.url, signal);
      res.json(result);
    } catch (error) {
      if (signal.aborted) return; // nobody is listening any more
      if (error instanceof ListingImportError) sendImportError(res, error);
      else next(error);
    } finally {
      done();
    }
  });
  return router;
}

/** Each import makes the server fetch up to 21 URLs, so one address may start only a few per minute. */
const IMPORTS_PER_MINUTE = 10;

/** The app's /api router: the app's importer behind a per-address rate limit. */
export const scrapePropertyRouter: ApiRouterFactory = (deps) => {
  const router = Router();
  router.use(
    '/scrape-property',
    createRateLimit({
      windowMs: 60_000,
      limit: IMPORTS_PER_MINUTE,
      store: counterStore(deps.counters, 'listing-import'),
    }),
  );
  router.use(createScrapePropertyRouter({ importer: deps.listingImporter }));
  return router;
};
