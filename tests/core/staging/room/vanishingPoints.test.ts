// The Manhattan frame fit on exactly projected room edges among clutter: directions, focal length, whether the
// focal length is pinned, and the two-vanishing-point focal formula.
import { describe, expect, it } from 'vitest';
import { cameraRotation, focalForFov, projectPoint } from '../../../../core/staging/room/camera';
import type { LineSegment, RoomCamera, Vec3 } from '../../../../core/staging/room/types';
import { fitManhattanFrame } from '../../../../core/staging/room/vanishingPoints';

const camera = (over: Partial<RoomCamera>): RoomCamera => ({
  width: 1024,
  height: 768,
  focalPx: focalForFov(1024, 70),
  pitchDeg: 0,
  rollDeg: 0,
  yawDeg: 0,
  heightM: 1.4,
  focalSource: 'default',
  ...over,
});

/** A world direction in the camera frame (Rᵀ·d), for comparing with the fitted directions. */
function inCamera(cam: RoomCamera, d: Vec3): Vec3 {
  const R = cameraRotation(cam);
  return {
    x: R[0] * d.x + R[3] * d.y + R[6] * d.z,
    y: R[1] * d.x + R[4] * d.y + R[7] * d.z,
    z: R[2] * d.x + R[5] * d.y + R[8] * d.z,
  };
}

/** Angle in degrees between two lines through the origin (directions up to sign). */
function lineAngleDeg(a: Vec3, b: Vec3): number {
  const c =
    Math.abs(a.x * b.x + a.y * b.y + a.z * b.z) / (Math.hypot(a.x, a.y, a.z) * Math.hypot(b.x, b.y, b.z));
  return (Math.acos(Math.min(1, c)) * 180) / Math.PI;
}

/** A deterministic generator for the scattered edges. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/**
 * Segments of a Manhattan room as `cam` sees them: edges along the three world axes at scattered places in
 * front of the camera, projected exactly, plus clutter segments at random angles.
 */
function manhattanSegments(cam: RoomCamera, clutter: number): LineSegment[] {
  const rand = random(11);
  const segments: LineSegment[] = [];
  const axes: Vec3[] = [
    { x: 1, y: 0, z: 0 },
    { x: 0, y: 1, z: 0 },
    { x: 0, y: 0, z: 1 },
  ];
  const forward = inCamera({ ...cam, pitchDeg: 0, rollDeg: 0 }, { x: 0, y: 0, z: -1 });
  while (segments.length < 90) {
    const axis = axes[segments.length % 3]!;
    // A point 2-6 m ahead (in the world, along the camera's heading), anywhere from floor to ceiling.
    const depth = 2 + 4 * rand();
    const side = (rand() - 0.5) * 2 * depth;
    const yaw = (cam.yawDeg * Math.PI) / 180;
    const p = {
      x: -Math.sin(yaw) * depth + Math.cos(yaw) * side,
      y: 2.6 * rand(),
      z: -Math.cos(yaw) * depth - Math.sin(yaw) * side,
    };
    const half = 0.3 + 0.5 * rand();
    const a = projectPoint(cam, { x: p.x - half * axis.x, y: p.y - half * axis.y, z: p.z - half * axis.z });
    const b = projectPoint(cam, { x: p.x + half * axis.x, y: p.y + half * axis.y, z: p.z + half * axis.z });
    if (!a || !b || forward.z > 0) continue;
    const inside = (q: { u: number; v: number }) =>
      q.u >= 0 && q.u <= cam.width && q.v >= 0 && q.v <= cam.height;
    if (!inside(a) || !inside(b) || Math.hypot(a.u - b.u, a.v - b.v) < 30) continue;
    segments.push({ x1: a.u, y1: a.v, x2: b.u, y2: b.v });
  }
  for (let i = 0; i < clutter; i++) {
    const x = rand() * cam.width;
    const y = rand() * cam.height;
    const angle = rand() * Math.PI;
    const len = 30 + 60 * rand();
    segments.push({ x1: x, y1: y, x2: x + len * Math.cos(angle), y2: y + len * Math.sin(angle) });
  }
  return segments;
}

