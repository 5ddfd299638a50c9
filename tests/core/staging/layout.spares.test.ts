// A furnished room gets the room's unticked pieces instead of the ticked ones it has no place for, within the
// money those free, in the selection's order, never pushing a ticked piece out; an empty room gets none.
import { describe, expect, it } from 'vitest';
import { layoutWithSpares, type LayoutProduct } from '../../../core/staging/layout';
import type { PricedProduct } from '../../../core/staging/layout/spares';
import { boxRoom, expectSound, product, rect } from './layoutRooms';

const priced = (p: LayoutProduct, priceCents: number): PricedProduct => ({ product: p, priceCents });
const furnished = boxRoom({
  x: [-2.5, 2.5],
  z: [-6, 0.3],
  obstacles: [{ label: 'bed', polygon: rect(-0.8, 0.8, -6, -3.9), heightM: 1.1 }],
});
const empty = boxRoom({ x: [-2.5, 2.5], z: [-6, 0.3] });
const ticked = [priced(product('bed'), 70_000), priced(product('artwork'), 7_000)];

describe('layoutWithSpares', () => {
  it('brings the plant and the floor lamp where the room already has its bed', () => {
    const result = layoutWithSpares(furnished, ticked, [
      priced(product('floorLamp'), 9_000),
      priced(product('plant'), 6_000),
    ]);
    expect(result.added).toEqual(['floorLamp', 'plant']);
    expect(result.pieces.map((p) => p.category).sort()).toEqual(['artwork', 'floorLamp', 'plant']);
    // The bed is still reported as left out: the host ticked it.
    expect(result.leftOut.map((l) => l.id)).toEqual(['bed']);
    expectSound(furnished, result);
  });

  it.each([
    ['an empty room, where every ticked piece fits', empty, ticked, 9_000, []],
    ['spares dearer than what the left-out pieces free', furnished, ticked, 80_000, []],
    [
      'a spare of a category already ticked',
      furnished,
      [...ticked, priced(product('floorLamp'), 9_000)],
      9_000,
      [],
    ],
  ] as const)('adds nothing for %s', (_name, room, given, lampPrice, expected) => {
    const result = layoutWithSpares(room, given, [
      priced({ ...product('floorLamp'), id: 'lamp-2' }, lampPrice),
    ]);
    expect(result.added).toEqual(expected);
    expect(result.pieces.some((p) => p.id === 'lamp-2')).toBe(false);
  });

  it('spends only what the left-out pieces free: the second spare waits for money', () => {
    const result = layoutWithSpares(furnished, ticked, [
      priced(product('floorLamp'), 50_000),
      priced(product('plant'), 30_000),
    ]);
    expect(result.added).toEqual(['floorLamp']);
  });

  it('never brings furniture as a spare: in a furnished room a bench could stand on something unnamed', () => {
    const result = layoutWithSpares(furnished, ticked, [
      priced(product('bench'), 9_000),
      priced(product('desk'), 9_000),
    ]);
    expect(result.added).toEqual([]);
  });
});
