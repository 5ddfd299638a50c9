// Virtual staging (SPEC sections 7 and 9): 'analyze' recommends products for the photo's room within style and
// budget (free, but only for a signed-in user holding STAGING_CREDITS, as the dialog enables it); 'apply' looks
// the ticked products up by id (never trusting a client's price or link), furnishes the photo with the staging
// renderer and answers the photo with the shopping list, charged STAGING_CREDITS once per Idempotency-Key
// through the paid-batch path and refunded when rendering fails.
import { STAGING_CREDITS, type RoomType } from '../../core/catalog';
import type {
  AnalyzeStagingRequest,
  AnalyzeStagingResponse,
  ApplyStagingRequest,
  ApplyStagingResponse,
} from '../../core/contract/staging';
import {
  buildShoppingList,
  recommendStaging,
  resolveStyle,
  toStagingProduct,
  type ProductSource,
} from '../../core/staging';
import { toApiError } from '../ai/errors';
import type { StagingLine, StagingRenderer } from '../ai/staging';
import type { AiProvider } from '../ai/types';
import { ApiError } from '../errors';
import type { Answer } from './answer';
import { insufficientCreditsError, type CreditsService } from './credits';
import { checkImage, encodeProviderResult, jpegDataUrl } from './images';
import { runPaidBatch, type PaidBatchDeps } from './paidBatch';
import { fingerprint } from './replayCache';

export interface StagingCall {
  userId: string | null;
  idempotencyKey: string | undefined;
  signal: AbortSignal;
}

export interface StagingService {
  analyze(request: AnalyzeStagingRequest, image: Buffer, call: StagingCall): Promise<Answer>;
  apply(request: ApplyStagingRequest, image: Buffer, call: StagingCall): Promise<Answer>;
}

export interface StagingDeps extends PaidBatchDeps {
  /** Balance lookups for the analysis's gate. */
  balanceOf: CreditsService['balance'];
  /** Analyses the room when the client sends no room type. */
  provider: AiProvider;
  renderer: StagingRenderer;
  source: ProductSource;
  /** AFFILIATE_TAG from the env; undefined leaves links untagged. */
  affiliateTag: string | undefined;
}

function signedIn(userId: string | null): string {
  if (!userId) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in to use virtual staging');
  return userId;
}

export function createStagingService(deps: StagingDeps): StagingService {
  const { provider, renderer, source, affiliateTag } = deps;

  return {
    async analyze(request, bytes, { userId, signal }) {
      const user = signedIn(userId);
      const balance = await deps.balanceOf(user);
      if (balance < STAGING_CREDITS) throw insufficientCreditsError(STAGING_CREDITS, balance);
      const image = await checkImage(bytes);
      let roomType: RoomType | undefined = request.options.roomType;
      if (!roomType) {
        try {
          roomType = (await provider.analyze([image], signal))[0]?.roomType ?? 'general';
        } catch (error) {
          throw toApiError(error);
        }
      }
      const selection = await recommendStaging(source, {
        room: roomType,
        style: request.options.style,
        budget: request.options.budget,
      });
      const body: AnalyzeStagingResponse = {
        products: selection.picks.map((pick) => toStagingProduct(pick, affiliateTag)),
        roomType,
        style: selection.style,
        totalPrice: selection.totalCents,
      };
      return { status: 200, body };
    },

    async apply(request, bytes, { userId, idempotencyKey, signal }) {
      signedIn(userId);
      const image = await checkImage(bytes);
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

      return runPaidBatch(deps, {
        userId,
        idempotencyKey,
        scope: 'staging',
        fingerprint: fingerprint([
          lines.map((l) => `${l.item.id}x${l.quantity}`).join(','),
          roomType,
          style,
          image.bytes,
        ]),
        perImageCredits: [STAGING_CREDITS],
        reason: `virtual staging: ${ids.join(', ')}`,
        concurrency: 1,
        signal,
        async work(_index, workSignal) {
          const result = await renderer.render({ image, lines, roomType, style, signal: workSignal });
          return {
            url: jpegDataUrl(await encodeProviderResult(result.image)),
            description: result.description,
          };
        },
        answer(outcome) {
          const staged = outcome.results[0];
          if (!staged) throw new Error('staging answered without a result');
          const body: ApplyStagingResponse = {
            stagedImageUrl: staged.url,
            shoppingList,
            description: staged.description,
            provider: renderer.name,
            creditsCharged: outcome.creditsCharged,
            balance: outcome.balance,
          };
          return body;
        },
      });
    },
  };
}
