// Geometry helpers shared by every family of pieces: rounded boxes, puffy cushions, rods between two points,
// lathed profiles, merging many small parts into one mesh, and world-scaled UVs so a texture tile covers the same
// number of centimetres on a leg as on a table top (and wood grain runs along each part's longest side).
import * as THREE from 'three';
import { RoundedBoxGeometry } from 'three/examples/jsm/geometries/RoundedBoxGeometry.js';
import { mergeGeometries, mergeVertices } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { PbrMaterial } from './materials';

/** A point, turn or scale as the builders write them: (x, y, z) in metres or radians. */
export type Triple = readonly [number, number, number];

/** A box centred on the origin with rounded edges (radius in metres; 0 gives sharp edges). */
export function rbox(w: number, h: number, d: number, radius: number, segments = 2): THREE.BufferGeometry {
  const r = Math.min(radius, w / 2 - 1e-4, h / 2 - 1e-4, d / 2 - 1e-4);
  if (r <= 0.0005) return new THREE.BoxGeometry(w, h, d);
  return new RoundedBoxGeometry(w, h, d, segments, r);
}

/** A cylinder along Y centred on the origin. */
export function cylinder(
  rTop: number,
  rBottom: number,
  h: number,
  radial = 24,
  open = false,
): THREE.BufferGeometry {
  return new THREE.CylinderGeometry(rTop, rBottom, h, radial, 1, open);
}

/** A profile of [radius, y] points spun around Y (vases, pots, lamp shades, turned legs). */
export function lathe(
  profile: ReadonlyArray<readonly [number, number]>,
  segments = 32,
): THREE.BufferGeometry {
  return new THREE.LatheGeometry(
    profile.map(([r, y]) => new THREE.Vector2(Math.max(r, 0.0001), y)),
    segments,
  );
}

/** A round rod from a to b (legs that splay, ladder rails, chair frames, branches). */
export function rod(
  a: Triple,
  b: Triple,
  radius: number,
  radial = 10,
  radiusEnd = radius,
): THREE.BufferGeometry {
  const start = new THREE.Vector3(...a);
  const end = new THREE.Vector3(...b);
  const length = start.distanceTo(end);
  const geometry = new THREE.CylinderGeometry(radiusEnd, radius, length, radial, 1, false);
  const direction = end.clone().sub(start).normalize();
  const rotation = new THREE.Quaternion().setFromUnitVectors(new THREE.Vector3(0, 1, 0), direction);
  geometry.applyQuaternion(rotation);
  geometry.translate((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2);
  return geometry;
}

/** A smooth tube through points (cords, bent frames, handles). */
export function tube(
  points: readonly Triple[],
  radius: number,
  segments = 24,
  radial = 8,
): THREE.BufferGeometry {
  const curve = new THREE.CatmullRomCurve3(
    points.map((p) => new THREE.Vector3(...p)),
    false,
    'centripetal',
  );
  return new THREE.TubeGeometry(curve, segments, radius, radial, false);
}

/**
 * A cushion: a subdivided box of w × h × t (thickness along Z) whose thickness falls towards the seams and whose
 * corners pinch in slightly, like a filled cover. `edge` is the relative thickness at the seam: ≈0.1 for a throw
 * pillow, ≈0.7 for a box-shaped seat cushion.
 */
export function pillow(w: number, h: number, t: number, edge: number, segments = 12): THREE.BufferGeometry {
  const base = new THREE.BoxGeometry(w, h, t, segments, segments, 3);
  base.deleteAttribute('normal');
  base.deleteAttribute('uv');
  const geometry = mergeVertices(base);
  base.dispose();
  const position = geometry.getAttribute('position') as THREE.BufferAttribute;
  const uvs = new Float32Array(position.count * 2);
  for (let i = 0; i < position.count; i++) {
    const a = (position.getX(i) / w) * 2;
    const b = (position.getY(i) / h) * 2;
    const c = (position.getZ(i) / t) * 2;
    const fill = Math.sqrt(Math.max(0, (1 - a ** 6) * (1 - b ** 6)));
    const thickness = edge + (1 - edge) * fill;
    // Pinched corners: the cover pulls the corner points inward a little.
    const pinch = 1 - 0.05 * (1 - edge) * b * b;
    const pinchY = 1 - 0.05 * (1 - edge) * a * a;
    position.setXYZ(i, (a * w * pinch) / 2, (b * h * pinchY) / 2, (c * t * thickness) / 2);
    uvs[i * 2] = a / 2 + 0.5;
    uvs[i * 2 + 1] = b / 2 + 0.5;
  }
  geometry.setAttribute('uv', new THREE.BufferAttribute(uvs, 2));
  geometry.computeVertexNormals();
  return geometry;
}

/** Applies a placement to a geometry in place (for parts that get merged) and returns it. */
export function place(
  geometry: THREE.BufferGeometry,
  position: Triple,
  rotation: Triple = [0, 0, 0],
  scale: Triple = [1, 1, 1],
): THREE.BufferGeometry {
  const matrix = new THREE.Matrix4().compose(
    new THREE.Vector3(...position),
    new THREE.Quaternion().setFromEuler(new THREE.Euler(...rotation)),
    new THREE.Vector3(...scale),
  );
  geometry.applyMatrix4(matrix);
  return geometry;
}

/** Merges many small parts into one geometry (one draw call); they must share a material. */
export function merge(parts: THREE.BufferGeometry[]): THREE.BufferGeometry {
  const prepared = parts.map((g) => {
    const flat = g.index ? g.toNonIndexed() : g;
    if (!flat.getAttribute('uv')) {
      flat.setAttribute(
        'uv',
        new THREE.BufferAttribute(new Float32Array(flat.getAttribute('position').count * 2), 2),
      );
    }
    if (!flat.getAttribute('normal')) flat.computeVertexNormals();
    for (const name of Object.keys(flat.attributes)) {
      if (name !== 'position' && name !== 'normal' && name !== 'uv' && name !== 'color')
        flat.deleteAttribute(name);
    }
    return flat;
  });
  const merged = mergeGeometries(prepared, false);
  for (const g of parts) g.dispose();
  for (const g of prepared) g.dispose();
  if (!merged) throw new Error('parametric: parts could not be merged');
  return merged;
}

/** Gives every vertex of a geometry one colour (for merged parts in several colours, e.g. books on a shelf). */
export function paint(geometry: THREE.BufferGeometry, hex: string): THREE.BufferGeometry {
  const colour = new THREE.Color(hex);
  const count = geometry.getAttribute('position').count;
  const colours = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) colours.set([colour.r, colour.g, colour.b], i * 3);
  geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3));
  return geometry;
}

