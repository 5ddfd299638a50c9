// What every builder gets: the spec, its size in metres, a seeded random source (same spec → same geometry), and
// the piece's palette of materials: the main one in colors[0] and the secondary ones for legs, frames and accents,
// whose kind follows the main material and the style.
import type * as THREE from 'three';
import type { CategoryId } from '../../../../core/staging/types';
import {
  finishOf,
  materialKindOf,
  SOFT_KINDS,
  surface,
  type MaterialKind,
  type MaterialRole,
  type PbrMaterial,
  type SurfaceTweak,
} from './materials';

export type ParametricStyle = 'modern' | 'classic' | 'minimal' | 'cozy';

export interface ParametricSpec {
  category: CategoryId;
  /** Outer size in centimetres: width (x), depth (z), height (y). */
  sizeCm: { w: number; d: number; h: number };
  /** Hex colours, the main one first; further ones dress legs, frames and patterns. */
  colors: string[];
  /** German material description, e.g. 'Webstoff grau', 'Eiche massiv, geölt', 'Samt smaragdgrün'. */
  material: string;
  style?: ParametricStyle;
  /**
   * A throw laid folded on a sofa or bed instead of hanging: then sizeCm is the folded blanket's (w across the
   * host, d its folded length, h its thickness).
   */
  folded?: boolean;
}

/** The material a category is most likely made of when the description names none we know. */
const DEFAULT_KIND: Record<CategoryId, MaterialKind> = {
  sofa: 'fabric',
  armchair: 'fabric',
  coffeeTable: 'wood',
  sideTable: 'wood',
  tvBoard: 'wood',
  rug: 'wool',
  floorLamp: 'metal',
  tableLamp: 'ceramic',
  pendant: 'metal',
  plant: 'ceramic',
  shelf: 'wood',
  sideboard: 'wood',
  bed: 'fabric',
  nightstand: 'wood',
  wardrobe: 'wood',
  bedLinen: 'fabric',
  bench: 'wood',
  diningTable: 'wood',
  diningChair: 'wood',
  barStool: 'wood',
  kitchenCart: 'wood',
  vase: 'ceramic',
  desk: 'wood',
  officeChair: 'fabric',
  mirror: 'metal',
  artwork: 'wood',
  cushions: 'fabric',
  throw: 'wool',
  towels: 'terry',
  bathMat: 'terry',
  towelLadder: 'wood',
  laundryBasket: 'rattan',
  bistroSet: 'metal',
  lounger: 'wood',
  planter: 'stone',
  lantern: 'metal',
  outdoorRug: 'plastic',
};

/** Fallback colours of secondary parts by kind: oiled oak, powder-coated black steel, natural linen. */
export const DEFAULT_HEX: Record<MaterialKind, string> = {
  wood: '#9a7550',
  lacquer: '#e8e4dc',
  metal: '#2b2b2b',
  velvet: '#5a6b5e',
  fabric: '#d9d2c5',
  boucle: '#ece6da',
  leather: '#7a4a2a',
  wool: '#d8cfc0',
  terry: '#f1ede6',
  ceramic: '#e9e4da',
  glass: '#dfe8e6',
  rattan: '#c49a62',
  stone: '#a9a49c',
  plastic: '#4a4a4a',
  paper: '#f3eee4',
};

export class Palette {
  readonly kind: MaterialKind;
  readonly finish: 'matt' | 'satin' | 'gloss';
  private readonly colors: readonly string[];
  private readonly made = new Map<string, PbrMaterial>();

