// The room's floor plan from one photo: the segmentation's label map and the fitted camera give the free floor,
// the walls (Manhattan lines), the zones to keep free before windows and doors, the furniture's footprints and
// the metric scale (a door's or a bed's known height, else a standing photographer's eye height). Pure geometry on
// the camera's rays (camera.ts); it never throws, an odd map gives an empty plan.
import { floorPointAt, horizonRowAt, pixelRay, projectPoint } from './camera';
import {
  BED,
  CEILING,
  CURTAIN,
  MIRROR,
  PAINTING,
  DOOR_LABELS,
  FLOOR_LABELS,
  FURNITURE_DEPTH_M,
  FURNITURE_LABELS,
  labelName,
  WALL_SURFACE_LABELS,
  WINDOW_LABELS,
} from './labels';
import type {
  FloorPoint,
  KeepFreeZone,
  LabelMap,
  Obstacle,
  RoomCamera,
  RoomModel,
  ScaleSource,
  Vec3,
  WallLine,
} from './types';

const DEFAULT_CAMERA_HEIGHT_M = 1.4;
const MIN_CAMERA_HEIGHT_M = 1.0;
const MAX_CAMERA_HEIGHT_M = 1.9;
const DOOR_HEIGHT_M = 2.0;
const MATTRESS_TOP_M = 0.55;
const WINDOW_ZONE_DEPTH_M = 0.8;
const DOOR_ZONE_DEPTH_M = 1.0;
/** How deep in front of its wall each opening's zone reaches; a picture's only marks its stretch of wall. */
const ZONE_DEPTH_M = { window: WINDOW_ZONE_DEPTH_M, door: DOOR_ZONE_DEPTH_M, wallDecor: 0.1 } as const;
const WALKWAY_WIDTH_M = 0.6;
/** Regions smaller than this share of the map are segmentation specks. */
const MIN_REGION_SHARE = 0.002;
const MAX_FLOOR_VERTICES = 30;
/** Gaps in a column's floor run up to this share of the map's height are bridged (a rug's border, a chair leg). */
const MAX_BRIDGED_GAP_SHARE = 0.012;
/** Columns whose near run is shorter than this share of the map's height hold no usable floor. */
const MIN_RUN_SHARE = 0.01;
/** Half the window of the running median over the near runs' tops, a share of the map's width. */
const SMOOTH_SHARE = 0.012;
/** A window with floor this share of the map's height below its foot in enough columns reaches the floor. */
const FLOOR_REACH_SHARE = 0.04;
/** An obstacle's footprint loses edge strips where at least this share of the floor there is seen in the photo. */
const SEEN_FLOOR_SHARE = 0.5;
/** Strips per side an obstacle's footprint is sampled in. */
const FOOTPRINT_STEPS = 8;
/** Floor labelled farther away than this (at the default eye height) is a mislabel near the horizon. */
const MAX_FLOOR_DISTANCE_M = 15;
const MAX_WALLS = 4;
/** A side wall is seen at most about 60 degrees off frontal when the view's direction has this much along its normal. */
const SIDE_WALL_FACING_MIN = 0.5;
/** How far past a wall's seen foot a window or door may still sit on it (its foot may hide behind furniture). */
const WALL_HIT_MARGIN_M = 1.0;
/** How close two walls' ends must come to be joined at their corner. */
const CORNER_SNAP_M = 0.6;
/** Furniture of a class without a typical depth. */
const DEFAULT_FURNITURE_DEPTH_M = 0.5;

/** The label map seen through the camera: label pixel (x, y) is camera pixel (x·sx, y·sy). */
interface View {
  w: number;
  h: number;
  labels: Uint8Array;
  camera: RoomCamera;
  sx: number;
  sy: number;
  /** Per column, the first row that may be floor: below the horizon and nearer than the farthest floor. */
  firstFloorRow: Int32Array;
}

type Axis = 'x' | 'z';

/** A wall along a Manhattan direction: the coordinate `axis` is constant (`at`), it runs from..to along the other. */
interface AxisWall {
  axis: Axis;
  at: number;
  from: number;
  to: number;
}

interface Region {
  /** The class the region was grown on: a label id. */
  key: number;
  pixels: number[];
  minY: number;
}

/** Per column the topmost and the lowest row of a region, -1 where it has none. */
interface Columns {
  top: Int32Array;
  bottom: Int32Array;
}

interface Opening {
  kind: 'window' | 'door' | 'wallDecor';
  region: Region;
  /** Index of the wall it sits on (null: none seen) and its extent along it, metres at the default height. */
  wall: number | null;
  from: number;
  to: number;
}

const across = (p: { x: number; z: number }, axis: Axis): number => (axis === 'x' ? p.x : p.z);
const along = (p: { x: number; z: number }, axis: Axis): number => (axis === 'x' ? p.z : p.x);
/** The point with coordinate `a` on `axis` and `s` on the other. */
const onAxes = (axis: Axis, a: number, s: number): FloorPoint =>
  axis === 'x' ? { x: a, z: s } : { x: s, z: a };

function lookup(ids: ReadonlySet<number>): Uint8Array {
  const table = new Uint8Array(256);
  for (const id of ids) table[id] = 1;
  return table;
}

const IS_FLOOR = lookup(FLOOR_LABELS);
const IS_FURNITURE = lookup(FURNITURE_LABELS);
const IS_WALL_SURFACE = lookup(WALL_SURFACE_LABELS);
const IS_WINDOW = lookup(WINDOW_LABELS);
const IS_DOOR = lookup(DOOR_LABELS);

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}

const median = (values: number[]): number => percentile(values, 0.5);

/**
 * The room seen in one photo, from its segmentation and its fitted camera (any size: the label map is mapped onto
 * the camera's pixels, also when the photo was squashed to a square for the segmenter). All metric outputs use
 * the camera height that `scaleSource` names; the returned camera carries it.
 */
