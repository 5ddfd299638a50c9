// The photo's pinhole camera as a three.js camera: the same rotation (core's cameraRotation), eye height and focal
// length, at any output size, so a room point lands on the pixel core's projectPoint gives it and the rendered
// furniture stands where the layout put it.
import * as THREE from 'three';
import { cameraPosition, cameraRotation, scaleCamera } from '../../../core/staging/room/camera';
import type { RoomCamera } from '../../../core/staging/room/types';

/** Near and far planes, metres: furniture starts about a metre away, a room ends within tens of metres. */
const NEAR_M = 0.05;
const FAR_M = 200;

/** Points `target` the way the room camera looks, at the given output size (the principal point is its centre). */
export function applyRoomCamera(
  target: THREE.PerspectiveCamera,
  camera: RoomCamera,
  width: number,
  height: number,
): THREE.PerspectiveCamera {
  const scaled = scaleCamera(camera, width, height);
  target.fov = THREE.MathUtils.radToDeg(2 * Math.atan(height / 2 / scaled.focalPx));
  target.aspect = width / height;
  target.near = NEAR_M;
  target.far = FAR_M;
  const r = cameraRotation(camera);
  // Mat3 is row-major world-from-camera, and three's camera axes are the same as core's, so it is the camera's
  // world rotation as it stands.
  const m = new THREE.Matrix4().set(
    r[0],
    r[1],
    r[2],
    0,
    r[3],
    r[4],
    r[5],
    0,
    r[6],
    r[7],
    r[8],
    0,
    0,
    0,
    0,
    1,
  );
  target.quaternion.setFromRotationMatrix(m);
  const p = cameraPosition(camera);
  target.position.set(p.x, p.y, p.z);
  target.updateProjectionMatrix();
  target.updateMatrixWorld(true);
  return target;
}

/** Normalised device coordinates of an output pixel, for raycasting from the same camera. */
export function pixelToNdc(u: number, v: number, width: number, height: number): THREE.Vector2 {
  return new THREE.Vector2((u / width) * 2 - 1, 1 - (v / height) * 2);
}
