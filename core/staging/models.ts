// The 3D models in models/furniture-3d/ (manifest.json there) that the shipped example products use: where the
// app serves them (assets.ts), their measured size (the product takes exactly this size, so the device places it true to
// scale), their licence and credit line, and an honest German material text for the look each model has.
// tests/core/staging/catalog.test.ts checks every product's model against the manifest.
import { furnitureFileUrl } from './assets';
import type { CategoryId, Dimensions, ProductStyle } from './types';

export function modelFileUrl(modelId: string): string {
  return furnitureFileUrl(`${modelId}.glb`);
}

export function modelThumbnailUrl(modelId: string): string {
  return furnitureFileUrl(`${modelId}.png`);
}

export interface ShippedModel {
  id: string;
  /** The manifest's size_m in centimetres: width X, depth Z, height Y. */
  sizeCm: Dimensions;
  /** SPDX id, as the manifest gives it. */
  licence: 'CC-BY-4.0' | 'CC0-1.0';
  attribution: string;
  /** German material and colour of what the model shows. */
  material: string;
  /** Main, secondary and highlight colour of the model, hex. */
  colors: [string, string, string];
}

function model(
  id: string,
  [w, d, h]: [number, number, number],
  licence: ShippedModel['licence'],
  attribution: string,
  material: string,
  colors: [string, string, string],
): ShippedModel {
  return Object.freeze({ id, sizeCm: Object.freeze({ w, d, h }), licence, attribution, material, colors });
}

const GLAM_VELVET_SOFA = model(
  'glam-velvet-sofa',
  [218.8, 102.3, 78.8],
  'CC-BY-4.0',
  '"Glam Velvet Sofa" by Eric Chadwick, © 2021 Wayfair LLC, CC BY 4.0 (modified: packed/optimised, key light removed, re-centred)',
  'Samt marineblau, Füße Metall schwarz',
  ['#1f3f8f', '#1a1a1a', '#3a5fb0'],
);
const SOFA_03 = model(
  'sofa-03',
  [273.1, 92.5, 111.8],
  'CC0-1.0',
  '"Sofa 03" from Poly Haven (polyhaven.com/a/sofa_03), CC0 (no attribution required)',
  'Gobelinstoff beige gemustert, Kunstleder braun, Holz geschnitzt',
  ['#a08a5c', '#5a3a22', '#c2ab7a'],
);
const SHEEN_CHAIR = model(
  'sheen-chair',
  [82.7, 57, 68.6],
  'CC0-1.0',
  '"Sheen Chair" by Eric Chadwick, © 2020 Wayfair LLC (LICENSE.md: CC0; README text says CC BY 4.0, so credit it anyway)',
  'Samt orange gesteppt, Beine Holz dunkel',
  ['#f0603e', '#4a3a22', '#ff8a66'],
);
const PAINTED_WOODEN_STOOL = model(
  'painted-wooden-stool',
  [38.5, 40.6, 57.9],
  'CC0-1.0',
  '"Painted Wooden Stool" from Poly Haven (polyhaven.com/a/painted_wooden_stool), CC0',
  'Holz weiß lackiert, Used-Look',
  ['#e0dccf', '#8a6a50', '#f0ece4'],
);
const WOODEN_TABLE_02 = model(
  'wooden-table-02',
  [113.4, 70.6, 80],
  'CC0-1.0',
  '"Wooden Table 02" from Poly Haven (polyhaven.com/a/wooden_table_02), CC0',
  'Massivholz rotbraun geölt',
  ['#a0522d', '#7a3d1f', '#c0703f'],
);
const PAINTED_WOODEN_CABINET = model(
  'painted-wooden-cabinet',
  [119.5, 61.7, 118.2],
  'CC0-1.0',
  '"Painted Wooden Cabinet" from Poly Haven (polyhaven.com/a/painted_wooden_cabinet), CC0',
  'Holz weiß lackiert, Used-Look, Platte Holz dunkel',
  ['#ece8df', '#5a3522', '#c9c2b4'],
);
const WOODEN_BOOKSHELF_WORN = model(
  'wooden-bookshelf-worn',
  [137.4, 58.1, 206.3],
  'CC0-1.0',
  '"Wooden Bookshelf Worn" from Poly Haven (polyhaven.com/a/wooden_bookshelf_worn), CC0',
  'Holz gekalkt, Used-Look',
  ['#b59f92', '#8c7a70', '#d3c4b8'],
);
const IRIDESCENCE_LAMP = model(
  'iridescence-lamp',
  [29.7, 30.2, 47.6],
  'CC-BY-4.0',
  '"Iridescence Lamp" by Eric Chadwick, © 2022 Wayfair LLC, CC BY 4.0 (modified: packed/optimised, re-centred)',
  'Schirm Stoff braun, Fuß Glas verspiegelt',
  ['#4e433c', '#c8c8cc', '#6a5a50'],
);
const LIGHTS_PUNCTUAL_LAMP = model(
  'lights-punctual-lamp',
  [112.7, 72.2, 186.4],
  'CC-BY-4.0',
  '"Lamp with Punctual Lights" by Teresa González Viegas (DGG), © 2021 DGG, CC BY 4.0 (modified: 5 punctual lights removed, packed/optimised, re-centred)',
  'Bogen Messing dunkel, Schirm Glas rosé',
  ['#5a4a1e', '#e8c0b0', '#8a7030'],
);
const GLASS_VASE_FLOWERS = model(
  'glass-vase-flowers',
  [9.7, 14.2, 20.3],
  'CC0-1.0',
  '"Glass Vase with Flowers": vase by Eric Chadwick, flowers by Rico Cilliers (Poly Haven), CC0 (modified: alpha-blend duplicate removed, only the transmission vase kept)',
  'Glas klar, mit Sauerklee',
  ['#e8f0f0', '#4a8a3a', '#e070c0'],
);

/**
 * The model each shipped category uses, per style where it differs (the carved sofa is the classic one).
 * Categories missing here have no fitting model (the tall hutch is no wardrobe): the device builds them.
 */
const CATEGORY_MODELS: Readonly<
  Partial<Record<CategoryId, ShippedModel | Record<ProductStyle, ShippedModel>>>
> = Object.freeze({
  sofa: { modern: GLAM_VELVET_SOFA, minimal: GLAM_VELVET_SOFA, cozy: GLAM_VELVET_SOFA, classic: SOFA_03 },
  armchair: SHEEN_CHAIR,
  diningTable: WOODEN_TABLE_02,
  shelf: WOODEN_BOOKSHELF_WORN,
  sideboard: PAINTED_WOODEN_CABINET,
  floorLamp: LIGHTS_PUNCTUAL_LAMP,
  tableLamp: IRIDESCENCE_LAMP,
  vase: GLASS_VASE_FLOWERS,
  barStool: PAINTED_WOODEN_STOOL,
});

/** The model a shipped product of this category and style uses, or null when the device builds it. */
export function shippedModelFor(category: CategoryId, style: ProductStyle): ShippedModel | null {
  const entry = CATEGORY_MODELS[category];
  if (!entry) return null;
  return 'id' in entry ? entry : entry[style];
}
