// A grey-level photo of a box room seen by a known RoomCamera, for the camera fit's tests: every pixel's ray
// (camera.ts's pixelRay) cast into a room of flat greys with a window, doors, a rug, a picture, Manhattan
// furniture boxes and one armchair turned off the walls' directions (clutter the fit must ignore), plus noise.
import { pixelRay } from '../../core/staging/room/camera';
import type { GrayImage } from '../../core/staging/room/lineSegments';
import type { RoomCamera, Vec3 } from '../../core/staging/room/types';

export interface SyntheticRoomOptions {
  /** Amplitude of the (roughly Gaussian) pixel noise, grey levels. */
  noise?: number;
  /** Seed of the noise. */
  seed?: number;
}

/** The room's extent around the camera (which stands at x = z = 0), metres. */
export const ROOM = { minX: -4.5, maxX: 1.2, minZ: -5.5, maxZ: 1.2, height: 2.6 } as const;

/** A rectangle on a wall or the floor, in the two coordinates that vary on that surface. */
interface Patch {
  a0: number;
  a1: number;
  b0: number;
  b1: number;
  grey: number;
}

/** Per surface: its grey and the patches (window, door, rug, picture) painted on it, first match wins. */
const SURFACES: Record<
  'floor' | 'ceiling' | 'minX' | 'maxX' | 'minZ' | 'maxZ',
  { grey: number; patches: Patch[] }
> = {
  // Floor and ceiling patches are in (x, z); walls at constant x in (z, y); walls at constant z in (x, y).
  floor: { grey: 92, patches: [{ a0: -3, a1: -1, b0: -3.6, b1: -1.8, grey: 62 }] },
  ceiling: { grey: 232, patches: [] },
  minX: { grey: 176, patches: [{ a0: -2.8, a1: -1.9, b0: 0, b1: 2.05, grey: 124 }] },
  maxX: {
    grey: 150,
    patches: [
      { a0: -3.5, a1: -2.8, b0: 0.9, b1: 2.2, grey: 246 },
      { a0: -2.75, a1: -2.05, b0: 0.9, b1: 2.2, grey: 240 },
    ],
  },
  minZ: {
    grey: 202,
    patches: [
      { a0: -3.2, a1: -1.8, b0: 0.8, b1: 2.2, grey: 248 },
      { a0: -1.0, a1: -0.2, b0: 1.3, b1: 1.8, grey: 64 },
    ],
  },
  maxZ: { grey: 188, patches: [{ a0: -2, a1: -1.1, b0: 0, b1: 2.05, grey: 110 }] },
};

/** A box standing on the floor, turned by `turnDeg` about its vertical axis; faces shaded by their normal. */
interface Box {
  cx: number;
  cz: number;
  halfX: number;
  halfZ: number;
  height: number;
  turnDeg: number;
  /** Greys of the top, the ±x faces and the ±z faces (in the box's own frame). */
  greys: { top: number; x: number; z: number };
}

const BOXES: Box[] = [
  // A sofa against the far-left wall, a coffee table, a tall cabinet, an armchair at 30° to the walls.
  { cx: -4.05, cz: -3.7, halfX: 0.45, halfZ: 0.8, height: 0.8, turnDeg: 0, greys: { top: 70, x: 48, z: 58 } },
  {
    cx: -2.1,
    cz: -2.9,
    halfX: 0.5,
    halfZ: 0.3,
    height: 0.74,
    turnDeg: 0,
    greys: { top: 150, x: 120, z: 135 },
  },
  {
    cx: 0.95,
    cz: -4.9,
    halfX: 0.25,
    halfZ: 0.6,
    height: 1.9,
    turnDeg: 0,
    greys: { top: 220, x: 105, z: 95 },
  },
  { cx: -0.9, cz: -4.2, halfX: 0.4, halfZ: 0.4, height: 0.9, turnDeg: 30, greys: { top: 40, x: 28, z: 35 } },
];

