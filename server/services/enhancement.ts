// Enhancing photos with server modes: pick the server modes of the selection in catalogue order, refuse what
// cannot be done (no server mode, a mode the provider lacks, a bad image) before anything is charged, price the
// modes with core/catalog for this provider's capabilities (its classical approximations are free, so a visitor
// may run them) and run the images as one paid batch (paid/batch.ts), whose work the planner rebuilds from data
// on a queue worker too. Names: the route is /api/enhance-image (routes/enhanceImage.ts), this service runs the
// server modes of a selection, and the provider's `enhance` applies them to one photo.
import { MODES, priceUniform, STAGING_MODE_ID, type Mode, type RoomType } from '../../core/catalog';
import { z } from 'zod';
import {
  RoomTypeOrMixed,
  type AiProviderName,
  type EnhanceBatchResponse,
  type EnhanceFields,
  type EnhanceSingleResponse,
} from '../../core/contract/enhance';
import type { AiProvider } from '../ai/types';
import { ApiError } from '../errors';
import { runPaidBatch, type BatchPlan, type PaidBatchDeps, type TaskPlanner } from '../paid/batch';
import { fingerprint } from '../paid/fingerprint';
import type { ImagePool } from '../pool/imagePool';
import type { Answer } from '../answer';
import { checkAll, encodeProviderResult, jpegDataUrl } from '../pool/images';

export interface ServerModesRequest {
  /** Null for a visitor: only a call that costs nothing runs; anything charged answers 401 before any decoding. */
  userId: string | null;
  idempotencyKey: string | undefined;
  fields: EnhanceFields;
  /** The raw photos, from files or data URLs, in order. */
  images: readonly Buffer[];
  /** The request sent one file in `image`: answer the single shape. */
  single: boolean;
  /** The call's X-Request-Id (logs, and the queued job's data). */
  requestId?: string;
  /** Counts a free call's photos against the caller's pixel budget (429 past it); a charged call is not counted. */
  countFreePixels?: (images: readonly Buffer[]) => Promise<void>;
}

export interface EnhancementService {
  readonly providerName: AiProviderName;
  /** Prices, charges and runs the selection's server modes on the photos. */
  runServerModes(request: ServerModesRequest, signal: AbortSignal): Promise<Answer>;
}

export interface EnhancementDeps extends PaidBatchDeps {
  provider: AiProvider;
  imagePool: ImagePool;
}

/** The modes among `ids` that run on the server, once each, in catalogue order. */
export function serverModesOf(ids: readonly string[]): Mode[] {
  const chosen = new Set(ids);
  return MODES.filter((m) => m.runsOn === 'server' && chosen.has(m.id));
}

/** True when the selection asks for the virtual staging flow, which the client runs itself (HTTP 307). */
export function wantsStaging(ids: readonly string[]): boolean {
  return ids.includes(STAGING_MODE_ID);
}

/** A refusal (422 AI_UNAVAILABLE) naming the modes the provider cannot do, before anything is charged. */
export function ensureSupported(provider: AiProvider, modeIds: readonly string[]): void {
  const unsupported = provider.unsupportedModes(modeIds);
  if (unsupported.length > 0) {
    throw new ApiError(
      422,
      'AI_UNAVAILABLE',
      `The ${provider.name} provider cannot do: ${unsupported.join(', ')}`,
      {
        modeIds: unsupported,
        provider: provider.name,
      },
    );
  }
}

/** An enhancement as data (PaidTask params): the server modes in catalogue order, the room, the answer shape. */
const EnhanceParams = z.object({
  modeIds: z.array(z.string()).min(1),
  roomType: RoomTypeOrMixed.optional(),
  single: z.boolean(),
});
type EnhanceParams = z.infer<typeof EnhanceParams>;

interface EnhancedImage {
  url: string;
  description: string;
  unchangedModeIds: readonly string[];
}

