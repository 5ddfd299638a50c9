// Furniture already in the photo hides the new pieces behind it. Each connected furniture region of the label map
// becomes a depth-only occluder: a vertical plane facing the camera at the region's front (the nearest footprint
// point of the RoomModel obstacle it shows, else where its lowest pixels meet the floor), cut to the region's
// mask in image space. Drawn first, it writes depth but no colour, so what lies behind it is never drawn. A real
// piece that carries one of ours (cushions on the real sofa) has its plane moved back behind what it carries.
import * as THREE from 'three';
import { existingObstacleOf } from '../../../core/staging/layout';
import { cameraPosition, floorPointAt, projectPoint } from '../../../core/staging/room/camera';
import type { FloorPoint, LabelMap, Obstacle, RoomModel } from '../../../core/staging/room/types';

/** ADE20K ids of things that stand in the room and hide what is behind them, by the names obstacles carry. */
const OCCLUDER_IDS: Record<string, number> = {
  bed: 8,
  cabinet: 11,
  person: 13,
  table: 16,
  plant: 18,
  chair: 20,
  sofa: 24,
  shelf: 25,
  armchair: 31,
};
const ID_SET = new Set(Object.values(OCCLUDER_IDS));
/** Regions smaller than this share of the map are segmentation speckle. */
const MIN_REGION_SHARE = 0.0008;

interface Region {
  id: number;
  /** Inclusive-exclusive pixel box in the label map. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  count: number;
  /** Mask of the box, row-major, 255 inside the region. */
  mask: Uint8Array;
  /** Mean column of the region's lowest rows, and its lowest row (label map pixels). */
  footU: number;
  footV: number;
}

