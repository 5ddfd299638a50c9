// The declutter bench's page (bench/declutter.ts): décor models of models/furniture-3d rendered onto the counters
// and tables of one clean photo with the staging code (segmenter, camera fit, the room model's real furniture,
// renderStaging with its contact shadow on real furniture), so the photo itself is the truth behind each object. Hands back the photo as the
// browser drew it, the staged photo, the layer's alpha and each object's pixel box.
import { analysisSize } from '../../core/analysis/room/downscale';
import { furnitureFileUrl } from '../../core/staging/assets';
import { projectPoint, scaleCamera } from '../../core/staging/room/camera';
import { fitCamera } from '../../core/staging/room/fitCamera';
import { roomFromLabels } from '../../core/staging/room/floorPlan';
import { CABINET, TABLE, WINDOWPANE } from '../../core/staging/room/labels';
import type { FloorPoint, LabelMap, RoomCamera, RoomModel, Vec3 } from '../../core/staging/room/types';
import { photoAtSize } from '../../web/staging/scene/composite';
import { renderStaging } from '../../web/staging/scene/render';
import type { PlacedPiece, ProductModel } from '../../web/staging/scene/types';
import { createSegmenter } from '../../web/staging/segmenter';

export interface DeclutterSceneInput {
  photoBase64: string;
  /** Picks the spots and which models go there; the same seed gives the same scene. */
  seed: number;
  maxObjects: number;
}

export interface DeclutterSceneObject {
  model: string;
  /** The rendered piece's box in photo pixels [x, y, w, h]. */
  box: [number, number, number, number];
}

export interface DeclutterScene {
  width: number;
  height: number;
  /** PNG data URLs: the photo as drawn at its size (the truth), and with the objects rendered in. */
  truthPng: string;
  stagedPng: string;
  /** The composited layer's alpha per pixel (0..255), base64. */
  alphaBase64: string;
  objects: DeclutterSceneObject[];
  ms: number;
}

/** The décor the issue names, with the size each is rendered at (w, d, h metres; the dish at 2/3, see README). */
const DECOR: { id: string; category: PlacedPiece['category']; size: [number, number, number] }[] = [
  { id: 'glass-vase-flowers', category: 'vase', size: [0.1, 0.14, 0.2] },
  { id: 'iridescent-dish-olives', category: 'vase', size: [0.3, 0.3, 0.16] },
  { id: 'tea-set-01', category: 'vase', size: [0.92, 0.48, 0.17] },
  { id: 'glass-hurricane-candle-holder', category: 'vase', size: [0.19, 0.19, 0.31] },
  { id: 'iridescence-lamp', category: 'tableLamp', size: [0.3, 0.3, 0.48] },
];

/** The real furniture décor stands on: counters (the segmenter's 'cabinet') and tables, with a plausible top. */
const HOSTS: ReadonlyMap<string, number> = new Map([
  ['cabinet', CABINET],
  ['table', TABLE],
]);
const TOP_MIN_M = 0.4;
const TOP_MAX_M = 1.2;
/** Spots nearer or farther than this (metres, on the floor) are skipped: the fit is least sure there. */
const NEAREST_M = 0.8;
const FARTHEST_M = 6;
/** The least rendered height of an object, pixels: smaller ones are specks nobody would call clutter. */
const MIN_HEIGHT_PX = 14;
/** Candidate spots on a host's top, metres apart. */
const SPOT_STEP_M = 0.08;

function seeded(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

function luminance(pixels: ImageData): { width: number; height: number; data: Float32Array } {
  const data = new Float32Array(pixels.width * pixels.height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4)
    data[i] = 0.299 * pixels.data[p]! + 0.587 * pixels.data[p + 1]! + 0.114 * pixels.data[p + 2]!;
  return { width: pixels.width, height: pixels.height, data };
}

function labelAt(labels: LabelMap, x: number, y: number, width: number, height: number): number {
  const lx = Math.min(labels.width - 1, Math.max(0, Math.floor((x / width) * labels.width)));
  const ly = Math.min(labels.height - 1, Math.max(0, Math.floor((y / height) * labels.height)));
  return labels.labels[ly * labels.width + lx]!;
}

function insidePolygon(p: FloorPoint, polygon: readonly FloorPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.z > p.z !== b.z > p.z && p.x < ((b.x - a.x) * (p.z - a.z)) / (b.z - a.z) + a.x) inside = !inside;
  }
  return inside;
}

