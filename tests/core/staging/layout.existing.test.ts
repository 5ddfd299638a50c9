// The stager furnishing around what is already there: nightstands, lamps, rugs and art go with an existing bed,
// side table, floor lamp, coffee table and armchair with an existing sofa, with the same rules as around our own
// pieces and every hard constraint kept; tops never go on existing furniture, and textiles only where the photo's
// classes show they land on it; our own anchors first.
import { describe, expect, it } from 'vitest';
import { type LayoutProduct } from '../../../core/staging/layout';
import { layoutRoom } from '../../../core/staging/layout/layout';
import { headboardEnd } from '../../../core/staging/layout/existing';
import { footprint } from '../../../core/staging/layout/geometry';
import { projectPoint } from '../../../core/staging/room/camera';
import { BED, FLOOR, TABLE, WALL, WINDOWPANE } from '../../../core/staging/room/labels';
import type { GrayImage } from '../../../core/staging/room/lineSegments';
import type { LabelMap, Obstacle } from '../../../core/staging/room/types';
import type { CategoryId } from '../../../core/staging/types';
import { boxRoom, camera, expectSound, extent, gap, pieceOf, product, rect } from './layoutRooms';

/** A 5 x 6.3 m room seen from the middle of its open side; the back wall at z = -6. */
const roomWith = (...obstacles: Obstacle[]) => boxRoom({ x: [-2.5, 2.5], z: [-6, 0.3], obstacles });
const products = (categories: readonly (CategoryId | [CategoryId, number])[]): LayoutProduct[] =>
  categories.map((c) => (Array.isArray(c) ? product(c[0], c[1]) : product(c)));

/** A grey image the size of a label map, one level everywhere: a plain wall. */
function flatGray(labels: LabelMap): GrayImage {
  return {
    width: labels.width,
    height: labels.height,
    data: new Float32Array(labels.width * labels.height).fill(128),
  };
}

