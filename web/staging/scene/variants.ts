// KHR_materials_variants: a GLB may carry several fabrics (the sofa five, the sheen chair two). three.js loads the
// list but never switches; this picks the variant whose average look (colour factor × base-colour texture mean,
// plus a share of sheen) is nearest the product's main colour in CIE94, and puts its materials on a clone.
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

/** Linear RGB, 0..1 per channel (what a material's colour factor and a decoded texture's mean are in). */
export type LinearRgb = [r: number, g: number, b: number];

/**
 * How much of a velvet's sheen colour adds to what the eye takes as its colour: the sheen lobe lights the pile
 * at every grazing edge and fold, so a "Champagne" base with a warm sheen reads beige, a grey base with a blue
 * sheen reads navy. A quarter (roughly the Charlie lobe's directional albedo at sheen roughness 0.5) ranks the
 * sofa's five and the chair's two fabrics as they look rendered.
 */
export const SHEEN_WEIGHT = 0.25;
/**
 * CIE94 lightness weight: the photo's light changes a fabric's lightness anyway, so a grey product must not pick
 * a tinted fabric because it happens to share its lightness (the textile weighting, kL = 2).
 */
const LIGHTNESS_WEIGHT = 2;

/** CIE L*a*b* (D65) of a linear RGB colour. */
export function labOfLinear([r, g, b]: LinearRgb): [number, number, number] {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIE94 colour difference (textile weights) of a sample from a reference, both linear RGB. */
export function colourDifference(reference: LinearRgb, sample: LinearRgb): number {
  const [l1, a1, b1] = labOfLinear(reference);
  const [l2, a2, b2] = labOfLinear(sample);
  const c1 = Math.hypot(a1, b1);
  const dC = c1 - Math.hypot(a2, b2);
  const dH2 = Math.max(0, (a1 - a2) ** 2 + (b1 - b2) ** 2 - dC * dC);
  return Math.sqrt(
    ((l1 - l2) / LIGHTNESS_WEIGHT) ** 2 + (dC / (1 + 0.045 * c1)) ** 2 + dH2 / (1 + 0.015 * c1) ** 2,
  );
}

/** What a fabric shows on average: its colour factor times its base-colour texture's mean, plus a share of sheen. */
export function fabricAppearance(
  factor: LinearRgb,
  mapMean: LinearRgb | null,
  sheen: LinearRgb | null,
): LinearRgb {
  const m = mapMean ?? [1, 1, 1];
  const s = sheen ?? [0, 0, 0];
  return [0, 1, 2].map((i) => factor[i]! * m[i]! + SHEEN_WEIGHT * s[i]!) as LinearRgb;
}

/** Index of the appearance nearest the target (linear RGB), skipping nulls; -1 when there is none. */
export function nearestAppearance(appearances: (LinearRgb | null)[], target: LinearRgb): number {
  let best = -1;
  let bestD = Infinity;
  appearances.forEach((a, i) => {
    if (!a) return;
    const d = colourDifference(target, a);
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
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

/** Side of the canvas a base-colour texture is decoded to for its mean (high-quality downscaling averages). */
const MEAN_SIDE = 32;

const srgbToLinear = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** The mean linear colour of a texture's image, or null when it cannot be read here (no DOM, no image). */
function textureMean(texture: THREE.Texture | null): LinearRgb | null {
  const image = texture?.image as CanvasImageSource | undefined;
  if (!image || typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = MEAN_SIDE;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, MEAN_SIDE, MEAN_SIDE);
  const px = ctx.getImageData(0, 0, MEAN_SIDE, MEAN_SIDE).data;
  const sum: LinearRgb = [0, 0, 0];
  for (let i = 0; i < px.length; i += 4) for (let c = 0; c < 3; c++) sum[c] += srgbToLinear(px[i + c]! / 255);
  const n = px.length / 4;
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

const rgbOf = (c: THREE.Color): LinearRgb => [c.r, c.g, c.b];

/** A material's average appearance in linear RGB (three.js keeps material colours linear). */
function materialAppearance(material: THREE.Material): LinearRgb {
  const m = material as THREE.MeshPhysicalMaterial;
  const sheen = m.sheen > 0 && m.sheenColor ? rgbOf(m.sheenColor.clone().multiplyScalar(m.sheen)) : null;
  return fabricAppearance(rgbOf(m.color ?? new THREE.Color(1, 1, 1)), textureMean(m.map ?? null), sheen);
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
  // parseColour's Color already holds linear RGB (three.js converts on setStyle).
  return nearestAppearance(
    materials.map((m) => (m ? materialAppearance(m) : null)),
    rgbOf(colour),
  );
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
