// The staging render bench's page: one fixture photo with a hand-made room (camera, floor, back wall, a window
// label) and six pieces (GLB sofa, armchair and floor lamp; parametric rug, coffee table and plant) rendered at
// 2048 px through renderStaging, timed per run, and checked: outside the layer's alpha the output is the photo.
import type { LabelMap, RoomModel } from '../../core/staging/room/types';
import { furnitureFileUrl } from '../../core/staging/assets';
import { photoAtSize } from '../../web/staging/scene/composite';
import { prewarmStaging, renderStaging } from '../../web/staging/scene/render';
import type { PlacedPiece, ProductModel } from '../../web/staging/scene/types';

export interface StagingRunResult {
  ms: number;
  width: number;
  height: number;
  notes: string[];
  boxes: number;
  /** Pixels with layer alpha 0 that differ from the photo drawn by photoAtSize (must be 0). */
  changedOutside: number;
  /** Pixels with layer alpha > 0 (the pieces and their shadows). */
  covered: number;
  /** Milliseconds per stage inside renderStaging (profile), plus the JPEG encode the export does after it. */
  timings: Record<string, number>;
  /** The output as a PNG data URL, for looking at (the last run only). */
  png?: string;
}

const OUTPUT_WIDTH = 2048;

function piece(
  key: string,
  category: PlacedPiece['category'],
  x: number,
  z: number,
  size: number[],
  rot = 0,
) {
  const [w, d, h] = size as [number, number, number];
  return {
    key,
    id: key,
    category,
    unit: 0,
    x,
    z,
    rotationDeg: rot,
    elevationM: 0,
    sizeM: { w, d, h },
    onFloor: true,
  };
}

const PIECES: PlacedPiece[] = [
  piece('sofa', 'sofa', -0.45, -3.9, [2.19, 1.02, 0.79]),
  piece('armchair', 'armchair', -2.1, -3.0, [0.83, 0.57, 0.69], 60),
  piece('rug', 'rug', -0.45, -2.9, [2.0, 1.4, 0.01]),
  piece('coffeeTable', 'coffeeTable', -0.45, -2.9, [1.0, 0.55, 0.42]),
  piece('floorLamp', 'floorLamp', 1.0, -4.3, [1.13, 0.72, 1.86]),
  piece('plant', 'plant', -1.9, -4.5, [0.5, 0.5, 1.1]),
];

const spec = (category: PlacedPiece['category'], size: number[], colors: string[], material: string) => ({
  category,
  sizeCm: { w: size[0]! * 100, d: size[1]! * 100, h: size[2]! * 100 },
  colors,
  material,
  style: 'modern' as const,
});

const MODELS: Record<string, ProductModel> = {
  sofa: {
    glbUrl: furnitureFileUrl('glam-velvet-sofa.glb'),
    spec: spec('sofa', [2.19, 1.02, 0.79], ['#8a8d91'], 'Samt grau'),
  },
  armchair: {
    glbUrl: furnitureFileUrl('sheen-chair.glb'),
    spec: spec('armchair', [0.83, 0.57, 0.69], ['#c9a77c'], 'Samt'),
  },
  rug: { spec: spec('rug', [2.0, 1.4, 0.01], ['#e8e0d0', '#4f6d7a'], 'Wolle') },
  coffeeTable: { spec: spec('coffeeTable', [1.0, 0.55, 0.42], ['#c9a77c'], 'Eiche massiv, geölt') },
  floorLamp: {
    glbUrl: furnitureFileUrl('lights-punctual-lamp.glb'),
    spec: spec('floorLamp', [1.13, 0.72, 1.86], ['#222222'], 'Metall schwarz'),
  },
  plant: { spec: spec('plant', [0.5, 0.5, 1.1], ['#e8e0d0'], 'Keramik matt') },
};

