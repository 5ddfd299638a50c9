// The shapes of virtual staging: furniture categories, catalogue items, the selection and the shopping list.
// Pure data types shared by the feed, the selection, the server and the web client.
// Money is integer euro cents throughout; formatting (Intl de-DE) is the client's job.
import type { RoomType } from '../catalog/types';
import type { StagingStyle } from '../catalog/limits';

export type { RoomType, StagingStyle };

/** A concrete style a product is designed in; the user's 'auto' resolves to one of these per room. */
export const PRODUCT_STYLES = ['modern', 'classic', 'minimal', 'cozy'] as const;
export type ProductStyle = (typeof PRODUCT_STYLES)[number];

export const PRIORITIES = ['essential', 'recommended', 'optional'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** 'budget' pieces are the cheaper line of a category; every category has a 'mid' piece per style. */
export const PRICE_BANDS = ['budget', 'mid', 'premium'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];

/**
 * Where a piece goes in a room: on the floor, flat on the floor (rugs, mats, under everything), on the wall,
 * hanging from the ceiling, on another piece's top (lamps, vases), or on a seat or bed (textiles).
 */
export const PLACEMENTS = ['floor', 'flat', 'wall', 'ceiling', 'tabletop', 'textile'] as const;
export type Placement = (typeof PLACEMENTS)[number];

/** Outer size in centimetres: width (left-right, X), depth (front-back, Z), height (Y). */
export interface Dimensions {
  w: number;
  d: number;
  h: number;
}

export const CATEGORY_IDS = [
  'sofa',
  'armchair',
  'coffeeTable',
  'sideTable',
  'tvBoard',
  'rug',
  'floorLamp',
  'tableLamp',
  'pendant',
  'plant',
  'shelf',
  'sideboard',
  'bed',
  'nightstand',
  'wardrobe',
  'bedLinen',
  'bench',
  'diningTable',
  'diningChair',
  'barStool',
  'kitchenCart',
  'vase',
  'desk',
  'officeChair',
  'mirror',
  'artwork',
  'cushions',
  'throw',
  'towels',
  'bathMat',
  'towelLadder',
  'laundryBasket',
  'bistroSet',
  'lounger',
  'planter',
  'lantern',
  'outdoorRug',
] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export interface Category {
  id: CategoryId;
  /** German name of the kind of piece, e.g. 'Couchtisch'; the recommendation's germanName. */
  germanName: string;
  /** English item name for the recommendation and the image model's prompt, e.g. 'coffee table'. */
  item: string;
  placement: Placement;
  /** The mid-band piece's size; budget pieces are a little smaller. */
  dimensions: Dimensions;
  /** The mid-band price in whole euros before the style's factor. */
  midPriceEur: number;
  /** How much of it a room takes, e.g. 4 dining chairs. Priced per unit; the shopping list shows the count. */
  quantity: number;
  /** The rooms it is recommended for and how strongly. */
  rooms: Partial<Record<RoomType, Priority>>;
  /** Whether a cheaper 'budget' line exists beside the 'mid' piece. */
  hasBudgetLine: boolean;
}

/** A product's 3D model (glTF/GLB) the device renders, with the credit line its licence asks for. */
export interface ProductModelFile {
  url: string;
  attribution?: string;
  licence?: string;
}

/**
 * One product of the catalogue, as the feed (feed.ts) describes it: the shipped examples or an operator's
 * STAGING_CATALOG file. A product with a model has exactly the model's size, so the device places it true to
 * scale; one without is built parametrically on the device from its category, size and colours.
 */
export interface CatalogItem {
  /** Stable id; the shipped examples use `${category}-${style}-${band}`. */
  id: string;
  category: CategoryId;
  /** German product title shown in the list, e.g. 'Sofa „Lund“, Samt marineblau, Füße Metall schwarz'. */
  title: string;
  /** The styles it suits; the first is the one it was designed in. */
  styles: ProductStyle[];
  band: PriceBand;
  /** Outer size in centimetres: width (X), depth (Z), height (Y). */
  sizeCm: Dimensions;
  /** Price per unit in euro cents. */
  priceCents: number;
  /** Always true: the catalogue's prices are typical shop prices, not quotes. */
  priceIsEstimate: true;
  /** The shop link (without the server's affiliate tag): a product page or a shop search for the item. */
  link: string;
  /** Its main colours, hex ('#4a4d52'), for the device's parametric pieces and the image model's prompt. */
  colors: string[];
  /** German one-line material and colour description. */
  material: string;
  /** The glTF/GLB the device renders; null: the device builds the piece from its category and size. */
  model: ProductModelFile | null;
  /** A picture of the product (public path or https URL), or null. */
  thumbnailUrl: string | null;
}
