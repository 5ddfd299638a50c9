// The key light: one directional light from the photo's brightest window (ADE20K windowpane pixels in the label
// map, their brightest part, cast as a ray into the room to the wall it lies on), or from above the camera when
// no window is seen. It casts the soft shadows the environment alone cannot; its frustum hugs the pieces.
import * as THREE from 'three';
import { cameraPosition, pixelRay } from '../../../core/staging/room/camera';
import type { LabelMap, RoomModel } from '../../../core/staging/room/types';
import type { Pixels } from './photoStats';

/** ADE20K id of windowpane in the label map. */
const WINDOW_ID = 9;
/** Ignore window evidence below this share of the label map's pixels (a few stray pixels are no window). */
const MIN_WINDOW_SHARE = 0.002;
/** Distance to a window when no wall line meets its ray, metres. */
const DEFAULT_WINDOW_DISTANCE_M = 4;
/** Light from a window never comes flatter than this (sky light falls in from above the sill). */
const MIN_ELEVATION = 0.45;

export interface KeyLightSource {
  /** Unit vector from the scene towards the light. */
  toLight: THREE.Vector3;
  kind: 'window' | 'default';
  /** Where the window's bright part was found, in photo pixels (for the dev page). */
  pixel?: { u: number; v: number };
}

/** Distance along a horizontal ray from the camera to the nearest wall line it crosses, or null. */
function wallDistance(room: RoomModel, dx: number, dz: number): number | null {
  let best: number | null = null;
  for (const wall of room.walls) {
    const ex = wall.b.x - wall.a.x;
    const ez = wall.b.z - wall.a.z;
    const den = dx * ez - dz * ex;
    if (Math.abs(den) < 1e-9) continue;
    // Solve t·d = a + s·e for the camera at the origin.
    const t = (wall.a.x * ez - wall.a.z * ex) / den;
    const s = (wall.a.x * dz - wall.a.z * dx) / den;
    if (t > 0.3 && s > -0.25 && s < 1.25 && (best === null || t < best)) best = t;
  }
  return best;
}

/**
 * Finds the brightest window: among windowpane pixels, those at or above the 85th luminance percentile, and their
 * centroid. `photoAtLabels` is the photo resampled to the label map's size.
 */
function findWindowPixel(labels: LabelMap, photoAtLabels: Pixels): { u: number; v: number } | null {
  const lum: number[] = [];
  const idx: number[] = [];
  for (let i = 0; i < labels.labels.length; i++) {
    if (labels.labels[i] !== WINDOW_ID) continue;
    const j = i * 4;
    const d = photoAtLabels.data;
    lum.push(0.299 * d[j]! + 0.587 * d[j + 1]! + 0.114 * d[j + 2]!);
    idx.push(i);
  }
  if (lum.length < MIN_WINDOW_SHARE * labels.labels.length) return null;
  const sorted = [...lum].sort((a, b) => a - b);
  const threshold = sorted[Math.floor(sorted.length * 0.85)]!;
  let su = 0;
  let sv = 0;
  let n = 0;
  for (let k = 0; k < lum.length; k++) {
    if (lum[k]! < threshold) continue;
    su += (idx[k]! % labels.width) + 0.5;
    sv += Math.floor(idx[k]! / labels.width) + 0.5;
    n++;
  }
  return n ? { u: su / n, v: sv / n } : null;
}

/** Where the key light comes from, seen from `centre` (the pieces' middle). */
export function keyLightSource(
  room: RoomModel,
  labels: LabelMap | null,
  photoAtLabels: Pixels | null,
  centre: THREE.Vector3,
): KeyLightSource {
  const cam = room.camera;
  const eye = cameraPosition(cam);
  const found = labels && photoAtLabels ? findWindowPixel(labels, photoAtLabels) : null;
  if (found && labels) {
    const u = (found.u * cam.width) / labels.width;
    const v = (found.v * cam.height) / labels.height;
    const ray = pixelRay(cam, u, v);
    const horizontal = Math.hypot(ray.x, ray.z);
    if (horizontal > 1e-6) {
      const t = wallDistance(room, ray.x / horizontal, ray.z / horizontal) ?? DEFAULT_WINDOW_DISTANCE_M;
      const k = t / horizontal;
      const window = new THREE.Vector3(eye.x + ray.x * k, eye.y + ray.y * k, eye.z + ray.z * k);
      const toLight = window.sub(centre);
      const flat = Math.hypot(toLight.x, toLight.z);
      const elevation = Math.max(MIN_ELEVATION, toLight.y / Math.max(1e-6, toLight.length()));
      const h = Math.sqrt(1 - elevation * elevation);
      return {
        toLight: new THREE.Vector3((toLight.x / flat) * h, elevation, (toLight.z / flat) * h),
        kind: 'window',
        pixel: { u, v },
      };
    }
  }
  // No window: light from above and slightly in front, like the room's ceiling light seen from the camera side,
  // so shadows fall behind the pieces and stay short.
  const toCamera = new THREE.Vector3(eye.x - centre.x, 0, eye.z - centre.z).normalize();
  return {
    toLight: new THREE.Vector3(toCamera.x * 0.45, 0.85, toCamera.z * 0.45).normalize(),
    kind: 'default',
  };
}

/**
 * The directional key light. Its strength is relative to the environment: `share` of the photo's mean light
 * (a diffuse surface facing it gets `share` times the brightness the environment alone gives it).
 */
export function createKeyLight(
  source: KeyLightSource,
  meanLuminance: number,
  shadowMapSize: number,
): THREE.DirectionalLight {
  const share = source.kind === 'window' ? 1.1 : 0.55;
  const light = new THREE.DirectionalLight(0xffffff, Math.PI * share * Math.max(0.05, meanLuminance));
  light.castShadow = true;
  light.shadow.mapSize.set(shadowMapSize, shadowMapSize);
  light.shadow.bias = -0.0004;
  light.shadow.normalBias = 0.02;
  // Windows and ceiling bounce are big sources: the VSM blur (radius in shadow-map texels, about 1.5 cm each
  // over a usual group of pieces) gives their soft penumbra; more samples keep the wide blur smooth.
  light.shadow.radius = 12;
  light.shadow.blurSamples = 16;
  return light;
}

/** Points the light at `bounds` from its direction and fits the orthographic shadow frustum around them. */
export function aimKeyLight(light: THREE.DirectionalLight, source: KeyLightSource, bounds: THREE.Box3): void {
  const centre = bounds.getCenter(new THREE.Vector3());
  const radius = Math.max(0.5, bounds.getSize(new THREE.Vector3()).length() / 2) + 1.2;
  light.position.copy(centre).addScaledVector(source.toLight, radius * 3);
  light.target.position.copy(centre);
  light.target.updateMatrixWorld();
  const cam = light.shadow.camera;
  cam.left = -radius;
  cam.right = radius;
  cam.top = radius;
  cam.bottom = -radius;
  cam.near = 0.1;
  cam.far = radius * 6;
  cam.updateProjectionMatrix();
  light.updateMatrixWorld();
}
