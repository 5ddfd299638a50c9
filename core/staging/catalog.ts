// The furniture catalogue that ships with the project: one piece per category and style, plus a cheaper 'Basic'
// line for the big pieces. Built from the category and style tables, so names, prices, sizes, links and picture
// paths stay consistent; prices are typical shop prices, marked as estimates.
import { CATEGORIES } from './categories';
import { shopSearchLink } from './links';
import {
  COMPATIBLE_STYLE,
  LINE_NAME,
  MATERIAL_KIND,
  MATERIALS,
  STYLE_PRICE,
  STYLE_SEARCH_WORD,
  STYLE_SIZE,
} from './styles';
import { PRODUCT_STYLES } from './types';
import type { CatalogItem, Category, PriceBand, ProductStyle, RoomType } from './types';

/** Public folder of the product pictures (see scripts/make-product-art.ts). */
export const PRODUCT_IMAGE_DIR = '/products';
/** Pixels per centimetre of the PNG pictures; the SVG's viewBox is in centimetres. */
export const PRODUCT_PNG_PX_PER_CM = 2;

/** A budget piece costs this share of the mid piece and is this much narrower. */
const BUDGET_PRICE_SHARE = 0.5;
const BUDGET_SIZE = 0.92;

/** Whole euros, ending in ,99: how shops price, so the estimate looks like what the user will find. */
function priceCents(euros: number): number {
  return Math.max(1, Math.round(euros)) * 100 - 1;
}

function makeItem(category: Category, style: ProductStyle, band: PriceBand): CatalogItem {
  const material = MATERIALS[style][MATERIAL_KIND[category.id]];
  const size = STYLE_SIZE[style] * (band === 'budget' ? BUDGET_SIZE : 1);
  const { w, d, h } = category.dimensions;
  const flat = category.placement === 'flat';
  const dimensions = {
    w: Math.round(w * size),
    d: Math.round(d * size),
    h: flat ? h : Math.round(h * (band === 'budget' ? 1 : STYLE_SIZE[style])),
  };
  const line = band === 'budget' ? `${LINE_NAME[style]} Basic` : LINE_NAME[style];
  const id = `${category.id}-${style}-${band}`;
  const euros = category.midPriceEur * STYLE_PRICE[style] * (band === 'budget' ? BUDGET_PRICE_SHARE : 1);
  return {
    id,
    category: category.id,
    name: `${category.germanName} „${line}“, ${material.text}`,
    styles: [style, COMPATIBLE_STYLE[style]],
    band,
    dimensions,
    priceCents: priceCents(euros),
    priceIsEstimate: true,
    link: shopSearchLink(`${category.germanName} ${STYLE_SEARCH_WORD[style]} ${material.text.split(',')[0]}`),
    image: { svg: `${PRODUCT_IMAGE_DIR}/${id}.svg`, png: `${PRODUCT_IMAGE_DIR}/${id}.png` },
    colors: [...material.colors],
    material: material.text,
  };
}

function buildCatalog(): readonly CatalogItem[] {
  const items: CatalogItem[] = [];
  for (const category of CATEGORIES) {
    for (const style of PRODUCT_STYLES) {
      items.push(makeItem(category, style, 'mid'));
      if (category.hasBudgetLine) items.push(makeItem(category, style, 'budget'));
    }
  }
  return Object.freeze(items.map((item) => Object.freeze(item)));
}

export const CATALOG: readonly CatalogItem[] = buildCatalog();

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
