// Builds the listing importer from the parsed environment (env.ts), for the composition root and the tests.
// LISTING_TEST_ORIGIN (e.g. http://127.0.0.1:4567) sends every allow-listed platform host to a local fake; it
// is honoured only when NODE_ENV is 'test', ignored otherwise, and refuses to start when NODE_ENV is
// 'production', so a stray variable on a real server fails loudly instead of silently fetching from localhost.
import { createSafeFetcher, parseTestOrigin, type SafeFetcherOptions } from './fetcher';
import { createListingImporter, type ListingImporter } from './importListing';

export interface ListingEnv {
  NODE_ENV?: string;
  LISTING_TEST_ORIGIN?: string;
}

/** The fetcher options the environment asks for. Throws when the test origin is set in production. */
export function fetcherOptionsFromEnv(env: ListingEnv): SafeFetcherOptions {
  const origin = env.LISTING_TEST_ORIGIN?.trim();
  if (origin === undefined || origin === '') return {};
  if (env.NODE_ENV === 'production') {
    throw new Error('LISTING_TEST_ORIGIN must not be set when NODE_ENV is production');
  }
  if (env.NODE_ENV !== 'test') return {};
  parseTestOrigin(origin);
  return { testOriginFor: () => origin };
}

export function createListingImporterFromEnv(env: ListingEnv): ListingImporter {
  return createListingImporter({ fetcher: createSafeFetcher(fetcherOptionsFromEnv(env)) });
}
