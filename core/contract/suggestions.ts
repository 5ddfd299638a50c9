// The suggestion calls: POST /api/generate-suggestions (design ideas for the photos, in the core/text format and
// parsed) and POST /api/implement-suggestions (SPEC section 7: apply the ticked suggestions, answer the final
// images). Implementing costs IMPLEMENT_CREDITS_PER_IMAGE on the openai provider and nothing on builtin; see
// server/services/suggestions.ts.
import { z } from 'zod';
import { MAX_UPLOAD_FILES } from '../catalog/limits';
import { AiProviderName, ImageDataUrlList, ImageFailure } from './enhance';
import { RoomTypeSchema } from './analyze';

/** Most suggestions one implement request may carry, and the longest one (a custom suggestion included). */
export const MAX_SUGGESTIONS = 50;
export const MAX_SUGGESTION_CHARS = 2000;

export const GenerateSuggestionsRequest = z.object({
  imageDataUrls: ImageDataUrlList,
  /** The room type per image (or one for all), from the analysis the client already has. */
  roomTypes: z.array(RoomTypeSchema).max(MAX_UPLOAD_FILES).optional(),
});
export type GenerateSuggestionsRequest = z.infer<typeof GenerateSuggestionsRequest>;

export const SuggestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  hauptartikelContent: z.string(),
  selected: z.boolean(),
  imageNumber: z.number().int().min(1).optional(),
  imageId: z.string().optional(),
  /** A tip this server cannot put into the photo: shown, never ticked (core/text/suggestionTypes.ts). */
  tipOnly: z.boolean().optional(),
});

export const GenerateSuggestionsResponse = z.object({
  /** The suggestions in the text format of core/text (blocks, 'Bild n:', '[Hauptartikel: ...]'). */
  text: z.string(),
  /** `parseSuggestions(text)`, with what the text cannot carry: the provider's default ticks and tip marks. */
  suggestions: z.array(SuggestionSchema),
  provider: AiProviderName,
});
export type GenerateSuggestionsResponse = z.infer<typeof GenerateSuggestionsResponse>;

export const ImplementSuggestionsRequest = z.object({
  imageUrls: ImageDataUrlList,
  /**
   * One line per ticked suggestion, e.g. 'Mehr Licht: Die Ecken aufhellen'. A line starting 'Bild n:' applies to
   * image n only; the others apply to every image.
   */
  suggestions: z.array(z.string().trim().min(1).max(MAX_SUGGESTION_CHARS)).min(1).max(MAX_SUGGESTIONS),
});
export type ImplementSuggestionsRequest = z.infer<typeof ImplementSuggestionsRequest>;

/** One entry per image in request order; a failed image is null with its failure in `errors` (and refunded). */
export const ImplementSuggestionsResponse = z.object({
  finalImageUrls: z.array(z.string().min(1).nullable()),
  descriptions: z.array(z.string().nullable()),
  errors: z.array(ImageFailure.nullable()),
  /**
   * Per image, the indexes (into the request's `suggestions`) of the lines really carried out in it: the
   * builtin provider leaves out what it cannot do (furniture, decoration), so the client never lists those as
   * applied. Absent in answers stored before it existed (a replayed job): then every line of an image counts.
   */
  applied: z.array(z.array(z.number().int().min(0))).optional(),
  provider: AiProviderName,
  creditsCharged: z.number().int().min(0),
  balance: z.number().int().nullable(),
});
export type ImplementSuggestionsResponse = z.infer<typeof ImplementSuggestionsResponse>;
