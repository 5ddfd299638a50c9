// The floor plan on what real segmentations do to a room: near runs frayed into one-column spikes (chair legs,
// speckled rugs), a back wall whose foot hides behind a sideboard, a glass door labelled as a window down to the
// floor, and furniture footprints that would reach over floor seen in the photo.
import { describe, expect, it } from 'vitest';
import { roomFromLabels } from '../../../../core/staging/room/floorPlan';
import { CABINET, CHAIR, FLOOR, TABLE } from '../../../../core/staging/room/labels';
import type { FloorPoint, LabelMap, RoomModel } from '../../../../core/staging/room/types';
import {
  bedroomScene,
  renderLabels,
  SOFA_BOX,
  type SceneBox,
  area,
  fitted,
} from '../../../helpers/syntheticLabels';
import { pointInPolygon } from '../../../../core/staging/layout/geometry';

function segmentsCross(a: FloorPoint, b: FloorPoint, c: FloorPoint, d: FloorPoint): boolean {
  const side = (p: FloorPoint, q: FloorPoint, r: FloorPoint) =>
    (q.x - p.x) * (r.z - p.z) - (q.z - p.z) * (r.x - p.x);
  const [d1, d2, d3, d4] = [side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)];
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** Whether any two edges of the polygon that do not share a corner cross. */
function selfCrossing(polygon: FloorPoint[]): boolean {
  const n = polygon.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsCross(polygon[i]!, polygon[(i + 1) % n]!, polygon[j]!, polygon[(j + 1) % n]!)) return true;
    }
  }
  return false;
}

/**
 * The map with every `period`-th column's floor relabelled as `label` from row `from` down to `to`: the frayed
 * lower edge of a chair row or a rug the segmenter reads as furniture in stripes.
 */
function striped(map: LabelMap, period: number, from: number, to: number, label: number): LabelMap {
  const labels = map.labels.slice();
  for (let x = 0; x < map.width; x += period) {
    for (let y = from; y < to; y++)
      if (labels[y * map.width + x] === FLOOR) labels[y * map.width + x] = label;
  }
  return { ...map, labels };
}

describe('the free floor on a frayed segmentation', () => {
  const scene = bedroomScene();
  const clean = roomFromLabels(renderLabels(scene), fitted(scene));
  // Every third column loses most of its floor run to 'chair': the near runs alternate between long and short.
  const map = striped(renderLabels(scene), 3, 300, 470, CHAIR);
  const room = roomFromLabels(map, fitted(scene));

  it('outlines a simple polygon, not a comb of self-crossing slivers', () => {
    expect(room.floor.length).toBeGreaterThanOrEqual(3);
    expect(selfCrossing(room.floor)).toBe(false);
  });

  it('keeps the floor between the stripes: most of the clean outline', () => {
    expect(area(room.floor)).toBeGreaterThan(0.7 * area(clean.floor));
    expect(pointInPolygon({ x: 0.4, z: -2.6 }, room.floor)).toBe(true);
  });

  it('stays simple on a map whose floor comes in two bands split by a post', () => {
    const labels = renderLabels(scene).labels.slice();
    for (let y = 250; y < 512; y++) for (let x = 200; x < 206; x++) labels[y * 512 + x] = CHAIR;
    const split = roomFromLabels({ width: 512, height: 512, labels }, fitted(scene));
    expect(selfCrossing(split.floor)).toBe(false);
    // One band only: the larger one, right of the post, holds the point in front of the bed.
    expect(pointInPolygon({ x: 0.4, z: -2.6 }, split.floor)).toBe(true);
  });
});

