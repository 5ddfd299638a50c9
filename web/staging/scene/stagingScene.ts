// The three.js scene of one staged photo, shared by the one-shot render and the interactive stage: the photo's
// camera, its environment and key light, the shadow catchers, the occluders of the furniture already there, and
// the placed pieces (loaded once per key, moved in place when only their placement changes).
import * as THREE from 'three';
import { existingObstacleOf } from '../../../core/staging/layout';
import type { LabelMap, RoomModel } from '../../../core/staging/room/types';
import { aimKeyLight, createKeyLight, keyLightSource, type KeyLightSource } from './lighting';
import { disposePieceModel, loadPieceModel, type PieceModel } from './models';
import { buildOccluders, disposeOccluders, fitOccludersToHosts, setOccluderView } from './occlusion';
import { buildPhotoEnvironment, buildPhotoLightProbe, type PhotoEnvironment } from './photoEnvironment';
import { adaptForNoEnvironment, photoCubeTexture } from './photoReflection';
import { meanLinearLuminance, type Pixels } from './photoStats';
import { applyRoomCamera } from './sceneCamera';
import { restHeight } from './settle';
import { ShadowCatcher } from './shadowCatcher';
import type { PhotoSource, PlacedPiece, ProductModel } from './types';

/** A part of the output in pixels: x, y, width, height (top-left origin). */
export type PixelRect = [x: number, y: number, w: number, h: number];

/** What differs between the live preview and the export. */
export interface SceneQuality {
  shadowMapSize: number;
  /**
   * PMREM cube face size of the photo environment (glossy reflections, transmission); 0 lights by the photo's
   * spherical harmonics alone, which needs no GPU work (PMREM compiles for seconds under SwiftShader).
   */
  envSize: number;
}

export const EXPORT_QUALITY: SceneQuality = { shadowMapSize: 512, envSize: 0 };
export const PREVIEW_QUALITY: SceneQuality = { shadowMapSize: 256, envSize: 0 };

/** The photo's width and height whatever kind of image it is. */
export function photoSize(photo: PhotoSource): { width: number; height: number } {
  if (photo instanceof HTMLImageElement) return { width: photo.naturalWidth, height: photo.naturalHeight };
  return { width: photo.width, height: photo.height };
}

/** The photo small, for the environment and the key light's window search. */
function smallPhoto(photo: PhotoSource, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, width);
  canvas.height = Math.max(1, height);
  canvas.getContext('2d', { willReadFrequently: true })!.drawImage(photo, 0, 0, canvas.width, canvas.height);
  return canvas;
}

function pixelsOf(canvas: HTMLCanvasElement): Pixels {
  return canvas
    .getContext('2d', { willReadFrequently: true })!
    .getImageData(0, 0, canvas.width, canvas.height);
}

/** The renderer settings every staging render uses: transparent, sRGB out, neutral tone mapping, soft shadows. */
export function configureRenderer(renderer: THREE.WebGLRenderer): void {
  renderer.setClearColor(0x000000, 0);
  renderer.outputColorSpace = THREE.SRGBColorSpace;
  // Khronos PBR Neutral keeps the products' base colours true while rolling off the photo-derived highlights.
  renderer.toneMapping = THREE.NeutralToneMapping;
  renderer.toneMappingExposure = 1;
  renderer.shadowMap.enabled = true;
  // VSM blurs the shadow map itself (two small passes at the map's size), so a wide penumbra is smooth; PCF's
  // five noise-rotated taps at a wide radius band and speckle, and a photo's window light casts soft shadows.
  renderer.shadowMap.type = THREE.VSMShadowMap;
}

export class StagingScene {
  readonly scene = new THREE.Scene();
  readonly camera = new THREE.PerspectiveCamera();
  readonly pieces = new THREE.Group();
  readonly lightSource: KeyLightSource;
  private readonly catcher: ShadowCatcher;
  private readonly occluders: THREE.Group;
  private readonly keyLight: THREE.DirectionalLight;
  private readonly envPhoto: HTMLCanvasElement;
  private env: PhotoEnvironment | null = null;
  private probe: THREE.LightProbe | null = null;
  /** Without a PMREM environment: the photo as a tiny cube for mirrors, and the materials made from it. */
  private reflection: THREE.CubeTexture | null = null;
  private readonly reflectionMaterials: THREE.Material[] = [];
  private readonly loaded = new Map<string, { id: string; model: PieceModel; shared: boolean }>();
  private generation = 0;
  /** The pieces shown, as placed (their footprints bound the contact shadows). */
  private placed: PlacedPiece[] = [];

