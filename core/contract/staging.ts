// POST /api/virtual-staging (SPEC sections 7 and 9): 'analyze' answers the products recommended for the room,
// 'apply' charges for the staging the device rendered (or, with the openai provider and no device image, has one
// generated) and answers the staged image and the shopping list. Prices are integer euro cents (the client
// formats them de-DE). The server looks products up by id and never trusts a price or link a client sends back.
import { z } from 'zod';
import { STAGING_BUDGET_MAX_EUR, STAGING_BUDGET_MIN_EUR, STAGING_STYLES } from '../catalog/limits';
import { ApiErrorBody } from './errors';
import { AiProviderName, ImageDataUrl } from './enhance';
import { RoomTypeSchema } from './analyze';

export const StagingStyleSchema = z.enum(STAGING_STYLES);
export const StagingPrioritySchema = z.enum(['essential', 'recommended', 'optional']);

const Euros = z.number().int().min(STAGING_BUDGET_MIN_EUR).max(STAGING_BUDGET_MAX_EUR);

export const StagingBudget = z
  .object({ min: Euros, max: Euros })
  .refine((budget) => budget.min <= budget.max, {
    error: 'budget.min must not exceed budget.max',
    path: ['min'],
  });

export const StagingOptions = z.object({
  style: StagingStyleSchema,
  budget: StagingBudget,
  /** The room type from the analysis the client already has; the server detects it when missing. */
  roomType: RoomTypeSchema.optional(),
});
export type StagingOptions = z.infer<typeof StagingOptions>;

/** Product ids are catalogue ids such as 'sofa-modern-mid'. */
export const StagingProductId = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9_-]+$/);

export const AnalyzeStagingRequest = z.object({
  action: z.literal('analyze'),
  imageBase64: ImageDataUrl,
  options: StagingOptions,
});
export type AnalyzeStagingRequest = z.infer<typeof AnalyzeStagingRequest>;

/** What 'apply' needs of a ticked product; the full StagingProduct may be sent, its other fields are dropped. */
export const SelectedStagingProduct = z.object({
  id: StagingProductId,
  quantity: z.number().int().min(1).max(8).optional(),
});

export const ApplyStagingRequest = z.object({
  action: z.literal('apply'),
  /** The original photo. */
  imageBase64: ImageDataUrl,
  /** Only the pieces finally placed. */
  selectedProducts: z.array(SelectedStagingProduct).min(1).max(40),
  /**
   * The staging the device rendered (a JPEG data: URL). Required by the builtin provider (422
   * STAGING_RENDERS_ON_DEVICE without it); the openai provider generates one from the photo when it is missing.
   */
  stagedImageBase64: ImageDataUrl.optional(),
  /** The options of the analysis, so the image model knows the style; optional for older clients. */
  options: StagingOptions.optional(),
});
export type ApplyStagingRequest = z.infer<typeof ApplyStagingRequest>;

export const VirtualStagingRequest = z.discriminatedUnion('action', [
  AnalyzeStagingRequest,
  ApplyStagingRequest,
]);
export type VirtualStagingRequest = z.infer<typeof VirtualStagingRequest>;

export const StagingRecommendation = z.object({
  /** English item name, e.g. 'coffee table'. */
  item: z.string(),
  germanName: z.string(),
  priority: StagingPrioritySchema,
});

export const StagingShopProduct = z.object({
  title: z.string(),
  /** Price per piece in euro cents, an estimate. */
  price: z.number().int().nonnegative(),
  priceIsEstimate: z.literal(true),
  /** Buy link (affiliate-tagged when the server has a tag). */
  link: z.url({ protocol: /^https?$/ }),
  /** Whether the link carries an affiliate tag: only then is it shown with rel="sponsored". */
  affiliate: z.boolean(),
  /** The product's thumbnail (public path or https URL), or null when the catalogue has none. */
  image: z.string().min(1).nullable(),
  /** No reviews are invented: null while the source has none. */
  review: z.object({ rating: z.number().min(0).max(5), count: z.number().int().nonnegative() }).nullable(),
});

const SizeCm = z.object({ w: z.number().positive(), d: z.number().positive(), h: z.number().positive() });

/** The glTF/GLB the device renders, with the credit line its licence asks for (shown with CC-BY models). */
export const StagingProductModel = z.object({
  url: z.string().min(1),
  attribution: z.string().optional(),
  licence: z.string().optional(),
});

export const StagingProduct = z.object({
  id: StagingProductId,
  category: z.string(),
  recommendation: StagingRecommendation,
  product: StagingShopProduct,
  /** The 3D model; null: the device builds the piece from its category, size and colours. */
  model: StagingProductModel.nullable(),
  quantity: z.number().int().min(1),
  /** Outer size in cm (width X, depth Z, height Y); a product with a model has exactly the model's size. */
  sizeCm: SizeCm,
  /** Main colours, hex. */
  colors: z.array(z.string()),
  /** German material and colour text. */
  material: z.string(),
  selected: z.boolean(),
  /** Why an offered piece is not ticked: over budget, no floor left, or its companion (e.g. a table) is missing. */
  unselectedReason: z.enum(['budget', 'floor', 'companion']).optional(),
});
export type StagingProduct = z.infer<typeof StagingProduct>;

export const AnalyzeStagingResponse = z.object({
  products: z.array(StagingProduct),
  /**
   * Other products of the offered categories (the style's own first, never ticked): what the user may swap a
   * placed piece for.
   */
  alternatives: z.array(StagingProduct),
  roomType: RoomTypeSchema,
  /** The concrete style ('auto' resolved). */
  style: z.enum(['modern', 'classic', 'minimal', 'cozy']),
  /** Sum of the ticked products, euro cents. */
  totalPrice: z.number().int().nonnegative(),
});
export type AnalyzeStagingResponse = z.infer<typeof AnalyzeStagingResponse>;

export const ShoppingListItemSchema = z.object({
  id: StagingProductId,
  name: z.string(),
  quantity: z.number().int().min(1),
  unitPriceCents: z.number().int().nonnegative(),
  /** Line price in euro cents (unit × quantity). */
  price: z.number().int().nonnegative(),
  link: z.url({ protocol: /^https?$/ }),
  priceIsEstimate: z.literal(true),
});

export const ShoppingListSchema = z.object({
  items: z.array(ShoppingListItemSchema).min(1),
  /** Euro cents, the exact sum of the lines. */
  totalPrice: z.number().int().nonnegative(),
});
export type ShoppingListSchema = z.infer<typeof ShoppingListSchema>;

export const ApplyStagingResponse = z.object({
  /** JPEG data: URL of the furnished photo (unlabelled; the client adds the 'Virtuell eingerichtet' label). */
  stagedImageUrl: z.string().min(1),
  shoppingList: ShoppingListSchema,
  /** German description of what was done; the builtin provider says it is a visualisation. */
  description: z.string(),
  provider: AiProviderName,
  creditsCharged: z.number().int().min(0),
  balance: z.number().int().nullable(),
});
export type ApplyStagingResponse = z.infer<typeof ApplyStagingResponse>;

/** The error body of this route: the common one plus `required` (credits needed) as SPEC section 9 names it. */
export const StagingErrorBody = ApiErrorBody.extend({
  required: z.number().int().nonnegative().optional(),
});
export type StagingErrorBody = z.infer<typeof StagingErrorBody>;
