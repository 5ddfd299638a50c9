// The typed AI calls of the web app: enhance with server modes, analyse, generate and implement suggestions.
// Each takes the caller's AbortSignal first (the workflow owns it and cancels on 'Abbrechen' or reset), answers
// in a shape the workflow can use directly (one result or failure per image, data: URLs with a JPEG prefix), and
// throws ApiFailure with the German message for whole-call failures.
import { z } from 'zod';
import type { RoomType } from '../../core/catalog/types';
import { AnalyzeResponse } from '../../core/contract/analyze';
import {
  EnhanceBatchResponse,
  EnhanceSingleResponse,
  IDEMPOTENCY_KEY_HEADER,
  type AiProviderName,
  type EnhanceFields,
  type ImageFailure,
} from '../../core/contract/enhance';
import {
  GenerateSuggestionsResponse,
  ImplementSuggestionsResponse,
  type ImplementSuggestionsRequest,
} from '../../core/contract/suggestions';
import { failure, imageFailure, type ApiFailure } from './errors';
import { apiRequest } from './http';

/** SPEC section 3: a result URL is a data URL; a bare base64 string gets the JPEG prefix. */
export function asImageUrl(value: string): string {
  return value.startsWith('data:') ? value : `data:image/jpeg;base64,${value}`;
}

export type ImageOutcome =
  { ok: true; url: string; description: string } | { ok: false; failure: ApiFailure };

export interface BatchResult {
  /** One per image, in the order sent. */
  images: ImageOutcome[];
  provider: AiProviderName;
  creditsCharged: number;
  /** The balance after the call; null when nothing was charged to an account. */
  balance: number | null;
}

export interface EnhanceImagesInput {
  /** Photos as files, or as data: URLs (exactly one of the two). */
  files?: readonly Blob[];
  imageUrls?: readonly string[];
  selectedModes: readonly string[];
  roomType?: EnhanceFields['roomType'];
  /** The credits the client showed; the server only cross-checks it. */
  totalEnhancements?: number;
  idempotencyKey: string;
  /** The client's prompt text (SPEC: modePrompt); the server builds its own from the catalogue. */
  modePrompt?: string;
}

function outcomes(
  urls: readonly (string | null)[],
  descriptions: readonly (string | null)[],
  errors: readonly (ImageFailure | null)[],
  refunded: boolean,
): ImageOutcome[] {
  return urls.map((url, i) => {
    if (url) return { ok: true, url: asImageUrl(url), description: descriptions[i] ?? '' };
    const error = errors[i];
    return { ok: false, failure: error ? imageFailure(error, refunded) : failure(200, 'NO_ENHANCED_IMAGE') };
  });
}

const AnyObject = z.record(z.string(), z.unknown());

/**
 * POST /api/enhance-image. One file goes as `image` (single answer), several as `images`, data: URLs as a JSON
 * list in `imageUrls`. The staging redirect (307) and too few credits (402) throw ApiFailure with codes
 * VIRTUAL_STAGING_REDIRECT and INSUFFICIENT_CREDITS (details: creditsNeeded, credits).
 */
export async function enhanceImages(signal: AbortSignal, input: EnhanceImagesInput): Promise<BatchResult> {
  const form = new FormData();
  const files = input.files ?? [];
  if (files.length === 1 && files[0]) form.append('image', files[0], 'bild-1.jpg');
  else files.forEach((file, i) => form.append('images', file, `bild-${i + 1}.jpg`));
  if (input.imageUrls) form.append('imageUrls', JSON.stringify(input.imageUrls));
  form.append('selectedModes', JSON.stringify(input.selectedModes));
  if (input.roomType) form.append('roomType', input.roomType);
  if (input.totalEnhancements !== undefined)
    form.append('totalEnhancements', String(input.totalEnhancements));
  if (input.modePrompt) form.append('modePrompt', input.modePrompt);

  const body = await apiRequest('/api/enhance-image', {
    body: form,
    schema: AnyObject,
    signal,
    headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
  });
  // SPEC section 7: an answer with neither image field is 'Keine optimierte Bild-URL erhalten'.
  if (!('enhanced_image_base64' in body) && !('enhanced_images_base64' in body)) {
    throw failure(200, 'NO_ENHANCED_IMAGE');
  }
  const single = EnhanceSingleResponse.safeParse(body);
  if (single.success) {
    const { enhanced_image_base64, description, provider, creditsCharged, balance } = single.data;
    return {
      images: [{ ok: true, url: asImageUrl(enhanced_image_base64), description }],
      provider,
      creditsCharged,
      balance,
    };
  }
  const batch = EnhanceBatchResponse.safeParse(body);
  if (!batch.success) throw failure(200, 'INVALID_RESPONSE');
  const { enhanced_images_base64, descriptions, errors, provider, creditsCharged, balance } = batch.data;
  return {
    images: outcomes(enhanced_images_base64, descriptions, errors, true),
    provider,
    creditsCharged,
    balance,
  };
}

/** POST /api/analyze-image: the server's room analysis (the fallback when the device cannot analyse). */
export function analyzeImages(
  signal: AbortSignal,
  imageDataUrls: readonly string[],
): Promise<AnalyzeResponse> {
  return apiRequest('/api/analyze-image', { body: { imageDataUrls }, schema: AnalyzeResponse, signal });
}

/** POST /api/generate-suggestions: design ideas as core/text text and parsed suggestions. */
export function generateSuggestions(
  signal: AbortSignal,
  input: { imageDataUrls: readonly string[]; roomTypes?: readonly RoomType[] },
): Promise<GenerateSuggestionsResponse> {
  return apiRequest('/api/generate-suggestions', {
    body: input,
    schema: GenerateSuggestionsResponse,
    signal,
  });
}

export interface ImplementAnswer extends BatchResult {
  /**
   * Per image, the indexes of the request's suggestions really carried out in it; null when the server did not
   * say (an answer stored before it could), and then every line of an image counts as applied.
   */
  applied: (readonly number[])[] | null;
}

/**
 * POST /api/implement-suggestions: the final images, and what was applied to each. Throws 'Keine finalen Bilder
 * erhalten' (NO_FINAL_IMAGES) when not a single image came back.
 */
export async function implementSuggestions(
  signal: AbortSignal,
  input: ImplementSuggestionsRequest & { idempotencyKey: string },
): Promise<ImplementAnswer> {
  const { idempotencyKey, ...request } = input;
  const body = await apiRequest('/api/implement-suggestions', {
    body: request,
    schema: ImplementSuggestionsResponse,
    signal,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  const refunded = body.provider === 'openai';
  // One photo (as the workflow sends them) that failed says why, not only that no image came back.
  const [only] = body.errors;
  if (body.finalImageUrls.length === 1 && body.finalImageUrls[0] === null && only) {
    throw imageFailure(only, refunded);
  }
  if (!body.finalImageUrls.some((url) => url !== null)) throw failure(200, 'NO_FINAL_IMAGES');
  return {
    images: outcomes(body.finalImageUrls, body.descriptions, body.errors, refunded),
    applied: body.applied ?? null,
    provider: body.provider,
    creditsCharged: body.creditsCharged,
    balance: body.balance,
  };
}