describe('layoutRoom: around an existing bed, headboard on the back wall', () => {
  const bedRect = rect(-0.8, 0.8, -6, -3.9);
  const room = roomWith({ label: 'bed', polygon: bedRect, heightM: 1.1 });
  const result = layoutRoom(
    room,
    products(['bed', ['nightstand', 2], ['tableLamp', 2], 'rug', 'artwork', 'cushions', 'throw', 'bedLinen']),
  );

  it('brings no second bed and keeps every hard rule', () => {
    expectSound(room, result);
    expect(result.leftOut.find((l) => l.category === 'bed')).toEqual({
      id: 'bed',
      category: 'bed',
      reason: 'noSpace',
    });
  });

  it.each([
    ['nightstand#0', -1],
    ['nightstand#1', 1],
  ])('puts %s beside the existing bed, back in line with the headboard', (key, side) => {
    const n = pieceOf(result, key);
    expect(Math.sign(n.x)).toBe(side);
    expect(gap(footprint(n), bedRect)).toBeCloseTo(0.05, 6);
    expect(extent(n).minZ).toBeCloseTo(-6, 6);
    expect(n.rotationDeg).toBe(0);
  });

  it.each([
    ['tableLamp#0', 'nightstand#0'],
    ['tableLamp#1', 'nightstand#1'],
  ])('stands %s on %s', (key, host) => {
    expect(pieceOf(result, key)).toMatchObject({ on: host, onFloor: false });
  });

  it('hangs the art centred above the existing headboard, clear of its height', () => {
    const art = pieceOf(result, 'artwork#0');
    expect(art).toMatchObject({ x: 0, rotationDeg: 0, onFloor: false });
    expect(art.z).toBeCloseTo(-6 + art.sizeM.d / 2, 6);
    expect(art.elevationM).toBeCloseTo(1.4, 6); // the bed's 1.1 m + 0.3 m
  });

  it('lays the rug across the foot of the bed, not under it', () => {
    const rug = pieceOf(result, 'rug#0');
    const r = extent(rug);
    expect(r.minZ).toBeGreaterThanOrEqual(-3.9 - 1e-6);
    expect(r.minZ).toBeLessThanOrEqual(-3.9 + 0.5);
    expect(Math.abs(rug.x)).toBeLessThanOrEqual(0.5);
    expect(r.maxX - r.minX).toBeGreaterThan(r.maxZ - r.minZ); // across the bed
  });

  it.each([
    ['cushions', 'noAnchor'],
    ['bedLinen', 'noAnchor'],
    // A throw could go on a real bed, but without the photo's classes nothing says it would land on it.
    ['throw', 'noSpace'],
  ] as const)('leaves %s out (%s): we would draw over the real bed', (c, reason) => {
    expect(result.pieces.some((p) => p.category === c)).toBe(false);
    expect(result.leftOut).toContainEqual({ id: c, category: c, reason });
  });

  /** The photo's classes: every pixel one class. */
  const filled = (id: number): LabelMap => ({
    width: 64,
    height: 48,
    labels: new Uint8Array(64 * 48).fill(id),
  });
  const withThrow = (labels: LabelMap) =>
    layoutRoom(room, products(['throw']), { labels, gray: flatGray(labels) });

  it('lays a throw across the real bed short of its foot where the photo shows bed there', () => {
    const placed = pieceOf(withThrow(filled(BED)), 'throw#0');
    expect(placed.on).toBe('existing:0');
    expect(placed.x).toBeCloseTo(0, 6);
    // On the mattress (its estimate is 1.1 m high, a mattress top is 0.55 m), between the middle and the foot.
    expect(placed.elevationM).toBeCloseTo(0.55, 6);
    expect(placed.z).toBeGreaterThan(-4.95);
    expect(placed.z).toBeLessThan(-3.9 - 0.25);
  });

  it('leaves the throw out where the photo shows floor at that spot', () => {
    const result = withThrow(filled(FLOOR));
    expect(result.pieces).toEqual([]);
    expect(result.leftOut).toEqual([{ id: 'throw', category: 'throw', reason: 'noSpace' }]);
  });
});

describe('layoutRoom: a throw on a real bed whose estimate runs past its foot', () => {
  // Head on the back wall at z = -6, the estimate 3.4 m long: a footboard or a bench beyond the foot looked like
  // bed. The throw is measured from the head, as on a bed of at most 2.2 m.
  const room = roomWith({ label: 'bed', polygon: rect(-0.8, 0.8, -6, -2.6), heightM: 1.1 });
  const labels: LabelMap = { width: 64, height: 48, labels: new Uint8Array(64 * 48).fill(BED) };

  it('lays it within 2.2 m of the head, not at the far end of the estimate', () => {
    const placed = pieceOf(
      layoutRoom(room, products(['throw']), { labels, gray: flatGray(labels) }),
      'throw#0',
    );
    expect(placed.on).toBe('existing:0');
    expect(placed.z).toBeLessThan(-6 + 2.2 - 0.25);
    expect(placed.z).toBeGreaterThan(-6 + 0.8);
  });
});