  constructor(
    private readonly room: RoomModel,
    labels: LabelMap | null,
    photo: PhotoSource,
    private readonly quality: SceneQuality,
  ) {
    const size = photoSize(photo);
    const envWidth = Math.min(512, size.width);
    this.envPhoto = smallPhoto(photo, envWidth, Math.round((envWidth * size.height) / size.width));
    const mean = meanLinearLuminance(pixelsOf(this.envPhoto));
    const atLabels = labels ? pixelsOf(smallPhoto(photo, labels.width, labels.height)) : null;
    // The light's direction is judged from a point 3 m ahead; pieces are usually about there, and it keeps one
    // direction for the whole stage while pieces move.
    const ahead = new THREE.Vector3(0, 0, -3).applyAxisAngle(
      new THREE.Vector3(0, 1, 0),
      THREE.MathUtils.degToRad(room.camera.yawDeg),
    );
    this.lightSource = keyLightSource(room, labels, atLabels, ahead);
    this.keyLight = createKeyLight(this.lightSource, mean, quality.shadowMapSize);
    this.catcher = new ShadowCatcher(room, this.lightSource.kind === 'window' ? 0.24 : 0.2);
    this.occluders = buildOccluders(room, labels);
    this.pieces.name = 'pieces';
    this.scene.add(this.occluders, this.pieces, this.catcher.group, this.keyLight, this.keyLight.target);
    this.aim();
  }

  /** Mirrors and glass for a scene without an environment map (see photoReflection.ts). */
  private adaptMaterials(model: PieceModel, shared: boolean): void {
    if (this.quality.envSize > 0) return;
    this.reflection ??= photoCubeTexture(this.envPhoto, this.room.camera);
    const { replaced, created } = adaptForNoEnvironment(model.object, this.reflection);
    this.reflectionMaterials.push(...created);
    if (!shared) for (const m of replaced) m.dispose();
  }

  /** Sets the camera for an output size (the whole image; see setView for rendering a part of it). */
  setOutputSize(width: number, height: number): void {
    this.camera.clearViewOffset();
    applyRoomCamera(this.camera, this.room.camera, width, height);
    setOccluderView(this.occluders, new THREE.Vector4(0, 0, 1, 1));
  }

  /**
   * Renders only `rect` (x, y, width, height in output pixels) of the output from now on: the renderer's canvas
   * is then the rect's size, so clearing, shading, resolving and reading back cost the rect, not the frame.
   */
  setView(width: number, height: number, rect: PixelRect): void {
    const [x, y, w, h] = rect;
    this.camera.setViewOffset(width, height, x, y, w, h);
    this.camera.updateProjectionMatrix();
    setOccluderView(this.occluders, new THREE.Vector4(x / width, y / height, w / width, h / height));
  }

  /**
   * The output pixels the pieces and their shadows can touch, as x, y, width, height grown by `margin`: each
   * piece's box, where the key light throws its corners on the floor (walls in between lie on those lines), and
   * its contact shadows. Null when nothing is placed; the whole frame when a point lies behind the camera.
   */
  layerRect(width: number, height: number, margin: number): PixelRect | null {
    const points: THREE.Vector3[] = [];
    const toLight = this.lightSource.toLight;
    for (const piece of this.placed) {
      const entry = this.loaded.get(piece.key);
      if (!entry) continue;
      // The VSM blur and the contact shadows' soft rims reach past the footprints, the latter with its size.
      const spread = 0.3 + 0.2 * Math.max(piece.sizeM.w, piece.sizeM.d);
      const box = new THREE.Box3().setFromObject(entry.model.object);
      if (box.isEmpty()) continue;
      for (const cx of [box.min.x, box.max.x])
        for (const cy of [box.min.y, box.max.y])
          for (const cz of [box.min.z, box.max.z]) {
            points.push(new THREE.Vector3(cx, cy, cz));
            const t = cy / Math.max(0.05, toLight.y);
            const fx = cx - toLight.x * t;
            const fz = cz - toLight.z * t;
            for (const [dx, dz] of [
              [-spread, -spread],
              [spread, -spread],
              [-spread, spread],
              [spread, spread],
            ] as const)
              points.push(new THREE.Vector3(fx + dx, 0, fz + dz));
          }
    }
    if (!points.length) return null;
    this.camera.updateMatrixWorld();
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    const view = new THREE.Vector3();
    for (const p of points) {
      view.copy(p).applyMatrix4(this.camera.matrixWorldInverse);
      if (view.z > -this.camera.near) return [0, 0, width, height];
      p.project(this.camera);
      const u = (p.x * 0.5 + 0.5) * width;
      const v = (0.5 - p.y * 0.5) * height;
      x0 = Math.min(x0, u);
      x1 = Math.max(x1, u);
      y0 = Math.min(y0, v);
      y1 = Math.max(y1, v);
    }
    const left = Math.max(0, Math.floor(x0 - margin));
    const top = Math.max(0, Math.floor(y0 - margin));
    const right = Math.min(width, Math.ceil(x1 + margin));
    const bottom = Math.min(height, Math.ceil(y1 + margin));
    if (right <= left || bottom <= top) return null;
    return [left, top, right - left, bottom - top];
  }

