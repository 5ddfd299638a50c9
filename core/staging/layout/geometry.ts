// Plane geometry on the floor for the layout: a piece's oriented footprint, point and polygon containment,
// overlap and distance between simple polygons. Touching counts as overlapping here; callers that want "touching
// is fine" (a bed's back on the wall, a nightstand flush with a rug) shrink their footprint by a millimetre first.
import type { FloorPoint } from '../room/types';

const RAD = Math.PI / 180;

export interface Size {
  w: number;
  d: number;
  h: number;
}

/** Where a piece stands: centre, turn about +Y (0 = its front faces +Z) and size. */
export interface Pose {
  x: number;
  z: number;
  rotationDeg: number;
  sizeM: Size;
}

export function add(a: FloorPoint, b: FloorPoint): FloorPoint {
  return { x: a.x + b.x, z: a.z + b.z };
}

export function sub(a: FloorPoint, b: FloorPoint): FloorPoint {
  return { x: a.x - b.x, z: a.z - b.z };
}

export function scale(a: FloorPoint, s: number): FloorPoint {
  return { x: a.x * s, z: a.z * s };
}

export function dot(a: FloorPoint, b: FloorPoint): number {
  return a.x * b.x + a.z * b.z;
}

export function length(a: FloorPoint): number {
  return Math.hypot(a.x, a.z);
}

export function normalize(a: FloorPoint): FloorPoint {
  const l = length(a);
  return l > 0 ? { x: a.x / l, z: a.z / l } : { x: 0, z: 0 };
}

/** The direction a piece's front faces: three.js turns local +Z by θ about +Y to (sin θ, cos θ). */
export function frontOf(rotationDeg: number): FloorPoint {
  return { x: Math.sin(rotationDeg * RAD), z: Math.cos(rotationDeg * RAD) };
}

/** The piece's local +X, its width axis, on the floor: (cos θ, -sin θ). */
export function rightOf(rotationDeg: number): FloorPoint {
  return { x: Math.cos(rotationDeg * RAD), z: -Math.sin(rotationDeg * RAD) };
}

/** The turn that makes a piece's front face `direction`; -0 and 180/-180 are folded so equal turns compare equal. */
export function rotationFacing(direction: FloorPoint): number {
  return normalizeDeg(Math.atan2(direction.x, direction.z) / RAD);
}

export function normalizeDeg(deg: number): number {
  let r = deg % 360;
  if (r <= -180 + 1e-9) r += 360;
  if (r > 180 + 1e-9) r -= 360;
  const rounded = Math.round(r * 1e6) / 1e6;
  return rounded === 0 ? 0 : rounded;
}

/** A point given in a piece's own frame (lx along its width, lz towards its front) on the floor. */
export function fromLocal(pose: Pick<Pose, 'x' | 'z' | 'rotationDeg'>, lx: number, lz: number): FloorPoint {
  const r = rightOf(pose.rotationDeg);
  const f = frontOf(pose.rotationDeg);
  return { x: pose.x + r.x * lx + f.x * lz, z: pose.z + r.z * lx + f.z * lz };
}

/** The 4 corners of the footprint: back-left, back-right, front-right, front-left (as seen from behind). */
export function footprint(piece: Pick<Pose, 'x' | 'z' | 'rotationDeg' | 'sizeM'>): FloorPoint[] {
  const hw = piece.sizeM.w / 2;
  const hd = piece.sizeM.d / 2;
  return [
    fromLocal(piece, -hw, -hd),
    fromLocal(piece, hw, -hd),
    fromLocal(piece, hw, hd),
    fromLocal(piece, -hw, hd),
  ];
}

/** The footprint shrunk by `margin` on every side, so that merely touching another shape is not an overlap. */
export function innerFootprint(
  piece: Pick<Pose, 'x' | 'z' | 'rotationDeg' | 'sizeM'>,
  margin = 0.001,
): FloorPoint[] {
  const sizeM = {
    w: Math.max(piece.sizeM.w - 2 * margin, 0),
    d: Math.max(piece.sizeM.d - 2 * margin, 0),
    h: piece.sizeM.h,
  };
  return footprint({ ...piece, sizeM });
}

/** Even-odd ray casting; points exactly on an edge may go either way, so callers keep a margin. */
export function pointInPolygon(p: FloorPoint, polygon: readonly FloorPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.z > p.z !== b.z > p.z) {
      const x = a.x + ((p.z - a.z) * (b.x - a.x)) / (b.z - a.z);
      if (p.x < x) inside = !inside;
    }
  }
  return inside;
}