/** Rebuilds an enhancement's batch from its parameters, here or on a queue worker. */
export function enhancementPlanner(provider: AiProvider, imagePool: ImagePool): TaskPlanner {
  return async (raw, images) => {
    const params = EnhanceParams.parse(raw);
    const modes = serverModesOf(params.modeIds);
    const plan: BatchPlan<EnhancedImage> = {
      concurrency: provider.concurrency,
      async work(index, workSignal) {
        const image = images[index];
        if (!image) throw new Error(`no image ${index}`);
        const result = await provider.enhance({
          image,
          modes,
          ...(params.roomType ? { roomType: params.roomType } : {}),
          signal: workSignal,
        });
        return {
          url: jpegDataUrl(await encodeProviderResult(imagePool, result.image)),
          description: result.description,
          unchangedModeIds: result.unchangedModeIds ?? [],
        };
      },
      unusedCredits: (result) => priceUniform(result.unchangedModeIds, 1, provider.capabilities).total,
      answer(outcome) {
        const credits = { creditsCharged: outcome.creditsCharged, balance: outcome.balance };
        const first = outcome.results[0];
        if (params.single && first) {
          const body: EnhanceSingleResponse = {
            enhanced_image_base64: first.url,
            description: first.description,
            provider: provider.name,
            ...credits,
          };
          return body;
        }
        const body: EnhanceBatchResponse = {
          enhanced_images_base64: outcome.results.map((r) => r?.url ?? null),
          descriptions: outcome.results.map((r) => r?.description ?? null),
          errors: outcome.failures,
          provider: provider.name,
          ...credits,
        };
        return body;
      },
    };
    return plan;
  };
}

export function createEnhancementService(deps: EnhancementDeps): EnhancementService {
  const { provider, imagePool, logger } = deps;
  const planner = enhancementPlanner(provider, imagePool);
  return {
    providerName: provider.name,
    async runServerModes(request, signal) {
      const { fields } = request;
      const modes = serverModesOf(fields.selectedModes);
      if (modes.length === 0) {
        throw new ApiError(
          400,
          'INVALID_REQUEST',
          'No server mode selected: device modes run on the device',
          {
            reason: 'NO_SERVER_MODES',
          },
        );
      }
      ensureSupported(
        provider,
        modes.map((m) => m.id),
      );
      // Device modes and the provider's approximations cost 0, so pricing the whole selection prices the AI work.
      const price = priceUniform(fields.selectedModes, request.images.length, provider.capabilities);
      if (price.total > 0 && !request.userId) {
        throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in to use server modes');
      }
      // A charged call's image work runs before visitors' and sheds theirs when the pool is full; a free one is
      // counted against the caller's pixel budget first.
      if (price.total === 0) await request.countFreePixels?.(request.images);
      const run = async (): Promise<Answer> => {
        const images = await checkAll(imagePool, request.images);
        if (fields.totalEnhancements !== undefined && fields.totalEnhancements !== price.total) {
          logger.warn(
            { clientTotal: fields.totalEnhancements, serverTotal: price.total },
            'enhance: the client expected a different price; charging the server price',
          );
        }
        const roomType: RoomType | 'mixed' | undefined = fields.roomType;
        const modeIds = modes.map((m) => m.id);
        const params: EnhanceParams = { modeIds, ...(roomType ? { roomType } : {}), single: request.single };
        return runPaidBatch(deps, {
          userId: request.userId,
          idempotencyKey: request.idempotencyKey,
          scope: 'enhance',
          // Only a charged call keeps one (its key's); hashing a free call's 50 MP photos would only cost the loop.
          fingerprint:
            price.total > 0
              ? fingerprint([modeIds.join(','), roomType ?? '', ...images.map((img) => img.bytes)])
              : '',
          perImageCredits: price.perImage,
          reason: `enhance: ${modeIds.join(', ')}`,
          signal,
          requestId: request.requestId,
          task: { params, images: images.map((img) => img.bytes) },
          ...(await planner(params, images)),
        });
      };
      return price.total > 0 ? imagePool.asPaid(run) : run();
    },
  };
}
