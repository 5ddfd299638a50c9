// PBR materials for the parametric furniture: reads the kind of material from the product's German description
// ('Eiche massiv, geölt' → wood, 'Samt smaragdgrün' → velvet …) and makes MeshStandard/MeshPhysical materials with
// the right roughness, metalness, sheen and clearcoat, in the product's colour, textured from textures.ts.
import * as THREE from 'three';
import { surfaceMaps, type SurfaceKind } from './textures';

export type MaterialKind =
  | 'wood'
  | 'lacquer'
  | 'metal'
  | 'velvet'
  | 'fabric'
  | 'boucle'
  | 'leather'
  | 'wool'
  | 'terry'
  | 'ceramic'
  | 'glass'
  | 'rattan'
  | 'stone'
  | 'plastic'
  | 'paper';

export type PbrMaterial = THREE.MeshStandardMaterial | THREE.MeshPhysicalMaterial;

/** Which part of a piece a material dresses; tests and callers find the product colour on the 'main' one. */
export type MaterialRole = 'main' | 'secondary' | 'accent' | 'detail';

/**
 * Words of German product descriptions and the kind each names. The word that appears first in a description wins
 * ('Eiche mit Metallbeinen' is wood), except that a lacquer finish overrides the substrate below it.
 */
const KEYWORDS: ReadonlyArray<readonly [string, MaterialKind]> = [
  ['polyrattan', 'rattan'],
  ['rattan', 'rattan'],
  ['geflecht', 'rattan'],
  ['seegras', 'rattan'],
  ['korb', 'rattan'],
  ['weide', 'rattan'],
  ['bambus', 'wood'],
  ['eiche', 'wood'],
  ['nussbaum', 'wood'],
  ['buche', 'wood'],
  ['esche', 'wood'],
  ['kiefer', 'wood'],
  ['akazie', 'wood'],
  ['teak', 'wood'],
  ['mango', 'wood'],
  ['holz', 'wood'],
  ['furnier', 'wood'],
  ['messing', 'metal'],
  ['stahl', 'metal'],
  ['chrom', 'metal'],
  ['alu', 'metal'],
  ['eisen', 'metal'],
  ['metall', 'metal'],
  ['kupfer', 'metal'],
  ['samt', 'velvet'],
  ['velours', 'velvet'],
  ['cord', 'velvet'],
  ['bouclé', 'boucle'],
  ['boucle', 'boucle'],
  ['teddy', 'boucle'],
  ['leder', 'leather'],
  ['wolle', 'wool'],
  ['strick', 'wool'],
  ['kaschmir', 'wool'],
  ['frottee', 'terry'],
  ['frottier', 'terry'],
  ['leinen', 'fabric'],
  ['baumwolle', 'fabric'],
  ['webstoff', 'fabric'],
  ['stoff', 'fabric'],
  ['polyester', 'fabric'],
  ['jute', 'fabric'],
  ['keramik', 'ceramic'],
  ['steingut', 'ceramic'],
  ['porzellan', 'ceramic'],
  ['terrakotta', 'ceramic'],
  ['ton', 'ceramic'],
  ['glas', 'glass'],
  ['marmor', 'stone'],
  ['travertin', 'stone'],
  ['stein', 'stone'],
  ['beton', 'stone'],
  ['terrazzo', 'stone'],
  ['kunststoff', 'plastic'],
  ['polypropylen', 'plastic'],
  ['papier', 'paper'],
];

const LACQUER_WORDS = ['lackiert', 'hochglanz', 'lack'];

/** The kind of material a German description names, or undefined when it names none we know. */
export function materialKindOf(description: string): MaterialKind | undefined {
  const text = description.toLowerCase();
  if (LACQUER_WORDS.some((w) => text.includes(w))) return 'lacquer';
  let best: { at: number; kind: MaterialKind } | undefined;
  for (const [word, kind] of KEYWORDS) {
    const at = wordStart(text, word);
    if (at >= 0 && (!best || at < best.at)) best = { at, kind };
  }
  return best?.kind;
}

