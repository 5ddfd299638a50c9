// The three.js camera must put every room point on the pixel core's projectPoint computes, at the fitted size and
// at other output sizes, for cameras turned in every way the fit produces.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { projectPoint, scaleCamera } from '../../../core/staging/room/camera';
import type { RoomCamera } from '../../../core/staging/room/types';
import { applyRoomCamera } from '../../../web/staging/scene/sceneCamera';

const base: RoomCamera = {
  width: 1024,
  height: 683,
  focalPx: 820,
  pitchDeg: 0,
  rollDeg: 0,
  yawDeg: 0,
  heightM: 1.5,
  focalSource: 'default',
};

const cameras: RoomCamera[] = [
  base,
  { ...base, pitchDeg: 12 },
  { ...base, pitchDeg: 8, rollDeg: -3, yawDeg: 25 },
  { ...base, pitchDeg: -4, rollDeg: 2.5, yawDeg: -40, heightM: 1.2, focalPx: 600 },
  { ...base, width: 683, height: 1024, focalPx: 700, pitchDeg: 20, rollDeg: 1, yawDeg: 170 },
];

const points = [
  { x: 0, y: 0, z: -3 },
  { x: 1.1, y: 0.8, z: -2.5 },
  { x: -1.6, y: 0, z: -4.2 },
  { x: 0.4, y: 2.3, z: -5 },
  { x: -0.9, y: 0.4, z: -1.4 },
  { x: 2, y: 0, z: 3 },
];

/** Output pixel (top-left origin) of a world point through a three.js camera. */
function projectToPixel(
  camera: THREE.PerspectiveCamera,
  point: THREE.Vector3,
  width: number,
  height: number,
) {
  const ndc = point.clone().project(camera);
  return { u: ((ndc.x + 1) / 2) * width, v: ((1 - ndc.y) / 2) * height };
}

describe('sceneCamera', () => {
  for (const [i, camera] of cameras.entries()) {
    for (const [w, h] of [
      [camera.width, camera.height],
      [2048, Math.round((2048 * camera.height) / camera.width)],
    ] as const) {
      it(`camera ${i} at ${w}x${h} projects like core`, () => {
        const scaled = scaleCamera(camera, w, h);
        const three = applyRoomCamera(new THREE.PerspectiveCamera(), camera, w, h);
        let checked = 0;
        for (const p of points) {
          const expected = projectPoint(scaled, p);
          if (!expected) continue;
          const got = projectToPixel(three, new THREE.Vector3(p.x, p.y, p.z), w, h);
          expect(Math.abs(got.u - expected.u)).toBeLessThan(0.5);
          expect(Math.abs(got.v - expected.v)).toBeLessThan(0.5);
          checked++;
        }
        expect(checked).toBeGreaterThan(0);
      });
    }
  }
});
