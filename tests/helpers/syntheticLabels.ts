// A box room with known geometry rendered into a segmentation label map by ray casting through a known camera,
// so the floor plan can be checked against the truth: the visible free floor's area, the walls, the window, the
// door, the furniture's footprints. Also a coarse, noisy version of a map, as a real segmenter delivers it.
import { pixelRay, projectPoint } from '../../core/staging/room/camera';
import { BED, CEILING, DOOR, FLOOR, SOFA, WALL, WINDOWPANE } from '../../core/staging/room/labels';
import type { FloorPoint, LabelMap, RoomCamera, Vec3 } from '../../core/staging/room/types';

export interface SceneBox {
  label: number;
  min: Vec3;
  max: Vec3;
}

export interface SyntheticScene {
  /** The true camera, its heightM included; it stands at (0, heightM, 0) inside the room. */
  camera: RoomCamera;
  /** The room's inside: back wall at zMin (in front of the camera), right wall at xMax. */
  room: { xMin: number; xMax: number; zMin: number; zMax: number; height: number };
  /** A window in the back wall. */
  window: { xMin: number; xMax: number; yMin: number; yMax: number } | null;
  /** A door in the right wall, standing on the floor. */
  door: { zMin: number; zMax: number; height: number } | null;
  furniture: SceneBox[];
}

export const BED_BOX: SceneBox = {
  label: BED,
  min: { x: -0.4, y: 0, z: -5 },
  max: { x: 1.2, y: 0.55, z: -3 },
};
export const SOFA_BOX: SceneBox = {
  label: SOFA,
  min: { x: -2, y: 0, z: -5 },
  max: { x: -1.1, y: 0.85, z: -4 },
};

/** A 4.4 x 6 m bedroom photographed at 1024x768 from 1.6 m, looking 10° down towards the back wall. */
export function bedroomScene(over: Partial<SyntheticScene> = {}): SyntheticScene {
  return {
    camera: {
      width: 1024,
      height: 768,
      focalPx: 800,
      pitchDeg: 10,
      rollDeg: 0,
      yawDeg: 0,
      heightM: 1.6,
      focalSource: 'default',
    },
    room: { xMin: -2, xMax: 2.4, zMin: -5, zMax: 1, height: 2.6 },
    window: { xMin: -0.9, xMax: 0.3, yMin: 0.9, yMax: 2.1 },
    door: { zMin: -4.9, zMax: -4.0, height: 2.0 },
    furniture: [BED_BOX, SOFA_BOX],
    ...over,
  };
}

/** Where a ray from `origin` along `dir` enters the box, or Infinity when it misses (slab test). */
function boxEntry(origin: Vec3, dir: Vec3, box: SceneBox): number {
  let near = -Infinity;
  let far = Infinity;
  for (const k of ['x', 'y', 'z'] as const) {
    if (Math.abs(dir[k]) < 1e-12) {
      if (origin[k] < box.min[k] || origin[k] > box.max[k]) return Infinity;
      continue;
    }
    const t1 = (box.min[k] - origin[k]) / dir[k];
    const t2 = (box.max[k] - origin[k]) / dir[k];
    near = Math.max(near, Math.min(t1, t2));
    far = Math.min(far, Math.max(t1, t2));
  }
  return near <= far && near > 0 ? near : Infinity;
}

/** The label a ray from the camera sees: the nearest piece of furniture, else the room's surface it leaves by. */
function castRay(scene: SyntheticScene, dir: Vec3): number {
  const { room, camera } = scene;
  const origin = { x: 0, y: camera.heightM, z: 0 };
  const exits: [number, string][] = [
    [dir.x > 0 ? room.xMax / dir.x : dir.x < 0 ? room.xMin / dir.x : Infinity, dir.x > 0 ? 'right' : 'left'],
    [dir.z > 0 ? room.zMax / dir.z : dir.z < 0 ? room.zMin / dir.z : Infinity, dir.z > 0 ? 'front' : 'back'],
    [
      dir.y > 0 ? (room.height - origin.y) / dir.y : dir.y < 0 ? -origin.y / dir.y : Infinity,
      dir.y > 0 ? 'ceiling' : 'floor',
    ],
  ];
  const [tExit, face] = exits.reduce((a, b) => (b[0] < a[0] ? b : a));
  let label = -1;
  let nearest = tExit;
  for (const box of scene.furniture) {
    const t = boxEntry(origin, dir, box);
    if (t < nearest) {
      nearest = t;
      label = box.label;
    }
  }
  if (label >= 0) return label;
  const hit = { x: dir.x * tExit, y: origin.y + dir.y * tExit, z: dir.z * tExit };
  if (face === 'floor') return FLOOR;
  if (face === 'ceiling') return CEILING;
  const w = scene.window;
  if (face === 'back' && w && hit.x >= w.xMin && hit.x <= w.xMax && hit.y >= w.yMin && hit.y <= w.yMax)
    return WINDOWPANE;
  const d = scene.door;
  if (face === 'right' && d && hit.z >= d.zMin && hit.z <= d.zMax && hit.y <= d.height) return DOOR;
  return WALL;
}