interface Spot {
  piece: PlacedPiece;
  model: string;
  rect: [number, number, number, number];
  busy: number;
}

/** Mean luma gradient in a rect: busy counters (clutter already there, a hob) are left for calm ones. */
function busyness(gray: Float32Array, width: number, rect: Spot['rect']): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.max(1, rect[1]); y < rect[1] + rect[3] - 1; y++)
    for (let x = Math.max(1, rect[0]); x < rect[0] + rect[2] - 1; x++) {
      const i = y * width + x;
      sum += Math.abs(gray[i + 1]! - gray[i]!) + Math.abs(gray[i + width]! - gray[i]!);
      n++;
    }
  return n ? sum / n : Infinity;
}

/**
 * Candidate spots for one model on the tops of the real counters and tables the room model found (their floor
 * footprint raised to their measured height): the base must lie inside the footprint and its corners and centre
 * on the host's class in the photo, and the projected object in the frame, tall enough to be seen.
 */
function spotsFor(
  decor: (typeof DECOR)[number],
  room: RoomModel,
  camera: RoomCamera,
  labels: LabelMap,
  gray: Float32Array,
): Spot[] {
  const { width, height } = camera;
  const [w, d, h] = decor.size;
  const spots: Spot[] = [];
  for (const [index, obstacle] of room.obstacles.entries()) {
    const id = HOSTS.get(obstacle.label);
    const top = obstacle.heightM;
    if (id === undefined || top === undefined || top < TOP_MIN_M || top > TOP_MAX_M) continue;
    if (top > camera.heightM - 0.2) continue;
    const xs = obstacle.polygon.map((p) => p.x);
    const zs = obstacle.polygon.map((p) => p.z);
    for (let x = Math.min(...xs); x <= Math.max(...xs); x += SPOT_STEP_M) {
      for (let z = Math.min(...zs); z <= Math.max(...zs); z += SPOT_STEP_M) {
        const reach = Math.hypot(x, z);
        if (reach < NEAREST_M || reach > FARTHEST_M) continue;
        // Facing the camera, so the model shows its front.
        const rotationDeg = (Math.atan2(-x, -z) * 180) / Math.PI;
        const r = (rotationDeg * Math.PI) / 180;
        const corner = (sx: number, sz: number, y: number): Vec3 => ({
          x: x + Math.cos(r) * sx * (w / 2) + Math.sin(r) * sz * (d / 2),
          y,
          z: z - Math.sin(r) * sx * (w / 2) + Math.cos(r) * sz * (d / 2),
        });
        const base = [corner(-1, -1, top), corner(1, -1, top), corner(1, 1, top), corner(-1, 1, top)];
        if (!base.every((p) => insidePolygon(p, obstacle.polygon))) continue;
        const hull = [...base, { x, y: top, z }, ...base.map((p) => ({ ...p, y: top + h }))].map((p) =>
          projectPoint(camera, p),
        );
        if (hull.some((p) => p === null)) continue;
        const px = hull as { u: number; v: number }[];
        if (px.slice(0, 5).some((p) => labelAt(labels, p.u, p.v, width, height) !== id)) continue;
        const x0 = Math.floor(Math.min(...px.map((p) => p.u)));
        const x1 = Math.ceil(Math.max(...px.map((p) => p.u)));
        const y0 = Math.floor(Math.min(...px.map((p) => p.v)));
        const y1 = Math.ceil(Math.max(...px.map((p) => p.v)));
        if (x0 < 4 || y0 < 4 || x1 > width - 4 || y1 > height - 4 || y1 - y0 < MIN_HEIGHT_PX) continue;
        const rect: Spot['rect'] = [x0, y0, x1 - x0, y1 - y0];
        spots.push({
          model: decor.id,
          rect,
          busy: busyness(gray, width, rect),
          piece: {
            key: `${decor.id}#${spots.length}`,
            id: decor.id,
            category: decor.category,
            unit: 0,
            x,
            z,
            rotationDeg,
            elevationM: top,
            sizeM: { w, d, h },
            onFloor: false,
            // The real host's key: the scene grounds the piece with the soft rim it gives pieces on real furniture.
            on: `existing:${index}`,
          },
        });
      }
    }
  }
  return spots;
}

