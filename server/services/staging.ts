// Virtual staging (SPEC sections 7 and 9): 'analyze' recommends products for the photo's room within style and
// budget (free, but only for a signed-in user holding STAGING_CREDITS, as the dialog enables it); 'apply' looks
// the placed products up by id (never trusting a client's price or link) and answers the staged photo with the
// shopping list, charged STAGING_CREDITS once per Idempotency-Key through the paid batch (paid/batch.ts) and refunded when
// anything fails. The staging is rendered on the device (three.js) and sent as stagedImageBase64, which the
// builtin renderer hands back re-encoded; without it only the openai renderer can generate one, and the builtin
// provider answers 422 STAGING_RENDERS_ON_DEVICE before charging. Its planner rebuilds the answer from data, here
// or on a queue worker.
import { z } from 'zod';
import { ROOM_TYPES, STAGING_CREDITS, type RoomType } from '../../core/catalog';
import type {
  AnalyzeStagingRequest,
  AnalyzeStagingResponse,
  ApplyStagingRequest,
  ApplyStagingResponse,
} from '../../core/contract/staging';
import {
  buildShoppingList,
  resolveStyle,
  roomNeeds,
  selectProducts,
  toStagingProduct,
  PRODUCT_STYLES,
  type ProductSource,
  type ShoppingList,
} from '../../core/staging';
import { toApiError } from '../ai/errors';
import type { StagingLine, StagingRenderer } from '../ai/staging';
import { builtinStagingRenderer } from '../ai/staging/builtin';
import type { AiProvider } from '../ai/types';
import { ApiError } from '../errors';
import { runPaidBatch, type BatchPlan, type PaidBatchDeps, type TaskPlanner } from '../paid/batch';
import { fingerprint } from '../paid/fingerprint';
import { insufficientCreditsError, type Ledger } from '../paid/ledger';
import type { ImagePool } from '../pool/imagePool';
import type { Answer } from '../answer';
import { checkImage, encodeProviderResult, jpegDataUrl, type CheckedImage } from '../pool/images';

export interface StagingCall {
  userId: string | null;
  idempotencyKey: string | undefined;
  signal: AbortSignal;
  /** The call's X-Request-Id (logs, and the queued job's data). */
  requestId?: string;
}

/** The requests without their photos (the route hands those over as bytes). */
export type AnalyzeStagingFields = Omit<AnalyzeStagingRequest, 'imageBase64'>;
export type ApplyStagingFields = Omit<ApplyStagingRequest, 'imageBase64' | 'stagedImageBase64'>;

export interface StagingService {
  analyze(request: AnalyzeStagingFields, image: Buffer, call: StagingCall): Promise<Answer>;
  /** `image` is the original photo's bytes, `staged` the device's staging (stagedImageBase64) when it sent one. */
  apply(
    request: ApplyStagingFields,
    image: Buffer,
    staged: Buffer | undefined,
    call: StagingCall,
  ): Promise<Answer>;
}

export interface StagingDeps extends PaidBatchDeps {
  /** Balance lookups for the analysis's gate. */
  balanceOf: Ledger['balance'];
  /** Analyses the room when the client sends no room type. */
  provider: AiProvider;
  renderer: StagingRenderer;
  source: ProductSource;
  imagePool: ImagePool;
  /** AFFILIATE_TAG from the env; undefined leaves links untagged. */
  affiliateTag: string | undefined;
}

function signedIn(userId: string | null): string {
  if (!userId) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in to use virtual staging');
  return userId;
}

/**
 * Furnishing a photo as data (PaidTask params): the products by id, the room, the style, the shopping list, and
 * whether the device rendered it (then the task's second image is that rendering).
 */
const StagingParams = z.object({
  products: z.array(z.object({ id: z.string(), quantity: z.number().int().min(1) })).min(1),
  deviceRendered: z.boolean(),
  roomType: z.enum(ROOM_TYPES),
  style: z.enum(PRODUCT_STYLES),
  shoppingList: z.custom<ShoppingList>((value) => typeof value === 'object' && value !== null),
});
type StagingParams = z.infer<typeof StagingParams>;

/**
 * Rebuilds a staging's batch from its parameters (products looked up by id again), here or on a queue worker. A
 * device-rendered staging is answered by the builtin renderer (the device's picture) whatever the provider.
 */