/** Position of a word at a word start ('ton' in 'Ton natur', not in 'Beton'), or -1. */
function wordStart(text: string, word: string): number {
  let at = text.indexOf(word);
  while (at >= 0) {
    const before = at === 0 ? ' ' : text.charAt(at - 1);
    if (!/[a-zäöüß]/.test(before) || word.length > 4) return at;
    at = text.indexOf(word, at + 1);
  }
  return -1;
}

export const SOFT_KINDS: ReadonlySet<MaterialKind> = new Set([
  'velvet',
  'fabric',
  'boucle',
  'leather',
  'wool',
  'terry',
]);

/** Metres one texture tile covers on each kind of surface (weave threads ≈ 2 mm, knit stitches ≈ 2 cm …). */
const TILE_METRES: Partial<Record<MaterialKind, number>> = {
  wood: 0.7,
  lacquer: 0.7,
  velvet: 0.5,
  fabric: 0.14,
  boucle: 0.18,
  leather: 0.35,
  wool: 0.35,
  terry: 0.2,
  rattan: 0.22,
  stone: 0.9,
};

const MAPS_OF: Partial<Record<MaterialKind, SurfaceKind>> = {
  wood: 'wood',
  velvet: 'velvet',
  fabric: 'weave',
  boucle: 'boucle',
  leather: 'leather',
  wool: 'knit',
  terry: 'terry',
  rattan: 'rattan',
  stone: 'stone',
};

export interface SurfaceTweak {
  roughness?: number;
  metalness?: number;
  /** Warm self-illumination, e.g. of a lamp shade lit from inside. */
  glow?: number;
  side?: THREE.Side;
  /** Use the procedural maps of the kind (default true); off for small parts where they only cost. */
  textured?: boolean;
  role?: MaterialRole;
  /** Matt vs polished finish read from the description, e.g. 'geölt', 'matt', 'poliert'. */
  finish?: 'matt' | 'satin' | 'gloss';
}

function luminance(colour: THREE.Color): number {
  return 0.2126 * colour.r + 0.7152 * colour.g + 0.0722 * colour.b;
}

/** A PBR material of the given kind and colour (hex). */
export function surface(kind: MaterialKind, hex: string, tweak: SurfaceTweak = {}): PbrMaterial {
  const colour = new THREE.Color(hex);
  const finish = tweak.finish ?? 'satin';
  const material = makeBase(kind, colour, finish);
  material.name = `${kind}:${hex}`;
  if (tweak.textured !== false) {
    const mapsKind = MAPS_OF[kind];
    if (mapsKind) {
      const maps = surfaceMaps(mapsKind);
      if (maps.map) material.map = maps.map;
      if (maps.normalMap) material.normalMap = maps.normalMap;
      if (maps.roughnessMap) material.roughnessMap = maps.roughnessMap;
    }
    if (kind === 'wood' || kind === 'lacquer') {
      // Lacquered wood keeps a faint grain under the clearcoat.
      const maps = surfaceMaps('wood');
      if (kind === 'lacquer') material.normalMap = maps.normalMap ?? null;
      material.normalScale.set(0.25, 0.25);
    }
  }
  if (tweak.roughness !== undefined) material.roughness = tweak.roughness;
  if (tweak.metalness !== undefined) material.metalness = tweak.metalness;
  if (tweak.side !== undefined) material.side = tweak.side;
  if (tweak.glow) {
    material.emissive = colour.clone().lerp(new THREE.Color('#ffd9a0'), 0.5);
    material.emissiveIntensity = tweak.glow;
  }
  material.userData.kind = kind;
  material.userData.role = tweak.role ?? 'detail';
  material.userData.hex = hex;
  material.userData.tileMetres = TILE_METRES[kind];
  return material;
}

