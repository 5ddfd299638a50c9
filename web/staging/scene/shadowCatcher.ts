// Where the new furniture darkens the room: an invisible floor (and faint walls) that only show the key light's
// shadows, plus a soft contact shadow under each floor piece (a wide blurred footprint, and a tight one drawn
// from what of the model touches the floor: its legs or its base), the ambient occlusion that makes a piece
// stand on the floor instead of hovering over it; pieces on real furniture get a faint rim on its top. All draw
// black with alpha, so compositing darkens the photo.
import * as THREE from 'three';
import { existingObstacleOf } from '../../../core/staging/layout';
import type { RoomModel } from '../../../core/staging/room/types';
import type { PlacedPiece } from './types';

const WIDE_CONTACT_OPACITY = 0.45;
const TIGHT_CONTACT_OPACITY = 0.55;
/** A piece on real furniture (a throw on the bed, a vase on the chest) gets a fainter, wide rim only. */
const ON_REAL_CONTACT_OPACITY = 0.3;

/** A black footprint blurred on a transparent square: inner is the share of the side the footprint takes. */
function contactTexture(inner: number, blurShare: number): THREE.CanvasTexture {
  const size = 128;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  ctx.filter = `blur(${Math.round(size * blurShare)}px)`;
  ctx.fillStyle = '#000';
  const side = size * inner;
  const r = side * 0.12;
  ctx.beginPath();
  ctx.roundRect((size - side) / 2, (size - side) / 2, side, side, r);
  ctx.fill();
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

/** Parts of a model lower than this above its base touch the floor for the tight contact shadow, metres. */
const TOUCH_M = 0.04;
/** The tight texture's square spans the footprint times this (room for the blur around the legs). */
const TIGHT_GROW = 1.3;
const RUG_CATEGORIES = new Set(['rug', 'outdoorRug', 'bathMat']);

/**
 * The tight contact shadow shaped like what the piece stands on: the triangles of `object` (in the piece's own
 * frame) lying within TOUCH_M of its bottom, filled from above and blurred by a couple of centimetres. Null when
 * nothing lies that low (then the rounded footprint stands in).
 */
function touchTexture(object: THREE.Object3D, piece: PlacedPiece): THREE.CanvasTexture | null {
  const size = 96;
  const spanX = piece.sizeM.w * TIGHT_GROW;
  const spanZ = piece.sizeM.d * TIGHT_GROW;
  const shape = document.createElement('canvas');
  shape.width = shape.height = size;
  const ctx = shape.getContext('2d')!;
  ctx.fillStyle = '#000';
  const toPiece = new THREE.Matrix4().copy(object.matrixWorld).invert();
  const m = new THREE.Matrix4();
  const v = [new THREE.Vector3(), new THREE.Vector3(), new THREE.Vector3()];
  let drawn = 0;
  object.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (!mesh.isMesh || !mesh.castShadow) return;
    const position = mesh.geometry.getAttribute('position');
    if (!position) return;
    m.multiplyMatrices(toPiece, mesh.matrixWorld);
    const index = mesh.geometry.getIndex();
    const count = index ? index.count : position.count;
    ctx.beginPath();
    for (let t = 0; t + 2 < count; t += 3) {
      let low = true;
      for (let k = 0; k < 3; k++) {
        const i = index ? index.getX(t + k) : t + k;
        v[k]!.fromBufferAttribute(position, i).applyMatrix4(m);
        if (v[k]!.y > TOUCH_M) low = false;
      }
      if (!low) continue;
      for (let k = 0; k < 3; k++) {
        const x = (v[k]!.x / spanX + 0.5) * size;
        const y = (v[k]!.z / spanZ + 0.5) * size;
        if (k === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.closePath();
      drawn++;
    }
    // A stroke as well as the fill: a leg's bottom seen edge-on is a thin ring whose triangles have no area.
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = '#000';
    ctx.fill();
    ctx.stroke();
  });
  if (!drawn) return null;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const out = canvas.getContext('2d')!;
  // About 2.5 cm of blur whatever the piece's size: soft, but the legs stay apart.
  const blurPx = Math.max(1, (0.025 / Math.max(spanX, spanZ)) * size);
  out.filter = `blur(${blurPx.toFixed(1)}px)`;
  out.drawImage(shape, 0, 0);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

/** Whether x, z lies on the footprint of `rug` (turned by its rotation). */
function insideFootprint(rug: PlacedPiece, x: number, z: number): boolean {
  const a = THREE.MathUtils.degToRad(rug.rotationDeg);
  const dx = x - rug.x;
  const dz = z - rug.z;
  const u = dx * Math.cos(a) - dz * Math.sin(a);
  const v = dx * Math.sin(a) + dz * Math.cos(a);
  return Math.abs(u) <= rug.sizeM.w / 2 && Math.abs(v) <= rug.sizeM.d / 2;
}

export class ShadowCatcher {
  readonly group = new THREE.Group();
  private readonly contacts = new THREE.Group();
  private readonly wide = contactTexture(0.62, 0.09);
  private readonly tight = contactTexture(0.8, 0.035);
  private readonly plane = new THREE.PlaneGeometry(1, 1).rotateX(-Math.PI / 2);

  /**
   * `keyShare` is the key light's share of the light on the floor: how dark its full shadow gets (photos lit
   * mostly by bounce light show faint cast shadows, and the contact shadows carry the grounding).
   */
  constructor(room: RoomModel, keyShare: number) {
    this.group.name = 'shadowCatcher';
    this.group.add(this.floor(room, keyShare), this.contacts);
    for (const wall of room.walls) this.group.add(this.wall(wall.a, wall.b, wall.normal, keyShare * 0.8));
  }

  /** The floor's visible polygon when the room has one (shadows stop at the walls), else a wide plane. */
  private floor(room: RoomModel, opacity: number): THREE.Mesh {
    let geometry: THREE.BufferGeometry;
    if (room.floor.length >= 3) {
      const shape = new THREE.Shape(room.floor.map((p) => new THREE.Vector2(p.x, p.z)));
      // Shape lies in x/y; turning it about +X puts its y on the floor's z.
      geometry = new THREE.ShapeGeometry(shape).rotateX(Math.PI / 2);
    } else {
      geometry = new THREE.PlaneGeometry(60, 60).rotateX(-Math.PI / 2);
    }
    const mesh = new THREE.Mesh(
      geometry,
      new THREE.ShadowMaterial({ opacity, side: THREE.DoubleSide, depthWrite: false }),
    );
    mesh.receiveShadow = true;
    mesh.renderOrder = 1;
    mesh.name = 'floorShadow';
    return mesh;
  }

  /** A wall as a shadow catcher from floor to 3 m; it writes no depth, so it never hides a piece. */
  private wall(
    a: { x: number; z: number },
    b: { x: number; z: number },
    n: { x: number; z: number },
    opacity: number,
  ): THREE.Mesh {
    const length = Math.hypot(b.x - a.x, b.z - a.z);
    const mesh = new THREE.Mesh(
      new THREE.PlaneGeometry(length, 3),
      new THREE.ShadowMaterial({ opacity, depthWrite: false }),
    );
    mesh.position.set((a.x + b.x) / 2, 1.5, (a.z + b.z) / 2);
    mesh.lookAt(mesh.position.x + n.x, 1.5, mesh.position.z + n.z);
    mesh.receiveShadow = true;
    mesh.renderOrder = 1;
    return mesh;
  }

  private readonly own: THREE.Texture[] = [];

  private contact(
    piece: PlacedPiece,
    texture: THREE.Texture,
    grow: number,
    opacity: number,
    y: number,
  ): THREE.Mesh {
    const material = new THREE.MeshBasicMaterial({
      color: 0x000000,
      map: texture,
      transparent: true,
      opacity,
      depthWrite: false,
      toneMapped: false,
    });
    const mesh = new THREE.Mesh(this.plane, material);
    // The texture's footprint takes `inner` of its square, so the square is the footprint divided by it, grown.
    mesh.scale.set(piece.sizeM.w * grow, 1, piece.sizeM.d * grow);
    mesh.position.set(piece.x, y, piece.z);
    mesh.rotation.y = THREE.MathUtils.degToRad(piece.rotationDeg);
    mesh.renderOrder = 2;
    return mesh;
  }

  /**
   * Replaces the contact shadows with those of the floor pieces given (`objects` by key: their models, whose
   * low parts shape the tight shadow). A piece standing on a rug gets its shadows on the rug's face, not under it.
   */
  setPieces(pieces: PlacedPiece[], objects: Map<string, THREE.Object3D> = new Map()): void {
    for (const child of [...this.contacts.children]) {
      ((child as THREE.Mesh).material as THREE.Material).dispose();
      this.contacts.remove(child);
    }
    for (const t of this.own.splice(0)) t.dispose();
    const rugs = pieces.filter((p) => RUG_CATEGORIES.has(p.category));
    for (const piece of pieces) {
      if (existingObstacleOf(piece.on) !== null) {
        // On the real bed, sofa or table, only the photo is under it: a soft rim grounds it there.
        const y = piece.elevationM + 0.002;
        this.contacts.add(this.contact(piece, this.wide, 1 / 0.62, ON_REAL_CONTACT_OPACITY, y));
        continue;
      }
      if (!piece.onFloor || piece.elevationM > 0.01) continue;
      const flat = RUG_CATEGORIES.has(piece.category) || piece.sizeM.h < 0.03;
      // A rug lies flat: a faint wide rim only, no tight footprint (that would be a dark slab under it).
      if (flat) {
        this.contacts.add(this.contact(piece, this.wide, 1 / 0.62, WIDE_CONTACT_OPACITY * 0.3, 0.001));
        continue;
      }
      const rug = rugs.find((r) => insideFootprint(r, piece.x, piece.z));
      const y = (rug ? rug.sizeM.h : 0) + 0.002;
      this.contacts.add(this.contact(piece, this.wide, 1 / 0.62 + 0.1, WIDE_CONTACT_OPACITY, y));
      const object = objects.get(piece.key);
      const touch = object ? touchTexture(object, piece) : null;
      if (touch) {
        this.own.push(touch);
        this.contacts.add(this.contact(piece, touch, TIGHT_GROW, TIGHT_CONTACT_OPACITY, y + 0.0005));
      } else {
        this.contacts.add(this.contact(piece, this.tight, 1 / 0.8, TIGHT_CONTACT_OPACITY, y + 0.0005));
      }
    }
  }

  dispose(): void {
    this.setPieces([]);
    this.wide.dispose();
    this.tight.dispose();
    this.plane.dispose();
    this.group.traverse((o) => {
      const mesh = o as THREE.Mesh;
      if (!mesh.isMesh) return;
      mesh.geometry.dispose();
      (mesh.material as THREE.Material).dispose();
    });
  }
}
