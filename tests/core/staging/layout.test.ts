// The stager's layout on hand-built rooms seen by a real camera: big pieces back to a wall facing the room,
// companions beside what they serve, rugs under their group, decor on tops, seats, walls and under the ceiling;
// nothing on existing furniture, in front of windows and doors or in walkways; what does not fit is left out.
import { describe, expect, it } from 'vitest';
import { placementProblems, type PlacedPiece } from '../../../core/staging/layout';
import { layoutRoom } from '../../../core/staging/layout/layout';
import { footprint } from '../../../core/staging/layout/geometry';
import type { CategoryId } from '../../../core/staging/types';
import { boxRoom, camera, expectSound, extent, gap, pieceOf, product, rect } from './layoutRooms';

const DEG = Math.PI / 180;
const front = (p: PlacedPiece) => ({ x: Math.sin(p.rotationDeg * DEG), z: Math.cos(p.rotationDeg * DEG) });
const inside = (inner: PlacedPiece, outer: PlacedPiece) => {
  const o = extent(outer);
  return footprint(inner).every(
    (c) => c.x >= o.minX - 1e-6 && c.x <= o.maxX + 1e-6 && c.z >= o.minZ - 1e-6 && c.z <= o.maxZ + 1e-6,
  );
};

describe('layoutRoom: an empty 4 x 5 m living room seen from a corner', () => {
  // The camera stands in the front-right corner looking diagonally at the back-left one.
  const room = boxRoom({
    x: [-3.7, 0.3],
    z: [-4.7, 0.3],
    cam: camera({ yawDeg: 45 }),
    walls: ['back', 'left'],
  });
  const categories: CategoryId[] = [
    'sofa',
    'coffeeTable',
    'armchair',
    'sideTable',
    'floorLamp',
    'rug',
    'cushions',
    'artwork',
    'pendant',
    'tableLamp',
  ];
  const result = layoutRoom(
    room,
    categories.map((c) => product(c)),
  );
  const sofa = pieceOf(result, 'sofa#0');
  const table = pieceOf(result, 'coffeeTable#0');

  it('places everything soundly', () => {
    expect(result.leftOut).toEqual([]);
    expect(result.pieces.map((p) => p.key)).toEqual(categories.map((c) => `${c}#0`));
    expectSound(room, result);
  });

  it('puts the sofa back to the longer visible wall, facing the room, and the coffee table 45 cm in front', () => {
    expect(sofa.rotationDeg).toBe(90); // left wall, normal +X
    expect(extent(sofa).minX).toBeCloseTo(-3.7, 6);
    expect(table.rotationDeg).toBe(90);
    expect(extent(table).minX - extent(sofa).maxX).toBeCloseTo(0.45, 6);
    expect(table.z).toBeCloseTo(sofa.z, 6);
  });

  it('turns the armchair to the coffee table from the side where the camera sees its front', () => {
    const chair = pieceOf(result, 'armchair#0');
    const toTable = { x: table.x - chair.x, z: table.z - chair.z };
    const f = front(chair);
    expect((f.x * toTable.x + f.z * toTable.z) / Math.hypot(toTable.x, toTable.z)).toBeCloseTo(1, 6);
    expect(chair.rotationDeg).toBe(0); // facing +Z, towards the camera's side
    expect(gap(footprint(chair), footprint(table))).toBeCloseTo(0.45, 6);
  });

  it('puts the side table and the floor lamp at the two sofa ends, the table lamp on the side table', () => {
    const side = pieceOf(result, 'sideTable#0');
    const lamp = pieceOf(result, 'floorLamp#0');
    const s = extent(sofa);
    expect(extent(side).maxZ).toBeCloseTo(s.minZ - 0.05, 6);
    expect(extent(lamp).minZ).toBeCloseTo(s.maxZ + 0.1, 6);
    const tableLamp = pieceOf(result, 'tableLamp#0');
    expect(tableLamp).toMatchObject({ on: 'sideTable#0', x: side.x, z: side.z, onFloor: false });
    expect(tableLamp.elevationM).toBeCloseTo(side.sizeM.h, 9);
  });

  it('lays the rug under the coffee table and the sofa front, long side along the sofa', () => {
    const rug = pieceOf(result, 'rug#0');
    expect(rug.rotationDeg).toBe(90);
    expect(inside(table, rug)).toBe(true);
    const sofaFrontEdge = extent(sofa).maxX;
    expect(extent(rug).minX).toBeLessThan(sofaFrontEdge - 0.2);
    expect(extent(rug).minX).toBeGreaterThan(extent(sofa).minX);
  });

  it('hangs the art above the sofa, the pendant above the table, the cushions on the seat', () => {
    const art = pieceOf(result, 'artwork#0');
    expect(art.rotationDeg).toBe(90);
    expect(art.x).toBeCloseTo(-3.7 + art.sizeM.d / 2, 6);
    expect(art.z).toBeCloseTo(sofa.z, 6);
    // Centre at 1.45 m puts its bottom at 1.2 m, above the sofa's back (0.82 m) plus 0.3 m.
    expect(art.elevationM).toBeCloseTo(1.2, 9);
    expect(pieceOf(result, 'pendant#0')).toMatchObject({
      x: table.x,
      z: table.z,
      elevationM: 2,
      onFloor: false,
    });
    expect(pieceOf(result, 'cushions#0')).toMatchObject({ on: 'sofa#0', elevationM: 0.45, onFloor: false });
  });
});