describe('layoutRoom: a rough existing bed footprint', () => {
  it.each([
    // The estimate ends 25 cm short of the wall, as a footprint extended by a typical depth does.
    ['short of the wall', rect(-0.8, 0.8, -5.75, -3.9)],
    // Corners listed front first, as the floor plan writes them.
    [
      'front side first',
      [
        { x: -0.8, z: -3.9 },
        { x: 0.8, z: -3.9 },
        { x: 0.8, z: -6 },
        { x: -0.8, z: -6 },
      ],
    ],
  ])('still puts nightstands at the headboard and art above it (%s)', (_, polygon) => {
    const room = roomWith({ label: 'bed', polygon });
    const result = layoutRoom(room, products([['nightstand', 2], 'artwork']));
    expectSound(room, result);
    const sides = ['nightstand#0', 'nightstand#1'].map((k) => pieceOf(result, k));
    expect(sides.map((n) => Math.sign(n.x))).toEqual([-1, 1]);
    for (const n of sides) expect(extent(n).minZ).toBeCloseTo(-6, 6);
    expect(pieceOf(result, 'artwork#0')).toMatchObject({ x: 0, rotationDeg: 0 });
  });

  it('takes a bed whose estimate ends 60 cm short of a wall as standing against it', () => {
    const room = roomWith({ label: 'bed', polygon: rect(-0.8, 0.8, -5.4, -3.4) });
    const result = layoutRoom(room, products([['nightstand', 2]]));
    expectSound(room, result);
    for (const key of ['nightstand#0', 'nightstand#1'])
      expect(extent(pieceOf(result, key)).minZ).toBeCloseTo(-6, 6);
  });

  it('leaves nightstands out where the existing bed leaves no floor beside it', () => {
    const room = roomWith(
      { label: 'bed', polygon: rect(-0.8, 0.8, -6, -3.9) },
      { label: 'cabinet', polygon: rect(-2.5, -0.85, -6, -5.4), heightM: 1.9 },
      { label: 'cabinet', polygon: rect(0.85, 2.5, -6, -5.4), heightM: 1.9 },
    );
    const result = layoutRoom(room, products([['nightstand', 2], 'tableLamp']));
    expectSound(room, result);
    expect(result.leftOut).toEqual([
      { id: 'nightstand', category: 'nightstand', reason: 'noSpace' },
      { id: 'nightstand', category: 'nightstand', reason: 'noSpace' },
      { id: 'tableLamp', category: 'tableLamp', reason: 'noAnchor' },
    ]);
  });
});

describe('layoutRoom: around an existing sofa on the back wall', () => {
  const sofaRect = rect(-1.05, 1.05, -6, -5.1);
  const room = roomWith({ label: 'sofa', polygon: sofaRect, heightM: 0.85 });
  const result = layoutRoom(
    room,
    products([
      'coffeeTable',
      'armchair',
      'sideTable',
      'floorLamp',
      'rug',
      'artwork',
      'plant',
      'cushions',
      'vase',
    ]),
  );

  it('keeps every hard rule and a walkway from what is not its group', () => {
    expectSound(room, result);
    expect(gap(footprint(pieceOf(result, 'plant#0')), sofaRect)).toBeGreaterThanOrEqual(0.6 - 1e-9);
  });

  it('puts the coffee table centred in front of it', () => {
    const table = pieceOf(result, 'coffeeTable#0');
    expect(table.x).toBeCloseTo(0, 6);
    expect(extent(table).minZ - -5.1).toBeCloseTo(0.45, 6);
  });

  it('puts the side table and the floor lamp at its two ends, backs on the wall', () => {
    const side = pieceOf(result, 'sideTable#0');
    const lamp = pieceOf(result, 'floorLamp#0');
    expect(Math.sign(side.x) * Math.sign(lamp.x)).toBe(-1);
    for (const p of [side, lamp]) {
      expect(Math.abs(p.x)).toBeGreaterThan(1.05);
      expect(gap(footprint(p), sofaRect)).toBeLessThanOrEqual(0.1 + 1e-6);
      expect(extent(p).minZ).toBeCloseTo(-6, 6);
    }
  });

  it('turns the armchair to the coffee table at its side', () => {
    const chair = pieceOf(result, 'armchair#0');
    const table = pieceOf(result, 'coffeeTable#0');
    expect(Math.abs(chair.rotationDeg)).toBe(90);
    // Facing the table: the chair left of it looks along +X.
    expect(Math.sign(table.x - chair.x)).toBe(chair.rotationDeg > 0 ? 1 : -1);
    expect(Math.abs(chair.z - table.z)).toBeLessThanOrEqual(0.2 + 1e-6);
  });

  it('hangs the art above the sofa, lays the rug in front of it, tops and textiles only on our pieces', () => {
    expect(pieceOf(result, 'artwork#0')).toMatchObject({ x: 0, rotationDeg: 0 });
    expect(pieceOf(result, 'artwork#0').elevationM).toBeGreaterThanOrEqual(0.85 + 0.3);
    expect(extent(pieceOf(result, 'rug#0')).minZ).toBeGreaterThanOrEqual(-5.1 - 1e-6);
    expect(pieceOf(result, 'vase#0').on).toBe('coffeeTable#0');
    // Our armchair comes before the existing sofa.
    expect(pieceOf(result, 'cushions#0').on).toBe('armchair#0');
  });
});

