// The staging catalogue the server offers: the shipped examples (core/staging/catalog.ts), or the operator's
// product feed named by STAGING_CATALOG, read and validated once at start (server/index.ts, worker.ts, and
// `npm run stage`). A bad file stops the start with one line per bad entry (core/staging/feed.ts), so the operator
// sees exactly what to fix.
import { readFileSync } from 'node:fs';
import {
  CATALOG,
  catalogSource,
  FeedError,
  parseFeedJson,
  type CatalogItem,
  type ProductSource,
} from '../../core/staging';

/** The catalogue for STAGING_CATALOG (a file path; unset: the shipped examples). Throws FeedError naming the file. */
export function loadStagingCatalog(file: string | undefined): readonly CatalogItem[] {
  if (!file) return CATALOG;
  const source = `STAGING_CATALOG=${file}`;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new FeedError(
      [`cannot read the file: ${error instanceof Error ? error.message : String(error)}`],
      source,
    );
  }
  try {
    return parseFeedJson(text);
  } catch (error) {
    if (error instanceof FeedError) throw new FeedError(error.problems, source);
    throw error;
  }
}

/** The ProductSource for raw environment variables (a CLI without the server's env parsing): STAGING_CATALOG or the examples. */
export function productSourceFromEnv(env: Record<string, string | undefined>): ProductSource {
  return catalogSource(loadStagingCatalog(env.STAGING_CATALOG?.trim() || undefined));
}