describe('layoutRoom: a bedroom', () => {
  const room = boxRoom({ x: [-2, 2], z: [-5, 0.3] });
  const result = layoutRoom(room, [
    product('bed'),
    product('nightstand', 2),
    product('tableLamp', 2),
    product('rug'),
    product('artwork'),
    product('bedLinen'),
  ]);
  const bed = pieceOf(result, 'bed#0');

  it('puts the headboard against the back wall, centred, the bed facing the camera', () => {
    expect(result.leftOut).toEqual([]);
    expectSound(room, result);
    expect(bed).toMatchObject({ x: 0, rotationDeg: 0, elevationM: 0, onFloor: true });
    expect(extent(bed).minZ).toBeCloseTo(-5, 6);
  });

  it.each([
    ['nightstand#0', -1],
    ['nightstand#1', 1],
  ])('puts %s beside the bed a few cm off, back to the wall', (key, side) => {
    const n = pieceOf(result, key);
    expect(Math.sign(n.x)).toBe(side);
    expect(gap(footprint(n), footprint(bed))).toBeCloseTo(0.05, 6);
    expect(extent(n).minZ).toBeCloseTo(-5, 6);
    expect(n.rotationDeg).toBe(0);
  });

  it.each([
    ['tableLamp#0', 'nightstand#0'],
    ['tableLamp#1', 'nightstand#1'],
  ])('stands %s on %s', (key, host) => {
    const lamp = pieceOf(result, key);
    const stand = pieceOf(result, host);
    expect(lamp).toMatchObject({ on: host, x: stand.x, z: stand.z, onFloor: false });
    expect(lamp.elevationM).toBeCloseTo(0.52, 9);
  });

  it("lays the rug across the bed's lower two-thirds, wider than the bed", () => {
    const rug = pieceOf(result, 'rug#0');
    const r = extent(rug);
    expect(rug.rotationDeg).toBe(0);
    expect(r.maxX - r.minX).toBeCloseTo(2, 6);
    expect(r.minZ).toBeCloseTo(-5 + 2.1 / 3, 6);
    expect(r.maxZ).toBeCloseTo(extent(bed).maxZ, 6);
  });

  it('hangs the art above the headboard and puts the linen on the mattress', () => {
    const art = pieceOf(result, 'artwork#0');
    expect(art).toMatchObject({ x: 0, rotationDeg: 0, onFloor: false });
    expect(art.z).toBeCloseTo(-5 + 0.015, 6);
    expect(art.elevationM).toBeCloseTo(1.3, 9); // bed 1.0 m + 0.3 m
    expect(pieceOf(result, 'bedLinen#0')).toMatchObject({
      on: 'bed#0',
      elevationM: 0.55,
      x: bed.x,
      z: bed.z,
    });
  });
});