export function roomFromLabels(labels: LabelMap, camera: RoomCamera): RoomModel {
  const standing: RoomCamera = { ...camera, heightM: DEFAULT_CAMERA_HEIGHT_M };
  if (!usable(labels, camera)) {
    return {
      camera: standing,
      scaleSource: 'cameraHeight',
      floor: [],
      walls: [],
      keepFree: [],
      obstacles: [],
    };
  }
  const view = makeView(labels, standing);
  const minPixels = Math.max(1, MIN_REGION_SHARE * view.w * view.h);
  const floor = floorRegion(view, minPixels);
  const spans = floor ? floorSpans(withoutSpecks(floor, view.w, view.h, minPixels), view) : null;
  const found = spans ? fitWalls(wallFootPoints(spans.far, view)) : [];
  const standingWalls = spans ? withStandingWalls(found, spans.far, view) : found;
  const openings = findOpenings(view, standingWalls, minPixels);
  const furniture = regions(view, (l) => IS_FURNITURE[l] === 1, minPixels);

  const scale = measureScale(view, standingWalls, openings, furniture);
  const k = scale.heightM / DEFAULT_CAMERA_HEIGHT_M;
  const final = { ...view, camera: { ...camera, heightM: scale.heightM } };
  const walls = standingWalls.map((w) => scaleWall(w, k));
  const ceiling = ceilingHeight(view, standingWalls);
  return {
    camera: final.camera,
    scaleSource: scale.source,
    ...(ceiling === null ? {} : { ceilingM: ceiling * k }),
    floor: spans ? floorPolygon(spans.near, final) : [],
    walls: walls.map(wallLine),
    keepFree: keepFreeZones(openings, walls, k),
    obstacles: furniture
      .map((r) => obstacleOf(r, final, walls))
      .filter((o): o is Obstacle => o !== null)
      .map((o) => trimmedToHiddenFloor(o, final)),
  };
}

function usable(labels: LabelMap, camera: RoomCamera): boolean {
  const { width, height } = labels;
  const finite = [
    camera.width,
    camera.height,
    camera.focalPx,
    camera.pitchDeg,
    camera.rollDeg,
    camera.yawDeg,
  ];
  return (
    Number.isInteger(width) &&
    Number.isInteger(height) &&
    width > 0 &&
    height > 0 &&
    labels.labels.length >= width * height &&
    finite.every(Number.isFinite) &&
    camera.width > 0 &&
    camera.height > 0 &&
    camera.focalPx > 0
  );
}

function makeView(map: LabelMap, camera: RoomCamera): View {
  const { width: w, height: h } = map;
  const sx = camera.width / w;
  const sy = camera.height / h;
  const firstFloorRow = new Int32Array(w);
  for (let x = 0; x < w; x++) {
    const horizon = horizonRowAt(camera, (x + 0.5) * sx) / sy;
    // A pixel whose centre lies within a row of the horizon projects to the far distance: not floor.
    let y = Number.isNaN(horizon) ? h : Math.max(0, Math.floor(horizon + 0.5) + 1);
    for (; y < h; y++) {
      const p = floorPointAt(camera, (x + 0.5) * sx, (y + 0.5) * sy);
      if (p && Math.hypot(p.x, p.z) <= MAX_FLOOR_DISTANCE_M) break;
    }
    firstFloorRow[x] = Math.min(y, h);
  }
  return { w, h, labels: map.labels, camera, sx, sy, firstFloorRow };
}

const floorAt = (view: View, x: number, y: number): FloorPoint | null =>
  floorPointAt(view.camera, x * view.sx, y * view.sy);
const rayAt = (view: View, x: number, y: number): Vec3 => pixelRay(view.camera, x * view.sx, y * view.sy);

// ---------------------------------------------------------------------------------------------------------------
// Regions

/** 4-connected regions of pixels with the same key (negative keys are background). */
function connected(w: number, h: number, keyAt: (index: number) => number): Region[] {
  const seen = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  const out: Region[] = [];
  for (let start = 0; start < w * h; start++) {
    if (seen[start]) continue;
    const key = keyAt(start);
    seen[start] = 1;
    if (key < 0) continue;
    const pixels: number[] = [];
    let minY = h;
    let top = 0;
    stack[top++] = start;
    const visit = (j: number) => {
      if (!seen[j] && keyAt(j) === key) {
        seen[j] = 1;
        stack[top++] = j;
      }
    };
    while (top > 0) {
      const i = stack[--top]!;
      pixels.push(i);
      const x = i % w;
      const y = (i - x) / w;
      minY = Math.min(minY, y);
      if (x > 0) visit(i - 1);
      if (x < w - 1) visit(i + 1);
      if (y > 0) visit(i - w);
      if (y < h - 1) visit(i + w);
    }
    out.push({ key, pixels, minY });
  }
  return out;
}

/** The regions of each label that passes `keep`, specks dropped, each grown on its own label. */
function regions(view: View, keep: (label: number) => boolean, minPixels: number): Region[] {
  const { labels } = view;
  return connected(view.w, view.h, (i) => (keep(labels[i]!) ? labels[i]! : -1)).filter(
    (r) => r.pixels.length >= minPixels,
  );
}

/** Regions are immutable and the scale's bisection asks for the same bed's columns many times. */
const columnCache = new WeakMap<Region, Columns>();

function columnsOf(region: Region, w: number): Columns {
  const cached = columnCache.get(region);
  if (cached) return cached;
  const top = new Int32Array(w).fill(-1);
  const bottom = new Int32Array(w).fill(-1);
  for (const i of region.pixels) {
    const x = i % w;
    const y = (i - x) / w;
    if (top[x]! < 0 || y < top[x]!) top[x] = y;
    if (y > bottom[x]!) bottom[x] = y;
  }
  const columns = { top, bottom };
  columnCache.set(region, columns);
  return columns;
}

const labelAt = (view: View, x: number, y: number): number =>
  y >= 0 && y < view.h ? view.labels[y * view.w + x]! : -1;

