// The pinhole camera's maths: a pixel's ray into the room, a room point's pixel, where a pixel's ray meets the
// floor, and where the horizon runs. One rotation (yaw, then pitch, then roll) serves the fit, the layout's checks
// and the renderer's three.js camera, so all three agree to the pixel.
import type { FloorPoint, RoomCamera, Vec3 } from './types';

/** A 3x3 matrix, row-major: world = M · camera for the rotation. */
export type Mat3 = readonly [number, number, number, number, number, number, number, number, number];

const RAD = Math.PI / 180;

function mul(a: Mat3, b: Mat3): Mat3 {
  const m = (r: number, c: number) =>
    a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!;
  return [m(0, 0), m(0, 1), m(0, 2), m(1, 0), m(1, 1), m(1, 2), m(2, 0), m(2, 1), m(2, 2)];
}

/**
 * The camera's orientation as world-from-camera: Ry(yaw) · Rx(-pitch) · Rz(roll). Camera axes are three.js's:
 * x right, y up, looking along -z.
 */
export function cameraRotation(camera: Pick<RoomCamera, 'yawDeg' | 'pitchDeg' | 'rollDeg'>): Mat3 {
  const [y, p, r] = [camera.yawDeg * RAD, -camera.pitchDeg * RAD, camera.rollDeg * RAD];
  const ry: Mat3 = [Math.cos(y), 0, Math.sin(y), 0, 1, 0, -Math.sin(y), 0, Math.cos(y)];
  const rx: Mat3 = [1, 0, 0, 0, Math.cos(p), -Math.sin(p), 0, Math.sin(p), Math.cos(p)];
  const rz: Mat3 = [Math.cos(r), -Math.sin(r), 0, Math.sin(r), Math.cos(r), 0, 0, 0, 1];
  return mul(mul(ry, rx), rz);
}

/** The camera's position: above the floor's origin at its eye height. */
export function cameraPosition(camera: Pick<RoomCamera, 'heightM'>): Vec3 {
  return { x: 0, y: camera.heightM, z: 0 };
}

/** The world direction (not normalised) of the ray through pixel (u, v), top-left origin, pixel units. */
export function pixelRay(camera: RoomCamera, u: number, v: number): Vec3 {
  const R = cameraRotation(camera);
  const c = [u - camera.width / 2, -(v - camera.height / 2), -camera.focalPx] as const;
  return {
    x: R[0] * c[0] + R[1] * c[1] + R[2] * c[2],
    y: R[3] * c[0] + R[4] * c[1] + R[5] * c[2],
    z: R[6] * c[0] + R[7] * c[1] + R[8] * c[2],
  };
}

/** Pixel of a room point and its distance along the view axis; null when it lies behind the camera. */
export function projectPoint(
  camera: RoomCamera,
  point: Vec3,
): { u: number; v: number; depth: number } | null {
  const R = cameraRotation(camera);
  const d = [point.x, point.y - camera.heightM, point.z] as const;
  // camera = Rᵀ · world
  const cx = R[0] * d[0] + R[3] * d[1] + R[6] * d[2];
  const cy = R[1] * d[0] + R[4] * d[1] + R[7] * d[2];
  const cz = R[2] * d[0] + R[5] * d[1] + R[8] * d[2];
  const depth = -cz;
  if (depth <= 1e-6) return null;
  return {
    u: camera.width / 2 + (camera.focalPx * cx) / depth,
    v: camera.height / 2 - (camera.focalPx * cy) / depth,
    depth,
  };
}

/** Where the ray through pixel (u, v) meets the floor, or null when it runs at or above the horizon. */
export function floorPointAt(camera: RoomCamera, u: number, v: number): FloorPoint | null {
  const ray = pixelRay(camera, u, v);
  if (ray.y >= -1e-9) return null;
  const t = camera.heightM / -ray.y;
  return { x: ray.x * t, z: ray.z * t };
}

/** The row where the horizon (eye level) crosses column u; the camera's horizonY is this at the centre. */
export function horizonRowAt(camera: RoomCamera, u: number): number {
  // Solve (R · c).y = 0 for v, with c = (u - cx, -(v - cy), -f).
  const R = cameraRotation(camera);
  const a = u - camera.width / 2;
  // R[3]·a + R[4]·(-(v - cy)) + R[5]·(-f) = 0
  if (Math.abs(R[4]) < 1e-9) return Number.NaN;
  return camera.height / 2 + (R[3] * a - R[5] * camera.focalPx) / R[4];
}

/** The horizon's row at the image centre column, as the CLI reports it. */
export function horizonY(camera: RoomCamera): number {
  return horizonRowAt(camera, camera.width / 2);
}

/** Horizontal field of view in degrees. */
export function horizontalFovDeg(camera: Pick<RoomCamera, 'width' | 'focalPx'>): number {
  return (2 * Math.atan(camera.width / 2 / camera.focalPx)) / RAD;
}

/** Focal length in pixels for a horizontal field of view in degrees. */
export function focalForFov(width: number, fovDeg: number): number {
  return width / 2 / Math.tan((fovDeg * RAD) / 2);
}

/** The same camera for the same photo at another size (the focal length scales with the width). */
export function scaleCamera(camera: RoomCamera, width: number, height: number): RoomCamera {
  return { ...camera, width, height, focalPx: (camera.focalPx * width) / camera.width };
}