describe('layoutRoom: what is already there', () => {
  it('places nothing on an existing sofa; only its own group comes closer than a 60 cm walkway', () => {
    const sofa = rect(-1.05, 1.05, -4.2, -3.3);
    const room = boxRoom({
      x: [-2.5, 2.5],
      z: [-6, 0.3],
      obstacles: [{ label: 'sofa', polygon: sofa, heightM: 0.85 }],
    });
    const result = layoutRoom(
      room,
      (['sofa', 'armchair', 'floorLamp', 'plant', 'rug', 'sideTable'] as const).map((c) => product(c)),
    );
    expectSound(room, result);
    expect(result.pieces.length).toBeGreaterThanOrEqual(5);
    // The armchair, side table and floor lamp join the existing sofa's group (layout.existing.test.ts); the plant
    // does not.
    const group: CategoryId[] = ['rug', 'armchair', 'sideTable', 'floorLamp'];
    for (const p of result.pieces.filter((q) => !group.includes(q.category))) {
      expect({ key: p.key, far: gap(footprint(p), sofa) >= 0.6 - 1e-9 }).toEqual({ key: p.key, far: true });
    }
    const rug = extent(pieceOf(result, 'rug#0'));
    expect(rug.maxZ <= -4.2 + 1e-6 || rug.minZ >= -3.3 - 1e-6).toBe(true);
  });

  it('keeps the floor in front of a window free and hangs no art over it', () => {
    const window = rect(-0.8, 0.8, -5, -4.4);
    const room = boxRoom({ x: [-2, 2], z: [-5, 0.3], keepFree: [{ kind: 'window', polygon: window }] });
    const result = layoutRoom(
      room,
      (['sofa', 'coffeeTable', 'artwork', 'plant'] as const).map((c) => product(c)),
    );
    expectSound(room, result);
    // 1.2 m either side of the window is too short for the 2.1 m sofa: it goes to a side wall.
    const sofa = pieceOf(result, 'sofa#0');
    expect(sofa.rotationDeg).toBe(90);
    const art = pieceOf(result, 'artwork#0');
    expect(art).toMatchObject({ rotationDeg: 90, z: sofa.z });
    const a = extent(art);
    expect(a.maxX < -0.8 || a.minX > 0.8 || a.maxZ < -5 + 1e-6).toBe(true);
    const dragged = { ...art, x: 0, z: -5 + 0.015, rotationDeg: 0 };
    expect(placementProblems(room, [dragged], art.key)).toEqual(['keepFree']);
  });

  it('hangs no art over a picture already on the wall, but lets the sofa stand below it', () => {
    const picture = rect(-1.2, 1.2, -5, -4.9);
    const room = boxRoom({ x: [-2, 2], z: [-5, 0.3], keepFree: [{ kind: 'wallDecor', polygon: picture }] });
    const result = layoutRoom(
      room,
      (['sofa', 'artwork'] as const).map((c) => product(c)),
    );
    expectSound(room, result);
    expect(pieceOf(result, 'sofa#0')).toMatchObject({ x: 0, rotationDeg: 0 });
    const art = extent(pieceOf(result, 'artwork#0'));
    expect(art.maxX < -1.2 || art.minX > 1.2 || art.minZ > -4.9).toBe(true);
  });

  it("keeps a door's zone and its walkway free", () => {
    const door = rect(-2, -1.1, -2.8, -1.9);
    const walkway = rect(-1.1, 0.3, -2.8, -1.9);
    const room = boxRoom({
      x: [-2, 2],
      z: [-5, 0.3],
      keepFree: [
        { kind: 'door', polygon: door },
        { kind: 'walkway', polygon: walkway },
      ],
    });
    const result = layoutRoom(room, [
      product('bed'),
      product('nightstand', 2),
      product('plant'),
      product('rug'),
    ]);
    expectSound(room, result);
    expect(result.leftOut).toEqual([]);
    for (const p of result.pieces) {
      const e = extent(p);
      expect({
        key: p.key,
        clear: e.maxX <= -2 || e.minX >= 0.3 || e.maxZ <= -2.8 + 1e-6 || e.minZ >= -1.9,
      }).toEqual({
        key: p.key,
        clear: true,
      });
    }
  });
});

describe('layoutRoom: what is left out', () => {
  it("leaves out a sofa the room is too small for ('noSpace') and places the rest", () => {
    const room = boxRoom({ x: [-0.9, 0.9], z: [-3.5, 0.3] });
    const result = layoutRoom(
      room,
      (['sofa', 'armchair', 'plant', 'floorLamp'] as const).map((c) => product(c)),
    );
    expect(result.leftOut).toEqual([{ id: 'sofa', category: 'sofa', reason: 'noSpace' }]);
    expect(result.pieces.map((p) => p.key)).toEqual(['armchair#0', 'plant#0', 'floorLamp#0']);
    expectSound(room, result);
  });

  it.each<[string, CategoryId[], CategoryId]>([
    ['a table lamp without a table', ['tableLamp', 'sofa'], 'tableLamp'],
    ['a vase without a table', ['vase', 'bed'], 'vase'],
    ['cushions without a seat or bed', ['cushions', 'plant'], 'cushions'],
    ['bed linen without a bed', ['bedLinen', 'sofa'], 'bedLinen'],
    ['nightstands without a bed', ['nightstand'], 'nightstand'],
    ['dining chairs without a table', ['diningChair'], 'diningChair'],
    ['an office chair without a desk', ['officeChair'], 'officeChair'],
    ['bar stools without a counter', ['barStool'], 'barStool'],
    ['a pendant without a table', ['pendant', 'sofa'], 'pendant'],
    ['a coffee table without a sofa', ['coffeeTable'], 'coffeeTable'],
  ])("leaves out %s ('noAnchor')", (_name, categories, missing) => {
    const room = boxRoom({ x: [-2, 2], z: [-5, 0.3] });
    const result = layoutRoom(
      room,
      categories.map((c) => product(c)),
    );
    expect(result.leftOut.filter((l) => l.category === missing).map((l) => l.reason)).toEqual(
      Array(product(missing).quantity).fill('noAnchor'),
    );
    expect(result.pieces.filter((p) => p.category === missing)).toEqual([]);
    expect(result.pieces.length).toBe(categories.length - 1);
  });

  it('places or leaves out each unit on its own: a third nightstand finds no side', () => {
    const room = boxRoom({ x: [-2, 2], z: [-5, 0.3] });
    const result = layoutRoom(room, [product('bed'), product('nightstand', 3)]);
    expect(result.pieces.map((p) => p.key)).toEqual(['bed#0', 'nightstand#0', 'nightstand#1']);
    expect(result.leftOut).toEqual([{ id: 'nightstand', category: 'nightstand', reason: 'noSpace' }]);
  });
});

