// Textiles: rugs, outdoor rugs and bath mats (thin slabs with a patterned, piled face), throw pillows, throws,
// bed linen and folded towels. Flat textiles whose size has them thin in depth (throw 130 × 3 × 170, bed linen
// 135 × 5 × 200) stand upright in the x/y plane as their size says; models.ts turns them −90° about X onto their host.
import * as THREE from 'three';
import { clamp, type BuildContext } from './context';
import type { PbrMaterial } from './materials';
import { pileNormal, rugPattern, type PatternStyle } from './textures';
import { merge, pillow, place, rbox, Piece } from './shapes';

/** A material whose colour lives in a patterned texture; it records the product colour for callers and tests. */
function patternedMaterial(ctx: BuildContext, pattern: PatternStyle): PbrMaterial {
  const outdoor = pattern === 'outdoor';
  const material = new THREE.MeshPhysicalMaterial({
    color: '#ffffff',
    map: rugPattern(pattern, ctx.spec.colors),
    normalMap: pileNormal(pattern),
    normalScale: new THREE.Vector2(0.8, 0.8),
    roughness: outdoor ? 0.8 : 0.97,
    metalness: 0,
    sheen: outdoor ? 0 : 0.6,
    sheenRoughness: 0.7,
    sheenColor: new THREE.Color(ctx.mats.mainHex).lerp(new THREE.Color('#ffffff'), 0.4),
  });
  material.name = `rug:${pattern}`;
  material.userData = {
    role: 'main',
    hex: ctx.mats.mainHex,
    patterned: true,
    kind: outdoor ? 'plastic' : 'wool',
  };
  return material;
}

/** Fringe length of classic rugs, part of the rug's stated width. */
const FRINGE = 0.05;

function flatRug(ctx: BuildContext, name: string, pattern: PatternStyle): THREE.Group {
  const { W, D, H } = ctx;
  const piece = new Piece(name);
  const fringed = pattern === 'classic' && W > 0.6;
  const bodyW = fringed ? W - 2 * FRINGE : W;
  // Edges rounded by half the pile height: the bound edge of a real rug.
  piece.add(rbox(bodyW, H, D, H * 0.45, 2), patternedMaterial(ctx, pattern), [0, H / 2, 0], {
    keepUv: true,
    name: 'rug',
  });
  if (fringed) {
    const strands: THREE.BufferGeometry[] = [];
    const count = Math.floor(D / 0.012);
    for (const side of [-1, 1]) {
      for (let i = 0; i < count; i++) {
        const z = -D / 2 + (D / count) * (i + 0.5);
        const wobble = (ctx.rand() - 0.5) * 0.006;
        strands.push(
          place(
            new THREE.BoxGeometry(FRINGE, Math.min(0.003, H * 0.4), 0.004),
            [side * (bodyW / 2 + FRINGE / 2), 0.0015, z + wobble],
            [0, wobble * 8, 0],
          ),
        );
      }
    }
    piece.add(merge(strands), ctx.mats.make('fabric', '#ece5d6', { textured: false }), [0, 0, 0], {
      name: 'fringe',
    });
  }
  return piece.group;
}

export const rug = (ctx: BuildContext): THREE.Group => flatRug(ctx, 'rug', ctx.style);
export const outdoorRug = (ctx: BuildContext): THREE.Group => flatRug(ctx, 'outdoorRug', 'outdoor');

/** A bath mat: a plush slab with generously rounded corners, in terry (or the product's material). */
export function bathMat(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats } = ctx;
  const piece = new Piece('bathMat');
  const corner = Math.min(0.06, Math.min(W, D) * 0.15);
  const bevel = Math.min(H * 0.45, 0.006);
  const shape = new THREE.Shape();
  const hw = W / 2 - bevel;
  const hd = D / 2 - bevel;
  shape.moveTo(-hw + corner, -hd);
  shape.lineTo(hw - corner, -hd);
  shape.quadraticCurveTo(hw, -hd, hw, -hd + corner);
  shape.lineTo(hw, hd - corner);
  shape.quadraticCurveTo(hw, hd, hw - corner, hd);
  shape.lineTo(-hw + corner, hd);
  shape.quadraticCurveTo(-hw, hd, -hw, hd - corner);
  shape.lineTo(-hw, -hd + corner);
  shape.quadraticCurveTo(-hw, -hd, -hw + corner, -hd);
  const geometry = new THREE.ExtrudeGeometry(shape, {
    depth: Math.max(0.0005, H - 2 * bevel),
    bevelEnabled: true,
    bevelThickness: bevel,
    bevelSize: bevel,
    bevelSegments: 2,
    curveSegments: 6,
  });
  geometry.rotateX(-Math.PI / 2);
  geometry.translate(0, bevel, 0);
  piece.add(
    geometry,
    mats.soft ? mats.main() : mats.make('terry', mats.mainHex, { role: 'main' }),
    [0, 0, 0],
    { name: 'mat' },
  );
  return piece.group;
}

