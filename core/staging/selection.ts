// Which pieces furnish a room: the needs of the room type (essentials, then recommended, then optional), filled
// from a ProductSource's candidates so that the total stays inside the budget's max, floor pieces fit the free floor
// area, and companions (chairs, lamps, cushions) only come with what they belong to. Deterministic: same input,
// same picks.
import { CATEGORIES, categoryById, NEEDS_ONE_OF, TYPICAL_FLOOR_AREA_M2 } from './categories';
import { resolveStyle } from './styles';
import type { ItemNeed, NeedCandidates, ProductSource } from './source';
import { PRIORITIES } from './types';
import type { CatalogItem, CategoryId, RoomType, StagingStyle } from './types';

export interface StagingFilters {
  room: RoomType;
  style: StagingStyle;
  /** Whole euros, as the dialog's slider gives them. */
  budget: { min: number; max: number };
  /** Free floor area the caller estimated from the photo; missing means typical for the room. */
  floorAreaM2?: number;
}

/** Share of the free floor that standing pieces may cover (the rest is walkway), and that rugs may cover. */
export const FLOOR_SHARE_STANDING = 0.4;
export const FLOOR_SHARE_FLAT = 0.6;

/** Why a listed piece is not ticked. */
export type UnselectedReason = 'budget' | 'floor' | 'companion';

export interface StagingPick {
  need: ItemNeed;
  item: CatalogItem;
  /** How many of it; for an unticked piece the count it would have. */
  quantity: number;
  selected: boolean;
  reason?: UnselectedReason;
}

export interface StagingSelection {
  picks: StagingPick[];
  /** Sum of the ticked picks, euro cents. */
  totalCents: number;
  /** The style 'auto' resolved to. */
  style: ReturnType<typeof resolveStyle>;
  floorAreaM2: number;
  /** True when the total is below the budget's min: the room needs no more than this. */
  belowMinimum: boolean;
}

/** The room's needs: essentials first, then recommended, then optional; within one priority, catalogue order. */
export function roomNeeds(room: RoomType): ItemNeed[] {
  const needs: ItemNeed[] = [];
  for (const priority of PRIORITIES) {
    for (const category of CATEGORIES) {
      if (category.rooms[room] === priority)
        needs.push({ category: category.id, priority, quantity: category.quantity });
    }
  }
  return needs;
}

function footprintCm2(item: CatalogItem, quantity: number): number {
  return item.sizeCm.w * item.sizeCm.d * quantity;
}

function cheapestCents(candidates: NeedCandidates): number {
  return Math.min(...candidates.items.map((item) => item.priceCents));
}

/** The cheapest of the candidates in the best-ranked style: what an unticked piece is listed with. */
function cheapestInBestStyle(items: readonly CatalogItem[]): CatalogItem {
  const style = items[0].styles[0];
  return items
    .filter((item) => item.styles[0] === style)
    .sort((a, b) => a.priceCents - b.priceCents || a.id.localeCompare(b.id))[0];
}

/**
 * The candidates in processing order: a piece that needs a companion (a table lamp needs a side table) moves to
 * just after the first of its companions when that comes later, so its priority does not make it miss it.
 */
function companionsFirst(candidates: readonly NeedCandidates[]): NeedCandidates[] {
  const order: NeedCandidates[] = [];
  let waiting: NeedCandidates[] = [];
  const placed = new Set<CategoryId>();
  candidates.forEach((c, index) => {
    const companions = NEEDS_ONE_OF[c.need.category];
    const later = candidates.slice(index + 1).map((other) => other.need.category);
    if (
      companions &&
      !companions.some((id) => placed.has(id)) &&
      companions.some((id) => later.includes(id))
    ) {
      waiting.push(c);
      return;
    }
    order.push(c);
    placed.add(c.need.category);
    const ready = waiting.filter((w) => (NEEDS_ONE_OF[w.need.category] ?? []).some((id) => placed.has(id)));
    waiting = waiting.filter((w) => !ready.includes(w));
    for (const w of ready) {
      order.push(w);
      placed.add(w.need.category);
    }
  });
  return [...order, ...waiting];
}

