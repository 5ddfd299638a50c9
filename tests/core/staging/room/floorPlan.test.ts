// The floor plan against a rendered box room whose truth is known: the visible free floor's area, the walls, the
// window and door zones, the furniture's footprints and the eye height solved from a door or a bed; then the same
// on a coarse, noisy segmentation, with the camera turned, and on maps that make no sense.
import { describe, expect, it } from 'vitest';
import { scaleCamera } from '../../../../core/staging/room/camera';
import { roomFromLabels } from '../../../../core/staging/room/floorPlan';
import { BED, CABINET, FLOOR, TABLE, WALL } from '../../../../core/staging/room/labels';
import type { FloorPoint, LabelMap, RoomModel, WallLine } from '../../../../core/staging/room/types';
import {
  BED_BOX,
  bedroomScene,
  noisyLabels,
  renderLabels,
  SOFA_BOX,
  visibleFreeFloorArea,
  type SceneBox,
  area,
  fitted,
} from '../../../helpers/syntheticLabels';
import { pointInPolygon } from '../../../../core/staging/layout/geometry';

interface Rect {
  x0: number;
  x1: number;
  z0: number;
  z1: number;
}

function bounds(polygon: FloorPoint[]): Rect {
  const xs = polygon.map((p) => p.x);
  const zs = polygon.map((p) => p.z);
  return { x0: Math.min(...xs), x1: Math.max(...xs), z0: Math.min(...zs), z1: Math.max(...zs) };
}

const footprint = (box: SceneBox): Rect => ({ x0: box.min.x, x1: box.max.x, z0: box.min.z, z1: box.max.z });

function iou(a: Rect, b: Rect): number {
  const w = Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0));
  const d = Math.max(0, Math.min(a.z1, b.z1) - Math.max(a.z0, b.z0));
  const size = (r: Rect) => (r.x1 - r.x0) * (r.z1 - r.z0);
  return (w * d) / (size(a) + size(b) - w * d);
}

/** The wall at x = value (axis 'x') or z = value (axis 'z'), or undefined. */
function wallAt(room: RoomModel, axis: 'x' | 'z', value: number, tolerance: number): WallLine | undefined {
  return room.walls.find(
    (w) => Math.abs(w.a[axis] - value) <= tolerance && Math.abs(w.b[axis] - value) <= tolerance,
  );
}

/** The camera as the fit delivers it: right orientation and focal length, but no idea of the eye height. */