  constructor(spec: ParametricSpec) {
    this.kind = materialKindOf(spec.material) ?? DEFAULT_KIND[spec.category];
    this.finish = finishOf(spec.material);
    this.colors = spec.colors.filter((c) => /^#[0-9a-f]{6}$/i.test(c));
    this.style = spec.style ?? 'modern';
  }

  private readonly style: ParametricStyle;

  /** colors[i], or the fallback when the product names fewer colours. */
  hex(index: number, fallback: string): string {
    return this.colors[index] ?? fallback;
  }

  get mainHex(): string {
    return this.hex(0, DEFAULT_HEX[this.kind]);
  }

  get soft(): boolean {
    return SOFT_KINDS.has(this.kind);
  }

  /** A material made once per piece for each (kind, colour, tweak), so parts that look alike share it. */
  make(kind: MaterialKind, hex: string, tweak: SurfaceTweak = {}): PbrMaterial {
    const key = `${kind}|${hex}|${JSON.stringify(tweak)}`;
    let material = this.made.get(key);
    if (!material) {
      material = surface(kind, hex, { finish: kind === this.kind ? this.finish : 'satin', ...tweak });
      this.made.set(key, material);
    }
    return material;
  }

  /** The product's own material in its main colour (colors[0]). */
  main(tweak: Omit<SurfaceTweak, 'role'> = {}): PbrMaterial {
    return this.make(this.kind, this.mainHex, { ...tweak, role: 'main' });
  }

  /**
   * Legs and frames: upholstery stands on wood (classic, cozy) or black steel (modern, minimal); wooden tops keep
   * their wood unless a second colour asks for a contrast, which modern pieces take as metal.
   */
  frameKind(): MaterialKind {
    if (this.soft || this.kind === 'glass' || this.kind === 'stone' || this.kind === 'paper') {
      return this.style === 'modern' || this.style === 'minimal' ? 'metal' : 'wood';
    }
    if (
      (this.kind === 'wood' || this.kind === 'lacquer') &&
      this.colors[1] &&
      (this.style === 'modern' || this.style === 'minimal')
    )
      return 'metal';
    return this.kind;
  }

  frame(role: MaterialRole = 'secondary'): PbrMaterial {
    const kind = this.frameKind();
    const fallback = kind === this.kind ? this.mainHex : DEFAULT_HEX[kind];
    return this.make(kind, this.hex(1, fallback), {
      role: kind === this.kind && !this.colors[1] ? 'main' : role,
    });
  }

  /** A part in the product's second (or third) colour and a given kind, e.g. a duvet or a lamp shade. */
  second(kind: MaterialKind, fallback: string, tweak: SurfaceTweak = {}): PbrMaterial {
    return this.make(kind, this.hex(1, fallback), { role: 'secondary', ...tweak });
  }

  third(kind: MaterialKind, fallback: string, tweak: SurfaceTweak = {}): PbrMaterial {
    return this.make(kind, this.hex(2, fallback), { role: 'accent', ...tweak });
  }
}

export interface BuildContext {
  spec: ParametricSpec;
  /** Size in metres. */
  W: number;
  D: number;
  H: number;
  style: ParametricStyle;
  mats: Palette;
  /** Seeded uniform random in [0, 1). */
  rand: () => number;
  /** A stable small integer seed for texture variants (e.g. an artwork's composition). */
  seed: number;
}

/** FNV-1a over the spec, so the same spec always seeds the same random sequence. */
function seedOf(spec: ParametricSpec): number {
  const text = `${spec.category}|${spec.sizeCm.w}|${spec.sizeCm.d}|${spec.sizeCm.h}|${spec.colors.join(',')}|${spec.material}|${spec.style ?? ''}`;
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast and good enough for scattering leaves. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function makeContext(spec: ParametricSpec): BuildContext {
  const seed = seedOf(spec);
  return {
    spec,
    W: spec.sizeCm.w / 100,
    D: spec.sizeCm.d / 100,
    H: spec.sizeCm.h / 100,
    style: spec.style ?? 'modern',
    mats: new Palette(spec),
    rand: mulberry32(seed),
    seed: seed % 997,
  };
}

/** Clamp helper used for proportions: keeps parts sensible when a product is unusually small or large. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export type Builder = (ctx: BuildContext) => THREE.Group;