describe('walls whose foot is hidden', () => {
  // A sideboard along the whole back wall: no pixel of the back wall's foot is seen.
  const sideboard: SceneBox = {
    label: CABINET,
    min: { x: -2, y: 0, z: -5 },
    max: { x: 2.4, y: 0.8, z: -4.5 },
  };
  const scene = bedroomScene({ furniture: [sideboard], door: null, window: null });
  const room = roomFromLabels(renderLabels(scene), fitted(scene));

  it('puts a back wall behind the farthest furniture seen, facing the camera, across the floor', () => {
    const back = room.walls.find((w) => Math.abs(w.a.z - w.b.z) < 1e-9 && w.a.z < -3);
    expect(back).toBeDefined();
    // The wall stands behind the sideboard (its front at 4.5 m, a cabinet's typical depth 0.5 m): at its back, 5 m.
    // Eye height unknown (1.4 m assumed for the true 1.6 m): 5 m reads as 4.375 m.
    expect(back!.a.z).toBeGreaterThan(-5 * (1.4 / 1.6) - 0.15);
    expect(back!.a.z).toBeLessThan(-5 * (1.4 / 1.6) + 0.15);
    expect(back!.normal).toEqual({ x: 0, z: 1 });
    expect(Math.abs(back!.b.x - back!.a.x)).toBeGreaterThan(2.5);
  });

  it('adds no back wall where one is seen', () => {
    const seen = roomFromLabels(renderLabels(bedroomScene()), fitted(bedroomScene()));
    const backs = seen.walls.filter((w) => Math.abs(w.a.z - w.b.z) < 1e-9 && w.a.z < -3);
    expect(backs).toHaveLength(1);
  });
});

describe('a window reaching the floor', () => {
  const zoneKinds = (room: RoomModel) => room.keepFree.map((z) => z.kind);

  it('is a glass door: kept free as a door with a walkway, not as a window', () => {
    const scene = bedroomScene({ window: { xMin: 1.3, xMax: 2.2, yMin: 0, yMax: 2.2 } });
    const room = roomFromLabels(renderLabels(scene), fitted(scene));
    const doors = room.keepFree.filter((z) => z.kind === 'door');
    // The real door in the right wall and the glass door in the back wall.
    expect(doors).toHaveLength(2);
    expect(zoneKinds(room)).not.toContain('window');
    const glass = doors.find((z) => z.polygon.every((p) => p.z < -3.9));
    expect(glass).toBeDefined();
    // Its height is not known, so the scale still comes from the real door: 1.6 m.
    expect(room.scaleSource).toBe('door');
    expect(Math.abs(room.camera.heightM - 1.6)).toBeLessThan(0.05);
  });

  it('stays a window when its sill is well above the floor', () => {
    const room = roomFromLabels(renderLabels(bedroomScene()), fitted(bedroomScene()));
    expect(zoneKinds(room).filter((k) => k === 'door')).toHaveLength(1);
    expect(zoneKinds(room)).toContain('window');
  });
});

describe('furniture footprints', () => {
  // A low platform (0.15 m high, 0.3 m deep; tables are taken as 0.8 m deep) standing free: from 1.6 m the floor
  // is hidden only 0.31 m behind it, and seen farther back.
  const platform: SceneBox = {
    label: TABLE,
    min: { x: -0.2, y: 0, z: -3.0 },
    max: { x: 0.8, y: 0.15, z: -2.7 },
  };
  const scene = bedroomScene({ furniture: [SOFA_BOX, platform] });
  const room = roomFromLabels(renderLabels(scene), fitted(scene));

  it('do not reach over floor seen in the photo, nor shrink into what hides the floor', () => {
    const found = room.obstacles.find((o) => o.label === 'table')!;
    expect(found).toBeDefined();
    const k = room.camera.heightM / scene.camera.heightM;
    const zs = found.polygon.map((p) => p.z / k);
    // The typical depth would put the back at -3.5 m; the floor seen beyond -3.31 m cuts it back.
    expect(Math.min(...zs)).toBeGreaterThan(-3.37);
    expect(Math.min(...zs)).toBeLessThan(-3.0);
    expect(Math.max(...zs)).toBeLessThan(-2.6);
    expect(Math.max(...zs)).toBeGreaterThan(-2.8);
  });
});
