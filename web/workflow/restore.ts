// The workflow as it is saved to IndexedDB and read back after a reload. What comes back is untrusted (old
// versions, half-written data, another tab), so `restore` keeps what parses, fills defaults for the rest, and
// turns work a reload interrupted into work that can run again. Changing the snapshot shape needs a new
// SNAPSHOT_VERSION and a migration here.

import { z } from 'zod';
import { ROOM_TYPES } from '../../core/catalog/types';
import type { Suggestion } from '../../core/text/suggestionTypes';
import { SNAPSHOT_VERSION } from './snapshot';
import {
  initialState,
  type AnalysisStatus,
  type FinalResult,
  type ImageItem,
  type ModeSelection,
  type WorkflowAnalysis,
  type WorkflowState,
} from './state';

const roomType = z.enum(ROOM_TYPES);
const modeIds = z.array(z.string().min(1)).transform((ids) => [...new Set(ids)]);

const imageSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  size: z.number().finite().nonnegative(),
  type: z.string(),
  // Optional, so snapshots from before it parse unchanged (no new SNAPSHOT_VERSION needed); a bad value only
  // costs the estimate its size, not the photo.
  pixels: z.number().int().positive().optional().catch(undefined),
  status: z.enum(['uploaded', 'pending', 'enhancing', 'enhanced', 'error']),
  enhancedKey: z.string().min(1).optional(),
  description: z.string().optional(),
  error: z.string().optional(),
  originalUrl: z.string().optional(),
});

const analysisSchema = z.object({
  roomType: z.union([roomType, z.literal('mixed')]),
  roomTypes: z.array(roomType),
  hasMixedRooms: z.boolean(),
  recommendedModes: modeIds,
  perImage: z.record(z.string(), roomType),
});

const selectionSchema = z.object({
  kind: z.enum(['uniform', 'individual']),
  uniform: modeIds,
  perImage: z.record(z.string(), modeIds),
});

const suggestionSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  description: z.string(),
  hauptartikelContent: z.string(),
  selected: z.boolean(),
  imageNumber: z.number().int().positive().optional(),
  imageId: z.string().optional(),
  tipOnly: z.boolean().optional(),
});

const appliedToPhotoSchema = z.object({
  imageId: z.string(),
  applied: z.array(z.string()),
  notApplied: z.array(z.string()),
});

const finalResultSchema = z.object({
  images: z.array(z.object({ imageId: z.string(), resultKey: z.string().min(1) })),
  // Per photo; an older snapshot's plain list of ticked titles said nothing true about any photo: it is dropped.
  appliedSuggestions: z.array(z.unknown()).transform((list) =>
    list.flatMap((entry) => {
      const parsed = appliedToPhotoSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
  shoppingList: z
    .object({
      items: z.array(z.object({ name: z.string(), price: z.number().finite(), link: z.string() })),
      totalPrice: z.number().finite(),
    })
    .optional(),
});

/** The parsed value, or the fallback when the field is missing or broken. */
function field<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

/** The valid items of a list; one broken item does not cost the others. */
function items<T>(schema: z.ZodType<T>, value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Work a reload cut off can run again; a result without its key is no result. */
function settleImage(image: ImageItem): ImageItem {
  const running = image.status === 'pending' || image.status === 'enhancing';
  if (running || (image.status === 'enhanced' && !image.enhancedKey)) {
    const { enhancedKey: _key, description: _description, error: _error, ...rest } = image;
    return { ...rest, status: 'uploaded' };
  }
  return image;
}

function only<T>(record: Record<string, T>, ids: ReadonlySet<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([id]) => ids.has(id)));
}

/** A field renamed on every object of a list that has it under its old name; anything else passes unchanged. */
function renamed(list: unknown, from: string, to: string): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || !(from in item) || to in item) return item;
    const { [from]: value, ...rest } = item as Record<string, unknown>;
    return { ...rest, [to]: value };
  });
}

/**
 * Version 1 called the results' storage keys URLs (`images[].enhancedUrl`, `finalResult.images[].url`); the
 * values are the same keys, so a saved session keeps its results under their new names.
 */
function fromVersion1(raw: Record<string, unknown>): Record<string, unknown> {
  const final = raw.finalResult;
  return {
    ...raw,
    version: 2,
    images: renamed(raw.images, 'enhancedUrl', 'enhancedKey'),
    finalResult:
      typeof final === 'object' && final !== null
        ? { ...final, images: renamed((final as { images?: unknown }).images, 'url', 'resultKey') }
        : final,
  };
}

export function restore(snapshot: unknown): WorkflowState {
  if (typeof snapshot !== 'object' || snapshot === null) return initialState;
  let raw = snapshot as Record<string, unknown>;
  if (raw.version === 1) raw = fromVersion1(raw);
  if (raw.version !== SNAPSHOT_VERSION) return initialState;

  const saved = items(imageSchema, raw.images);
  const images: ImageItem[] = [];
  for (const image of saved) {
    if (!images.some((kept) => kept.id === image.id)) images.push(settleImage(image));
  }
  const ids = new Set(images.map((image) => image.id));
  const wasProcessing =
    raw.batch != null || saved.some((image) => image.status === 'pending' || image.status === 'enhancing');

  let analysis: WorkflowAnalysis | null = field(analysisSchema.nullable(), raw.analysis, null);
  if (analysis) analysis = { ...analysis, perImage: only(analysis.perImage, ids) };
  let analysisStatus: AnalysisStatus = field(
    z.enum(['idle', 'running', 'done', 'failed']),
    raw.analysisStatus,
    'idle',
  );
  // An analysis the reload interrupted runs again when 'Optimieren' is pressed.
  if (analysisStatus === 'running' || (analysisStatus === 'done' && !analysis)) analysisStatus = 'idle';

  const selection: ModeSelection = field(selectionSchema, raw.modeSelection, initialState.modeSelection);
  const suggestions: Suggestion[] = items(suggestionSchema, raw.suggestions);
  const finalResult: FinalResult | null = field(finalResultSchema.nullable(), raw.finalResult, null);
  const hasEnhanced = images.some((image) => image.status === 'enhanced');
  // An interrupted batch lands on the mode selection, where it can be started again.
  const showOptions = images.length > 0 && (wasProcessing || field(z.boolean(), raw.showOptions, false));

  return {
    ...initialState,
    images,
    analysis,
    analysisStatus,
    analysedImageIds: items(z.string(), raw.analysedImageIds).filter((id) => ids.has(id)),
    showOptions,
    modeSelection: { ...selection, perImage: only(selection.perImage, ids) },
    batch: null,
    resultsVisible:
      showOptions && !wasProcessing && hasEnhanced && field(z.boolean(), raw.resultsVisible, false),
    suggestions,
    customSuggestion: suggestions.length > 0 ? field(z.string(), raw.customSuggestion, '') : '',
    suggestionsLoading: false,
    implementing: false,
    finalResult,
    credits: field(z.number().finite().nonnegative(), raw.credits, 0),
  };
}