/** Counts to try for a need: the full count, then fewer (4 chairs, else 2, else 1). */
function quantitiesToTry(quantity: number): number[] {
  const counts = [quantity];
  for (let q = Math.floor(quantity / 2); q >= 1; q = Math.floor(q / 2)) counts.push(q);
  return counts;
}

/**
 * Picks from the candidates (in need order). Every need with candidates appears once: ticked with the chosen
 * product and count, or unticked with its cheapest product and the reason, so the dialog can offer it.
 */
export function selectProducts(given: readonly NeedCandidates[], filters: StagingFilters): StagingSelection {
  const candidates = companionsFirst(given);
  const maxCents = Math.max(0, Math.floor(filters.budget.max * 100));
  const floorAreaM2 =
    filters.floorAreaM2 !== undefined && Number.isFinite(filters.floorAreaM2) && filters.floorAreaM2 >= 0
      ? filters.floorAreaM2
      : TYPICAL_FLOOR_AREA_M2[filters.room];
  const standingCapCm2 = floorAreaM2 * 10_000 * FLOOR_SHARE_STANDING;
  const flatCapCm2 = floorAreaM2 * 10_000 * FLOOR_SHARE_FLAT;

  // What the essentials still to come cost at least, kept free while choosing earlier pieces.
  const reserveAfter: number[] = new Array<number>(candidates.length + 1).fill(0);
  for (let i = candidates.length - 1; i >= 0; i--) {
    const c = candidates[i];
    reserveAfter[i] = reserveAfter[i + 1] + (c.need.priority === 'essential' ? cheapestCents(c) : 0);
  }

  let spent = 0;
  let standingUsed = 0;
  let flatUsed = 0;
  const chosen = new Set<CategoryId>();
  const picks: StagingPick[] = [];

  candidates.forEach((c, index) => {
    const { need } = c;
    const placement = categoryById(need.category).placement;
    const companions = NEEDS_ONE_OF[need.category];
    const cheapest = cheapestInBestStyle(c.items);
    if (companions && !companions.some((id) => chosen.has(id))) {
      picks.push({ need, item: cheapest, quantity: need.quantity, selected: false, reason: 'companion' });
      return;
    }
    // An essential may use its own reserve; later essentials keep theirs.
    const reserve = reserveAfter[index + 1];
    let floorBlocked = false;
    for (const item of c.items) {
      for (const quantity of quantitiesToTry(need.quantity)) {
        const cost = item.priceCents * quantity;
        const area = footprintCm2(item, quantity);
        if (placement === 'floor' && standingUsed + area > standingCapCm2) {
          floorBlocked = true;
          continue;
        }
        if (placement === 'flat' && flatUsed + area > flatCapCm2) {
          floorBlocked = true;
          continue;
        }
        if (spent + cost + reserve > maxCents) continue;
        spent += cost;
        if (placement === 'floor') standingUsed += area;
        if (placement === 'flat') flatUsed += area;
        chosen.add(need.category);
        picks.push({ need, item, quantity, selected: true });
        return;
      }
    }
    const reason: UnselectedReason =
      floorBlocked && spent + cheapest.priceCents <= maxCents ? 'floor' : 'budget';
    picks.push({ need, item: cheapest, quantity: need.quantity, selected: false, reason });
  });

  return {
    picks,
    totalCents: spent,
    style: resolveStyle(filters.style, filters.room),
    floorAreaM2,
    belowMinimum: spent < Math.max(0, filters.budget.min) * 100,
  };
}

/** The whole recommendation: the room's needs, the source's candidates in the resolved style, the selection. */
export async function recommendStaging(
  source: ProductSource,
  filters: StagingFilters,
): Promise<StagingSelection> {
  const style = resolveStyle(filters.style, filters.room);
  const candidates = await source.recommend(roomNeeds(filters.room), { style });
  return selectProducts(candidates, filters);
}
