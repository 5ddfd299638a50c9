// Parametric furniture: builds a true-to-scale, PBR-textured model of any staging category in code, for every
// category without a real GLB (and as a fallback for those with one). Dispatches to one module per family and
// fits the result exactly to the spec's size: metres, +Y up, origin at the floor centre, front = +Z.
import * as THREE from 'three';
import type { CategoryId } from '../../../../core/staging/types';
import { makeContext, type Builder, type ParametricSpec } from './context';
import { bed } from './beds';
import { artwork, laundryBasket, mirror, plant, towelLadder, vase } from './decor';
import { floorLamp, lantern, pendant, tableLamp } from './lighting';
import { bistroSet, lounger, planter } from './outdoor';
import { armchair, barStool, bench, diningChair, officeChair, sofa } from './seating';
import { kitchenCart, nightstand, shelf, sideboard, tvBoard, wardrobe } from './storage';
import { coffeeTable, desk, diningTable, sideTable } from './tables';
import { bathMat, bedLinen, cushions, foldedThrow, outdoorRug, rug, throwBlanket, towels } from './textiles';

export type { ParametricSpec } from './context';

const BUILDERS: Record<CategoryId, Builder> = {
  sofa,
  armchair,
  coffeeTable,
  sideTable,
  tvBoard,
  rug,
  floorLamp,
  tableLamp,
  pendant,
  plant,
  shelf,
  sideboard,
  bed,
  nightstand,
  wardrobe,
  bedLinen,
  bench,
  diningTable,
  diningChair,
  barStool,
  kitchenCart,
  vase,
  desk,
  officeChair,
  mirror,
  artwork,
  cushions,
  throw: throwBlanket,
  towels,
  bathMat,
  towelLadder,
  laundryBasket,
  bistroSet,
  lounger,
  planter,
  lantern,
  outdoorRug,
};

/** Smallest size we build, in cm: below it parts would invert. */
const MIN_CM = 0.5;

/**
 * Builds the piece. The returned group's bounding box is exactly sizeCm/100 (x = w, y = h, z = d), centred on x/z
 * with its bottom at y = 0; wall pieces' depth is their thickness and flat textiles stand in the x/y plane (models.ts lays a throw or
 * linen `on` a sofa or bed down, −90° about X).
 */
export function buildParametricModel(spec: ParametricSpec): THREE.Group {
  const safe: ParametricSpec = {
    ...spec,
    sizeCm: {
      w: Math.max(MIN_CM, spec.sizeCm.w),
      d: Math.max(MIN_CM, spec.sizeCm.d),
      h: Math.max(MIN_CM, spec.sizeCm.h),
    },
  };
  const ctx = makeContext(safe);
  const content = (spec.folded && spec.category === 'throw' ? foldedThrow : BUILDERS[spec.category])(ctx);
  fitToSize(content, ctx.W, ctx.H, ctx.D);
  const root = new THREE.Group();
  root.name = `parametric:${spec.category}`;
  root.userData = {
    parametric: true,
    category: spec.category,
    materialKind: ctx.mats.kind,
    sizeCm: { ...safe.sizeCm },
  };
  root.add(content);
  return root;
}

/**
 * Builders construct to size from proportions, but draped cloth, leaves and rounded rims overshoot by a few
 * millimetres to centimetres; a final per-axis scale and shift makes the bounds exact.
 */
function fitToSize(content: THREE.Object3D, w: number, h: number, d: number): void {
  content.updateMatrixWorld(true);
  const box = new THREE.Box3().setFromObject(content, true);
  const size = box.getSize(new THREE.Vector3());
  const sx = size.x > 1e-6 ? w / size.x : 1;
  const sy = size.y > 1e-6 ? h / size.y : 1;
  const sz = size.z > 1e-6 ? d / size.z : 1;
  content.scale.set(sx, sy, sz);
  content.position.set(
    -((box.min.x + box.max.x) / 2) * sx,
    -box.min.y * sy,
    -((box.min.z + box.max.z) / 2) * sz,
  );
  content.updateMatrixWorld(true);
}

/** Frees a model's geometries and materials; cached textures stay (disposeParametricCache frees those). */
export function disposeParametricModel(model: THREE.Object3D): void {
  model.traverse((object) => {
    if (object instanceof THREE.Mesh) {
      object.geometry.dispose();
      const materials: THREE.Material[] = Array.isArray(object.material)
        ? object.material
        : [object.material];
      for (const m of materials) m.dispose();
    }
  });
}
