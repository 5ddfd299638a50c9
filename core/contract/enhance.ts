// POST /api/enhance-image (SPEC section 7): the fields of the request and the shapes of every answer, parsed by
// the server route and by the web client. Also the pieces the other AI calls share: image data URLs, the
// per-image failure and the provider name.
// Images arrive as multipart files (`image` for one, `images` for a batch) or as `imageUrls` holding data: URLs;
// remote URLs are refused here, so the server never fetches a URL a client names.
import { z } from 'zod';
import { MAX_FILE_BYTES, MAX_UPLOAD_FILES } from '../catalog/limits';
import { isModeId, MODES } from '../catalog/modes';
import { ROOM_TYPES } from '../catalog/types';
import { ApiErrorCodeSchema } from './errors';

/** Characters of the base64 of a MAX_FILE_BYTES file plus its `data:image/webp;base64,` prefix. */
export const MAX_IMAGE_DATA_URL_CHARS = Math.ceil(MAX_FILE_BYTES / 3) * 4 + 32;

/**
 * A base64 data: URL of an image. The MIME type it claims is not trusted (the server sniffs the bytes); it only
 * has to be an image type, so a page can send what canvas.toDataURL or FileReader gave it.
 */
export const ImageDataUrl = z
  .string()
  .max(MAX_IMAGE_DATA_URL_CHARS, { error: 'image is larger than 10 MB' })
  .regex(/^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/]+={0,2}$/, {
    error: 'must be a base64 data: URL of an image (remote URLs are not fetched)',
  });

/** One to MAX_UPLOAD_FILES image data URLs. */
export const ImageDataUrlList = z.array(ImageDataUrl).min(1).max(MAX_UPLOAD_FILES);

export const AI_PROVIDERS = ['openai', 'builtin'] as const;
export const AiProviderName = z.enum(AI_PROVIDERS);
export type AiProviderName = z.infer<typeof AiProviderName>;

/** Why one image of a batch failed, while the others may have worked. `error` is English, for logs. */
export const ImageFailure = z.object({ code: ApiErrorCodeSchema, error: z.string() });
export type ImageFailure = z.infer<typeof ImageFailure>;

export const RoomTypeOrMixed = z.enum([...ROOM_TYPES, 'mixed']);

/** Multipart sends every field as text: a JSON list arrives as a string and is read here. */
function fromJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text.startsWith('[')) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value; // left as it is, so the schema reports the field as invalid
  }
}

const ModeId = z.string().refine(isModeId, { error: 'unknown mode id' });

/** The request's text fields, from a multipart form or a JSON body. */
export const EnhanceFields = z.object({
  /** Every mode the user chose for these images; device modes are ignored by the server (already applied). */
  selectedModes: z.preprocess(fromJsonText, z.array(ModeId).min(1).max(MODES.length)),
  /**
   * The client's prompt. Accepted for compatibility and ignored: the server builds the prompt from the catalogue,
   * so a client cannot make the paid model do something else.
   */
  modePrompt: z.string().max(8000).optional(),
  /** The credits the client expects to pay; only a cross-check, the server prices the request itself. */
  totalEnhancements: z.coerce.number().int().min(0).max(1_000_000).optional(),
  roomType: RoomTypeOrMixed.optional(),
  /** data: URLs instead of files; a single string or a JSON list is accepted too. */
  imageUrls: z
    .preprocess(fromJsonText, z.union([ImageDataUrl.transform((url) => [url]), ImageDataUrlList]))
    .optional(),
});
export type EnhanceFields = z.infer<typeof EnhanceFields>;

const Credits = {
  /** Credits charged for this request after refunds of failed images. */
  creditsCharged: z.number().int().min(0),
  /** The balance after this request; null when the request charged nothing and no user is signed in. */
  balance: z.number().int().nullable(),
};

/** The answer when the request sent one file in `image`. `enhanced_image_base64` is a JPEG data: URL. */
export const EnhanceSingleResponse = z.object({
  enhanced_image_base64: z.string().min(1),
  /** German; says which provider made the result. */
  description: z.string(),
  provider: AiProviderName,
  ...Credits,
});
export type EnhanceSingleResponse = z.infer<typeof EnhanceSingleResponse>;

/**
 * The answer to a batch (`images` or `imageUrls`), one entry per image in request order. A failed image has null
 * result and description and its failure in `errors`; its credits were refunded. If every image failed, the
 * server answers an error status instead.
 */
export const EnhanceBatchResponse = z.object({
  enhanced_images_base64: z.array(z.string().min(1).nullable()),
  descriptions: z.array(z.string().nullable()),
  errors: z.array(ImageFailure.nullable()),
  provider: AiProviderName,
  ...Credits,
});
export type EnhanceBatchResponse = z.infer<typeof EnhanceBatchResponse>;

export const EnhanceResponse = z.union([EnhanceSingleResponse, EnhanceBatchResponse]);
export type EnhanceResponse = z.infer<typeof EnhanceResponse>;

/** HTTP 307 without a Location: cozyFurnishing is the virtual staging flow, which the client opens itself. */
export const StagingRedirectBody = z.object({
  error: z.literal('redirect'),
  code: z.literal('VIRTUAL_STAGING_REDIRECT'),
  redirectTo: z.literal('virtual-staging'),
});
export type StagingRedirectBody = z.infer<typeof StagingRedirectBody>;

export const STAGING_REDIRECT_STATUS = 307;

/** The header that makes a charged call safe to retry: the same key never charges twice. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** 8 to 64 characters of letters, digits and `-_.:` (a UUID fits); the ledger namespaces it per user and call. */
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_.:-]{8,64}$/);
