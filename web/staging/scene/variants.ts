// KHR_materials_variants: a GLB may carry several fabrics (the sofa five, the sheen chair two). three.js loads the
// list but never switches; this picks the variant whose average colour is nearest the product's main colour and
// puts its materials on a clone of the model.
import * as THREE from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

interface VariantMapping {
  material: number;
  variants: number[];
}

function mappingsOf(object: THREE.Object3D): VariantMapping[] | null {
  const ext = (object.userData.gltfExtensions as Record<string, unknown> | undefined)
    ?.KHR_materials_variants as { mappings?: VariantMapping[] } | undefined;
  return ext?.mappings ?? null;
}

/** The variant names in file order, or [] when the GLB has none. */
export function variantNames(gltf: GLTF): string[] {
  const ext = (gltf.userData.gltfExtensions as Record<string, unknown> | undefined)
    ?.KHR_materials_variants as { variants?: { name: string }[] } | undefined;
  return ext?.variants?.map((v) => v.name) ?? [];
}

/** CIE L*a*b* of an sRGB colour (0..1 channels), for a perceptual colour distance. */
function lab(c: THREE.Color): [number, number, number] {
  const lin = c.clone().convertSRGBToLinear();
  const x = (0.4124 * lin.r + 0.3576 * lin.g + 0.1805 * lin.b) / 0.9505;
  const y = 0.2126 * lin.r + 0.7152 * lin.g + 0.0722 * lin.b;
  const z = (0.0193 * lin.r + 0.1192 * lin.g + 0.9505 * lin.b) / 1.089;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

function distance(a: THREE.Color, b: THREE.Color): number {
  const [l1, a1, b1] = lab(a);
  const [l2, a2, b2] = lab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

/** A product colour ('#rrggbb', rgb(), or a CSS name) as a Color, or null when it cannot be read. */
export function parseColour(text: string | undefined): THREE.Color | null {
  if (!text) return null;
  const t = text.trim().toLowerCase();
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(t) || /^rgb/.test(t) || t in THREE.Color.NAMES) {
    return new THREE.Color().setStyle(t, THREE.SRGBColorSpace);
  }
  return null;
}

/** The mean sRGB colour a material shows: its base colour times the mean of its colour map, sampled small. */
function materialColour(material: THREE.Material): THREE.Color {
  const m = material as THREE.MeshStandardMaterial;
  const out = (m.color ?? new THREE.Color(1, 1, 1)).clone().convertLinearToSRGB();
  const image = m.map?.image as CanvasImageSource | undefined;
  if (!image || typeof document === 'undefined') return out;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 8;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return out;
  ctx.drawImage(image, 0, 0, 8, 8);
  const px = ctx.getImageData(0, 0, 8, 8).data;
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0; i < px.length; i += 4) {
    r += px[i]!;
    g += px[i + 1]!;
    b += px[i + 2]!;
  }
  const n = (px.length / 4) * 255;
  return new THREE.Color(out.r * (r / n), out.g * (g / n), out.b * (b / n));
}

/** Each variant's representative material: the one mapped on the model's largest mesh that has mappings. */
async function variantMaterials(gltf: GLTF, count: number): Promise<(THREE.Material | null)[]> {
  let best: { mappings: VariantMapping[]; size: number } | null = null;
  gltf.scene.traverse((o) => {
    const mappings = mappingsOf(o);
    if (!mappings || !(o as THREE.Mesh).isMesh) return;
    const size = (o as THREE.Mesh).geometry.attributes.position?.count ?? 0;
    if (!best || size > best.size) best = { mappings, size };
  });
  const chosen = best as { mappings: VariantMapping[] } | null;
  const out: (THREE.Material | null)[] = [];
  for (let i = 0; i < count; i++) {
    const mapping = chosen?.mappings.find((m) => m.variants.includes(i));
    out.push(
      mapping ? ((await gltf.parser.getDependency('material', mapping.material)) as THREE.Material) : null,
    );
  }
  return out;
}

/** Index of the variant closest to the colour, or -1 when there are no variants or no colour. */
export async function closestVariant(gltf: GLTF, colour: THREE.Color | null): Promise<number> {
  const names = variantNames(gltf);
  if (!names.length || !colour) return -1;
  const materials = await variantMaterials(gltf, names.length);
  let best = -1;
  let bestD = Infinity;
  materials.forEach((m, i) => {
    if (!m) return;
    const d = distance(materialColour(m), colour);
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
}

/** Puts variant `index`'s materials on every mapped mesh of `root` (a clone of the GLB's scene). */
export async function applyVariant(gltf: GLTF, root: THREE.Object3D, index: number): Promise<void> {
  const jobs: Promise<void>[] = [];
  root.traverse((o) => {
    const mesh = o as THREE.Mesh;
    const mapping = mappingsOf(o)?.find((m) => m.variants.includes(index));
    if (!mesh.isMesh || !mapping) return;
    jobs.push(
      gltf.parser.getDependency('material', mapping.material).then((material: THREE.Material) => {
        mesh.material = material;
        gltf.parser.assignFinalMaterial(mesh);
      }),
    );
  });
  await Promise.all(jobs);
}