/** Whether one of the two pixels above (dy = -1) or below (dy = 1) row y in column x is in `table`. */
function nextTo(view: View, table: Uint8Array, x: number, y: number, dy: 1 | -1): boolean {
  return [1, 2].some((d) => {
    const l = labelAt(view, x, y + d * dy);
    return l >= 0 && table[l] === 1;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Floor

/** The floor: the largest floor region reaching the lower third of the image (the floor one stands on). */
function floorRegion(view: View, minPixels: number): Uint8Array | null {
  const { w, h, labels } = view;
  const isFloorPixel = (i: number) => {
    const x = i % w;
    return IS_FLOOR[labels[i]!] === 1 && (i - x) / w >= view.firstFloorRow[x]!;
  };
  const lowest = (r: Region) => r.pixels.reduce((m, i) => Math.max(m, Math.floor(i / w)), 0);
  const candidates = connected(w, h, (i) => (isFloorPixel(i) ? 1 : -1)).filter(
    (r) => r.pixels.length >= minPixels && lowest(r) >= (h * 2) / 3 - 1,
  );
  if (candidates.length === 0) return null;
  const best = candidates.reduce((a, b) => (b.pixels.length > a.pixels.length ? b : a));
  const mask = new Uint8Array(w * h);
  for (const i of best.pixels) mask[i] = 1;
  return mask;
}

/** The region with the specks of other labels inside it filled, so they don't cut a column's run short. */
function withoutSpecks(mask: Uint8Array, w: number, h: number, minPixels: number): Uint8Array {
  const filled = mask.slice();
  for (const hole of connected(w, h, (i) => (mask[i] ? -1 : 0))) {
    if (hole.pixels.length >= minPixels) continue;
    const onBorder = hole.pixels.some((i) => {
      const x = i % w;
      const y = (i - x) / w;
      return x === 0 || y === 0 || x === w - 1 || y === h - 1;
    });
    if (!onBorder) for (const i of hole.pixels) filled[i] = 1;
  }
  return filled;
}

/**
 * Per column, the floor region's farthest and nearest pixel, and the near run: upwards from the nearest pixel as
 * long as the floor goes on, across gaps of a few rows (a rug's border, a chair's leg labelled as something else).
 * The wall's foot is at the farthest pixel (also behind a table); the outline keeps to the near runs, floor seen
 * unbroken from the camera's side, so nothing standing free on the floor, nor the floor it hides, gets inside (a
 * polygon has no holes: the floor glimpsed behind a table is left out). Real segmentations fray the near runs
 * into spikes one column wide; those are smoothed away and only the largest band of neighbouring columns is kept,
 * so the outline is one piece.
 */
function floorSpans(mask: Uint8Array, view: View): { far: Columns; near: Columns } {
  const { w, h } = view;
  const gap = Math.max(1, Math.round(MAX_BRIDGED_GAP_SHARE * h));
  const farTop = new Int32Array(w).fill(-1);
  const nearTop = new Int32Array(w).fill(-1);
  const bottom = new Int32Array(w).fill(-1);
  for (let x = 0; x < w; x++) {
    let y = h - 1;
    while (y >= 0 && !mask[y * w + x]) y--;
    if (y < 0) continue;
    bottom[x] = y;
    for (;;) {
      while (y > 0 && mask[(y - 1) * w + x]) y--;
      let g = 1;
      while (g <= gap && y - g >= 0 && !mask[(y - g) * w + x]) g++;
      if (g > gap || y - g < 0) break;
      y -= g;
    }
    nearTop[x] = y;
    for (y = 0; !mask[y * w + x]; y++);
    farTop[x] = y;
  }
  return { far: { top: farTop, bottom }, near: cleanRuns(nearTop, bottom, view) };
}

/**
 * The near runs without one-column spikes or notches (each top the running median of its neighbours'), without
 * runs too short to stand anything on, and only the largest band of neighbouring columns.
 */
function cleanRuns(nearTop: Int32Array, bottom: Int32Array, view: View): Columns {
  const { w, h } = view;
  const half = Math.max(1, Math.round(SMOOTH_SHARE * w));
  const minRun = Math.max(2, Math.round(MIN_RUN_SHARE * h));
  const top = new Int32Array(w).fill(-1);
  const low = new Int32Array(w).fill(-1);
  for (let x = 0; x < w; x++) {
    if (bottom[x]! < 0) continue;
    const around: number[] = [];
    for (let n = Math.max(0, x - half); n <= Math.min(w - 1, x + half); n++)
      if (bottom[n]! >= 0) around.push(nearTop[n]!);
    const t = median(around);
    if (bottom[x]! - t + 1 < minRun) continue;
    top[x] = t;
    low[x] = bottom[x]!;
  }
  // The largest band of neighbouring columns by floor area in pixels.
  let best = { from: 0, to: -1, size: 0 };
  for (let x = 0; x < w;) {
    if (top[x]! < 0) {
      x++;
      continue;
    }
    let size = 0;
    const from = x;
    for (; x < w && top[x]! >= 0; x++) size += low[x]! - top[x]! + 1;
    if (size > best.size) best = { from, to: x - 1, size };
  }
  for (let x = 0; x < w; x++) {
    if (x >= best.from && x <= best.to) continue;
    top[x] = -1;
    low[x] = -1;
  }
  return { top, bottom: low };
}

interface Pixel {
  u: number;
  v: number;
}

/**
 * The floor's outline (far edge left to right, near edge back), simplified in camera pixels: the floor is a
 * plane, so straight lines in the image stay straight on the floor and simplifying before projecting is exact.
 * Both edges run monotonically across the columns, so the outline is simple as long as the far edge stays above
 * the near one; a simplification that lets them cross is not taken (the projection onto the floor keeps a simple
 * polygon below the horizon simple).
 */
function floorPolygon(spans: Columns, view: View): FloorPoint[] {
  const xs: number[] = [];
  for (let x = 0; x < view.w; x++) if (spans.bottom[x]! >= 0) xs.push(x);
  if (xs.length === 0) return [];
  const first = xs[0]!;
  const last = xs[xs.length - 1]!;
  const px = (x: number, y: number): Pixel => ({ u: x * view.sx, v: y * view.sy });
  const far = [
    px(first, spans.top[first]!),
    ...xs.map((x) => px(x + 0.5, spans.top[x]!)),
    px(last + 1, spans.top[last]!),
  ];
  const near = [
    px(last + 1, spans.bottom[last]! + 1),
    ...xs.reverse().map((x) => px(x + 0.5, spans.bottom[x]! + 1)),
    px(first, spans.bottom[first]! + 1),
  ];
  let chains = [far, near];
  for (let tolerance = 0.5; tolerance < 1e5; tolerance *= 1.5) {
    const next = [simplify(far, tolerance), simplify(near, tolerance)];
    if (!apart(next[0]!, next[1]!)) break;
    chains = next;
    if (chains[0]!.length + chains[1]!.length <= MAX_FLOOR_VERTICES) break;
  }
  const polygon = chains.flat().map((p) => floorPointAt(view.camera, p.u, p.v));
  const points = polygon.filter((p): p is FloorPoint => p !== null);
  return points.length >= 3 ? points : [];
}

/** The row of a chain (monotonic in u) at column u, by linear interpolation. */
function rowAt(chain: Pixel[], u: number): number {
  for (let i = 0; i + 1 < chain.length; i++) {
    const [a, b] = [chain[i]!, chain[i + 1]!];
    if ((u - a.u) * (u - b.u) > 0) continue;
    return Math.abs(b.u - a.u) < 1e-12 ? Math.min(a.v, b.v) : a.v + ((u - a.u) / (b.u - a.u)) * (b.v - a.v);
  }
  return Number.NaN;
}

/** Whether the far chain (u rising) lies above the near chain (u falling) at every vertex of both. */
function apart(far: Pixel[], near: Pixel[]): boolean {
  const inside = (p: Pixel) => p.u > far[0]!.u + 1e-9 && p.u < far[far.length - 1]!.u - 1e-9;
  return (
    far.filter(inside).every((p) => p.v < rowAt(near, p.u)) &&
    near.filter(inside).every((p) => p.v > rowAt(far, p.u))
  );
}

/** Douglas-Peucker on an open polyline: its ends stay. */
function simplify(points: Pixel[], tolerance: number): Pixel[] {
  if (points.length <= 2) return points;
  const a = points[0]!;
  const b = points[points.length - 1]!;
  const length = Math.hypot(b.u - a.u, b.v - a.v);
  let worst = -1;
  let worstIndex = 0;
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i]!;
    const d =
      length < 1e-9
        ? Math.hypot(p.u - a.u, p.v - a.v)
        : Math.abs((b.u - a.u) * (a.v - p.v) - (a.u - p.u) * (b.v - a.v)) / length;
    if (d > worst) {
      worst = d;
      worstIndex = i;
    }
  }
  if (worst <= tolerance) return [a, b];
  const left = simplify(points.slice(0, worstIndex + 1), tolerance);
  return [...left.slice(0, -1), ...simplify(points.slice(worstIndex), tolerance)];
}

// ---------------------------------------------------------------------------------------------------------------
// Walls

/** The floor points where the free floor ends at a wall surface: the top of each column's near run. */
function wallFootPoints(spans: Columns, view: View): FloorPoint[] {
  const points: FloorPoint[] = [];
  for (let x = 0; x < view.w; x++) {
    const y = spans.top[x]!;
    if (y <= 0 || !nextTo(view, IS_WALL_SURFACE, x, y, -1)) continue;
    const p = floorAt(view, x + 0.5, y);
    if (p) points.push(p);
  }
  return points;
}

/**
 * The walls as lines along the world axes: repeatedly the densest band of points with one x (or z), kept when its
 * points spread along the band as a wall's foot does; its points are then taken out so the next wall can show.
 */
function fitWalls(points: FloorPoint[]): AxisWall[] {
  const minSupport = Math.max(8, Math.round(points.length * 0.04));
  let left = points;
  const walls: AxisWall[] = [];
  while (walls.length < MAX_WALLS) {
    const lines = (['z', 'x'] as const)
      .map((axis) => strongestLine(left, axis, minSupport))
      .filter((l): l is NonNullable<typeof l> => l !== null);
    if (lines.length === 0) break;
    const best = lines.reduce((a, b) => (b.inliers.size > a.inliers.size ? b : a));
    walls.push(best.wall);
    left = left.filter((_, i) => !best.inliers.has(i));
  }
  return joinCorners(walls);
}

/** A far wall's foot is known less exactly: one label row spans more floor the farther it lies. */
const wallTolerance = (at: number): number => 0.05 + 0.03 * Math.abs(at);

function strongestLine(
  points: FloorPoint[],
  axis: Axis,
  minSupport: number,
): { wall: AxisWall; inliers: Set<number> } | null {
  if (points.length < minSupport) return null;
  const values = points.map((p) => across(p, axis)).sort((a, b) => a - b);
  const bands: { centre: number; count: number }[] = [];
  // Both band edges move monotonically with the centre, so two pointers find each band's count.
  let lo = 0;
  let hi = 0;
  for (const centre of values) {
    const tolerance = wallTolerance(centre);
    while (values[lo]! < centre - tolerance) lo++;
    while (hi < values.length && values[hi]! <= centre + tolerance) hi++;
    if (hi - lo >= minSupport) bands.push({ centre, count: hi - lo });
  }
  bands.sort((a, b) => b.count - a.count);
  // The densest band may be a slice across another wall's foot; a few distinct runners-up get their chance.
  const tried: number[] = [];
  for (const { centre } of bands) {
    if (tried.length >= 5) break;
    if (tried.some((t) => Math.abs(t - centre) <= wallTolerance(t))) continue;
    tried.push(centre);
    const line = lineAround(points, axis, centre, minSupport);
    if (line) return line;
  }
  return null;
}

function lineAround(
  points: FloorPoint[],
  axis: Axis,
  centre: number,
  minSupport: number,
): { wall: AxisWall; inliers: Set<number> } | null {
  const at = median(
    points.map((p) => across(p, axis)).filter((v) => Math.abs(v - centre) <= wallTolerance(centre)),
  );
  const inliers = new Set<number>();
  points.forEach((p, i) => {
    if (Math.abs(across(p, axis) - at) <= wallTolerance(at)) inliers.add(i);
  });
  if (inliers.size < minSupport || Math.abs(at) < 0.2) return null;
  const chosen = points.filter((_, i) => inliers.has(i));
  const alongs = chosen.map((p) => along(p, axis));
  const spread = (vs: number[]) => {
    const m = vs.reduce((s, v) => s + v, 0) / vs.length;
    return Math.sqrt(vs.reduce((s, v) => s + (v - m) ** 2, 0) / vs.length);
  };
  const from = Math.min(...alongs);
  const to = Math.max(...alongs);
  // A slice across another wall's foot fills the band's whole width and is short along it; a wall's own foot
  // runs along the band and keeps close to its middle.
  const lineLike = spread(alongs) >= 2 * spread(chosen.map((p) => across(p, axis))) && to - from >= 0.3;
  return lineLike ? { wall: { axis, at, from, to }, inliers } : null;
}

/** Walls of the two directions whose ends nearly meet are extended (or trimmed) to their common corner. */
function joinCorners(walls: AxisWall[]): AxisWall[] {
  const out = walls.map((w) => ({ ...w }));
  const near = (value: number, w: AxisWall) =>
    value >= w.from - CORNER_SNAP_M && value <= w.to + CORNER_SNAP_M;
  const moveNearerEnd = (w: AxisWall, value: number) => {
    if (Math.abs(w.from - value) < Math.abs(w.to - value)) w.from = value;
    else w.to = value;
  };
  for (const zWall of out.filter((w) => w.axis === 'z')) {
    for (const xWall of out.filter((w) => w.axis === 'x')) {
      if (!near(xWall.at, zWall) || !near(zWall.at, xWall)) continue;
      moveNearerEnd(zWall, xWall.at);
      moveNearerEnd(xWall, zWall.at);
    }
  }
  return out;
}

/**
 * When no wall facing the camera is found (its foot hidden behind a headboard, a sideboard, a row of chairs), a
 * wall at the farthest floor seen against something standing: the floor ends there, and the layout needs a wall
 * to put pieces against and hang pictures on. Where the floor ends at furniture, the wall stands behind it, by the
 * class's typical depth: taken at the furniture's front, the wall ran along a bed's foot or side and cut the bed
 * to a sliver. Looking into a corner, both walls face the camera and each may get one; the second takes only the
 * points towards its side. Floor that only ends at the horizon's distance limit makes no wall.
 */
function withStandingWalls(walls: AxisWall[], far: Columns, view: View): AxisWall[] {
  const forward = rayAt(view, view.w / 2, view.h / 2);
  const points: FloorPoint[] = [];
  /** How far behind each point the wall stands: the depth of the furniture the floor ends at, else 0. */
  const behind: number[] = [];
  for (let x = 0; x < view.w; x++) {
    const y = far.top[x]!;
    const above = labelAt(view, x, y - 1);
    if (y <= view.firstFloorRow[x]! || IS_FLOOR[above] === 1) continue;
    const p = floorAt(view, x + 0.5, y);
    if (!p) continue;
    points.push(p);
    behind.push(IS_FURNITURE[above] ? (FURNITURE_DEPTH_M.get(above) ?? DEFAULT_FURNITURE_DEPTH_M) : 0);
  }
  if (points.length < Math.max(8, 0.1 * view.w)) return walls;
  const mainAxis: Axis = Math.abs(forward.z) >= Math.abs(forward.x) ? 'z' : 'x';
  const facing = (['z', 'x'] as const).filter(
    (axis) => axis === mainAxis || Math.abs(across(forward, axis)) >= SIDE_WALL_FACING_MIN,
  );
  let out = walls;
  for (const axis of facing) {
    const sign = Math.sign(across(forward, axis)) || -1;
    if (out.some((w) => w.axis === axis && Math.sign(w.at) === sign)) continue;
    const at =
      sign *
      percentile(
        points.map((p, i) => sign * across(p, axis) + behind[i]!),
        0.95,
      );
    if (Math.abs(at) < 0.5) continue;
    const near =
      axis === mainAxis
        ? points
        : points.filter((p) => sign * (at - across(p, axis)) <= Math.max(1, 0.3 * Math.abs(at)));
    const alongs = near.map((p) => along(p, axis));
    if (near.length < 8) continue;
    out = joinCorners([...out, { axis, at, from: Math.min(...alongs), to: Math.max(...alongs) }]);
  }
  return out;
}

function wallLine(w: AxisWall): WallLine {
  // The camera stands in the room, so the room lies on the camera's side of every wall.
  const inward = w.at < 0 ? 1 : -1;
  return {
    a: onAxes(w.axis, w.at, w.from),
    b: onAxes(w.axis, w.at, w.to),
    normal: onAxes(w.axis, inward, 0),
  };
}

/** The wall a ray from the camera meets first (vertical planes, so the camera's height does not matter). */
function firstWallHit(walls: AxisWall[], ray: Vec3): { wall: number; along: number } | null {
  let best: { wall: number; along: number } | null = null;
  let bestT = Infinity;
  for (const [i, w] of walls.entries()) {
    const d = across(ray, w.axis);
    if (Math.abs(d) < 1e-12) continue;
    const t = w.at / d;
    const s = t * along(ray, w.axis);
    if (t <= 0 || t >= bestT || s < w.from - WALL_HIT_MARGIN_M || s > w.to + WALL_HIT_MARGIN_M) continue;
    bestT = t;
    best = { wall: i, along: s };
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------------
// Windows and doors

/** Windows (with the curtains beside them) and doors, each placed on the wall most of its columns look at. */
function findOpenings(view: View, walls: AxisWall[], minPixels: number): Opening[] {
  const found = regions(
    view,
    (l) => IS_WINDOW[l] === 1 || IS_DOOR[l] === 1 || l === CURTAIN || l === PAINTING || l === MIRROR,
    minPixels,
  );
  const openings: Opening[] = [];
  for (const region of found) {
    if (region.key === CURTAIN && !besideWindow(region, view)) continue;
    // A window coming down to the floor is a glass door: people walk through it.
    const kind =
      region.key === PAINTING || region.key === MIRROR
        ? 'wallDecor'
        : IS_DOOR[region.key] === 1 || (IS_WINDOW[region.key] === 1 && reachesFloor(region, view))
          ? 'door'
          : 'window';
    // A door on no seen wall makes no zone but may still give the scale.
    const placed = placeOnWall(region, view, walls) ?? { wall: null, from: 0, to: 0 };
    openings.push({ kind, region, ...placed });
  }
  return openings;
}

/** Whether the floor lies just below a region's foot in at least a third of its columns. */
function reachesFloor(region: Region, view: View): boolean {
  const cols = columnsOf(region, view.w);
  const gap = Math.max(2, Math.round(FLOOR_REACH_SHARE * view.h));
  let columns = 0;
  let onFloor = 0;
  for (let x = 0; x < view.w; x++) {
    const bottom = cols.bottom[x]!;
    if (bottom < 0) continue;
    columns++;
    for (let d = 1; d <= gap; d++) {
      if (IS_FLOOR[labelAt(view, x, bottom + d)] === 1) {
        onFloor++;
        break;
      }
    }
  }
  return columns > 0 && onFloor >= columns / 3;
}

function besideWindow(region: Region, view: View): boolean {
  return region.pixels.some((i) => {
    const x = i % view.w;
    const y = (i - x) / view.w;
    return [-2, -1, 1, 2].some(
      (d) =>
        (x + d >= 0 && x + d < view.w && IS_WINDOW[labelAt(view, x + d, y)] === 1) ||
        IS_WINDOW[labelAt(view, x, y + d)] === 1,
    );
  });
}

function placeOnWall(
  region: Region,
  view: View,
  walls: AxisWall[],
): { wall: number; from: number; to: number } | null {
  const cols = columnsOf(region, view.w);
  const hits = new Map<number, number[]>();
  for (let x = 0; x < view.w; x++) {
    if (cols.top[x]! < 0) continue;
    const middle = (cols.top[x]! + cols.bottom[x]! + 1) / 2;
    for (const edge of [x, x + 1]) {
      const hit = firstWallHit(walls, rayAt(view, edge, middle));
      if (hit) hits.set(hit.wall, [...(hits.get(hit.wall) ?? []), hit.along]);
    }
  }
  let best: { wall: number; from: number; to: number } | null = null;
  let bestCount = 0;
  for (const [wall, alongs] of hits) {
    if (alongs.length <= bestCount) continue;
    bestCount = alongs.length;
    best = { wall, from: Math.min(...alongs), to: Math.max(...alongs) };
  }
  return best;
}

/** The strip of floor `depth` deep in front of a wall between from and to. */
function stripInFront(wall: AxisWall, from: number, to: number, depth: number): FloorPoint[] {
  const inward = wall.at < 0 ? 1 : -1;
  const off = wall.at + inward * depth;
  return [
    onAxes(wall.axis, wall.at, from),
    onAxes(wall.axis, wall.at, to),
    onAxes(wall.axis, off, to),
    onAxes(wall.axis, off, from),
  ];
}

/**
 * Window and door zones (pieces of one window on one wall merged), and from each door a walkway to the camera's
 * foot: the photographer came in somewhere, and a door is where people walk.
 */
function keepFreeZones(openings: Opening[], walls: AxisWall[], k: number): KeepFreeZone[] {
  const zones: KeepFreeZone[] = [];
  for (const kind of ['window', 'door', 'wallDecor'] as const) {
    const depth = ZONE_DEPTH_M[kind];
    for (const { wall, from, to } of mergeIntervals(
      openings.filter((o) => o.kind === kind),
      k,
    )) {
      const w = walls[wall]!;
      zones.push({ kind, polygon: stripInFront(w, from, to, depth) });
      if (kind === 'door') {
        const walkway = walkwayFrom(onAxes(w.axis, w.at + (w.at < 0 ? 1 : -1) * depth, (from + to) / 2));
        if (walkway) zones.push({ kind: 'walkway', polygon: walkway });
      }
    }
  }
  return zones;
}

function mergeIntervals(openings: Opening[], k: number): { wall: number; from: number; to: number }[] {
  const sorted = openings
    .flatMap((o) => (o.wall === null ? [] : [{ wall: o.wall, from: o.from * k, to: o.to * k }]))
    .sort((a, b) => a.wall - b.wall || a.from - b.from);
  const out: { wall: number; from: number; to: number }[] = [];
  for (const o of sorted) {
    const last = out[out.length - 1];
    if (last && last.wall === o.wall && o.from <= last.to + 0.2) last.to = Math.max(last.to, o.to);
    else out.push({ ...o });
  }
  return out;
}

function walkwayFrom(start: FloorPoint): FloorPoint[] | null {
  const length = Math.hypot(start.x, start.z);
  if (length < 0.1) return null;
  // Perpendicular to the way from the door to the camera's foot (the origin), half the walkway's width.
  const half = WALKWAY_WIDTH_M / 2;
  const px = (-start.z / length) * half;
  const pz = (start.x / length) * half;
  return [
    { x: start.x + px, z: start.z + pz },
    { x: px, z: pz },
    { x: -px, z: -pz },
    { x: start.x - px, z: start.z - pz },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Furniture

/**
 * A piece's footprint: its base (lowest pixels per column standing on floor or cut by the image's bottom) on the
 * floor, extended away from the camera by the class's typical depth, at most to the wall behind it; axis-aligned,
 * as furniture stands along the walls. The front face (the side seen across most columns) fixes the direction.
 */
function obstacleOf(region: Region, view: View, walls: AxisWall[]): Obstacle | null {
  const cols = columnsOf(region, view.w);
  const rows = new Int32Array(view.w).fill(-1);
  for (let x = 0; x < view.w; x++) {
    const y = cols.bottom[x]!;
    if (y < 0 || y < view.firstFloorRow[x]!) continue;
    if (y === view.h - 1 || nextTo(view, IS_FLOOR, x, y, 1)) rows[x] = y;
  }
  const base: { x: number; p: FloorPoint; top: number }[] = [];
  for (let x = 0; x < view.w; x++) {
    if (rows[x]! < 0 || onUprightEdge(rows, x, view)) continue;
    const p = floorAt(view, x + 0.5, rows[x]! + 1);
    if (p) base.push({ x, p, top: cols.top[x]! });
  }
  if (base.length < 3) return null;

  const typicalDepth = FURNITURE_DEPTH_M.get(region.key) ?? DEFAULT_FURNITURE_DEPTH_M;
  const depthAxis = depthAxisOf(base, typicalDepth);
  const sign = Math.sign(median(base.map((b) => across(b.p, depthAxis)))) || -1;
  const depthOf = (p: { x: number; z: number }) => sign * across(p, depthAxis);
  const depths = base.map((b) => depthOf(b.p));
  const sides = base.map((b) => along(b.p, depthAxis));
  const front = percentile(depths, 0.25);
  const s0 = Math.min(...sides);
  const s1 = Math.max(...sides);
  let back = Math.max(front + typicalDepth, percentile(depths, 0.9));
  for (const w of walls) {
    const wallDepth = sign * w.at;
    if (w.axis !== depthAxis || wallDepth <= front || w.to + 0.3 < s0 || w.from - 0.3 > s1) continue;
    back = Math.min(back, wallDepth);
  }
  back = Math.max(back, front + 0.1);

  // The top seen in a column is the front's upper edge when the camera is below it, else the top's far edge.
  const eye = view.camera.heightM;
  const heights: number[] = [];
  for (const b of base) {
    if (b.top <= 0) continue;
    const ray = rayAt(view, b.x + 0.5, b.top);
    const outward = depthOf(ray);
    if (outward <= 1e-9) continue;
    const atFront = eye + (ray.y * depthOf(b.p)) / outward;
    const atBack = eye + (ray.y * back) / outward;
    heights.push(atFront >= eye || atBack <= 0.05 ? atFront : atBack);
  }
  const corner = (depth: number, side: number) => onAxes(depthAxis, sign * depth, side);
  const obstacle: Obstacle = {
    label: labelName(region.key),
    polygon: [corner(front, s0), corner(front, s1), corner(back, s1), corner(back, s0)],
  };
  if (heights.length > 0) obstacle.heightM = median(heights);
  return obstacle;
}

/**
 * The footprint without edge strips whose floor is seen in the photo: floor seen there is not under the piece
 * (it would hide it). The typical depth and the base's spread make footprints reach past the piece, and a
 * footprint over free floor takes that floor from the layout.
 */
function trimmedToHiddenFloor(obstacle: Obstacle, view: View): Obstacle {
  const [c0, c1, , c3] = obstacle.polygon;
  if (!c0 || !c1 || !c3) return obstacle;
  const at = (a: number, b: number): FloorPoint => ({
    x: c0.x + a * (c1.x - c0.x) + b * (c3.x - c0.x),
    z: c0.z + a * (c1.z - c0.z) + b * (c3.z - c0.z),
  });
  const seenFloor = (p: FloorPoint): boolean => {
    const q = projectPoint(view.camera, { x: p.x, y: 0, z: p.z });
    if (!q) return false;
    const x = Math.floor(q.u / view.sx);
    const y = Math.floor(q.v / view.sy);
    if (x < 0 || y < 0 || x >= view.w || y >= view.h || y < view.firstFloorRow[x]!) return false;
    return IS_FLOOR[view.labels[y * view.w + x]!] === 1;
  };
  const step = 1 / FOOTPRINT_STEPS;
  const box = { a0: 0, a1: 1, b0: 0, b1: 1 };
  /** Share of seen floor along the strip just inside one edge. */
  const strip = (edge: keyof typeof box): number => {
    const onA = edge === 'a0' || edge === 'a1';
    const inward = edge === 'a0' || edge === 'b0' ? step / 2 : -step / 2;
    const fixed = box[edge] + inward;
    const [lo, hi] = onA ? [box.b0, box.b1] : [box.a0, box.a1];
    let seen = 0;
    for (let i = 0; i <= FOOTPRINT_STEPS; i++) {
      const t = lo + ((hi - lo) * i) / FOOTPRINT_STEPS;
      if (seenFloor(onA ? at(fixed, t) : at(t, fixed))) seen++;
    }
    return seen / (FOOTPRINT_STEPS + 1);
  };
  for (let i = 0; i < 2 * FOOTPRINT_STEPS; i++) {
    const edges = (['a0', 'a1', 'b0', 'b1'] as const).filter((e) =>
      e === 'a0' || e === 'a1' ? box.a1 - box.a0 > 2.5 * step : box.b1 - box.b0 > 2.5 * step,
    );
    const shares = edges.map((e) => ({ e, share: strip(e) }));
    const worst = shares.reduce<{ e: keyof typeof box; share: number } | null>(
      (m, s) => (!m || s.share > m.share ? s : m),
      null,
    );
    if (!worst || worst.share < SEEN_FLOOR_SHARE) break;
    box[worst.e] += worst.e === 'a0' || worst.e === 'b0' ? step : -step;
  }
  return {
    ...obstacle,
    polygon: [at(box.a0, box.b0), at(box.a1, box.b0), at(box.a1, box.b1), at(box.a0, box.b1)],
  };
}

/**
 * Whether a column's lowest pixel lies on an upright edge rather than on the floor: looking down, a piece's
 * vertical edges lean in the image, and beside them the lowest pixel climbs steeply from column to column. A
 * floor line that steep would run straight away from the camera, seen edge-on.
 */
function onUprightEdge(rows: Int32Array, x: number, view: View): boolean {
  const step = 3;
  return [x - step, x + step].some((n) => {
    if (n < 0 || n >= rows.length || rows[n]! < 0) return false;
    return (Math.abs(rows[n]! - rows[x]!) * view.sy) / (step * view.sx) > 4;
  });
}

/**
 * Which axis a piece's depth runs along. The base's spread along an axis can't much exceed the piece's typical
 * depth if that is its depth axis (a sofa seen from its end shows its long front running away from the camera);
 * when both axes fit, the face seen across more columns is the front.
 */
function depthAxisOf(base: { x: number; p: FloorPoint }[], typicalDepth: number): Axis {
  const fits = (axis: Axis) => {
    const values = base.map((b) => across(b.p, axis));
    return percentile(values, 0.9) - percentile(values, 0.1) <= 1.1 * typicalDepth + 0.1;
  };
  if (fits('z') !== fits('x')) return fits('z') ? 'z' : 'x';
  let runsAlongX = 0;
  let runsAlongZ = 0;
  for (let i = 0; i + 3 < base.length; i++) {
    const [a, b] = [base[i]!, base[i + 3]!];
    if (b.x - a.x !== 3) continue;
    if (Math.abs(b.p.x - a.p.x) >= Math.abs(b.p.z - a.p.z)) runsAlongX++;
    else runsAlongZ++;
  }
  return runsAlongX >= runsAlongZ ? 'z' : 'x';
}

// ---------------------------------------------------------------------------------------------------------------
// Scale

/**
 * The eye height: a door standing on the floor with its top in view (doors are 2.0 m high), else a bed (its
 * mattress top at 0.55 m), else a standing photographer's 1.4 m. A measure outside 1.0..1.9 m is not believed.
 */
function measureScale(
  view: View,
  walls: AxisWall[],
  openings: Opening[],
  furniture: Region[],
): { heightM: number; source: ScaleSource } {
  const believable = (h: number | null): h is number =>
    h !== null && h >= MIN_CAMERA_HEIGHT_M && h <= MAX_CAMERA_HEIGHT_M;
  const wallsAt = (h: number) => walls.map((w) => scaleWall(w, h / DEFAULT_CAMERA_HEIGHT_M));
  const atHeight = (h: number): View => ({ ...view, camera: { ...view.camera, heightM: h } });

  const door = doorColumns(view, openings);
  if (door) {
    const h = solveEyeHeight((eye) => doorTop(atHeight(eye), wallsAt(eye), door), DOOR_HEIGHT_M);
    if (believable(h)) return { heightM: h, source: 'door' };
  }
  const beds = furniture.filter((r) => r.key === BED).sort((a, b) => b.pixels.length - a.pixels.length);
  for (const bed of beds) {
    const h = solveEyeHeight(
      (eye) => obstacleOf(bed, atHeight(eye), wallsAt(eye))?.heightM ?? null,
      MATTRESS_TOP_M,
    );
    if (believable(h)) return { heightM: h, source: 'bed' };
  }
  return { heightM: DEFAULT_CAMERA_HEIGHT_M, source: 'cameraHeight' };
}

/** Ceilings lower or higher than these are misread boundaries (a cupboard's top, a skylight). */
const CEILING_MIN_M = 2.1;
const CEILING_MAX_M = 6;
/** The share of columns that must show where the ceiling meets a found wall. */
const CEILING_MIN_COLUMNS = 0.1;

/**
 * The ceiling's height over the floor (at the assumed eye height), from where the ceiling meets the walls found:
 * in each column the first wall row under ceiling, cast onto the wall it looks at. Null when too few columns show
 * it: a pendant then keeps its catalogue height.
 */
function ceilingHeight(view: View, walls: AxisWall[]): number | null {
  const heights: number[] = [];
  for (let x = 0; x < view.w; x++) {
    let y = 1;
    while (y < view.h && !(labelAt(view, x, y - 1) === CEILING && IS_WALL_SURFACE[labelAt(view, x, y)] === 1))
      y++;
    if (y >= view.h) continue;
    const ray = rayAt(view, x + 0.5, y);
    let nearest = Infinity;
    for (const w of walls) {
      const toward = across(ray, w.axis);
      if (Math.abs(toward) < 1e-6) continue;
      const t = w.at / toward;
      const s = along(ray, w.axis) * t;
      if (t > 0 && t < nearest && s >= w.from - CORNER_SNAP_M && s <= w.to + CORNER_SNAP_M) nearest = t;
    }
    if (nearest < Infinity) heights.push(view.camera.heightM + ray.y * nearest);
  }
  if (heights.length < CEILING_MIN_COLUMNS * view.w) return null;
  const height = median(heights);
  return height >= CEILING_MIN_M && height <= CEILING_MAX_M ? height : null;
}

function scaleWall(w: AxisWall, k: number): AxisWall {
  return { axis: w.axis, at: w.at * k, from: w.from * k, to: w.to * k };
}

/**
 * A measured height grows with the assumed eye height (every floor distance does): bisect for the eye height at
 * which it comes out as `target`.
 */
function solveEyeHeight(measure: (eyeM: number) => number | null, target: number): number | null {
  let lo = 0.5;
  let hi = 3;
  const [low, high] = [measure(lo), measure(hi)];
  if (low === null || high === null || low > target || high < target) return null;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    const m = measure(mid);
    if (m === null) return null;
    if (m < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

interface DoorColumns {
  /** The wall the door is set in, or null: then each column's foot on the floor stands for its plane. */
  wall: number | null;
  columns: { x: number; top: number; bottom: number; onFloor: boolean }[];
}

/** The largest door whose foot meets the floor and whose top edge is seen against the wall or ceiling. */
function doorColumns(view: View, openings: Opening[]): DoorColumns | null {
  const aboveTop = lookup(new Set([...WALL_SURFACE_LABELS, CEILING].filter((l) => !DOOR_LABELS.has(l))));
  let best: DoorColumns | null = null;
  // Only doors proper: a glass door's height is not known (it may be a window down to the floor).
  for (const opening of openings.filter((o) => IS_DOOR[o.region.key] === 1 && o.region.minY > 0)) {
    const cols = columnsOf(opening.region, view.w);
    const all: DoorColumns['columns'] = [];
    for (let x = 0; x < view.w; x++) {
      const [top, bottom] = [cols.top[x]!, cols.bottom[x]!];
      if (top < 0) continue;
      all.push({ x, top, bottom, onFloor: nextTo(view, IS_FLOOR, x, bottom, 1) });
    }
    const standing = all.filter((c) => c.onFloor).length;
    const columns = all.filter((c) => c.top > 0 && nextTo(view, aboveTop, c.x, c.top, -1));
    if (standing < Math.max(3, 0.25 * all.length) || columns.length < 3) continue;
    if (!best || columns.length > best.columns.length) best = { wall: opening.wall, columns };
  }
  return best;
}

/** The door's top above the floor (median over its columns) for the eye height `view` assumes. */
function doorTop(view: View, walls: AxisWall[], door: DoorColumns): number | null {
  const eye = view.camera.heightM;
  const wall = door.wall === null ? null : walls[door.wall];
  const heights: number[] = [];
  for (const c of door.columns) {
    const ray = rayAt(view, c.x + 0.5, c.top);
    let t: number | null = null;
    if (wall) {
      const d = across(ray, wall.axis);
      if (Math.abs(d) > 1e-12) t = wall.at / d;
    } else if (c.onFloor) {
      const foot = floorAt(view, c.x + 0.5, c.bottom + 1);
      const flat = ray.x * ray.x + ray.z * ray.z;
      if (foot && flat > 1e-12) t = (foot.x * ray.x + foot.z * ray.z) / flat;
    }
    if (t !== null && t > 0) heights.push(eye + ray.y * t);
  }
  return heights.length > 0 ? median(heights) : null;
}