  /**
   * Shows these pieces: new or changed products load (in parallel), pieces whose product stays only move.
   * Returns the notes of models that differ from their products (scaled, or a GLB that failed).
   */
  async setPieces(pieces: PlacedPiece[], models: Record<string, ProductModel>): Promise<string[]> {
    const generation = ++this.generation;
    const notes: string[] = [];
    const wanted = new Map(pieces.map((p) => [p.key, p]));
    for (const [key, entry] of this.loaded) {
      const piece = wanted.get(key);
      if (!piece || piece.id !== entry.id) {
        this.pieces.remove(entry.model.object);
        disposePieceModel(entry.model, entry.shared);
        this.loaded.delete(key);
      }
    }
    await Promise.all(
      pieces.map(async (piece) => {
        const have = this.loaded.get(piece.key);
        if (have) return;
        const product = models[piece.id];
        if (!product) {
          notes.push(`no model for product ${piece.id}`);
          return;
        }
        const model = await loadPieceModel(piece, product);
        if (generation !== this.generation) {
          // A newer setPieces superseded this one while the model loaded; it decides what is shown.
          disposePieceModel(model, Boolean(product.glbUrl) && !model.note?.includes('not loaded'));
          return;
        }
        if (model.note) notes.push(`${piece.key}: ${model.note}`);
        if (model.variant) notes.push(`${piece.key}: variant ${model.variant}`);
        const shared = Boolean(product.glbUrl) && !model.note?.includes('not loaded');
        this.adaptMaterials(model, shared);
        this.loaded.set(piece.key, { id: piece.id, model, shared });
        this.pieces.add(model.object);
      }),
    );
    if (generation !== this.generation) return notes;
    for (const piece of pieces) {
      const entry = this.loaded.get(piece.key);
      if (!entry) continue;
      const o = entry.model.object;
      o.position.set(piece.x, piece.elevationM, piece.z);
      o.rotation.y = THREE.MathUtils.degToRad(piece.rotationDeg);
      o.updateMatrixWorld(true);
    }
    this.placed = pieces.filter((p) => this.loaded.has(p.key));
    this.settleOnHosts(this.placed);
    const objects = new Map([...this.loaded].map(([key, e]) => [key, e.model.object as THREE.Object3D]));
    this.catcher.setPieces(this.placed, objects);
    fitOccludersToHosts(
      this.occluders,
      this.room,
      this.placed.map((piece) => ({ on: piece.on, object: objects.get(piece.key)! })),
    );
    this.aim();
    return notes;
  }

  /** Textiles on our own pieces come to rest on the host's model (settle.ts). */
  private settleOnHosts(pieces: readonly PlacedPiece[]): void {
    for (const piece of pieces) {
      if (!piece.on || existingObstacleOf(piece.on) !== null) continue;
      const host = this.loaded.get(piece.on)?.model.object;
      const self = this.loaded.get(piece.key)?.model.object;
      const height = host && self ? restHeight(piece, host) : null;
      if (height === null) continue;
      self!.position.y = height;
      self!.updateMatrixWorld(true);
    }
  }

  /** The pieces' keys with their meshes, for hit tests and the box pass. */
  pieceObjects(): THREE.Object3D[] {
    return [...this.loaded.values()].map((e) => e.model.object);
  }

  private aim(): void {
    const bounds = new THREE.Box3();
    for (const o of this.pieceObjects()) bounds.expandByObject(o);
    if (bounds.isEmpty())
      bounds.setFromCenterAndSize(new THREE.Vector3(0, 0.5, -3), new THREE.Vector3(2, 1, 2));
    bounds.min.y = 0;
    aimKeyLight(this.keyLight, this.lightSource, bounds);
  }

  /** Builds the environment on first use (PMREM needs the renderer). */
  prepare(renderer: THREE.WebGLRenderer): void {
    if (this.env || this.probe) return;
    if (this.quality.envSize > 0) {
      this.env = buildPhotoEnvironment(renderer, this.envPhoto, this.room.camera, {
        size: this.quality.envSize,
      });
      this.scene.environment = this.env.texture;
    } else {
      this.probe = buildPhotoLightProbe(this.envPhoto, this.room.camera);
      this.scene.add(this.probe);
    }
  }

  render(renderer: THREE.WebGLRenderer): void {
    this.prepare(renderer);
    renderer.render(this.scene, this.camera);
  }

  /** Hides or shows everything but the pieces and occluders (the box pass needs pieces alone). */
  setCatchersVisible(visible: boolean): void {
    this.catcher.group.visible = visible;
  }

  dispose(): void {
    for (const entry of this.loaded.values()) disposePieceModel(entry.model, entry.shared);
    this.loaded.clear();
    this.catcher.dispose();
    disposeOccluders(this.occluders);
    this.keyLight.shadow.map?.dispose();
    this.keyLight.dispose();
    this.env?.dispose();
    this.env = null;
    this.probe?.dispose();
    this.probe = null;
    for (const m of this.reflectionMaterials) m.dispose();
    this.reflectionMaterials.length = 0;
    this.reflection?.dispose();
    this.reflection = null;
  }
}