/** The scene's label map at `size`x`size`, the photo squashed to a square as the segmenter sees it. */
export function renderLabels(scene: SyntheticScene, size = 512): LabelMap {
  const { camera } = scene;
  const labels = new Uint8Array(size * size);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const ray = pixelRay(camera, ((i + 0.5) * camera.width) / size, ((j + 0.5) * camera.height) / size);
      labels[j * size + i] = castRay(scene, ray);
    }
  }
  return { width: size, height: size, labels };
}

/**
 * The truly visible free floor, m²: floor cells not under furniture whose centre lies in the photo's frame and is
 * not hidden behind furniture.
 */
export function visibleFreeFloorArea(scene: SyntheticScene, cell = 0.02): number {
  const { room, camera } = scene;
  const eye = { x: 0, y: camera.heightM, z: 0 };
  let area = 0;
  for (let x = room.xMin + cell / 2; x < room.xMax; x += cell) {
    for (let z = room.zMin + cell / 2; z < room.zMax; z += cell) {
      const under = scene.furniture.some((b) => x >= b.min.x && x <= b.max.x && z >= b.min.z && z <= b.max.z);
      if (under) continue;
      const pixel = projectPoint(camera, { x, y: 0, z });
      if (!pixel || pixel.u < 0 || pixel.u >= camera.width || pixel.v < 0 || pixel.v >= camera.height)
        continue;
      const toPoint = { x, y: -eye.y, z };
      // Hidden when the segment from the eye to the point enters a box before reaching it (t < 1).
      if (scene.furniture.some((b) => boxEntry(eye, toPoint, b) < 1)) continue;
      area += cell * cell;
    }
  }
  return area;
}

/** A small seeded generator (mulberry32), so the noisy maps are the same on every run. */
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

/**
 * A coarse, noisy version of a map as a segmenter delivers it: every edge wobbles by up to `amplitude` pixels
 * (a smooth displacement field plus a pixel of grain), specks of wrong labels are scattered, and the left part of
 * each window is missed (labelled wall).
 */
export function noisyLabels(map: LabelMap, seed = 1, amplitude = 3): LabelMap {
  const rnd = random(seed);
  const { width: w, height: h } = map;
  const waves = Array.from({ length: 4 }, () => ({
    fx: (1 / 30 + rnd() / 60) * 2 * Math.PI,
    fy: (1 / 30 + rnd() / 60) * 2 * Math.PI,
    phase: rnd() * 2 * Math.PI,
  }));
  const field = (x: number, y: number, a: number, b: number) =>
    (amplitude - 1) *
    0.5 *
    (Math.sin(waves[a]!.fx * x + waves[a]!.fy * y + waves[a]!.phase) +
      Math.sin(waves[b]!.fx * y - waves[b]!.fy * x + waves[b]!.phase));
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = Math.round(x + field(x, y, 0, 1) + (rnd() * 2 - 1));
      const sy = Math.round(y + field(x, y, 2, 3) + (rnd() * 2 - 1));
      const cx = Math.min(w - 1, Math.max(0, sx));
      const cy = Math.min(h - 1, Math.max(0, sy));
      out[y * w + x] = map.labels[cy * w + cx]!;
    }
  }
  // The left 40 % of the window's columns are missed.
  let wx0 = w;
  let wx1 = -1;
  out.forEach((l, i) => {
    if (l === WINDOWPANE) {
      wx0 = Math.min(wx0, i % w);
      wx1 = Math.max(wx1, i % w);
    }
  });
  const cut = wx0 + 0.4 * (wx1 - wx0);
  out.forEach((l, i) => {
    if (l === WINDOWPANE && i % w < cut) out[i] = WALL;
  });
  // Specks: 3x3 blobs of a wrong label.
  const speckLabels = [0, WALL, FLOOR, 23];
  for (let n = 0; n < Math.round((w * h) / 2000); n++) {
    const x0 = Math.floor(rnd() * (w - 3));
    const y0 = Math.floor(rnd() * (h - 3));
    const label = speckLabels[Math.floor(rnd() * speckLabels.length)]!;
    for (let dy = 0; dy < 3; dy++) for (let dx = 0; dx < 3; dx++) out[(y0 + dy) * w + x0 + dx] = label;
  }
  return { width: w, height: h, labels: out };
}

/** The camera the floor plan is given: the scene's, at the default eye height it has to correct. */
export const fitted = (scene: SyntheticScene): RoomCamera => ({ ...scene.camera, heightM: 1.4 });

/** A simple polygon's area on the floor, square metres (shoelace). */
export function area(polygon: readonly FloorPoint[]): number {
  let twice = 0;
  polygon.forEach((a, i) => {
    const b = polygon[(i + 1) % polygon.length]!;
    twice += a.x * b.z - b.x * a.z;
  });
  return Math.abs(twice) / 2;
}