describe('fitManhattanFrame', () => {
  it('recovers the three directions and the focal length of a two-point view among clutter', () => {
    const cam = camera({ pitchDeg: 9, rollDeg: -3, yawDeg: 32, focalPx: focalForFov(1024, 85) });
    const frame = fitManhattanFrame(manhattanSegments(cam, 40), { width: 1024, height: 768 });
    expect(frame).not.toBeNull();
    expect(frame!.verticalFound).toBe(true);
    expect(lineAngleDeg(frame!.up, inCamera(cam, { x: 0, y: 1, z: 0 }))).toBeLessThan(0.05);
    // Pointing up, not down.
    expect(frame!.up.y).toBeGreaterThan(0.9);
    const wallX = inCamera(cam, { x: 1, y: 0, z: 0 });
    const wallZ = inCamera(cam, { x: 0, y: 0, z: 1 });
    const [near, far] = frame!.walls;
    // At yaw 32° the -Z wall direction is the one nearer the view axis.
    expect(lineAngleDeg(near, wallZ)).toBeLessThan(0.05);
    expect(lineAngleDeg(far, wallX)).toBeLessThan(0.05);
    expect(frame!.focalPx / cam.focalPx).toBeCloseTo(1, 3);
    expect(frame!.focalRelStd).toBeLessThan(0.01);
    // The vanishing points are where the camera projects far points along each direction.
    const vertical = projectPoint(cam, { x: 0, y: 1.4 - 1e7, z: 0 })!;
    // Some 3900 px below the centre here: within a few pixels.
    const miss = Math.hypot(frame!.vertical.x / frame!.vertical.w - vertical.u, frame!.vertical.y / frame!.vertical.w - vertical.v); // prettier-ignore
    expect(miss).toBeLessThan(0.002 * Math.hypot(vertical.u - 512, vertical.v - 384));
    // The two wall vanishing points give the focal length by f² = -(v1 - c)·(v2 - c).
    const [a, b] = frame!.horizontal;
    const f2 = -((a.x / a.w - 512) * (b.x / b.w - 512) + (a.y / a.w - 384) * (b.y / b.w - 384));
    expect(Math.sqrt(f2) / cam.focalPx).toBeCloseTo(1, 3);
  });

  it('holds a given focal length and still finds the directions', () => {
    const cam = camera({ pitchDeg: 4, rollDeg: 2, yawDeg: 58 });
    const frame = fitManhattanFrame(manhattanSegments(cam, 20), {
      width: 1024,
      height: 768,
      focalPx: cam.focalPx,
    });
    expect(frame!.focalPx).toBe(cam.focalPx);
    expect(frame!.focalRelStd).toBe(Infinity);
    expect(lineAngleDeg(frame!.up, inCamera(cam, { x: 0, y: 1, z: 0 }))).toBeLessThan(0.05);
    expect(lineAngleDeg(frame!.walls[0], inCamera(cam, { x: 1, y: 0, z: 0 }))).toBeLessThan(0.05);
  });

  it('says the focal length is not pinned in a one-point view of a level camera', () => {
    const cam = camera({ pitchDeg: 0, rollDeg: 1.5, yawDeg: 0 });
    const frame = fitManhattanFrame(manhattanSegments(cam, 20), { width: 1024, height: 768 });
    expect(frame).not.toBeNull();
    expect(frame!.focalRelStd).toBeGreaterThan(0.2);
    expect(lineAngleDeg(frame!.up, inCamera(cam, { x: 0, y: 1, z: 0 }))).toBeLessThan(0.05);
    // The central vanishing point sits on the principal point whatever the focal length.
    expect(frame!.horizontal[0].x / frame!.horizontal[0].w).toBeCloseTo(512, 1);
    expect(frame!.horizontal[0].y / frame!.horizontal[0].w).toBeCloseTo(384, 1);
  });

  it('finds nothing in a handful of random segments', () => {
    expect(fitManhattanFrame([], { width: 100, height: 100 })).toBeNull();
    expect(fitManhattanFrame([{ x1: 0, y1: 0, x2: 0, y2: 0 }], { width: 100, height: 100 })).toBeNull();
  });
});