function overlaps(a: Spot['rect'], b: Spot['rect'], grow: number): boolean {
  const ga = Math.max(a[2], a[3]) * grow;
  return !(
    a[0] - ga > b[0] + b[2] ||
    b[0] > a[0] + a[2] + ga ||
    a[1] - ga > b[1] + b[3] ||
    b[1] > a[1] + a[3] + ga
  );
}

async function scene(input: DeclutterSceneInput): Promise<DeclutterScene> {
  const started = performance.now();
  const bytes = Uint8Array.from(atob(input.photoBase64), (c) => c.charCodeAt(0));
  const photo = await createImageBitmap(new Blob([bytes]));
  const { width, height } = photo;
  const [aw, ah] = analysisSize(width, height, 1024);
  const small = photoAtSize(photo, aw, ah).pixels;
  const segmenter = createSegmenter();
  let labels: LabelMap;
  try {
    labels = await segmenter.segment(small);
  } finally {
    segmenter.dispose();
  }
  const fitted = fitCamera({ gray: luminance(small) });
  const room = roomFromLabels(labels, fitted);
  const camera = scaleCamera(fitted, width, height);
  const truth = photoAtSize(photo, width, height);
  const gray = luminance(truth.pixels).data;

  const random = seeded(input.seed);
  const chosen: Spot[] = [];
  const order = DECOR.map((_, i) => (i + input.seed) % DECOR.length);
  for (let k = 0; chosen.length < input.maxObjects && k < DECOR.length * 2; k++) {
    const decor = DECOR[order[k % DECOR.length]!]!;
    const free = spotsFor(decor, room, camera, labels, gray).filter(
      (s) => !chosen.some((c) => overlaps(c.rect, s.rect, 0.3)),
    );
    if (free.length === 0) continue;
    // The calmer half of the free spots: objects go where a host would put one, not onto the hob.
    const calm = [...free].sort((a, b) => a.busy - b.busy).slice(0, Math.max(1, Math.ceil(free.length / 2)));
    chosen.push(calm[Math.floor(random() * calm.length)]!);
  }

  // Only the windows of the labels: the key light comes from them; the occluders of the real counters and tables
  // would hide the base of what stands on them.
  const lightOnly: LabelMap = {
    ...labels,
    labels: labels.labels.map((id) => (id === WINDOWPANE ? id : 0)),
  };
  const models: Record<string, ProductModel> = Object.fromEntries(
    DECOR.map((d) => [
      d.id,
      {
        glbUrl: furnitureFileUrl(`${d.id}.glb`),
        spec: {
          category: d.category,
          sizeCm: { w: d.size[0] * 100, d: d.size[1] * 100, h: d.size[2] * 100 },
          colors: ['#d8d4cc'],
          material: 'Glas',
        },
      },
    ]),
  );
  const result = await renderStaging({
    photo,
    room,
    labels: lightOnly,
    pieces: chosen.map((s) => s.piece),
    models,
    keepLayerAlpha: true,
  });
  photo.close();
  const alpha = result.layerAlpha ?? new Uint8Array(width * height);
  let binary = '';
  for (let i = 0; i < alpha.length; i += 0x8000)
    binary += String.fromCharCode(...alpha.subarray(i, i + 0x8000));
  return {
    width,
    height,
    truthPng: truth.canvas.toDataURL('image/png'),
    stagedPng: result.canvas.toDataURL('image/png'),
    alphaBase64: btoa(binary),
    objects: chosen.flatMap((s) => {
      const box = result.boxes[s.piece.key];
      return box ? [{ model: s.model, box }] : [];
    }),
    ms: performance.now() - started,
  };
}

(window as unknown as { declutterScene: typeof scene }).declutterScene = scene;