describe('roomFromLabels on a rendered bedroom', () => {
  const scene = bedroomScene();
  const room = roomFromLabels(renderLabels(scene), fitted(scene));

  it('takes the scale from the door: the eye height comes out as the true 1.6 m', () => {
    expect(room.scaleSource).toBe('door');
    expect(room.camera.heightM).toBeGreaterThan(1.6 * 0.97);
    expect(room.camera.heightM).toBeLessThan(1.6 * 1.03);
    expect(room.camera.focalPx).toBe(800);
  });

  it('outlines the truly visible free floor in at most 30 vertices', () => {
    const truth = visibleFreeFloorArea(scene);
    expect(truth).toBeGreaterThan(5);
    expect(area(room.floor)).toBeGreaterThan(truth * 0.9);
    expect(area(room.floor)).toBeLessThan(truth * 1.1);
    expect(room.floor.length).toBeGreaterThanOrEqual(3);
    expect(room.floor.length).toBeLessThanOrEqual(30);
    for (const p of room.floor) {
      expect(p.x).toBeGreaterThan(scene.room.xMin - 0.1);
      expect(p.x).toBeLessThan(scene.room.xMax + 0.1);
      expect(p.z).toBeGreaterThan(scene.room.zMin - 0.1);
      expect(p.z).toBeLessThan(0);
    }
    // Nothing of the floor under the bed: the bed's middle lies outside the polygon's band of depths there.
    const bedMiddle = { x: 0.4, z: -4 };
    expect(pointInPolygon(bedMiddle, room.floor)).toBe(false);
    expect(pointInPolygon({ x: 0.4, z: -2.6 }, room.floor)).toBe(true);
  });

  it('finds the back wall and both side walls within 10 cm, axis-aligned, facing into the room', () => {
    expect(room.walls).toHaveLength(3);
    const back = wallAt(room, 'z', -5, 0.1);
    const right = wallAt(room, 'x', 2.4, 0.1);
    const left = wallAt(room, 'x', -2, 0.1);
    expect(back?.normal).toEqual({ x: 0, z: 1 });
    expect(right?.normal).toEqual({ x: -1, z: 0 });
    expect(left?.normal).toEqual({ x: 1, z: 0 });
    // The back wall's foot is seen from the sofa to the right corner, where it meets the right wall.
    expect(Math.min(back!.a.x, back!.b.x)).toBeCloseTo(-1.1, 1);
    expect(Math.max(back!.a.x, back!.b.x)).toBeCloseTo(2.4, 1);
    expect(Math.min(right!.a.z, right!.b.z)).toBeCloseTo(-5, 1);
  });

  it('keeps 0.8 m in front of the window free, and nothing else as window', () => {
    const windows = room.keepFree.filter((z) => z.kind === 'window');
    expect(windows).toHaveLength(1);
    const zone = bounds(windows[0]!.polygon);
    expect(zone.x0).toBeCloseTo(-0.9, 1);
    expect(zone.x1).toBeCloseTo(0.3, 1);
    expect(zone.z0).toBeCloseTo(-5, 1);
    expect(zone.z1).toBeCloseTo(-4.2, 1);
  });

  it('keeps 1.0 m in front of the door free, and a 0.6 m walkway from it to the camera', () => {
    const doors = room.keepFree.filter((z) => z.kind === 'door');
    expect(doors).toHaveLength(1);
    const zone = bounds(doors[0]!.polygon);
    expect(zone.x0).toBeCloseTo(1.4, 1);
    expect(zone.x1).toBeCloseTo(2.4, 1);
    expect(zone.z0).toBeCloseTo(-4.9, 1);
    expect(zone.z1).toBeCloseTo(-4.0, 1);
    const walkways = room.keepFree.filter((z) => z.kind === 'walkway');
    expect(walkways).toHaveLength(1);
    const way = walkways[0]!.polygon;
    expect(pointInPolygon({ x: 0, z: -0.05 }, way)).toBe(true);
    expect(pointInPolygon({ x: 1.4, z: -4.45 }, way)).toBe(true);
    expect(pointInPolygon({ x: -0.5, z: -2 }, way)).toBe(false);
    const [a, b, c] = way;
    expect(Math.hypot(b!.x - c!.x, b!.z - c!.z)).toBeCloseTo(0.6, 6);
    expect(Math.hypot(a!.x - b!.x, a!.z - b!.z)).toBeGreaterThan(4);
  });

  it('gives the bed and the sofa footprints on their true ones, with their heights', () => {
    expect(room.obstacles.map((o) => o.label).sort()).toEqual(['bed', 'sofa']);
    const bed = room.obstacles.find((o) => o.label === 'bed')!;
    const sofa = room.obstacles.find((o) => o.label === 'sofa')!;
    expect(iou(bounds(bed.polygon), footprint(BED_BOX))).toBeGreaterThan(0.9);
    expect(bed.heightM).toBeCloseTo(0.55, 1);
    expect(iou(bounds(sofa.polygon), footprint(SOFA_BOX))).toBeGreaterThan(0.8);
    expect(sofa.heightM).toBeCloseTo(0.85, 1);
  });

  it('reads the same room from a camera fitted at another photo size', () => {
    const big = roomFromLabels(renderLabels(scene), scaleCamera(fitted(scene), 2048, 1536));
    expect(big.camera.heightM).toBeCloseTo(room.camera.heightM, 3);
    expect(area(big.floor)).toBeCloseTo(area(room.floor), 2);
    expect(wallAt(big, 'z', -5, 0.1)).toBeDefined();
  });
});

describe('the ceiling', () => {
  it('comes out at the true 2.6 m from where it meets the walls', () => {
    const room = roomFromLabels(renderLabels(bedroomScene()), fitted(bedroomScene()));
    expect(room.ceilingM).toBeGreaterThan(2.5);
    expect(room.ceilingM).toBeLessThan(2.7);
  });

  it('is unknown when the photo shows none', () => {
    const scene = bedroomScene({ camera: { ...bedroomScene().camera, pitchDeg: 30 } });
    expect(roomFromLabels(renderLabels(scene), fitted(scene)).ceilingM).toBeUndefined();
  });
});

