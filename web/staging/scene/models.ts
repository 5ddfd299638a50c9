// One product's 3D model for one placed piece: its GLB (loaded once per URL, cloned per piece, fabric variant
// chosen by the product's colour) or the parametric builder's group; sized to the product uniformly, never
// stretched, and set to cast and receive shadows.
import * as THREE from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { buildParametricModel, disposeParametricModel, type ParametricSpec } from './parametric';
import { disposeParametricCache } from './parametric/textures';
import type { PlacedPiece, ProductModel } from './types';
import { applyVariant, closestVariant, parseColour, variantNames } from './variants';

/** Sizes within this ratio of the product's count as the same: a GLB is then used at its authored scale. */
const SAME_SIZE = 0.04;

export interface PieceModel {
  /** The piece in world space: positioned, turned and sized; meshes carry userData.pieceKey. */
  object: THREE.Group;
  /** The uniform scale put on the model (1 when its size already matched). */
  scale: number;
  /** The fabric variant chosen, if the GLB has variants. */
  variant: string | null;
  /** Why the model differs from the product, for the log: a scaled GLB, or a GLB that failed to load. */
  note: string | null;
}

const cache = new Map<string, Promise<GLTF>>();
let loader: GLTFLoader | null = null;

function loadGltf(url: string): Promise<GLTF> {
  let hit = cache.get(url);
  if (!hit) {
    loader ??= new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
    hit = loader.loadAsync(url);
    // A failed load must not stay cached, or one network hiccup breaks the product for the whole session.
    hit.catch(() => cache.delete(url));
    cache.set(url, hit);
  }
  return hit;
}

/**
 * The uniform factor that brings a model of size `have` to the product size `want`: 1 when they already agree,
 * else the geometric mean of the width and height ratios (what a shopper sees), kept from overrunning the
 * layout's footprint width by more than the tolerance.
 */
function uniformFit(
  have: { w: number; d: number; h: number },
  want: { w: number; d: number; h: number },
): number {
  const sw = want.w / have.w;
  const sd = want.d / have.d;
  const sh = want.h / have.h;
  if ([sw, sd, sh].every((s) => Number.isFinite(s) && Math.abs(s - 1) <= SAME_SIZE)) return 1;
  if (!Number.isFinite(sw) || !Number.isFinite(sh) || sw <= 0 || sh <= 0) return 1;
  return Math.min(Math.sqrt(sw * sh), sw * (1 + SAME_SIZE));
}

function shadowsOn(root: THREE.Object3D): void {
  root.traverse((o) => {
    if ((o as THREE.Mesh).isMesh) {
      o.castShadow = true;
      o.receiveShadow = true;
    }
  });
}

/** Moves `model` so its bounding box sits centred on x/z with its bottom at y = 0 (after scaling). */
function seatOnOrigin(model: THREE.Object3D): THREE.Vector3 {
  model.updateMatrixWorld(true);
  const box = new THREE.Box3().setFromObject(model);
  const size = box.getSize(new THREE.Vector3());
  const centre = box.getCenter(new THREE.Vector3());
  model.position.x -= centre.x;
  model.position.z -= centre.z;
  model.position.y -= box.min.y;
  return size;
}

async function glbModel(
  url: string,
  product: ProductModel,
): Promise<{ model: THREE.Object3D; variant: string | null }> {
  const gltf = await loadGltf(url);
  const model = gltf.scene.clone(true);
  const index = await closestVariant(gltf, parseColour(product.spec.colors[0]));
  if (index >= 0) await applyVariant(gltf, model, index);
  return { model, variant: index >= 0 ? (variantNames(gltf)[index] ?? null) : null };
}

/** Bed linen stands in the x/y plane as its size says; on a bed the parametric builder's cover is laid down. */
const FLAT_TEXTILES = new Set(['bedLinen']);
/** Cushions lean back against the backrest or headboard instead of standing bolt upright. */
const CUSHION_LEAN_RAD = 0.22;