describe('layoutRoom: floor seen through a doorway', () => {
  // The living room ends at a wall at z = -3 whose doorway shows the dining room's floor up to z = -6.
  const room = boxRoom({ x: [-2.5, 2.5], z: [-6, 0.3] });
  const doorwayWall = { a: { x: -2.5, z: -3 }, b: { x: 2.5, z: -3 }, normal: { x: 0, z: 1 } };
  const throughDoorway = { ...room, walls: [...room.walls, doorwayWall] };
  const categories: CategoryId[] = ['sofa', 'plant', 'sideboard'];

  it('keeps every piece in front of the wall, none in the next room', () => {
    const result = layoutRoom(
      throughDoorway,
      categories.map((c) => product(c)),
    );
    expect(result.pieces.length).toBeGreaterThan(0);
    for (const piece of result.pieces) expect(extent(piece).minZ).toBeGreaterThanOrEqual(-3.3);
  });

  it('uses the far floor where no wall stands before it', () => {
    const result = layoutRoom(
      room,
      categories.map((c) => product(c)),
    );
    expect(Math.min(...result.pieces.map((p) => extent(p).minZ))).toBeLessThan(-3.3);
  });
});

describe('layoutRoom: tables, desks and counters', () => {
  it('seats four chairs around a dining table at the wall, turned to it, with a vase and a pendant', () => {
    const room = boxRoom({ x: [-2, 2], z: [-5, 0.3] });
    const result = layoutRoom(room, [
      product('diningTable'),
      product('diningChair', 4),
      product('vase'),
      product('pendant'),
    ]);
    expectSound(room, result);
    const table = pieceOf(result, 'diningTable#0');
    expect(table).toMatchObject({ x: 0, rotationDeg: 0 });
    expect(extent(table).minZ).toBeCloseTo(-5, 6);
    const chairs = [0, 1, 2, 3].map((i) => pieceOf(result, `diningChair#${i}`));
    expect(chairs.map((c) => c.rotationDeg)).toEqual([180, 180, 90, -90]);
    for (const chair of chairs) {
      const toTable = { x: table.x - chair.x, z: table.z - chair.z };
      const f = front(chair);
      expect(f.x * toTable.x + f.z * toTable.z).toBeGreaterThan(0.3);
      expect(gap(footprint(chair), footprint(table))).toBeCloseTo(0.05, 6);
    }
    expect(pieceOf(result, 'vase#0')).toMatchObject({
      on: 'diningTable#0',
      x: 0,
      z: table.z,
      elevationM: 0.75,
    });
    expect(pieceOf(result, 'pendant#0')).toMatchObject({ x: 0, z: table.z, elevationM: 2 });
  });

  it('puts the office chair in front of the desk, turned to it', () => {
    const room = boxRoom({ x: [-2, 2], z: [-5, 0.3] });
    const result = layoutRoom(room, [product('officeChair'), product('desk')]);
    const desk = pieceOf(result, 'desk#0');
    const chair = pieceOf(result, 'officeChair#0');
    expect(chair).toMatchObject({ x: desk.x, rotationDeg: 180 });
    expect(extent(chair).minZ - extent(desk).maxZ).toBeCloseTo(0.1, 6);
    expect(result.pieces.map((p) => p.key)).toEqual(['officeChair#0', 'desk#0']); // the caller's order
  });

  it('lines bar stools up along the counter, 60 cm apart, turned to it', () => {
    const counter = rect(-1.8, 1.8, -4.5, -3.9);
    const room = boxRoom({
      x: [-1.8, 1.8],
      z: [-4.5, 0.3],
      obstacles: [{ label: 'cabinet', polygon: counter }],
    });
    const result = layoutRoom(room, [product('barStool', 2)]);
    const stools = [pieceOf(result, 'barStool#0'), pieceOf(result, 'barStool#1')];
    expect(stools.map((s) => s.rotationDeg)).toEqual([180, 180]);
    expect(Math.abs(stools[0]!.x - stools[1]!.x)).toBeCloseTo(0.6, 6);
    expect(stools[0]!.x + stools[1]!.x).toBeCloseTo(0, 6);
    for (const s of stools) expect(extent(s).minZ).toBeCloseTo(-3.9 + 0.05, 6);
  });

  it('sets the tv board opposite the sofa, in line with it', () => {
    const window = rect(-1.5, 1.5, -6, -5.4);
    const room = boxRoom({ x: [-2.5, 2.5], z: [-6, 0.3], keepFree: [{ kind: 'window', polygon: window }] });
    const result = layoutRoom(room, [product('sofa'), product('coffeeTable'), product('tvBoard')]);
    const sofa = pieceOf(result, 'sofa#0');
    const tv = pieceOf(result, 'tvBoard#0');
    expect(sofa.rotationDeg).toBe(90);
    expect(tv.rotationDeg).toBe(-90);
    expect(extent(tv).maxX).toBeCloseTo(2.5, 6);
    expect(Math.abs(tv.z - sofa.z)).toBeLessThanOrEqual(0.1);
  });
});

