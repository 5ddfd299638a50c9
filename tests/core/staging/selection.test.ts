// The staging selection over a table of rooms, styles, budgets and floor areas: the total stays inside the
// budget, essentials come first, one piece per category, the style holds, floor pieces fit the floor, companions
// come with their anchors, and the same input gives the same picks.
import { describe, expect, it } from 'vitest';
import { ROOM_TYPES } from '../../../core/catalog/types';
import { STAGING_STYLES } from '../../../core/catalog/limits';
import {
  AUTO_STYLE,
  catalogSource,
  categoryById,
  FLOOR_SHARE_STANDING,
  NEEDS_ONE_OF,
  PRIORITIES,
  recommendStaging,
  roomNeeds,
  selectProducts,
  TYPICAL_FLOOR_AREA_M2,
  type StagingFilters,
  type StagingSelection,
} from '../../../core/staging';

const source = catalogSource();
const BUDGETS = [0, 1, 50, 300, 800, 2000, 5000];

async function run(filters: StagingFilters): Promise<StagingSelection> {
  return recommendStaging(source, filters);
}

const selected = (s: StagingSelection) => s.picks.filter((p) => p.selected);

describe('#roomNeeds', () => {
  it.each(ROOM_TYPES)('lists %s needs essentials first, then recommended, then optional', (room) => {
    const ranks = roomNeeds(room).map((need) => PRIORITIES.indexOf(need.priority));
    expect(ranks.length).toBeGreaterThan(3);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});

describe('#selectProducts', () => {
  const cases = ROOM_TYPES.flatMap((room) =>
    STAGING_STYLES.flatMap((style) => BUDGETS.map((max) => ({ room, style, max }))),
  );

  it.each(cases)(
    '$room, $style, up to $max €: inside the budget, one per category, in style',
    async ({ room, style, max }) => {
      const s = await run({ room, style, budget: { min: 0, max } });
      const picks = selected(s);
      const sum = picks.reduce((total, p) => total + p.item.priceCents * p.quantity, 0);
      expect(s.totalCents).toBe(sum);
      expect(s.totalCents).toBeLessThanOrEqual(max * 100);
      expect(new Set(s.picks.map((p) => p.need.category)).size).toBe(s.picks.length);
      const resolved = style === 'auto' ? AUTO_STYLE[room] : style;
      expect(s.style).toBe(resolved);
      // Every piece suits the style (its tags); unticked pieces are listed in the style they were designed in.
      for (const p of s.picks) expect(p.item.styles, p.item.id).toContain(resolved);
      for (const p of s.picks) if (!p.selected) expect(p.item.styles[0], p.item.id).toBe(resolved);
      for (const p of picks) {
        const companions = NEEDS_ONE_OF[p.need.category];
        if (companions)
          expect(
            picks.some((q) => companions.includes(q.need.category)),
            p.item.id,
          ).toBe(true);
      }
      for (const p of s.picks) if (!p.selected) expect(p.reason).toBeDefined();
      // Every need of the room that has products is listed, ticked or not.
      expect(s.picks.length).toBe(roomNeeds(room).length);
    },
  );

  it('selects nothing on a budget of 0 but still lists the room (to tick by hand)', async () => {
    const s = await run({ room: 'livingRoom', style: 'modern', budget: { min: 0, max: 0 } });
    expect(selected(s)).toEqual([]);
    expect(s.totalCents).toBe(0);
    expect(s.picks.every((p) => p.reason === 'budget' || p.reason === 'companion')).toBe(true);
  });

  it('on a tiny budget takes only what fits, cheapest line', async () => {
    const s = await run({ room: 'bathroom', style: 'minimal', budget: { min: 0, max: 50 } });
    expect(s.totalCents).toBeLessThanOrEqual(5000);
    expect(selected(s).length).toBeGreaterThan(0);
  });

  it('with a large budget ticks every essential and recommended piece the floor allows, mid line', async () => {
    for (const room of ROOM_TYPES) {
      const s = await run({ room, style: 'auto', budget: { min: 0, max: 5000 } });
      for (const p of s.picks.filter((q) => q.need.priority !== 'optional')) {
        if (p.reason === 'floor' || p.reason === 'companion') continue;
        expect(p.selected, `${room} ${p.need.category}`).toBe(true);
        expect(p.item.band, `${room} ${p.need.category}`).toBe('mid');
        expect(p.item.styles[0], `${room} ${p.need.category}`).toBe(AUTO_STYLE[room]);
      }
    }
  });

  it('spends on essentials before recommended pieces', async () => {
    // 800 € buys the living room's sofa and coffee table; the rest goes to what follows in priority.
    const s = await run({ room: 'livingRoom', style: 'modern', budget: { min: 0, max: 800 } });
    const ids = selected(s).map((p) => p.need.category);
    expect(ids.slice(0, 2)).toEqual(['sofa', 'coffeeTable']);
    // A cheaper line keeps the budget for the second essential: the sofa takes the budget line.
    expect(selected(s)[0].item.band).toBe('budget');
  });

  it('keeps the reserve for later essentials (a dining room gets table and chairs)', async () => {
    const s = await run({ room: 'general', style: 'modern', budget: { min: 0, max: 600 } });
    const ids = selected(s).map((p) => p.need.category);
    expect(ids).toContain('diningTable');
    expect(ids).toContain('diningChair');
  });

  it('buys 4 dining chairs when the budget allows and fewer when not', async () => {
    const rich = await run({ room: 'general', style: 'modern', budget: { min: 0, max: 2000 } });
    expect(rich.picks.find((p) => p.need.category === 'diningChair')?.quantity).toBe(4);
    const poor = await run({ room: 'general', style: 'modern', budget: { min: 0, max: 350 } });
    const chairs = poor.picks.find((p) => p.need.category === 'diningChair');
    expect(chairs?.selected).toBe(true);
    expect(chairs?.quantity).toBeLessThan(4);
  });

  it.each([
    ['livingRoom', 3],
    ['bedroom', 2],
    ['general', 4],
    ['exterior', 1.5],
  ] as const)(
    '%s with %s m² free: standing pieces cover at most the walkable share',
    async (room, floorAreaM2) => {
      const s = await run({ room, style: 'auto', budget: { min: 0, max: 5000 }, floorAreaM2 });
      const standing = selected(s).filter((p) => categoryById(p.need.category).placement === 'floor');
      const cm2 = standing.reduce((sum, p) => sum + p.item.sizeCm.w * p.item.sizeCm.d * p.quantity, 0);
      expect(cm2).toBeLessThanOrEqual(floorAreaM2 * 10_000 * FLOOR_SHARE_STANDING);
      expect(s.picks.some((p) => p.reason === 'floor')).toBe(true);
    },
  );

  it('leaves out a bed that the floor cannot take, with the reason', async () => {
    const s = await run({ room: 'bedroom', style: 'cozy', budget: { min: 0, max: 5000 }, floorAreaM2: 2 });
    const bed = s.picks.find((p) => p.need.category === 'bed');
    expect(bed).toMatchObject({ selected: false, reason: 'floor' });
    expect(s.picks.find((p) => p.need.category === 'bedLinen')).toMatchObject({
      selected: false,
      reason: 'companion',
    });
  });

  it('uses the typical floor area when the caller has none', async () => {
    const s = await run({ room: 'kitchen', style: 'modern', budget: { min: 0, max: 1000 } });
    expect(s.floorAreaM2).toBe(TYPICAL_FLOOR_AREA_M2.kitchen);
    const nan = await run({
      room: 'kitchen',
      style: 'modern',
      budget: { min: 0, max: 1000 },
      floorAreaM2: Number.NaN,
    });
    expect(nan.floorAreaM2).toBe(TYPICAL_FLOOR_AREA_M2.kitchen);
  });

  it('reports a total below the budget min', async () => {
    const s = await run({ room: 'bathroom', style: 'minimal', budget: { min: 2000, max: 5000 } });
    expect(s.belowMinimum).toBe(true);
    const t = await run({ room: 'livingRoom', style: 'modern', budget: { min: 100, max: 2000 } });
    expect(t.belowMinimum).toBe(false);
  });

  it('is deterministic', async () => {
    const filters: StagingFilters = {
      room: 'livingRoom',
      style: 'cozy',
      budget: { min: 0, max: 1350 },
      floorAreaM2: 9,
    };
    const a = await run(filters);
    const b = await run(filters);
    expect(b).toEqual(a);
    const candidates = await source.recommend(roomNeeds('livingRoom'), { style: 'cozy' });
    expect(selectProducts(candidates, filters)).toEqual(a);
  });
});