/** Two throw pillows (a set): the main one upright at the back, a smaller one leaning in front of it. */
export function cushions(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats } = ctx;
  const piece = new Piece('cushions');
  const backT = D * 0.6;
  const frontT = D * 0.5;
  piece.add(pillow(W, H, backT, 0.12, 14), mats.main(), [0, H / 2, -D / 2 + backT / 2], { name: 'cushion' });
  const frontMaterial = mats.make(mats.soft ? mats.kind : 'fabric', mats.hex(1, mats.mainHex), {
    role: 'secondary',
  });
  const s = 0.8;
  piece.add(
    pillow(W * s, H * s, frontT, 0.12, 14),
    frontMaterial,
    [W * 0.05, (H * s) / 2 + 0.01, D / 2 - frontT / 2],
    { rotation: [0, 0, -0.12], name: 'cushion' },
  );
  return piece.group;
}

/**
 * An upright sheet of w × h with soft vertical folds whose amplitude fills the depth; the grid is dense enough
 * for the folds to shade smoothly.
 */
function foldedSheet(w: number, h: number, depth: number, folds: number, seed: number): THREE.BufferGeometry {
  const geometry = new THREE.PlaneGeometry(w, h, 36, 24);
  const position = geometry.getAttribute('position') as THREE.BufferAttribute;
  for (let i = 0; i < position.count; i++) {
    const x = position.getX(i);
    const y = position.getY(i);
    const fall = 0.55 + 0.45 * (0.5 - y / h); // folds deepen towards the hanging end
    const z =
      Math.sin((x / w) * Math.PI * folds + seed) * fall * 0.5 +
      Math.sin((x / w) * Math.PI * folds * 2.3 + seed * 2) * 0.15;
    position.setZ(i, (z * depth) / 1.3);
  }
  geometry.computeVertexNormals();
  return geometry;
}

/** A throw: knitted or woven blanket with folds and a fringe along the bottom edge. */
export function throwBlanket(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats } = ctx;
  const piece = new Piece('throw');
  const fringeL = clamp(H * 0.05, 0.03, 0.08);
  const material = mats.make(mats.soft ? mats.kind : 'wool', mats.mainHex, {
    role: 'main',
    side: THREE.DoubleSide,
  });
  piece.add(
    foldedSheet(W, H - fringeL, D - 0.004, 5, ctx.seed % 7),
    material,
    [0, fringeL + (H - fringeL) / 2, 0],
    { name: 'throw' },
  );
  const tassels: THREE.BufferGeometry[] = [];
  const count = Math.floor(W / 0.03);
  for (let i = 0; i < count; i++) {
    const x = -W / 2 + (W / count) * (i + 0.5);
    const z = (Math.sin((x / W) * Math.PI * 5 + (ctx.seed % 7)) * 0.55 * (D - 0.004)) / 1.3;
    tassels.push(place(new THREE.CylinderGeometry(0.003, 0.0015, fringeL, 5), [x, fringeL / 2, z]));
  }
  piece.add(
    merge(tassels),
    mats.make(mats.soft ? mats.kind : 'wool', mats.mainHex, { textured: false, role: 'main' }),
    [0, 0, 0],
    { name: 'fringe' },
  );
  return piece.group;
}

/** Wrinkles across a folded throw: how many, their heights (shares of its height) and half-widths (metres). */
const THROW_WRINKLES = 6;
const WRINKLE_HEIGHT: [number, number] = [0.2, 0.45];
const WRINKLE_WIDTH_M: [number, number] = [0.025, 0.07];
/** The cloth's own thickness as a share of the height it takes; its wrinkles and lumps take the rest. */
const CLOTH_SHARE = 0.5;
/** How deep a folded throw's ends sink into the soft bed or seat under it (share of its height), and how far in. */
const END_SINK = 0.45;
const END_SINK_LENGTH_M = 0.16;
/**
 * The light the cloth's hollows lose (between wrinkles, at the sunk ends): the renderer has no ambient occlusion,
 * and under a room's soft light a wrinkle shows by its darker folds more than by its slope.
 */
const HOLLOW_SHADE = 0.3;
const END_SHADE = 0.25;

/**
 * A throw as it lies folded on a seat or across a bed, in the height H its layers and relief take: a soft slab
 * with puffed edges, a rolled fold at the front, wrinkles across it and ends that sink into the softness under
 * them, so it reads as cloth lying on something, not as a board.
 */