/** Nearest hit of a ray from `origin` with a box: distance and grey, or null. */
function hitBox(box: Box, origin: Vec3, dir: Vec3): { t: number; grey: number } | null {
  const turn = (box.turnDeg * Math.PI) / 180;
  const c = Math.cos(turn);
  const s = Math.sin(turn);
  // Into the box's frame: rotate by -turn about +Y around its centre.
  const ox = origin.x - box.cx;
  const oz = origin.z - box.cz;
  const o = { x: c * ox - s * oz, y: origin.y, z: s * ox + c * oz };
  const d = { x: c * dir.x - s * dir.z, y: dir.y, z: s * dir.x + c * dir.z };
  let tNear = -Infinity;
  let tFar = Infinity;
  let face: 'x' | 'y' | 'z' = 'x';
  for (const [axis, lo, hi] of [
    ['x', -box.halfX, box.halfX],
    ['y', 0, box.height],
    ['z', -box.halfZ, box.halfZ],
  ] as const) {
    const oa = o[axis];
    const da = d[axis];
    if (Math.abs(da) < 1e-12) {
      if (oa < lo || oa > hi) return null;
      continue;
    }
    const t0 = Math.min((lo - oa) / da, (hi - oa) / da);
    const t1 = Math.max((lo - oa) / da, (hi - oa) / da);
    if (t0 > tNear) {
      tNear = t0;
      face = axis;
    }
    tFar = Math.min(tFar, t1);
  }
  if (tNear > tFar || tNear <= 0) return null;
  return { t: tNear, grey: face === 'y' ? box.greys.top : box.greys[face] };
}

function patchGrey(surface: { grey: number; patches: Patch[] }, a: number, b: number): number {
  for (const p of surface.patches) if (a >= p.a0 && a <= p.a1 && b >= p.b0 && b <= p.b1) return p.grey;
  return surface.grey;
}

/** Grey of the room surface a ray from the camera meets first. */
function hitRoom(origin: Vec3, dir: Vec3): { t: number; grey: number } {
  const tx =
    dir.x > 0 ? (ROOM.maxX - origin.x) / dir.x : dir.x < 0 ? (ROOM.minX - origin.x) / dir.x : Infinity;
  const ty = dir.y > 0 ? (ROOM.height - origin.y) / dir.y : dir.y < 0 ? -origin.y / dir.y : Infinity;
  const tz =
    dir.z > 0 ? (ROOM.maxZ - origin.z) / dir.z : dir.z < 0 ? (ROOM.minZ - origin.z) / dir.z : Infinity;
  const t = Math.min(tx, ty, tz);
  const x = origin.x + t * dir.x;
  const y = origin.y + t * dir.y;
  const z = origin.z + t * dir.z;
  if (t === ty) return { t, grey: patchGrey(dir.y > 0 ? SURFACES.ceiling : SURFACES.floor, x, z) };
  if (t === tx) return { t, grey: patchGrey(dir.x > 0 ? SURFACES.maxX : SURFACES.minX, z, y) };
  return { t, grey: patchGrey(dir.z > 0 ? SURFACES.maxZ : SURFACES.minZ, x, y) };
}

/** A small deterministic generator (mulberry32), so every run renders the same noise. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Render the room as `camera` sees it, one ray through each pixel's centre. */
export function renderSyntheticRoom(camera: RoomCamera, options: SyntheticRoomOptions = {}): GrayImage {
  const noise = options.noise ?? 2;
  const rand = random(options.seed ?? 1);
  const { width, height } = camera;
  const data = new Uint8ClampedArray(width * height);
  const origin: Vec3 = { x: 0, y: camera.heightM, z: 0 };
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const dir = pixelRay(camera, u + 0.5, v + 0.5);
      let hit = hitRoom(origin, dir);
      for (const box of BOXES) {
        const b = hitBox(box, origin, dir);
        if (b && b.t < hit.t) hit = b;
      }
      // Sum of three uniforms: close enough to Gaussian, standard deviation = noise.
      const n = (rand() + rand() + rand() - 1.5) * 2 * noise;
      data[v * width + u] = Math.round(hit.grey + n);
    }
  }
  return { width, height, data };
}