/**
 * The parametric model of a piece: a throw `on` a sofa or bed is built folded and lying, at the size the layout
 * folded it to (the product's size is the throw hanging: w wide, h long, d thin); a pendant with its cord as
 * long as the layout says (to the ceiling).
 */
function parametricModel(piece: PlacedPiece, spec: ParametricSpec): THREE.Object3D {
  const { w, d, h } = piece.sizeM;
  const sizeCm = { w: w * 100, d: d * 100, h: h * 100 };
  if (piece.on && spec.category === 'throw') return buildParametricModel({ ...spec, folded: true, sizeCm });
  if (spec.category === 'pendant') return buildParametricModel({ ...spec, sizeCm });
  return buildParametricModel(spec);
}

/**
 * Lays a textile on the piece it is `on`: linen turned −90° about X (its front face up, its top edge towards the
 * back); cushions stay upright as cushions are arranged, leaning back. Seating on the origin afterwards puts the
 * result's bottom at the host's seat or mattress height.
 */
function layOnHost(model: THREE.Object3D, piece: PlacedPiece): void {
  if (!piece.on) return;
  if (FLAT_TEXTILES.has(piece.category)) {
    model.rotation.x = -Math.PI / 2;
  } else if (piece.category === 'cushions') {
    model.rotation.x = -CUSHION_LEAN_RAD;
  }
}

/** Builds the piece's model in world space. A GLB that fails to load falls back to the parametric model. */
export async function loadPieceModel(piece: PlacedPiece, product: ProductModel): Promise<PieceModel> {
  let model: THREE.Object3D;
  let variant: string | null = null;
  let note: string | null = null;
  let isGlb = false;
  if (product.glbUrl) {
    try {
      ({ model, variant } = await glbModel(product.glbUrl, product));
      isGlb = true;
    } catch (error) {
      note = `GLB ${product.glbUrl} not loaded (${String(error)}); parametric model used`;
      model = parametricModel(piece, product.spec);
    }
  } else {
    model = parametricModel(piece, product.spec);
  }
  if (!isGlb) layOnHost(model, piece);
  const have = seatOnOrigin(model);
  const want = piece.sizeM;
  // The parametric builder already makes the product's size; only a GLB can disagree with its product.
  const scale = isGlb ? uniformFit({ w: have.x, d: have.z, h: have.y }, want) : 1;
  if (scale !== 1) {
    model.scale.multiplyScalar(scale);
    model.position.multiplyScalar(scale);
    note ??=
      `GLB ${have.x.toFixed(2)}×${have.z.toFixed(2)}×${have.y.toFixed(2)} m scaled ×${scale.toFixed(3)} ` +
      `towards the product's ${want.w.toFixed(2)}×${want.d.toFixed(2)}×${want.h.toFixed(2)} m`;
  }
  shadowsOn(model);
  const object = new THREE.Group();
  object.name = piece.key;
  object.add(model);
  object.position.set(piece.x, piece.elevationM, piece.z);
  object.rotation.y = THREE.MathUtils.degToRad(piece.rotationDeg);
  object.traverse((o) => (o.userData.pieceKey = piece.key));
  object.updateMatrixWorld(true);
  return { object, scale, variant, note };
}

/** Frees one piece's GPU buffers; a GLB's shared geometry and materials stay for other pieces of it. */
export function disposePieceModel(piece: PieceModel, sharedGlb: boolean): void {
  if (sharedGlb) return;
  disposeParametricModel(piece.object);
}

/** Frees every cached GLB's geometry, materials and textures, and the parametric pieces' shared textures. */
export async function clearModelCache(): Promise<void> {
  const all = [...cache.values()];
  cache.clear();
  disposeParametricCache();
  for (const hit of all) {
    const gltf = await hit.catch(() => null);
    gltf?.scene.traverse((o) => {
      const mesh = o as THREE.Mesh;
      if (!mesh.isMesh) return;
      mesh.geometry.dispose();
      for (const m of Array.isArray(mesh.material) ? mesh.material : [mesh.material]) {
        for (const value of Object.values(m)) if (value instanceof THREE.Texture) value.dispose();
        m.dispose();
      }
    });
  }
}