/** The room of bedroom/97_bedroom.jpg as measured by hand: a level camera 1.2 m up, the back wall 5.3 m away. */
function roomOf(width: number, height: number): RoomModel {
  return {
    camera: {
      width,
      height,
      focalPx: 0.5 * width,
      pitchDeg: 0,
      rollDeg: 0,
      yawDeg: 0,
      heightM: 1.2,
      focalSource: 'default',
    },
    scaleSource: 'cameraHeight',
    floor: [
      { x: -3, z: -1 },
      { x: 2.5, z: -1 },
      { x: 2.5, z: -5.3 },
      { x: -3, z: -5.3 },
    ],
    walls: [{ a: { x: -4, z: -5.3 }, b: { x: 4, z: -5.3 }, normal: { x: 0, z: 1 } }],
    keepFree: [],
    obstacles: [],
  } as RoomModel;
}

/** The two windows on the left as ADE20K windowpane (9) rectangles, so the key light comes from them. */
function labelsOf(width: number, height: number): LabelMap {
  const w = 256;
  const h = Math.round((w * height) / width);
  const labels = new Uint8Array(w * h);
  for (const [x0, y0, x1, y1] of [
    [0, 0.35, 0.11, 0.58],
    [0.145, 0.38, 0.285, 0.6],
  ] as const)
    for (let y = Math.floor(y0 * h); y < y1 * h; y++)
      for (let x = Math.floor(x0 * w); x < x1 * w; x++) labels[y * w + x] = 9;
  return { width: w, height: h, labels } as LabelMap;
}

async function run(photoUrl: string, keepPng: boolean): Promise<StagingRunResult> {
  const photo = await createImageBitmap(await (await fetch(photoUrl)).blob());
  const started = performance.now();
  const result = await renderStaging({
    photo,
    room: roomOf(photo.width, photo.height),
    labels: labelsOf(photo.width, photo.height),
    pieces: PIECES,
    models: MODELS,
    outputWidth: OUTPUT_WIDTH,
    keepLayerAlpha: true,
    profile: true,
  });
  const ms = performance.now() - started;
  // The export's next step (scripts/stage.ts, the dialog's download): not part of ms, timed for the split.
  const encodeStart = performance.now();
  await new Promise<Blob | null>((resolve) => result.canvas.toBlob(resolve, 'image/jpeg', 0.92));
  const timings = { ...result.timings, jpeg: Math.round(performance.now() - encodeStart) };
  const { width, height } = result.canvas;
  const out = result.canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
  const ref = photoAtSize(photo, width, height).pixels.data;
  const alpha = result.layerAlpha!;
  let changedOutside = 0;
  let covered = 0;
  for (let i = 0; i < alpha.length; i++) {
    if (alpha[i]) {
      covered++;
      continue;
    }
    const j = i * 4;
    if (
      out[j] !== ref[j] ||
      out[j + 1] !== ref[j + 1] ||
      out[j + 2] !== ref[j + 2] ||
      out[j + 3] !== ref[j + 3]
    )
      changedOutside++;
  }
  photo.close();
  return {
    ms,
    width,
    height,
    notes: result.notes,
    boxes: Object.keys(result.boxes).length,
    changedOutside,
    covered,
    timings,
    png: keepPng ? result.canvas.toDataURL('image/png') : undefined,
  };
}

/** What the stage does while the user arranges (stage.ts): readies the export for these pieces; returns its ms. */
async function prewarm(photoUrl: string): Promise<number> {
  const photo = await createImageBitmap(await (await fetch(photoUrl)).blob());
  const started = performance.now();
  await prewarmStaging({
    photo,
    room: roomOf(photo.width, photo.height),
    labels: labelsOf(photo.width, photo.height),
    pieces: PIECES,
    models: MODELS,
  });
  photo.close();
  return performance.now() - started;
}

(window as unknown as { stagingRun: typeof run; stagingPrewarm: typeof prewarm }).stagingRun = run;
(window as unknown as { stagingPrewarm: typeof prewarm }).stagingPrewarm = prewarm;
