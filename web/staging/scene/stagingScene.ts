// The three.js scene of one staged photo, shared by the one-shot render and the interactive stage: the photo's
// camera, its environment and key light, the shadow catchers, the occluders of the furniture already there, and
// the placed pieces (loaded once per key, moved in place when only their placement changes).
import * as THREE from 'three';
import type { LabelMap, RoomModel } from '../../../core/staging/room/types';
import { aimKeyLight, createKeyLight, keyLightSource, type KeyLightSource } from './lighting';
import { disposePieceModel, loadPieceModel, type PieceModel } from './models';
import { buildOccluders, disposeOccluders } from './occlusion';
import { buildPhotoEnvironment, buildPhotoLightProbe, type PhotoEnvironment } from './photoEnvironment';
import { adaptForNoEnvironment, photoCubeTexture } from './photoReflection';
import { meanLinearLuminance, type Pixels } from './photoStats';
import { applyRoomCamera } from './sceneCamera';
import { ShadowCatcher } from './shadowCatcher';
import type { PhotoSource, PlacedPiece, ProductModel } from './types';

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

  /** Sets the camera for an output size. */
  setOutputSize(width: number, height: number): void {
    applyRoomCamera(this.camera, this.room.camera, width, height);
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
    this.catcher.setPieces(pieces.filter((p) => this.loaded.has(p.key)));
    this.aim();
    return notes;
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