export function stagingPlanner(
  renderer: StagingRenderer,
  source: ProductSource,
  imagePool: ImagePool,
): TaskPlanner {
  const device = builtinStagingRenderer();
  return async (raw, images) => {
    const params = StagingParams.parse(raw);
    const chosen = params.deviceRendered ? device : renderer;
    const items = await source.byIds(params.products.map((p) => p.id));
    const lines: StagingLine[] = params.products.map((product) => {
      const item = items.find((candidate) => candidate.id === product.id);
      if (!item) throw new Error(`staging product ${product.id} is no longer in the catalogue`);
      return { item, quantity: product.quantity };
    });
    const plan: BatchPlan<{ url: string; description: string }> = {
      concurrency: 1,
      async work(_index, workSignal) {
        const image = images[0];
        if (!image) throw new Error('no image to furnish');
        const stagedImage = params.deviceRendered ? images[1] : undefined;
        if (params.deviceRendered && !stagedImage) throw new Error('no rendering from the device');
        const result = await chosen.render({
          image,
          ...(stagedImage ? { stagedImage } : {}),
          lines,
          roomType: params.roomType,
          style: params.style,
          signal: workSignal,
        });
        return {
          url: jpegDataUrl(await encodeProviderResult(imagePool, result.image)),
          description: result.description,
        };
      },
      answer(outcome) {
        const staged = outcome.results[0];
        if (!staged) throw new Error('staging answered without a result');
        const body: ApplyStagingResponse = {
          stagedImageUrl: staged.url,
          shoppingList: params.shoppingList,
          description: staged.description,
          provider: chosen.name,
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
 * The device's rendering, checked like an upload (size limits, magic bytes, one trial decode). Whatever is wrong
 * with it is the client's fault, not the user's photo: 400 INVALID_REQUEST naming the check that failed.
 */
async function checkStagedImage(imagePool: ImagePool, bytes: Buffer): Promise<CheckedImage> {
  try {
    return await checkImage(imagePool, bytes, 'staged image');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError(400, 'INVALID_REQUEST', `stagedImageBase64: ${error.message}`, {
      reason: 'BAD_STAGED_IMAGE',
      check: error.code,
    });
  }
}

export function createStagingService(deps: StagingDeps): StagingService {
  const { provider, source, affiliateTag, imagePool } = deps;
  const planner = stagingPlanner(deps.renderer, source, imagePool);

  const service: StagingService = {
    async analyze(request, bytes, { userId, signal }) {
      const user = signedIn(userId);
      const balance = await deps.balanceOf(user);
      if (balance < STAGING_CREDITS) throw insufficientCreditsError(STAGING_CREDITS, balance);
      const image = await checkImage(imagePool, bytes);
      let roomType: RoomType | undefined = request.options.roomType;
      if (!roomType) {
        try {
          roomType = (await provider.analyze([image], signal))[0]?.roomType ?? 'general';
        } catch (error) {
          throw toApiError(error);
        }
      }
      const filters = { room: roomType, style: request.options.style, budget: request.options.budget };
      const candidates = await source.recommend(roomNeeds(roomType), {
        style: resolveStyle(filters.style, roomType),
      });
      const selection = selectProducts(candidates, filters);
      const offered = new Set(selection.picks.map((pick) => pick.item.id));
      const alternatives = candidates.flatMap(({ need, items }) =>
        items
          .filter((item) => !offered.has(item.id))
          .map((item) =>
            toStagingProduct({ need, item, quantity: need.quantity, selected: false }, affiliateTag),
          ),
      );
      const body: AnalyzeStagingResponse = {
        products: selection.picks.map((pick) => toStagingProduct(pick, affiliateTag)),
        alternatives,
        roomType,
        style: selection.style,
        totalPrice: selection.totalCents,
      };
      return { status: 200, body };
    },

    async apply(request, bytes, stagedBytes, { userId, idempotencyKey, signal, requestId }) {
      signedIn(userId);
      if (!stagedBytes && deps.renderer.name === 'builtin') {
        throw new ApiError(
          422,
          'STAGING_RENDERS_ON_DEVICE',
          'Staging is rendered on the device: send its picture as stagedImageBase64',
        );
      }
      const image = await checkImage(imagePool, bytes);
      const staged = stagedBytes ? await checkStagedImage(imagePool, stagedBytes) : undefined;
      const ids = request.selectedProducts.map((p) => p.id);
      const items = await source.byIds(ids);
      const unknown = ids.filter((id) => !items.some((item) => item.id === id));
      if (unknown.length > 0 || new Set(ids).size !== ids.length) {
        throw new ApiError(400, 'INVALID_REQUEST', 'Unknown or repeated product ids', {
          reason: 'UNKNOWN_PRODUCTS',
          ids: unknown,
        });
      }
      const lines: StagingLine[] = request.selectedProducts.map((selected, i) => ({
        item: items[i]!,
        quantity: selected.quantity ?? 1,
      }));
      const roomType: RoomType = request.options?.roomType ?? 'general';
      const style = request.options
        ? resolveStyle(request.options.style, roomType)
        : (lines[0]?.item.styles[0] ?? 'modern');
      const shoppingList = buildShoppingList(lines, affiliateTag);

      const params: StagingParams = {
        products: lines.map((line) => ({ id: line.item.id, quantity: line.quantity })),
        deviceRendered: staged !== undefined,
        roomType,
        style,
        shoppingList,
      };
      return runPaidBatch(deps, {
        userId,
        idempotencyKey,
        scope: 'staging',
        fingerprint: fingerprint([
          lines.map((l) => `${l.item.id}x${l.quantity}`).join(','),
          roomType,
          style,
          image.bytes,
          staged?.bytes ?? 'server-rendered',
        ]),
        perImageCredits: [STAGING_CREDITS],
        reason: `virtual staging: ${ids.join(', ')}`,
        signal,
        ...(requestId ? { requestId } : {}),
        task: { params, images: staged ? [image.bytes, staged.bytes] : [image.bytes] },
        ...(await planner(params, staged ? [image, staged] : [image])),
      });
    },
  };
  // Members with credits only (the analysis needs a balance for the charge that follows): their image work runs
  // before visitors' and sheds theirs when the pool is full.
  return {
    analyze: (...args) => imagePool.asPaid(() => service.analyze(...args)),
    apply: (...args) => imagePool.asPaid(() => service.apply(...args)),
  };
}
