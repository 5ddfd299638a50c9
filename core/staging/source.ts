// Where staging products come from. A ProductSource answers candidates for the pieces a room needs and looks
// products up by id (the apply step trusts ids, never prices sent by a client). The default source is the
// shipped example catalogue, or the operator's feed (feed.ts, STAGING_CATALOG); a shop API could implement the same
// interface.
import { CATALOG } from './catalog';
import { COMPATIBLE_STYLE } from './styles';
import type { CatalogItem, CategoryId, Priority, ProductStyle } from './types';

/** One piece a room needs: the category, how strongly, and how many (4 dining chairs). */
export interface ItemNeed {
  category: CategoryId;
  priority: Priority;
  quantity: number;
}

export interface ProductFilters {
  style: ProductStyle;
}

/** The products that could fill one need, best first (the selection takes the first that fits). */
export interface NeedCandidates {
  need: ItemNeed;
  items: CatalogItem[];
}

export interface ProductSource {
  /** For logs and the answer's description, e.g. 'catalog'. */
  readonly name: string;
  /** Candidates per need, in the order of `needs`; a need without any product is left out. */
  recommend(needs: readonly ItemNeed[], filters: ProductFilters): Promise<NeedCandidates[]>;
  /** The products with these ids, in the order asked; unknown ids are left out. */
  byIds(ids: readonly string[]): Promise<CatalogItem[]>;
}

const BAND_ORDER = { mid: 0, premium: 1, budget: 2 } as const;

/**
 * Candidates in order of preference: designed in the style, then designed in its neighbour style, then any; within
 * one of those, the mid piece before the budget one, so the selection spends on quality while the budget allows.
 */
export function rankCandidates(items: readonly CatalogItem[], style: ProductStyle): CatalogItem[] {
  const styleRank = (item: CatalogItem): number =>
    item.styles[0] === style ? 0 : item.styles[0] === COMPATIBLE_STYLE[style] ? 1 : 2;
  return [...items].sort(
    (a, b) =>
      styleRank(a) - styleRank(b) ||
      BAND_ORDER[a.band] - BAND_ORDER[b.band] ||
      a.priceCents - b.priceCents ||
      a.id.localeCompare(b.id),
  );
}

/** A catalogue (the shipped one or a feed's) as a ProductSource. Only the style's own and neighbour pieces are offered. */
export function catalogSource(items: readonly CatalogItem[] = CATALOG): ProductSource {
  const byCategory = new Map<CategoryId, CatalogItem[]>();
  for (const item of items) byCategory.set(item.category, [...(byCategory.get(item.category) ?? []), item]);
  const byIdMap = new Map(items.map((item) => [item.id, item]));
  const byId = (id: string) => byIdMap.get(id);
  return {
    name: 'catalog',
    recommend(needs, filters) {
      const answer: NeedCandidates[] = [];
      for (const need of needs) {
        const all = byCategory.get(need.category) ?? [];
        const inStyle = all.filter((item) => item.styles.includes(filters.style));
        const ranked = rankCandidates(inStyle.length > 0 ? inStyle : all, filters.style);
        if (ranked.length > 0) answer.push({ need, items: ranked });
      }
      return Promise.resolve(answer);
    },
    byIds(ids) {
      return Promise.resolve(ids.map(byId).filter((item): item is CatalogItem => item !== undefined));
    },
  };
}