/** The connected regions (4-neighbour, one class each) of the occluding classes. */
function occluderRegions(labels: LabelMap): Region[] {
  const { width: w, height: h, labels: l } = labels;
  const seen = new Uint8Array(w * h);
  const regions: Region[] = [];
  const stack: number[] = [];
  const pixels: number[] = [];
  for (let start = 0; start < w * h; start++) {
    const id = l[start]!;
    if (seen[start] || !ID_SET.has(id)) continue;
    pixels.length = 0;
    stack.push(start);
    seen[start] = 1;
    let [x0, y0, x1, y1] = [w, h, 0, 0];
    while (stack.length) {
      const i = stack.pop()!;
      pixels.push(i);
      const x = i % w;
      const y = (i - x) / w;
      if (x < x0) x0 = x;
      if (x >= x1) x1 = x + 1;
      if (y < y0) y0 = y;
      if (y >= y1) y1 = y + 1;
      const next = [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1];
      for (const j of next) {
        if (j >= 0 && !seen[j] && l[j] === id) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    if (pixels.length < MIN_REGION_SHARE * w * h) continue;
    const bw = x1 - x0;
    const mask = new Uint8Array(bw * (y1 - y0));
    let footSum = 0;
    let footN = 0;
    const footRows = Math.max(1, Math.round((y1 - y0) * 0.03));
    for (const i of pixels) {
      const x = i % w;
      const y = (i - x) / w;
      mask[(y - y0) * bw + (x - x0)] = 255;
      if (y >= y1 - footRows) {
        footSum += x + 0.5;
        footN++;
      }
    }
    regions.push({ id, x0, y0, x1, y1, count: pixels.length, mask, footU: footSum / footN, footV: y1 });
  }
  return regions;
}

/** The obstacle's footprint point nearest the camera (by view depth), or null if none is in front. */
function nearestFootprintPoint(room: RoomModel, obstacle: Obstacle): FloorPoint | null {
  let best: { p: FloorPoint; depth: number } | null = null;
  const pts = obstacle.polygon;
  for (let k = 0; k < pts.length; k++) {
    const a = pts[k]!;
    const b = pts[(k + 1) % pts.length]!;
    for (let s = 0; s <= 8; s++) {
      const p = { x: a.x + ((b.x - a.x) * s) / 8, z: a.z + ((b.z - a.z) * s) / 8 };
      const hit = projectPoint(room.camera, { x: p.x, y: 0, z: p.z });
      if (hit && (!best || hit.depth < best.depth)) best = { p, depth: hit.depth };
    }
  }
  return best?.p ?? null;
}

/** The obstacle's box in label-map pixels (footprint and its height), or null when behind the camera. */
function obstacleBox(
  room: RoomModel,
  obstacle: Obstacle,
  labels: LabelMap,
): [number, number, number, number] | null {
  const sx = labels.width / room.camera.width;
  const sy = labels.height / room.camera.height;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of obstacle.polygon) {
    for (const y of [0, obstacle.heightM ?? 0.8]) {
      const hit = projectPoint(room.camera, { x: p.x, y, z: p.z });
      if (!hit) continue;
      x0 = Math.min(x0, hit.u * sx);
      x1 = Math.max(x1, hit.u * sx);
      y0 = Math.min(y0, hit.v * sy);
      y1 = Math.max(y1, hit.v * sy);
    }
  }
  return Number.isFinite(x0) ? [x0, y0, x1, y1] : null;
}

/**
 * Where a region stands: the front of the obstacle it overlaps most (and which one), else the floor under its
 * lowest pixels.
 */
function regionFront(
  room: RoomModel,
  labels: LabelMap,
  region: Region,
): { front: FloorPoint; obstacle: number | null } | null {
  let best: { obstacle: Obstacle; index: number; overlap: number } | null = null;
  for (const [index, obstacle] of room.obstacles.entries()) {
    const id = OCCLUDER_IDS[obstacle.label];
    if (id !== undefined && id !== region.id) continue;
    const box = obstacleBox(room, obstacle, labels);
    if (!box) continue;
    const ow = Math.min(box[2], region.x1) - Math.max(box[0], region.x0);
    const oh = Math.min(box[3], region.y1) - Math.max(box[1], region.y0);
    const overlap = ow > 0 && oh > 0 ? ow * oh : 0;
    if (overlap > 0 && (!best || overlap > best.overlap)) best = { obstacle, index, overlap };
  }
  if (best) {
    const p = nearestFootprintPoint(room, best.obstacle);
    if (p) return { front: p, obstacle: best.index };
  }
  const u = (region.footU * room.camera.width) / labels.width;
  const v = (region.footV * room.camera.height) / labels.height;
  const front = floorPointAt(room.camera, u, v);
  return front ? { front, obstacle: null } : null;
}

const vertexShader = /* glsl */ `
  varying vec4 vClip;
  void main() {
    vClip = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
    gl_Position = vClip;
  }
`;

// The mask is looked up by where the fragment falls in the image, so the plane's shape does not matter and any
// render size (the transmission pass renders smaller) sees the same cut.
const fragmentShader = /* glsl */ `
  uniform sampler2D mask;
  uniform vec4 box; // x0, y0, width, height as fractions of the image, top-left origin
  uniform vec4 view; // the part of the image being rendered (a view offset), likewise
  varying vec4 vClip;
  void main() {
    vec2 ndc = vClip.xy / vClip.w;
    vec2 image = view.xy + vec2(ndc.x * 0.5 + 0.5, 0.5 - ndc.y * 0.5) * view.zw;
    vec2 uv = (image - box.xy) / box.zw;
    if (uv.x < 0.0 || uv.y < 0.0 || uv.x > 1.0 || uv.y > 1.0) discard;
    if (texture(mask, uv).r < 0.5) discard;
    gl_FragColor = vec4(0.0);
  }
`;

/** The occluders of a room photo; empty without a label map. */
export function buildOccluders(room: RoomModel, labels: LabelMap | null): THREE.Group {
  const group = new THREE.Group();
  group.name = 'occluders';
  if (!labels) return group;
  const eye = cameraPosition(room.camera);
  for (const region of occluderRegions(labels)) {
    const stands = regionFront(room, labels, region);
    if (!stands) continue;
    const { front } = stands;
    // One transparent pixel around the mask so linear filtering fades out at the crop's edge.
    const bw = region.x1 - region.x0;
    const bh = region.y1 - region.y0;
    const padded = new Uint8Array((bw + 2) * (bh + 2));
    for (let y = 0; y < bh; y++)
      padded.set(region.mask.subarray(y * bw, (y + 1) * bw), (y + 1) * (bw + 2) + 1);
    const texture = new THREE.DataTexture(padded, bw + 2, bh + 2, THREE.RedFormat, THREE.UnsignedByteType);
    texture.magFilter = THREE.LinearFilter;
    texture.minFilter = THREE.LinearFilter;
    texture.unpackAlignment = 1;
    texture.needsUpdate = true;
    const material = new THREE.ShaderMaterial({
      vertexShader,
      fragmentShader,
      colorWrite: false,
      side: THREE.DoubleSide,
      uniforms: {
        mask: { value: texture },
        view: { value: new THREE.Vector4(0, 0, 1, 1) },
        box: {
          value: new THREE.Vector4(
            (region.x0 - 1) / labels.width,
            (region.y0 - 1) / labels.height,
            (bw + 2) / labels.width,
            (bh + 2) / labels.height,
          ),
        },
      },
    });
    const plane = new THREE.Mesh(new THREE.PlaneGeometry(80, 40), material);
    plane.position.set(front.x, 0, front.z);
    plane.lookAt(eye.x, 0, eye.z);
    plane.renderOrder = -10;
    plane.castShadow = false;
    plane.receiveShadow = false;
    plane.userData.occluder = true;
    plane.userData.obstacle = stands.obstacle;
    plane.userData.front = front;
    group.add(plane);
  }
  return group;
}

/**
 * Moves the plane of each real piece that carries pieces of ours (a throw on the real bed) back to behind the
 * farthest of them, so the piece no longer hides what lies on it; the rest of what it hides lies behind that.
 */
export function fitOccludersToHosts(
  group: THREE.Group,
  room: RoomModel,
  pieces: readonly { on?: string | undefined; object: THREE.Object3D }[],
): void {
  const eye = cameraPosition(room.camera);
  const depthOf = (p: FloorPoint) => projectPoint(room.camera, { x: p.x, y: 0, z: p.z })?.depth ?? -Infinity;
  for (const plane of group.children) {
    const front = plane.userData.front as FloorPoint | undefined;
    const obstacle = plane.userData.obstacle as number | null | undefined;
    if (!front || obstacle === null || obstacle === undefined) continue;
    let at = front;
    for (const piece of pieces) {
      if (existingObstacleOf(piece.on) !== obstacle) continue;
      const box = new THREE.Box3().setFromObject(piece.object);
      for (const x of [box.min.x, box.max.x])
        for (const z of [box.min.z, box.max.z]) if (depthOf({ x, z }) > depthOf(at)) at = { x, z };
    }
    plane.position.set(at.x, 0, at.z);
    plane.lookAt(eye.x, 0, eye.z);
  }
}

/**
 * Tells the occluders which part of the image the camera renders (x0, y0, width, height as fractions, top-left
 * origin; the whole image by default), so a render of a part still cuts their masks where the photo has them.
 */
export function setOccluderView(group: THREE.Group, view: THREE.Vector4): void {
  group.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (!mesh.isMesh) return;
    ((mesh.material as THREE.ShaderMaterial).uniforms.view!.value as THREE.Vector4).copy(view);
  });
}

/** Frees the occluders' masks and planes. */
export function disposeOccluders(group: THREE.Group): void {
  group.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (!mesh.isMesh) return;
    mesh.geometry.dispose();
    const material = mesh.material as THREE.ShaderMaterial;
    (material.uniforms.mask?.value as THREE.Texture | undefined)?.dispose();
    material.dispose();
  });
}