describe('roomFromLabels with furniture standing free', () => {
  const table: SceneBox = {
    label: TABLE,
    min: { x: -0.2, y: 0, z: -3.0 },
    max: { x: 0.6, y: 0.45, z: -2.4 },
  };
  const scene = bedroomScene({ furniture: [SOFA_BOX, table] });
  const room = roomFromLabels(renderLabels(scene), fitted(scene));

  it('keeps the table and the floor behind it out of the outline, and reports the table as an obstacle', () => {
    expect(pointInPolygon({ x: 0.2, z: -2.7 }, room.floor)).toBe(false);
    expect(pointInPolygon({ x: 0.2, z: -4.2 }, room.floor)).toBe(false);
    expect(pointInPolygon({ x: 1.0, z: -2.5 }, room.floor)).toBe(true);
    expect(pointInPolygon({ x: 1.6, z: -4.2 }, room.floor)).toBe(true);
    // Only the floor glimpsed behind the table is missing from the truly visible free floor.
    const truth = visibleFreeFloorArea(scene);
    expect(area(room.floor)).toBeLessThan(truth);
    expect(area(room.floor)).toBeGreaterThan(truth - 0.8 * 2.6);
    const found = room.obstacles.find((o) => o.label === 'table');
    expect(iou(bounds(found!.polygon), footprint(table))).toBeGreaterThan(0.7);
    // Seen from above, the top's far edge is taken at the typical 0.8 m depth; this table is 0.6 m deep, so its
    // height comes out low (0.38 m for 0.45 m).
    expect(found!.heightM).toBeGreaterThan(0.33);
    expect(found!.heightM).toBeLessThan(0.45);
  });

  it('finds the wall foot behind the table, so the back wall spans the room', () => {
    const back = wallAt(room, 'z', -5, 0.1)!;
    expect(Math.min(back.a.x, back.b.x)).toBeCloseTo(-1.1, 1);
    expect(Math.max(back.a.x, back.b.x)).toBeCloseTo(2.4, 1);
  });
});

describe('roomFromLabels with the camera turned', () => {
  it.each([
    ['turned right and rolled', { yawDeg: -12, rollDeg: -1.5 }],
    ['turned left', { yawDeg: 12 }],
    ['rolled', { rollDeg: 2 }],
  ])('still finds the back wall, the floor and the bed when %s', (_name, turn) => {
    const scene = bedroomScene({ camera: { ...bedroomScene().camera, ...turn } });
    const room = roomFromLabels(renderLabels(scene), fitted(scene));
    expect(Math.abs(room.camera.heightM - 1.6)).toBeLessThan(0.05);
    expect(wallAt(room, 'z', -5, 0.1)?.normal).toEqual({ x: 0, z: 1 });
    const truth = visibleFreeFloorArea(scene);
    expect(Math.abs(area(room.floor) - truth) / truth).toBeLessThan(0.1);
    const bed = room.obstacles.find((o) => o.label === 'bed');
    expect(iou(bounds(bed!.polygon), footprint(BED_BOX))).toBeGreaterThan(0.8);
  });
});

describe('roomFromLabels looking into a corner whose side wall is lined with furniture', () => {
  // Turned 40° to the right, the right wall faces the camera as much as the back wall; cabinets along it hide its
  // foot everywhere, so only the floor ending against them tells where it is.
  const cabinets: SceneBox = {
    label: CABINET,
    min: { x: 1.9, y: 0, z: -5 },
    max: { x: 2.4, y: 0.9, z: -0.5 },
  };
  const scene = bedroomScene({
    // Without a door or bed the eye height is taken as 1.4 m: photographed from there, metres come out true.
    camera: { ...bedroomScene().camera, yawDeg: -40, heightM: 1.4 },
    door: null,
    furniture: [cabinets],
  });
  const room = roomFromLabels(renderLabels(scene), fitted(scene));

  it('puts a wall where the floor ends against the cabinets, facing into the room', () => {
    const right = room.walls.find((w) => w.a.x === w.b.x && w.a.x > 0);
    expect(right?.normal).toEqual({ x: -1, z: 0 });
    // At the cabinets' front or behind it, never beyond the true wall.
    expect(right!.a.x).toBeGreaterThan(1.8);
    expect(right!.a.x).toBeLessThan(2.45);
    expect(Math.max(right!.a.z, right!.b.z) - Math.min(right!.a.z, right!.b.z)).toBeGreaterThan(1.5);
  });

  it('makes no such wall on the side the camera turns away from', () => {
    expect(room.walls.some((w) => w.a.x === w.b.x && w.a.x < 0)).toBe(false);
  });
});