function cross(o: FloorPoint, a: FloorPoint, b: FloorPoint): number {
  return (a.x - o.x) * (b.z - o.z) - (a.z - o.z) * (b.x - o.x);
}

function onSegment(p: FloorPoint, a: FloorPoint, b: FloorPoint): boolean {
  return (
    Math.min(a.x, b.x) - 1e-12 <= p.x &&
    p.x <= Math.max(a.x, b.x) + 1e-12 &&
    Math.min(a.z, b.z) - 1e-12 <= p.z &&
    p.z <= Math.max(a.z, b.z) + 1e-12
  );
}

/** Whether segments ab and cd share a point (touching included). */
export function segmentsIntersect(a: FloorPoint, b: FloorPoint, c: FloorPoint, d: FloorPoint): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  if (d1 === 0 && onSegment(a, c, d)) return true;
  if (d2 === 0 && onSegment(b, c, d)) return true;
  if (d3 === 0 && onSegment(c, a, b)) return true;
  return d4 === 0 && onSegment(d, a, b);
}

function edges(polygon: readonly FloorPoint[]): [FloorPoint, FloorPoint][] {
  return polygon.map((p, i) => [p, polygon[(i + 1) % polygon.length]!]);
}

function edgesCross(a: readonly FloorPoint[], b: readonly FloorPoint[]): boolean {
  const eb = edges(b);
  return edges(a).some(([p, q]) => eb.some(([r, s]) => segmentsIntersect(p, q, r, s)));
}

/** Whether two simple polygons share any point: an edge crossing or one inside the other. */
export function polygonsIntersect(a: readonly FloorPoint[], b: readonly FloorPoint[]): boolean {
  if (a.length < 3 || b.length < 3) return false;
  return edgesCross(a, b) || pointInPolygon(a[0]!, b) || pointInPolygon(b[0]!, a);
}

/** Whether `inner` lies wholly inside `outer` (any simple polygon, concave included). */
export function polygonInside(inner: readonly FloorPoint[], outer: readonly FloorPoint[]): boolean {
  if (outer.length < 3) return false;
  return inner.every((p) => pointInPolygon(p, outer)) && !edgesCross(inner, outer);
}

export function pointSegmentDistance(p: FloorPoint, a: FloorPoint, b: FloorPoint): number {
  const ab = sub(b, a);
  const len2 = dot(ab, ab);
  const t = len2 > 0 ? Math.min(1, Math.max(0, dot(sub(p, a), ab) / len2)) : 0;
  return length(sub(p, add(a, scale(ab, t))));
}

function segmentDistance(a: FloorPoint, b: FloorPoint, c: FloorPoint, d: FloorPoint): number {
  if (segmentsIntersect(a, b, c, d)) return 0;
  return Math.min(
    pointSegmentDistance(a, c, d),
    pointSegmentDistance(b, c, d),
    pointSegmentDistance(c, a, b),
    pointSegmentDistance(d, a, b),
  );
}

/** The gap between two simple polygons; 0 when they touch or overlap. */
export function polygonDistance(a: readonly FloorPoint[], b: readonly FloorPoint[]): number {
  if (polygonsIntersect(a, b)) return 0;
  let best = Infinity;
  for (const [p, q] of edges(a)) {
    for (const [r, s] of edges(b)) best = Math.min(best, segmentDistance(p, q, r, s));
  }
  return best;
}

/** The gap between a polygon and a segment (a wall's foot); 0 when they touch. */
export function polygonSegmentDistance(polygon: readonly FloorPoint[], a: FloorPoint, b: FloorPoint): number {
  return Math.min(...edges(polygon).map(([p, q]) => segmentDistance(p, q, a, b)));
}

/** The area centroid of a simple polygon (the vertex mean when it has no area). */
export function centroid(polygon: readonly FloorPoint[]): FloorPoint {
  let area = 0;
  let cx = 0;
  let cz = 0;
  for (const [p, q] of edges(polygon)) {
    const c = p.x * q.z - q.x * p.z;
    area += c;
    cx += (p.x + q.x) * c;
    cz += (p.z + q.z) * c;
  }
  if (Math.abs(area) < 1e-12) {
    const n = Math.max(polygon.length, 1);
    return {
      x: polygon.reduce((s, p) => s + p.x, 0) / n,
      z: polygon.reduce((s, p) => s + p.z, 0) / n,
    };
  }
  return { x: cx / (3 * area), z: cz / (3 * area) };
}