describe('layoutRoom: determinism', () => {
  it('gives the same output for the same input and leaves the input alone', () => {
    const room = boxRoom({
      x: [-3.7, 0.3],
      z: [-4.7, 0.3],
      cam: camera({ yawDeg: 45 }),
      walls: ['back', 'left'],
    });
    const products = (['sofa', 'coffeeTable', 'armchair', 'plant', 'rug', 'artwork'] as const).map((c) =>
      product(c),
    );
    const before = JSON.stringify({ room, products });
    const first = layoutRoom(room, products);
    const second = layoutRoom(structuredClone(room), structuredClone(products));
    expect(second).toEqual(first);
    expect(JSON.stringify({ room, products })).toBe(before);
  });
});

describe('placementProblems', () => {
  const room = boxRoom({
    x: [-2, 2],
    z: [-5, 0.3],
    keepFree: [{ kind: 'window', polygon: rect(1, 2, -3, -2.4) }],
    obstacles: [{ label: 'wardrobe', polygon: rect(-2, -1.4, -5, -3.5) }],
  });
  const result = layoutRoom(room, [product('bed'), product('rug'), product('plant')]);
  const move = (key: string, to: Partial<PlacedPiece>) =>
    placementProblems(
      room,
      result.pieces.map((p) => (p.key === key ? { ...p, ...to } : p)),
      key,
    );

  it('finds nothing wrong with the layout as placed', () => {
    for (const p of result.pieces) expect(placementProblems(room, result.pieces, p.key)).toEqual([]);
  });

  it.each<[string, string, Partial<PlacedPiece>, string[]]>([
    ['a plant dragged onto the wardrobe', 'plant#0', { x: -1.7, z: -4 }, ['obstacle']],
    ['a plant dragged off the floor', 'plant#0', { x: 2.3, z: -3 }, ['offFloor']],
    ['a plant dragged into the window zone', 'plant#0', { x: 1.5, z: -2.7 }, ['keepFree']],
    ['a plant dragged onto the bed', 'plant#0', { x: 0, z: -4 }, ['overlap']],
    [
      'a plant dragged half onto the wardrobe and off the floor',
      'plant#0',
      { x: -2, z: -4 },
      ['offFloor', 'obstacle'],
    ],
    ['the rug moved under the bed (ours)', 'rug#0', { z: -4 }, []],
    ['the rug moved under the wardrobe', 'rug#0', { x: -1, z: -4 }, ['obstacle']],
    ['the bed turned sideways into the open', 'bed#0', { x: -0.1, z: -3.2, rotationDeg: 90 }, []],
  ])('%s', (_name, key, to, problems) => {
    expect(move(key, to)).toEqual(problems);
  });

  it('refuses a key it does not know', () => {
    expect(() => placementProblems(room, result.pieces, 'nope#0')).toThrow(/nope#0/);
  });
});