describe('the scale', () => {
  it.each([1.25, 1.6, 1.8])('solves an eye height of %s m from the door within a tenth', (eye) => {
    const scene = bedroomScene({ camera: { ...bedroomScene().camera, heightM: eye } });
    const room = roomFromLabels(renderLabels(scene), fitted(scene));
    expect(room.scaleSource).toBe('door');
    expect(Math.abs(room.camera.heightM - eye) / eye).toBeLessThan(0.1);
    expect(wallAt(room, 'z', -5, 0.1)).toBeDefined();
  });

  it('falls back to the bed when no door is seen', () => {
    const scene = bedroomScene({ door: null });
    const room = roomFromLabels(renderLabels(scene), fitted(scene));
    expect(room.scaleSource).toBe('bed');
    expect(Math.abs(room.camera.heightM - 1.6) / 1.6).toBeLessThan(0.1);
  });

  it('assumes 1.4 m without door or bed, and measures everything with it', () => {
    const scene = bedroomScene({ door: null, furniture: [SOFA_BOX] });
    const room = roomFromLabels(renderLabels(scene), { ...scene.camera, heightM: 1.7 });
    expect(room.scaleSource).toBe('cameraHeight');
    expect(room.camera.heightM).toBe(1.4);
    // The true room seen from 1.6 m, measured as if from 1.4 m: every distance shrinks by 1.4 / 1.6.
    expect(wallAt(room, 'z', (-5 * 1.4) / 1.6, 0.1)).toBeDefined();
    expect(wallAt(room, 'x', (-2 * 1.4) / 1.6, 0.1)).toBeDefined();
  });

  it('does not believe a door that makes the eye height absurd', () => {
    // A camera 2.5 m up (a photo from a ladder): the door says 2.5 m, outside 1.0..1.9, so 1.4 m is kept.
    const scene = bedroomScene({ camera: { ...bedroomScene().camera, heightM: 2.5 }, furniture: [] });
    const room = roomFromLabels(renderLabels(scene), fitted(scene));
    expect(room.scaleSource).toBe('cameraHeight');
    expect(room.camera.heightM).toBe(1.4);
  });
});

describe('roomFromLabels on a coarse, noisy segmentation', () => {
  const scene = bedroomScene();
  const room = roomFromLabels(noisyLabels(renderLabels(scene), 7, 3), fitted(scene));

  it('still finds the scale, the floor and the walls within looser bounds', () => {
    expect(room.scaleSource).toBe('door');
    expect(Math.abs(room.camera.heightM - 1.6) / 1.6).toBeLessThan(0.15);
    const truth = visibleFreeFloorArea(scene);
    expect(Math.abs(area(room.floor) - truth) / truth).toBeLessThan(0.2);
    expect(room.floor.length).toBeLessThanOrEqual(30);
    expect(wallAt(room, 'z', -5, 0.25)?.normal).toEqual({ x: 0, z: 1 });
    expect(wallAt(room, 'x', 2.4, 0.25)?.normal).toEqual({ x: -1, z: 0 });
    expect(room.walls.length).toBeLessThanOrEqual(4);
  });

  it('keeps free what is left of the window, and finds the bed', () => {
    const windows = room.keepFree.filter((z) => z.kind === 'window');
    expect(windows).toHaveLength(1);
    const zone = bounds(windows[0]!.polygon);
    // The left part of the window was missed; the zone covers the part that was found, on the back wall.
    expect(zone.x0).toBeGreaterThan(-1.0);
    expect(zone.x1).toBeCloseTo(0.3, 0);
    expect(zone.x1 - zone.x0).toBeGreaterThan(0.5);
    expect(zone.z0).toBeCloseTo(-5, 0);
    const bed = room.obstacles.find((o) => o.label === 'bed');
    expect(iou(bounds(bed!.polygon), footprint(BED_BOX))).toBeGreaterThan(0.5);
  });
});

describe('odd maps', () => {
  const camera = fitted(bedroomScene());
  const map = (width: number, height: number, fill: number): LabelMap => ({
    width,
    height,
    labels: new Uint8Array(width * height).fill(fill),
  });

  it.each([
    ['a 1x1 map', map(1, 1, FLOOR)],
    ['an empty map', map(0, 0, 0)],
    ['all wall', map(64, 64, WALL)],
    ['all bed', map(64, 64, BED)],
    ['labels shorter than the size', { width: 10, height: 10, labels: new Uint8Array(5) }],
  ])('gives an empty plan for %s', (_name, labels) => {
    const room = roomFromLabels(labels, camera);
    expect(room.floor).toEqual([]);
    expect(room.walls).toEqual([]);
    expect(room.keepFree).toEqual([]);
    expect(room.scaleSource).toBe('cameraHeight');
    expect(room.camera.heightM).toBe(1.4);
  });

  it('outlines an all-floor map as the floor below the horizon, without walls', () => {
    const room = roomFromLabels(map(512, 512, FLOOR), camera);
    expect(room.floor.length).toBeGreaterThanOrEqual(3);
    expect(room.walls).toEqual([]);
    expect(room.obstacles).toEqual([]);
  });

  it('survives a camera looking straight up or with no focal length', () => {
    const labels = renderLabels(bedroomScene(), 64);
    expect(() => roomFromLabels(labels, { ...camera, pitchDeg: -90 })).not.toThrow();
    expect(roomFromLabels(labels, { ...camera, focalPx: 0 }).floor).toEqual([]);
    expect(roomFromLabels(labels, { ...camera, pitchDeg: Number.NaN }).floor).toEqual([]);
  });
});
