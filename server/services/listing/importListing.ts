// The listing import use case behind POST /api/scrape-property: read the user's link, fetch the page through
// the SSRF-safe fetcher, extract this listing's photos, download them a few at a time and return them as data
// URLs. One failed photo becomes a warning (its problem as data); only when none arrives is the import an error.
// No req/res in here: the route maps ListingImportError codes to HTTP statuses.
import { MAX_FILE_BYTES } from '../../../core/catalog';
import type {
  ImportImageProblem,
  ScrapePropertyErrorCode,
  ScrapePropertyResponse,
} from '../../../core/contract/scrapeProperty';
import { readListingInput, type ListingPlatform } from '../../../core/listing/detectPlatform';
import { sniffImageType } from '../../../core/upload/sniffImageType';
import { extractListing } from './extract';
import { FetchError, type SafeFetcher } from './fetcher';

/** Why one photo was skipped, before it is numbered. */
type ImageProblem = ImportImageProblem extends infer P
  ? P extends unknown
    ? Omit<P, 'image'>
    : never
  : never;

/** The English `error` of each code, for programs and logs; the client words the code in German. */
const LISTING_ERROR_SUMMARIES: Readonly<Record<ScrapePropertyErrorCode, string>> = {
  INVALID_URL: 'The text is not a listing URL',
  UNSUPPORTED_PLATFORM: 'Only Airbnb and Booking.com links can be imported',
  INVALID_LISTING_URL: 'The link is not a listing page of its platform',
  LISTING_NOT_FOUND: 'The platform has no such listing',
  NO_IMAGES_FOUND: 'The listing page holds no photos',
  CAPTCHA_REQUIRED: 'The platform asks for a captcha',
  PAGE_FETCH_FAILED: 'The listing page could not be fetched',
  IMAGES_FETCH_FAILED: 'None of the listing photos could be downloaded',
};

/** An import that failed as a whole; the route answers `code` with its status and `platform` in the details. */
export class ListingImportError extends Error {
  override readonly name = 'ListingImportError';
  constructor(
    readonly code: ScrapePropertyErrorCode,
    readonly platform: ListingPlatform | undefined,
    readonly details: Record<string, unknown> = {},
  ) {
    super(LISTING_ERROR_SUMMARIES[code]);
  }
}

export interface ListingImporter {
  /** Resolves with at least one image, or rejects with ListingImportError (or the signal's reason). */
  importListing(url: string, signal?: AbortSignal): Promise<ScrapePropertyResponse>;
}

export interface ListingImporterOptions {
  fetcher: SafeFetcher;
  /** How many photos are downloaded at the same time. */
  concurrency?: number;
  maxImageBytes?: number;
}

/** Booking.com's bot wall (AWS WAF) answers 202 with an empty body or marks the answer with this header. */
function isBotWall(status: number, headers: Record<string, unknown>, body: Buffer): boolean {
  return headers['x-amzn-waf-action'] !== undefined || (status === 202 && body.length === 0);
}

function decodeHtml(body: Buffer, contentType: unknown): string {
  const charset = /charset=["']?([\w-]+)/i.exec(String(contentType ?? ''))?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** Runs `task` over `items` with at most `limit` at a time; results keep the items' order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, i: number) => Promise<R>,
) {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function createListingImporter(options: ListingImporterOptions): ListingImporter {
  const { fetcher } = options;
  const concurrency = options.concurrency ?? 4;
  const maxImageBytes = options.maxImageBytes ?? MAX_FILE_BYTES;

  async function fetchPage(platform: ListingPlatform, pageUrl: string, signal?: AbortSignal) {
    try {
      return await fetcher.fetch(pageUrl, { kind: 'page', signal });
    } catch (error) {
      // A redirect to a host that is not the platform's own: the link does not lead to a listing.
      if (error instanceof FetchError && error.code === 'HOST_NOT_ALLOWED') {
        throw new ListingImportError('INVALID_LISTING_URL', platform, { reason: error.code });
      }
      if (error instanceof FetchError && error.code !== 'ABORTED') {
        throw new ListingImportError('PAGE_FETCH_FAILED', platform, { reason: error.code });
      }
      throw error;
    }
  }

  /** One photo as a data URL, or the reason it was skipped. Cancellation is passed on, not reported. */
  async function fetchImage(url: string, signal?: AbortSignal): Promise<string | ImageProblem> {
    try {
      const { status, body } = await fetcher.fetch(url, { kind: 'image', signal, maxBytes: maxImageBytes });
      if (status !== 200) return { kind: 'status', status };
      if (body.length === 0) return { kind: 'empty' };
      const type = sniffImageType(body.subarray(0, 12));
      if (type === null) return { kind: 'unsupportedFormat' };
      return `data:${type};base64,${body.toString('base64')}`;
    } catch (error) {
      if (!(error instanceof FetchError) || error.code === 'ABORTED') throw error;
      return error.code === 'TOO_LARGE'
        ? { kind: 'tooLarge', bytes: error.declaredBytes }
        : { kind: 'failed' };
    }
  }

  async function importListing(text: string, signal?: AbortSignal): Promise<ScrapePropertyResponse> {
    const input = readListingInput(text);
    if (!input.ok) throw new ListingImportError(input.error, input.platform);
    const { platform } = input;

    const page = await fetchPage(platform, input.pageUrl, signal);
    if (platform === 'booking' && isBotWall(page.status, page.headers, page.body)) {
      throw new ListingImportError('CAPTCHA_REQUIRED', platform, { status: page.status });
    }
    if (page.status === 404 || page.status === 410) {
      throw new ListingImportError('LISTING_NOT_FOUND', platform, { status: page.status });
    }
    if (page.status !== 200)
      throw new ListingImportError('PAGE_FETCH_FAILED', platform, { status: page.status });
    // A room that no longer exists redirects to the home or search page instead of answering 404.
    if (!readListingInput(page.url).ok) throw new ListingImportError('LISTING_NOT_FOUND', platform);

    const extracted = extractListing(platform, decodeHtml(page.body, page.headers['content-type']), page.url);
    if ('problem' in extracted) {
      const code = (
        { captcha: 'CAPTCHA_REQUIRED', notFound: 'LISTING_NOT_FOUND', noImages: 'NO_IMAGES_FOUND' } as const
      )[extracted.problem];
      throw new ListingImportError(code, platform);
    }

    const downloads = await mapLimited(extracted.images, concurrency, (url) => fetchImage(url, signal));
    const images: string[] = [];
    const warnings: ImportImageProblem[] = [];
    downloads.forEach((result, i) => {
      if (typeof result === 'string') images.push(result);
      else warnings.push({ image: i + 1, ...result });
    });
    if (images.length === 0) throw new ListingImportError('IMAGES_FETCH_FAILED', platform, { warnings });
    return warnings.length > 0 ? { images, platform, warnings } : { images, platform };
  }

  return { importListing };
}