describe('layoutRoom: a free-standing existing sofa', () => {
  it.each([
    // Long side towards the camera: that side is its front, the coffee table goes between it and the camera.
    ['across the view', rect(-1.05, 1.05, -4.3, -3.4), { x: 0, z: 1 }],
    // Turned a quarter and nearer the left wall: its long side faces the room's right (no wall is near enough).
    ['along the view', rect(-1.5, -0.6, -5, -2.9), { x: 1, z: 0 }],
  ])('puts the coffee table in front of its long side (%s)', (_, polygon, front) => {
    const room = boxRoom({
      x: [-3, 3],
      z: [-7, 0.3],
      cam: camera({ yawDeg: 20 }),
      obstacles: [{ label: 'sofa', polygon }],
    });
    const result = layoutRoom(room, products(['coffeeTable']));
    expectSound(room, result);
    const table = pieceOf(result, 'coffeeTable#0');
    const centre = { x: (polygon[0]!.x + polygon[2]!.x) / 2, z: (polygon[0]!.z + polygon[2]!.z) / 2 };
    const rel = { x: table.x - centre.x, z: table.z - centre.z };
    // In front of the sofa's centre, along its front, not off to a side.
    expect(rel.x * front.x + rel.z * front.z).toBeGreaterThan(0.5);
    expect(Math.abs(rel.x * front.z - rel.z * front.x)).toBeLessThan(1e-6);
  });
});

describe('layoutRoom: our own anchors come first', () => {
  it('puts the coffee table in front of our sofa, not the existing one, when ours fits', () => {
    // A big room: the existing sofa on the left wall, ours on the back wall.
    const room = boxRoom({
      x: [-3, 3],
      z: [-6, 0.3],
      obstacles: [{ label: 'sofa', polygon: rect(-3, -2.1, -3.5, -1.4), heightM: 0.85 }],
    });
    const result = layoutRoom(room, products(['sofa', 'coffeeTable']));
    expectSound(room, result);
    const sofa = pieceOf(result, 'sofa#0');
    const table = pieceOf(result, 'coffeeTable#0');
    expect(sofa.rotationDeg).toBe(0);
    expect(table.x).toBeCloseTo(sofa.x, 6);
    expect(table.z).toBeGreaterThan(sofa.z);
  });

  it.each([
    ['a sofa we placed', ['sofa', 'cushions'], 'sofa#0'],
    ['a bed we placed', ['bed', 'bedLinen'], 'bed#0'],
  ] as const)('puts textiles on %s', (_, categories, host) => {
    const room = roomWith();
    const result = layoutRoom(room, products(categories));
    expect(result.pieces.find((p) => p.category === categories[1])?.on).toBe(host);
  });
});

