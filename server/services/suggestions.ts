// Design suggestions: generating them (the provider's ideas, printed in the core/text format and parsed back, so
// the client gets the same text and structure as anywhere else, with the provider's default ticks and tip marks)
// and implementing the ticked ones on the photos, answering per photo which lines were really carried out,
// charged like an enhancement (one charge per Idempotency-Key, refunds per failed image).
import { z } from 'zod';
import { linesForImage, parseSuggestions, printSuggestions } from '../../core/text/suggestions';
import type { Suggestion } from '../../core/text/suggestionTypes';
import type { RoomType } from '../../core/catalog';
import type { AiProviderName } from '../../core/contract/enhance';
import type {
  GenerateSuggestionsResponse,
  ImplementSuggestionsResponse,
} from '../../core/contract/suggestions';
import { toApiError } from '../ai/errors';
import type { AiProvider } from '../ai/types';
import { runPaidBatch, type BatchPlan, type PaidBatchDeps, type TaskPlanner } from '../paid/batch';
import { fingerprint } from '../paid/fingerprint';
import type { ImagePool } from '../pool/imagePool';
import type { Answer } from '../answer';
import { ANALYSIS_MAX_PIXELS, checkAll, encodeProviderResult, jpegDataUrl } from '../pool/images';

/**
 * Credits per image for implementing suggestions. Product decision: a generative edit costs like the cheapest
 * server mode on openai; the builtin provider only applies offline approximations, which are free like device modes.
 * (Not in core/catalog: it depends on the server's provider, which the catalogue does not know.)
 */
export const IMPLEMENT_CREDITS_PER_IMAGE: Readonly<Record<AiProviderName, number>> = {
  openai: 1,
  builtin: 0,
};

export interface ImplementRequest {
  userId: string | null;
  idempotencyKey: string | undefined;
  images: readonly Buffer[];
  suggestions: readonly string[];
  /** The call's X-Request-Id (logs, and the queued job's data). */
  requestId?: string;
}

export interface SuggestionsService {
  generate(
    images: readonly Buffer[],
    roomTypes: readonly RoomType[] | undefined,
    signal: AbortSignal,
  ): Promise<GenerateSuggestionsResponse>;
  implement(request: ImplementRequest, signal: AbortSignal): Promise<Answer>;
}

/**
 * Implementing suggestions as data (PaidTask params): the suggestion lines meant for each photo, and where each
 * stood in the request (absent in jobs queued before it existed: then the answer names no line as applied).
 */
const ImplementParams = z.object({
  lines: z.array(z.array(z.string())),
  indexes: z.array(z.array(z.number().int().min(0))).optional(),
});
type ImplementParams = z.infer<typeof ImplementParams>;

interface ImplementedImage {
  url: string;
  description: string | null;
  /** Indexes into the request's lines that were carried out in this photo. */
  applied: number[];
}

/** Rebuilds an implementation's batch from its parameters, here or on a queue worker. */
export function implementPlanner(provider: AiProvider, imagePool: ImagePool): TaskPlanner {
  return async (raw, images) => {
    const { lines, indexes } = ImplementParams.parse(raw);
    const plan: BatchPlan<ImplementedImage> = {
      concurrency: provider.concurrency,
      async work(index, workSignal) {
        const image = images[index];
        const mine = lines[index] ?? [];
        if (!image) throw new Error(`no image ${index}`);
        if (mine.length === 0) {
          // No description: nothing was done to this photo (the contract's null; the client words nothing).
          return { url: jpegDataUrl(await image.jpeg()), description: null, applied: [] };
        }
        const result = await provider.implement({ image, suggestions: mine, signal: workSignal });
        const at = indexes?.[index];
        return {
          url: jpegDataUrl(await encodeProviderResult(imagePool, result.image)),
          description: result.description,
          applied: at ? result.applied.flatMap((i) => (at[i] === undefined ? [] : [at[i]])) : [],
        };
      },
      answer(outcome) {
        const body: ImplementSuggestionsResponse = {
          finalImageUrls: outcome.results.map((r) => r?.url ?? null),
          descriptions: outcome.results.map((r) => r?.description ?? null),
          errors: outcome.failures,
          applied: outcome.results.map((r) => r?.applied ?? []),
          provider: provider.name,
          creditsCharged: outcome.creditsCharged,
          balance: outcome.balance,
        };
        return body;
      },
    };
    return plan;
  };
}

/**
 * The text carries neither the default tick nor the tip mark; they come back from the provider's own list, which
 * the printed text follows one to one. Should the parse ever differ in count, nothing is marked.
 */
function withMarks(parsed: Suggestion[], made: readonly Suggestion[]): Suggestion[] {
  if (parsed.length !== made.length) return parsed;
  return parsed.map((suggestion, i) => {
    const { selected, tipOnly } = made[i]!;
    return { ...suggestion, selected: selected && !tipOnly, ...(tipOnly ? { tipOnly: true } : {}) };
  });
}

export function createSuggestionsService(
  deps: PaidBatchDeps & { provider: AiProvider; imagePool: ImagePool },
): SuggestionsService {
  const { provider, imagePool } = deps;
  const planner = implementPlanner(provider, imagePool);
  return {
    async generate(images, roomTypes, signal) {
      // Suggestions look like an analysis (~1 MP a photo, sent downscaled): more is refused before any decode.
      const checked = await checkAll(imagePool, images, { maxPixels: ANALYSIS_MAX_PIXELS });
      let suggestions;
      try {
        suggestions = await provider.suggest({
          images: checked,
          ...(roomTypes ? { roomTypes } : {}),
          signal,
        });
      } catch (error) {
        throw toApiError(error);
      }
      const text = printSuggestions(suggestions);
      return { text, suggestions: withMarks(parseSuggestions(text), suggestions), provider: provider.name };
    },

    async implement(request, signal) {
      const price = IMPLEMENT_CREDITS_PER_IMAGE[provider.name];
      // Charged (the openai provider): its image work runs before visitors'; free (builtin), it is theirs.
      const run = async (): Promise<Answer> => {
        const images = await checkAll(imagePool, request.images);
        const mine = images.map((_, i) => linesForImage(request.suggestions, i));
        const lines = mine.map((list) => list.map((line) => line.text));
        const params: ImplementParams = {
          lines,
          indexes: mine.map((list) => list.map((line) => line.index)),
        };
        return runPaidBatch(deps, {
          userId: request.userId,
          idempotencyKey: request.idempotencyKey,
          scope: 'implement',
          // Only a charged call keeps one (its key's): a free call's photos are not hashed on the loop.
          fingerprint:
            price > 0 ? fingerprint([request.suggestions.join('\n'), ...images.map((img) => img.bytes)]) : '',
          // An image no suggestion applies to is given back unchanged, and free.
          perImageCredits: lines.map((mine) => (mine.length > 0 ? price : 0)),
          reason: `implement suggestions (${request.suggestions.length})`,
          signal,
          requestId: request.requestId,
          task: { params, images: images.map((img) => img.bytes) },
          ...(await planner(params, images)),
        });
      };
      return price > 0 && request.userId ? imagePool.asPaid(run) : run();
    },
  };
}