export function foldedThrow(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats } = ctx;
  const T = H * CLOTH_SHARE;
  const piece = new Piece('throw');
  const material = mats.make(mats.soft ? mats.kind : 'wool', mats.mainHex, { role: 'main' });
  // Thin at the seams: a folded blanket's edges are one layer, its middle three with air between.
  const slab = pillow(W, D, T, 0.3, 40).rotateX(-Math.PI / 2);
  const position = slab.getAttribute('position') as THREE.BufferAttribute;
  const phase = ctx.seed * 1.7;
  const between = ([lo, hi]: [number, number]) => lo + (hi - lo) * ctx.rand();
  const wrinkles = Array.from({ length: THROW_WRINKLES }, () => ({
    at: (ctx.rand() - 0.5) * W * 0.85,
    slant: (ctx.rand() - 0.5) * 0.5,
    height: between(WRINKLE_HEIGHT) * H,
    width: between(WRINKLE_WIDTH_M),
  }));
  const shade = new Float32Array(position.count * 3);
  const tallest = Math.max(...wrinkles.map((w) => w.height));
  for (let i = 0; i < position.count; i++) {
    const px = position.getX(i);
    const pz = position.getZ(i);
    const x = px / W;
    const z = pz / D;
    // Soft lumps of two sizes and the middle settling lower than the edges.
    const lump =
      0.3 * T * Math.sin(x * Math.PI * 3 + phase) * Math.cos(z * Math.PI) +
      0.15 * T * Math.sin(x * Math.PI * 7 + 2 * phase) * Math.sin(z * Math.PI * 2 + phase);
    // Wrinkles run across its depth, a little slanted, fading towards the folded edges.
    let wrinkle = 0;
    for (const w of wrinkles) {
      const off = px - w.at - w.slant * pz;
      wrinkle += w.height * Math.exp(-(off * off) / (2 * w.width * w.width));
    }
    wrinkle *= 0.55 + 0.45 * Math.cos(z * Math.PI);
    // Its two ends fall softly into the bed or seat instead of ending in a cut edge.
    const toEnd = W / 2 - Math.abs(px);
    const sink = toEnd < END_SINK_LENGTH_M ? END_SINK * H * (1 - toEnd / END_SINK_LENGTH_M) ** 2 : 0;
    position.setY(i, position.getY(i) + lump + wrinkle - sink - 0.2 * T * Math.cos(x * Math.PI));
    const light =
      (1 - HOLLOW_SHADE * (1 - Math.min(1, wrinkle / tallest))) * (1 - (END_SHADE * sink) / (END_SINK * H));
    shade.fill(light, i * 3, i * 3 + 3);
    // The long edges wander a little instead of running ruler-straight.
    const wander = 0.012 * Math.sin(x * Math.PI * 5 + phase) * Math.sign(z);
    position.setZ(i, position.getZ(i) + wander);
  }
  slab.setAttribute('color', new THREE.BufferAttribute(shade, 3));
  slab.computeVertexNormals();
  const cloth = material.clone();
  cloth.vertexColors = true;
  piece.add(slab, cloth, [0, T / 2, 0], { name: 'throw' });
  const roll = new THREE.CylinderGeometry(T * 0.45, T * 0.45, W * 0.985, 16).rotateZ(Math.PI / 2);
  piece.add(roll, material, [0, T * 0.45, D / 2 - T * 0.4], { name: 'fold' });
  return piece.group;
}

/** Bed linen: a duvet cover (upright, as its size says) and a matching pillowcase in front of its upper part. */
export function bedLinen(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats } = ctx;
  const piece = new Piece('bedLinen');
  const cover = mats.make(mats.soft ? mats.kind : 'fabric', mats.mainHex, {
    role: 'main',
    side: THREE.DoubleSide,
  });
  const duvetDepth = D * 0.45;
  piece.add(foldedSheet(W, H, duvetDepth, 3, ctx.seed % 5), cover, [0, H / 2, -D / 2 + duvetDepth / 2], {
    name: 'duvet-cover',
  });
  const side = Math.min(0.8, W * 0.6, H * 0.4);
  const pillowT = D * 0.5;
  const pillowMaterial = mats.make(mats.soft ? mats.kind : 'fabric', mats.hex(1, mats.mainHex), {
    role: 'secondary',
  });
  piece.add(
    pillow(side, side * 0.8, pillowT, 0.1, 12),
    pillowMaterial,
    [0, H - side * 0.4 - 0.05, D / 2 - pillowT / 2],
    { name: 'pillowcase' },
  );
  return piece.group;
}

/** Folded towels stacked with small offsets, alternating the set's colours. */
export function towels(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats } = ctx;
  const piece = new Piece('towels');
  const count = clamp(Math.round(H / 0.05), 2, 8);
  const t = H / count;
  const slack = Math.min(0.01, W * 0.03);
  const first = mats.make(mats.soft ? mats.kind : 'terry', mats.mainHex, { role: 'main' });
  const second = mats.make(mats.soft ? mats.kind : 'terry', mats.hex(1, mats.mainHex), { role: 'secondary' });
  const stacks: [THREE.BufferGeometry[], THREE.BufferGeometry[]] = [[], []];
  for (let i = 0; i < count; i++) {
    const dx = (ctx.rand() - 0.5) * slack;
    const dz = (ctx.rand() - 0.5) * slack * 0.5;
    // The folded edge faces the front: a generous radius there, as a folded towel has.
    stacks[i % 2]?.push(
      place(rbox(W - slack, t * 0.98, D - slack * 0.5, t * 0.48, 3), [dx, t * (i + 0.5), dz]),
    );
  }
  const [odd, even] = stacks;
  piece.add(merge(odd), first, [0, 0, 0], { name: 'towel' });
  if (even.length > 0) piece.add(merge(even), second, [0, 0, 0], { name: 'towel' });
  return piece.group;
}
