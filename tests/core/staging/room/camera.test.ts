import { describe, expect, it } from 'vitest';
import {
  floorPointAt,
  focalForFov,
  horizonY,
  horizontalFovDeg,
  pixelRay,
  projectPoint,
} from '../../../../core/staging/room/camera';
import type { RoomCamera } from '../../../../core/staging/room/types';

const camera = (over: Partial<RoomCamera> = {}): RoomCamera => ({
  width: 1600,
  height: 1200,
  focalPx: 1000,
  pitchDeg: 0,
  rollDeg: 0,
  yawDeg: 0,
  heightM: 1.4,
  focalSource: 'default',
  ...over,
});

describe('room camera', () => {
  it('puts the horizon at the centre when level, above it when looking down', () => {
    expect(horizonY(camera())).toBeCloseTo(600, 6);
    expect(horizonY(camera({ pitchDeg: 10 }))).toBeCloseTo(600 - 1000 * Math.tan(Math.PI / 18), 6);
    expect(horizonY(camera({ pitchDeg: -5 }))).toBeGreaterThan(600);
  });

  it('meets the floor where the pinhole says and projects it back to the same pixel', () => {
    const level = camera();
    // 1.4 m below eye level, 700 px below the centre: 2 m away.
    const p = floorPointAt(level, 800, 1300);
    expect(p?.x).toBeCloseTo(0, 9);
    expect(p?.z).toBeCloseTo(-2, 9);
    for (const cam of [
      camera({ pitchDeg: 12, rollDeg: -3, yawDeg: 30 }),
      camera({ pitchDeg: -4, rollDeg: 2 }),
    ]) {
      for (const [u, v] of [
        [100, 1100],
        [1500, 900],
        [800, 1000],
      ] as const) {
        const q = floorPointAt(cam, u, v);
        expect(q).not.toBeNull();
        const back = projectPoint(cam, { x: q!.x, y: 0, z: q!.z });
        expect(back!.u).toBeCloseTo(u, 6);
        expect(back!.v).toBeCloseTo(v, 6);
      }
    }
  });

  it('sees nothing of the floor above the horizon and nothing behind the camera', () => {
    expect(floorPointAt(camera({ pitchDeg: 10 }), 800, 300)).toBeNull();
    expect(projectPoint(camera(), { x: 0, y: 1, z: 3 })).toBeNull();
  });

  it('turns its view with the roll: a positive roll lowers the horizon on the right', () => {
    const rolled = camera({ rollDeg: 5 });
    const ray = pixelRay(rolled, 800, 600);
    expect(ray.y).toBeCloseTo(0, 9);
    const right = projectPoint(rolled, { x: 10, y: 1.4, z: -10 })!;
    const left = projectPoint(rolled, { x: -10, y: 1.4, z: -10 })!;
    expect(right.v).toBeGreaterThan(left.v);
  });

  it('converts field of view and focal length both ways', () => {
    expect(horizontalFovDeg({ width: 1600, focalPx: focalForFov(1600, 70) })).toBeCloseTo(70, 9);
  });
});
