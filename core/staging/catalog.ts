// The example catalogue that ships with the project, written as a product feed (feed.ts) and read by the same
// parser an operator's STAGING_CATALOG file goes through: one piece per category and style, plus a cheaper 'Basic'
// line for the big pieces, built from the category and style tables. Categories with a model in
// models/furniture-3d/ use it (models.ts) with exactly the model's size, material and credit line; the rest have
// no model and are built parametrically on the device. These are examples: prices are typical shop prices, marked
// as estimates, and links are shop searches.
import { CATEGORIES } from './categories';
import { parseFeed, type FeedProduct } from './feed';
import { shopSearchLink } from './links';
import { modelFileUrl, modelThumbnailUrl, shippedModelFor } from './models';
import {
  COMPATIBLE_STYLE,
  LINE_NAME,
  MATERIAL_FAMILY,
  MATERIALS,
  STYLE_PRICE,
  STYLE_SEARCH_WORD,
  STYLE_SIZE,
} from './styles';
import { PRODUCT_STYLES } from './types';
import type { CatalogItem, Category, PriceBand, ProductStyle, RoomType } from './types';

/** A budget piece costs this share of the mid piece and is this much narrower. */
const BUDGET_PRICE_SHARE = 0.5;
const BUDGET_SIZE = 0.92;

/** Whole euros, ending in ,99: how shops price, so the estimate looks like what the user will find. */
function priceCents(euros: number): number {
  return Math.max(1, Math.round(euros)) * 100 - 1;
}

function exampleProduct(category: Category, style: ProductStyle, band: PriceBand): FeedProduct {
  const model = shippedModelFor(category.id, style);
  const styleMaterial = MATERIALS[style][MATERIAL_FAMILY[category.id]];
  const material = model?.material ?? styleMaterial.text;
  const size = STYLE_SIZE[style] * (band === 'budget' ? BUDGET_SIZE : 1);
  const { w, d, h } = category.dimensions;
  const flat = category.placement === 'flat';
  const sizeCm = model
    ? { ...model.sizeCm }
    : {
        w: Math.round(w * size),
        d: Math.round(d * size),
        h: flat ? h : Math.round(h * (band === 'budget' ? 1 : STYLE_SIZE[style])),
      };
  const line = band === 'budget' ? `${LINE_NAME[style]} Basic` : LINE_NAME[style];
  const euros = category.midPriceEur * STYLE_PRICE[style] * (band === 'budget' ? BUDGET_PRICE_SHARE : 1);
  return {
    id: `${category.id}-${style}-${band}`,
    title: `${category.germanName} „${line}“, ${material}`,
    priceCents: priceCents(euros),
    link: shopSearchLink(`${category.germanName} ${STYLE_SEARCH_WORD[style]} ${material.split(',')[0]}`),
    category: category.id,
    sizeCm,
    colors: [...(model?.colors ?? styleMaterial.colors)],
    material,
    styles: [style, COMPATIBLE_STYLE[style]],
    band,
    ...(model
      ? {
          modelUrl: modelFileUrl(model.id),
          modelAttribution: model.attribution,
          modelLicence: model.licence,
          thumbnailUrl: modelThumbnailUrl(model.id),
        }
      : {}),
  };
}

function exampleFeed(): { products: FeedProduct[] } {
  const products: FeedProduct[] = [];
  for (const category of CATEGORIES) {
    for (const style of PRODUCT_STYLES) {
      products.push(exampleProduct(category, style, 'mid'));
      if (category.hasBudgetLine) products.push(exampleProduct(category, style, 'budget'));
    }
  }
  return { products };
}

/** The shipped examples; the server uses an operator's STAGING_CATALOG file instead when one is set. */
export const CATALOG: readonly CatalogItem[] = Object.freeze(parseFeed(exampleFeed()));

const BY_ID = new Map(CATALOG.map((item) => [item.id, item]));

export function catalogItemById(id: string): CatalogItem | undefined {
  return BY_ID.get(id);
}

/** Items per room type (an item counts for every room its category serves) and per style it was designed in. */
export function catalogCounts(items: readonly CatalogItem[] = CATALOG): {
  total: number;
  byRoom: Record<RoomType, number>;
  byStyle: Record<ProductStyle, number>;
} {
  const byRoom: Record<RoomType, number> = {
    kitchen: 0,
    bedroom: 0,
    bathroom: 0,
    livingRoom: 0,
    exterior: 0,
    general: 0,
  };
  const byStyle: Record<ProductStyle, number> = { modern: 0, classic: 0, minimal: 0, cozy: 0 };
  const categories = new Map(CATEGORIES.map((c) => [c.id, c]));
  for (const item of items) {
    byStyle[item.styles[0]] += 1;
    for (const room of Object.keys(categories.get(item.category)?.rooms ?? {}) as RoomType[])
      byRoom[room] += 1;
  }
  return { total: items.length, byRoom, byStyle };
}
