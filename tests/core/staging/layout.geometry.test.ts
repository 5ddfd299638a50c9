// The layout's floor geometry: a piece's turned footprint, containment in concave polygons, overlap where
// touching counts, and the gap between shapes, on cases whose answers are known by hand.
import { describe, expect, it } from 'vitest';
import {
  footprint,
  innerFootprint,
  polygonDistance,
  polygonInside,
  polygonsIntersect,
  pointInPolygon,
  rotationFacing,
} from '../../../core/staging/layout/geometry';
import type { FloorPoint } from '../../../core/staging/room/types';
import { rect } from './layoutRooms';

const round = (ps: FloorPoint[]) => ps.map((p) => ({ x: +p.x.toFixed(9) + 0, z: +p.z.toFixed(9) + 0 }));
/** An L-shaped floor: 4 x 4 with the front-right 2 x 2 cut away. */
const ell: FloorPoint[] = [
  { x: 0, z: -4 },
  { x: 4, z: -4 },
  { x: 4, z: -2 },
  { x: 2, z: -2 },
  { x: 2, z: 0 },
  { x: 0, z: 0 },
];

describe('footprint', () => {
  it.each([
    [
      0,
      [
        { x: -1, z: -0.5 },
        { x: 1, z: -0.5 },
        { x: 1, z: 0.5 },
        { x: -1, z: 0.5 },
      ],
    ],
    // Turned 90°: the front faces +X, the width runs along -Z.
    [
      90,
      [
        { x: -0.5, z: 1 },
        { x: -0.5, z: -1 },
        { x: 0.5, z: -1 },
        { x: 0.5, z: 1 },
      ],
    ],
    [
      180,
      [
        { x: 1, z: 0.5 },
        { x: -1, z: 0.5 },
        { x: -1, z: -0.5 },
        { x: 1, z: -0.5 },
      ],
    ],
  ])('turned %i° puts the back corners first', (rotationDeg, corners) => {
    expect(round(footprint({ x: 0, z: 0, rotationDeg, sizeM: { w: 2, d: 1, h: 1 } }))).toEqual(corners);
  });

  it.each([
    [{ x: 0, z: 1 }, 0],
    [{ x: 1, z: 0 }, 90],
    [{ x: -1, z: 0 }, -90],
    [{ x: 0, z: -1 }, 180],
  ])('faces %o with rotation %i', (direction, deg) => {
    expect(rotationFacing(direction)).toBe(deg);
  });
});

describe('polygons', () => {
  it.each([
    [{ x: 1, z: -1 }, true],
    [{ x: 3, z: -1 }, false], // in the cut-away corner
    [{ x: 3, z: -3 }, true],
    [{ x: 5, z: -3 }, false],
  ])('knows whether %o is on the L-shaped floor', (p, inside) => {
    expect(pointInPolygon(p, ell)).toBe(inside);
  });

  it.each([
    ['inside the long arm', rect(0.5, 1.5, -3.5, -0.5), true],
    ['across the notch, all corners inside', rect(1, 3.5, -3, -1.5), false],
    [
      'touching the wall, shrunk a millimetre',
      innerFootprint({ x: 0.5, z: -3.5, rotationDeg: 0, sizeM: { w: 1, d: 1, h: 1 } }),
      true,
    ],
  ])('a rectangle %s lies inside: %s', (_n, poly, inside) => {
    expect(polygonInside(poly, ell)).toBe(inside);
  });

  it.each([
    ['crossing', rect(0, 2, 0, 2), rect(1, 3, 1, 3), true, 0],
    ['one inside the other', rect(0, 4, 0, 4), rect(1, 2, 1, 2), true, 0],
    ['touching along an edge', rect(0, 1, 0, 1), rect(1, 2, 0, 1), true, 0],
    ['apart side by side', rect(0, 1, 0, 1), rect(1.6, 2, 0, 1), false, 0.6],
    ['apart diagonally', rect(0, 1, 0, 1), rect(4, 5, 5, 6), false, 5],
  ])('two squares %s: intersect %s, gap %f', (_n, a, b, intersects, distance) => {
    expect(polygonsIntersect(a, b)).toBe(intersects);
    expect(polygonDistance(a, b)).toBeCloseTo(distance, 9);
  });
});