function makeBase(kind: MaterialKind, colour: THREE.Color, finish: 'matt' | 'satin' | 'gloss'): PbrMaterial {
  const rough = (satin: number): number =>
    finish === 'matt' ? Math.min(1, satin + 0.15) : finish === 'gloss' ? satin * 0.4 : satin;
  switch (kind) {
    case 'wood':
      return new THREE.MeshStandardMaterial({ color: colour, roughness: rough(0.62), metalness: 0 });
    case 'lacquer':
      return new THREE.MeshPhysicalMaterial({
        color: colour,
        roughness: rough(0.4),
        metalness: 0,
        clearcoat: 1,
        clearcoatRoughness: finish === 'matt' ? 0.35 : 0.08,
      });
    case 'metal': {
      // Dark and white metal furniture is powder-coated (paint over steel); light greys and golds are bare metal.
      const painted = luminance(colour) < 0.05 || (colour.r > 0.7 && colour.g > 0.7 && colour.b > 0.7);
      return new THREE.MeshStandardMaterial({
        color: colour,
        roughness: painted ? rough(0.5) : rough(0.28),
        metalness: painted ? 0.45 : 1,
      });
    }
    case 'velvet':
      return new THREE.MeshPhysicalMaterial({
        color: colour,
        roughness: 0.9,
        metalness: 0,
        // Velvet's pile catches light at grazing angles; a sheen near the base colour keeps the hue saturated.
        sheen: 0.8,
        sheenRoughness: 0.35,
        sheenColor: colour.clone().lerp(new THREE.Color('#ffffff'), 0.12),
      });
    case 'fabric':
    case 'terry':
      return new THREE.MeshPhysicalMaterial({
        color: colour,
        roughness: 0.95,
        metalness: 0,
        sheen: 0.25,
        sheenRoughness: 0.8,
        sheenColor: colour.clone(),
      });
    case 'boucle':
    case 'wool':
      return new THREE.MeshPhysicalMaterial({
        color: colour,
        roughness: 1,
        metalness: 0,
        sheen: 0.4,
        sheenRoughness: 0.6,
        sheenColor: colour.clone().lerp(new THREE.Color('#ffffff'), 0.15),
      });
    case 'leather':
      return new THREE.MeshPhysicalMaterial({
        color: colour,
        roughness: 0.55,
        metalness: 0,
        clearcoat: 0.25,
        clearcoatRoughness: 0.5,
      });
    case 'ceramic':
      return new THREE.MeshPhysicalMaterial({
        color: colour,
        roughness: finish === 'matt' ? 0.75 : 0.3,
        metalness: 0,
        clearcoat: finish === 'matt' ? 0 : 0.6,
        clearcoatRoughness: 0.1,
      });
    case 'glass':
      return new THREE.MeshPhysicalMaterial({
        color: colour,
        roughness: 0.05,
        metalness: 0,
        ior: 1.5,
        transparent: true,
        opacity: 0.28,
        depthWrite: false,
        specularIntensity: 1,
      });
    case 'rattan':
      return new THREE.MeshStandardMaterial({ color: colour, roughness: 0.8, metalness: 0 });
    case 'stone':
      return new THREE.MeshPhysicalMaterial({
        color: colour,
        roughness: rough(0.45),
        metalness: 0,
        clearcoat: 0.2,
      });
    case 'plastic':
      return new THREE.MeshStandardMaterial({ color: colour, roughness: rough(0.5), metalness: 0 });
    case 'paper':
      return new THREE.MeshStandardMaterial({ color: colour, roughness: 0.9, metalness: 0 });
  }
}

/** The finish a description names ('matt', 'geölt' → matt; 'poliert', 'glänzend' → gloss). */
export function finishOf(description: string): 'matt' | 'satin' | 'gloss' {
  const text = description.toLowerCase();
  if (/(poliert|glänzend|hochglanz|glasiert)/.test(text)) return 'gloss';
  if (/(matt|geölt|gewachst|gebürstet|roh|natur)/.test(text)) return 'matt';
  return 'satin';
}

/** A mirror's silvered glass: fully metallic and nearly smooth, so it reflects the room's environment. */
export function mirrorGlass(): THREE.MeshStandardMaterial {
  const m = new THREE.MeshStandardMaterial({ color: '#e9eef0', metalness: 1, roughness: 0.05 });
  m.name = 'mirror';
  m.userData.role = 'detail';
  return m;
}

/** Lightens (amount > 0) or darkens (amount < 0) a hex colour in sRGB, for seams, soil shades and the like. */
export function shade(hex: string, amount: number): string {
  const c = new THREE.Color(hex);
  const target = amount >= 0 ? new THREE.Color('#ffffff') : new THREE.Color('#000000');
  return `#${c.lerp(target, Math.abs(amount)).getHexString()}`;
}
