// POST /api/analyze-image (SPEC section 7): room analysis of one or more photos. Free and open to visitors (rate
// limited), because the client normally analyses on the device and only falls back to the server. The analysis
// is data only (rooms, flags, recommended modes): the client words it. One entry per image in `individualAnalyses`.
// Send downscaled photos (about 1024 px): the whole JSON body is limited to 25 MB.
import { z } from 'zod';
import { isModeId } from '../catalog/modes';
import { VISIBLE_ELEMENTS, type VisibleElement } from '../catalog/recommendations';
import { ROOM_TYPES } from '../catalog/types';
import { AiProviderName, ImageDataUrlList, RoomTypeOrMixed } from './enhance';

export const AnalyzeRequest = z.object({ imageDataUrls: ImageDataUrlList });
export type AnalyzeRequest = z.infer<typeof AnalyzeRequest>;

export const RoomTypeSchema = z.enum(ROOM_TYPES);

/** One boolean per flag of core/catalog's VISIBLE_ELEMENTS, in its order. */
export const VisibleElementsSchema = z.object(
  Object.fromEntries(VISIBLE_ELEMENTS.map((flag) => [flag, z.boolean()])) as Record<
    VisibleElement,
    z.ZodBoolean
  >,
);

export const ImageAnalysisSchema = z.object({
  roomType: RoomTypeSchema,
  /** 0 to 1: how sure the provider is of the room type. */
  confidence: z.number().min(0).max(1),
  visibleElements: VisibleElementsSchema,
  /** German, one or two sentences; says which provider made it. */
  description: z.string(),
});
export type ImageAnalysis = z.infer<typeof ImageAnalysisSchema>;

/** The combined analysis: core/analysis/room's RoomAnalysis. */
export const RoomAnalysisSchema = z.object({
  /** The room type of all images, or 'mixed' when they show different rooms. */
  roomType: RoomTypeOrMixed,
  /** Each distinct room type seen, in the order first seen. */
  roomTypes: z.array(RoomTypeSchema),
  hasMixedRooms: z.boolean(),
  /** Mode ids to preselect, best first (core/catalog's recommendModes). */
  recommendedModes: z.array(z.string().refine(isModeId, { error: 'unknown mode id' })),
  /** True where any image shows the element. */
  visibleElements: VisibleElementsSchema,
});

export const AnalyzeResponse = z.object({
  analysis: RoomAnalysisSchema,
  individualAnalyses: z.array(ImageAnalysisSchema),
  provider: AiProviderName,
});
export type AnalyzeResponse = z.infer<typeof AnalyzeResponse>;
