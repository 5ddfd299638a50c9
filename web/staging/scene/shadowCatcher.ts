// Where the new furniture darkens the room: an invisible floor (and faint walls) that only show the key light's
// shadows, plus a soft contact shadow under each floor piece (a blurred footprint, a wide one and a tight one),
// the ambient occlusion that makes a piece stand on the floor instead of hovering over it. All draw black with
// alpha, so compositing darkens the photo beneath.
import * as THREE from 'three';
import type { RoomModel } from '../../../core/staging/room/types';
import type { PlacedPiece } from './types';

const WIDE_CONTACT_OPACITY = 0.45;
const TIGHT_CONTACT_OPACITY = 0.55;

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

  private contact(piece: PlacedPiece, texture: THREE.Texture, grow: number, opacity: number): THREE.Mesh {
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
    mesh.position.set(piece.x, 0.002, piece.z);
    mesh.rotation.y = THREE.MathUtils.degToRad(piece.rotationDeg);
    mesh.renderOrder = 2;
    return mesh;
  }

  /** Replaces the contact shadows with those of the floor pieces given. */
  setPieces(pieces: PlacedPiece[]): void {
    for (const child of [...this.contacts.children]) {
      ((child as THREE.Mesh).material as THREE.Material).dispose();
      this.contacts.remove(child);
    }
    for (const piece of pieces) {
      if (!piece.onFloor || piece.elevationM > 0.01) continue;
      this.contacts.add(this.contact(piece, this.wide, 1 / 0.62 + 0.1, WIDE_CONTACT_OPACITY));
      this.contacts.add(this.contact(piece, this.tight, 1 / 0.8, TIGHT_CONTACT_OPACITY));
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