/**
 * Box-projected UVs in metres / tileMetres: each vertex takes the two axes of the plane its normal faces, and the
 * part's longest axis becomes u so wood grain and weave run along boards, legs and rails.
 */
export function projectUvs(geometry: THREE.BufferGeometry, tileMetres: number): void {
  if (geometry.userData.uvProjected === tileMetres) return;
  const position = geometry.getAttribute('position');
  const normal = geometry.getAttribute('normal');
  if (!normal) return;
  geometry.computeBoundingBox();
  const size = geometry.boundingBox?.getSize(new THREE.Vector3()) ?? new THREE.Vector3(1, 1, 1);
  const longest = size.x >= size.y && size.x >= size.z ? 0 : size.y >= size.z ? 1 : 2;
  const uvs = new Float32Array(position.count * 2);
  const p = [0, 0, 0];
  for (let i = 0; i < position.count; i++) {
    p[0] = position.getX(i);
    p[1] = position.getY(i);
    p[2] = position.getZ(i);
    const n = [Math.abs(normal.getX(i)), Math.abs(normal.getY(i)), Math.abs(normal.getZ(i))] as const;
    const facing = n[0] >= n[1] && n[0] >= n[2] ? 0 : n[1] >= n[2] ? 1 : 2;
    const plane = [0, 1, 2].filter((axis) => axis !== facing);
    const [first, second] = plane.includes(longest)
      ? [longest, plane.find((a) => a !== longest) ?? 0]
      : [plane[0] ?? 0, plane[1] ?? 1];
    uvs[i * 2] = (p[first] ?? 0) / tileMetres;
    uvs[i * 2 + 1] = (p[second] ?? 0) / tileMetres;
  }
  geometry.setAttribute('uv', new THREE.BufferAttribute(uvs, 2));
  geometry.userData.uvProjected = tileMetres;
}

export interface AddOptions {
  rotation?: Triple;
  scale?: Triple;
  name?: string;
  /** Keep the geometry's own UVs (patterns that span the whole part, like a rug's face or a picture). */
  keepUv?: boolean;
}

/** The group a builder fills: adds meshes with shadows on and world-scaled UVs for tiled materials. */
export class Piece {
  readonly group = new THREE.Group();

  constructor(name: string) {
    this.group.name = name;
  }

  add(
    geometry: THREE.BufferGeometry,
    material: PbrMaterial,
    position: Triple,
    options: AddOptions = {},
  ): THREE.Mesh {
    const tile = material.userData.tileMetres as number | undefined;
    if (tile && !options.keepUv) projectUvs(geometry, tile);
    const mesh = new THREE.Mesh(geometry, material);
    mesh.position.set(...position);
    if (options.rotation) mesh.rotation.set(...options.rotation);
    if (options.scale) mesh.scale.set(...options.scale);
    mesh.name = options.name ?? '';
    mesh.castShadow = true;
    mesh.receiveShadow = true;
    this.group.add(mesh);
    return mesh;
  }
}