describe('layoutRoom: a vase on a real side table', () => {
  // A 60 cm side table, 55 cm high, against the back wall; the photo: table below its top's far edge, wall above.
  const top = 0.55;
  const room = roomWith({ label: 'table', polygon: rect(-0.3, 0.3, -6, -5.55), heightM: top });
  const { width, height } = room.camera;
  const edge = projectPoint(room.camera, { x: 0, y: top, z: -6 })!.v;
  const labels: LabelMap = { width, height, labels: new Uint8Array(width * height) };
  for (let y = 0; y < height; y++) labels.labels.fill(y < edge ? WALL : TABLE, y * width, (y + 1) * width);
  const vase = () => products(['vase']);

  it('stands it on the top where the photo shows a plain wall behind it', () => {
    const result = layoutRoom(room, vase(), { labels, gray: flatGray(labels) });
    const placed = pieceOf(result, 'vase#0');
    expect(placed.on).toBe('existing:0');
    expect(Math.abs(placed.elevationM - top)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(placed.x)).toBeLessThanOrEqual(0.3);
  });

  it('leaves it out where something stands on the top (the grey behind is busy)', () => {
    const gray = flatGray(labels);
    for (let i = 0; i < gray.data.length; i++) gray.data[i] = (i * 7919) % 256;
    const result = layoutRoom(room, vase(), { labels, gray });
    expect(result.pieces).toEqual([]);
    expect(result.leftOut).toEqual([{ id: 'vase', category: 'vase', reason: 'noAnchor' }]);
  });

  it('puts nothing on real tops without the photo', () => {
    expect(layoutRoom(room, vase()).pieces).toEqual([]);
  });
});

describe('layoutRoom: a picture where the photo shows bare wall', () => {
  const room = roomWith({ label: 'bed', polygon: rect(-0.8, 0.8, -6, -3.9), heightM: 1.1 });
  const { width, height } = room.camera;
  const everywhere = (id: number): LabelMap => ({
    width,
    height,
    labels: new Uint8Array(width * height).fill(id),
  });
  const art = (labels: LabelMap) =>
    layoutRoom(room, products(['artwork']), { labels, gray: flatGray(labels) });

  it('hangs it above the bed where the photo shows wall', () => {
    expect(pieceOf(art(everywhere(WALL)), 'artwork#0').onFloor).toBe(false);
  });

  it('keeps a hand width from a window frame beside it', () => {
    const free = pieceOf(art(everywhere(WALL)), 'artwork#0');
    // A window from 5 cm right of the picture's right edge on: its face still shows only wall.
    const edge = projectPoint(room.camera, {
      x: free.x + free.sizeM.w / 2 + 0.05,
      y: free.elevationM + free.sizeM.h / 2,
      z: free.z,
    })!;
    const labels = everywhere(WALL);
    for (let y = 0; y < height; y++)
      labels.labels.fill(WINDOWPANE, y * width + Math.ceil(edge.u), (y + 1) * width);
    const moved = art(labels).pieces.find((p) => p.key === 'artwork#0');
    expect(moved?.x ?? Infinity).not.toBeCloseTo(free.x, 2);
  });

  it('hangs none where the photo shows a window (or anything but wall) there', () => {
    const result = art(everywhere(WINDOWPANE));
    expect(result.pieces).toEqual([]);
    expect(result.leftOut).toEqual([{ id: 'artwork', category: 'artwork', reason: 'noSpace' }]);
  });
});

describe('headboardEnd: where the bed class reaches highest in the photo', () => {
  /** A 100 x 60 label map with a bed from column 10 to 89 whose top is at row 40, higher (row 10) over `head`. */
  function bedMap(head: [number, number] | null): LabelMap {
    const labels = new Uint8Array(100 * 60).fill(WALL);
    for (let x = 10; x < 90; x++) {
      const top = head && x >= head[0] && x < head[1] ? 10 : 40;
      for (let y = top; y < 60; y++) labels[y * 100 + x] = BED;
    }
    return { width: 100, height: 60, labels };
  }

  it.each([
    ['its left end', [10, 25], 'left'],
    ['its right end', [75, 90], 'right'],
    ['its middle (seen from the foot)', [40, 60], null],
    ['nowhere (no headboard)', null, null],
  ] as const)('with the headboard at %s says %s', (_, head, end) => {
    expect(headboardEnd(bedMap(head ? [head[0], head[1]] : null), BED, 0, 100)).toBe(end);
  });

  it('looks only between the given columns (another bed beside it)', () => {
    expect(headboardEnd(bedMap([10, 25]), BED, 30, 100)).toBeNull();
  });
});
