// Decor: potted plants (pot, soil and hundreds of merged leaves), vases with branches, mirrors and framed
// artwork (wall pieces: depth is their thickness, bottom their lower edge), towel ladders and laundry baskets.
// The potted plant is shared with the outdoor planter; leaves are bent strips with per-leaf shade variation.
import * as THREE from 'three';
import { clamp, type BuildContext } from './context';
import { mirrorGlass, shade, type PbrMaterial } from './materials';
import { abstractArt } from './textures';
import { cylinder, lathe, merge, paint, place, rbox, rod, tube, Piece, type Triple } from './shapes';

// ---------------------------------------------------------------------------------------------------------------
// Foliage.

/** A leaf of length l and width w along +Y from the origin, folded along its vein and curving over by `bend`. */
function leaf(l: number, w: number, bend: number, pointed = 0.8): THREE.BufferGeometry {
  const rows = 6;
  const positions: number[] = [];
  const indices: number[] = [];
  for (let r = 0; r <= rows; r++) {
    const t = r / rows;
    const half = Math.pow(Math.sin(Math.PI * Math.min(1, t * (1 + (1 - pointed) * 0.5))), 0.7) * (w / 2);
    const y = t * l;
    const droop = -bend * t * t * l;
    positions.push(-half, y, droop - half * 0.25, 0, y, droop + w * 0.04, half, y, droop - half * 0.25);
    if (r > 0) {
      const a = (r - 1) * 3;
      const b = r * 3;
      indices.push(a, a + 1, b, a + 1, b + 1, b, a + 1, a + 2, b + 1, a + 2, b + 2, b + 1);
    }
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  geometry.setIndex(indices);
  geometry.computeVertexNormals();
  return geometry;
}

export type FoliageKind = 'ficus' | 'bush' | 'grass' | 'olive';

/** Greens of living leaves; each leaf takes one, lightly varied, so the plant has depth. */
const LEAF_GREENS = ['#3d6b35', '#4a7a3c', '#2f5a2c', '#5b8a45'];
const OLIVE_GREENS = ['#6f7f5a', '#808f6a', '#5f6e4f'];

/**
 * Leaves and stems filling a crown of radius r from y0 (soil) to y1 (top), as two merged meshes (leaves with
 * vertex colours, stems in bark). Leaf counts stay a few hundred: ≈ 20 triangles each.
 */
function addFoliage(
  ctx: BuildContext,
  piece: Piece,
  kind: FoliageKind,
  y0: number,
  y1: number,
  r: number,
): void {
  const rand = ctx.rand;
  const leaves: THREE.BufferGeometry[] = [];
  const stems: THREE.BufferGeometry[] = [];
  const height = y1 - y0;
  const greens = kind === 'olive' ? OLIVE_GREENS : LEAF_GREENS;
  const colour = (): string =>
    shade(greens[Math.floor(rand() * greens.length)] ?? '#3d6b35', (rand() - 0.5) * 0.2);
  const put = (l: number, w: number, bend: number, at: Triple, yaw: number, tilt: number): void => {
    leaves.push(paint(place(leaf(l, w, bend), at, [tilt, yaw, 0]), colour()));
  };
  if (kind === 'grass') {
    for (let i = 0; i < 140; i++) {
      const yaw = rand() * Math.PI * 2;
      const l = height * (0.6 + rand() * 0.45);
      put(
        l,
        0.012,
        0.5 + rand() * 0.4,
        [Math.cos(yaw) * r * 0.25 * rand(), y0, Math.sin(yaw) * r * 0.25 * rand()],
        yaw,
        0.1 + rand() * 0.5,
      );
    }
  } else if (kind === 'bush') {
    for (let i = 0; i < 120; i++) {
      const yaw = rand() * Math.PI * 2;
      const l = clamp(height * 0.35, 0.05, 0.2) * (0.7 + rand() * 0.5);
      const tilt = 0.2 + rand() * 1.1;
      const lift = rand() * height * 0.35;
      put(l, l * 0.45, 0.3, [Math.cos(yaw) * 0.02, y0 + lift, Math.sin(yaw) * 0.02], yaw, tilt);
    }
  } else {
    // Ficus and olive: a few stems/trunks with leaves along their upper part.
    const trunks = kind === 'olive' ? 1 : 3;
    const leafL = kind === 'olive' ? 0.05 : clamp(height * 0.16, 0.08, 0.22);
    const leafW = kind === 'olive' ? 0.012 : leafL * 0.6;
    const perTrunk = kind === 'olive' ? 320 : 36;
    for (let s = 0; s < trunks; s++) {
      const a = (s / trunks) * Math.PI * 2 + rand();
      const top = y1 - (kind === 'olive' ? height * 0.3 : s * height * 0.12) - leafL * 0.5;
      const lean = r * (kind === 'olive' ? 0.05 : 0.25);
      const base: Triple = [Math.cos(a) * 0.02, y0 - 0.02, Math.sin(a) * 0.02];
      const mid: Triple = [Math.cos(a) * lean * 0.5, y0 + (top - y0) * 0.5, Math.sin(a) * lean * 0.5];
      const tip: Triple = [Math.cos(a) * lean, top, Math.sin(a) * lean];
      stems.push(tube([base, mid, tip], kind === 'olive' ? 0.025 : 0.008, 10, 6));
      for (let i = 0; i < perTrunk; i++) {
        const yaw = rand() * Math.PI * 2;
        if (kind === 'olive') {
          // A round crown around the top of the trunk.
          const u = rand();
          const v = rand() * 2 - 1;
          const rr = (0.4 + 0.6 * Math.cbrt(u)) * r * 0.9;
          const crownH = height * 0.55;
          const cy = y1 - crownH / 2 - leafL * 0.3;
          const horiz = Math.sqrt(1 - v * v);
          put(
            leafL,
            leafW,
            0.15,
            [Math.cos(yaw) * rr * horiz, cy + v * crownH * 0.45, Math.sin(yaw) * rr * horiz],
            yaw,
            0.3 + rand() * 1.2,
          );
        } else {
          const t = 0.25 + 0.75 * (i / perTrunk);
          const at: Triple = [tip[0] * t, y0 + (top - y0) * t, tip[2] * t];
          const l = leafL * (0.7 + 0.5 * rand());
          put(l, l * 0.62, 0.35, at, yaw, 0.5 + rand() * 0.7);
        }
      }
    }
  }
  const leafMaterial = new THREE.MeshStandardMaterial({
    color: '#ffffff',
    vertexColors: true,
    roughness: 0.55,
    metalness: 0,
    side: THREE.DoubleSide,
  });
  leafMaterial.name = 'leaves';
  leafMaterial.userData.role = 'detail';
  piece.add(merge(leaves), leafMaterial, [0, 0, 0], { name: 'leaves' });
  if (stems.length > 0)
    piece.add(
      merge(stems),
      ctx.mats.make('wood', kind === 'olive' ? '#6d6253' : '#5b4a32', { textured: false }),
      [0, 0, 0],
      { name: 'stems' },
    );
}

/** A point on the quadratic Bézier a → b → c at t (branches are drawn through these three points). */
function bezier(a: Triple, b: Triple, c: Triple, t: number): Triple {
  const u = 1 - t;
  return [
    u * u * a[0] + 2 * u * t * b[0] + t * t * c[0],
    u * u * a[1] + 2 * u * t * b[1] + t * t * c[1],
    u * u * a[2] + 2 * u * t * b[2] + t * t * c[2],
  ];
}

/** A pot profile by style: tapered (modern), straight (minimal), urn with rim (classic), round belly (cozy). */
export function potProfile(style: BuildContext['style'], r: number, h: number): [number, number][] {
  switch (style) {
    case 'modern':
      return [
        [0, 0],
        [r * 0.78, 0],
        [r * 0.8, 0.01],
        [r, h * 0.97],
        [r * 0.92, h],
        [r * 0.88, h * 0.95],
      ];
    case 'minimal':
      return [
        [0, 0],
        [r * 0.97, 0],
        [r, 0.01],
        [r, h],
        [r * 0.93, h],
        [r * 0.93, h * 0.95],
      ];
    case 'classic':
      return [
        [0, 0],
        [r * 0.55, 0],
        [r * 0.6, h * 0.08],
        [r * 0.55, h * 0.12],
        [r * 0.85, h * 0.6],
        [r * 0.9, h * 0.85],
        [r, h * 0.88],
        [r, h],
        [r * 0.85, h],
        [r * 0.85, h * 0.95],
      ];
    case 'cozy':
      return [
        [0, 0],
        [r * 0.6, 0],
        [r * 0.92, h * 0.3],
        [r, h * 0.6],
        [r * 0.9, h * 0.95],
        [r * 0.88, h],
        [r * 0.8, h * 0.97],
      ];
  }
}

function addPot(ctx: BuildContext, piece: Piece, r: number, h: number, material: PbrMaterial): number {
  const profile = potProfile(ctx.style, r, h);
  piece.add(lathe(profile, 40), material, [0, 0, 0], { name: 'pot' });
  const soilY = h * 0.93;
  const soilR = (profile[profile.length - 1]?.[0] ?? r * 0.85) * 0.98;
  piece.add(
    cylinder(soilR, soilR, 0.01, 32),
    ctx.mats.make('stone', '#3b2f25', { textured: false, roughness: 1 }),
    [0, soilY - 0.005, 0],
    { name: 'soil' },
  );
  return soilY;
}

/** A pot of soil in the piece's main material, with foliage of `kind` growing from it to the piece's top. */
export function pottedPlant(
  ctx: BuildContext,
  name: string,
  pot: { r: number; h: number },
  kind: FoliageKind,
): THREE.Group {
  const piece = new Piece(name);
  const soilY = addPot(ctx, piece, pot.r, pot.h, ctx.mats.main());
  addFoliage(ctx, piece, kind, soilY, ctx.H, Math.min(ctx.W, ctx.D) / 2);
  return piece.group;
}

export function plant(ctx: BuildContext): THREE.Group {
  const { W, D, H } = ctx;
  const r = Math.min(W, D) / 2;
  const potH = clamp(H * 0.3, 0.1, 0.4);
  return pottedPlant(
    ctx,
    'plant',
    { r: Math.min(r * 0.62, potH * 0.8), h: potH },
    H > 0.6 ? 'ficus' : 'bush',
  );
}

export function vase(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats, style } = ctx;
  const piece = new Piece('vase');
  const r = Math.min(W, D) / 2;
  const vaseH = clamp(H * 0.45, 0.08, 0.4);
  const vr = r * 0.6;
  const profiles: Record<BuildContext['style'], [number, number][]> = {
    modern: [
      [0, 0],
      [vr * 0.7, 0],
      [vr, vaseH * 0.35],
      [vr * 0.55, vaseH * 0.85],
      [vr * 0.35, vaseH * 0.92],
      [vr * 0.4, vaseH],
      [vr * 0.33, vaseH * 0.97],
    ],
    minimal: [
      [0, 0],
      [vr * 0.75, 0],
      [vr * 0.8, vaseH],
      [vr * 0.72, vaseH],
      [vr * 0.72, vaseH * 0.9],
    ],
    classic: [
      [0, 0],
      [vr * 0.5, 0],
      [vr * 0.45, vaseH * 0.05],
      [vr, vaseH * 0.45],
      [vr * 0.45, vaseH * 0.82],
      [vr * 0.5, vaseH],
      [vr * 0.42, vaseH * 0.98],
    ],
    cozy: [
      [0, 0],
      [vr * 0.6, 0],
      [vr, vaseH * 0.4],
      [vr * 0.8, vaseH * 0.78],
      [vr * 0.3, vaseH * 0.9],
      [vr * 0.32, vaseH],
      [vr * 0.26, vaseH * 0.98],
    ],
  };
  piece.add(lathe(profiles[style], 40), mats.main(), [0, 0, 0], { name: 'vase' });
  // Branches: thin, forked twigs with small round leaves (eucalyptus-like), fanning out to the full size.
  const twigs: THREE.BufferGeometry[] = [];
  const leaves: THREE.BufferGeometry[] = [];
  const count = 5;
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + ctx.rand() * 0.6;
    const spread = r * (0.6 + ctx.rand() * 0.4);
    const topY = H * (0.82 + ctx.rand() * 0.18);
    const base: Triple = [0, vaseH * 0.5, 0];
    const mid: Triple = [
      Math.cos(a) * spread * 0.3,
      vaseH + (topY - vaseH) * 0.45,
      Math.sin(a) * spread * 0.3,
    ];
    const tip: Triple = [Math.cos(a) * spread, topY, Math.sin(a) * spread];
    twigs.push(
      tube(
        [0, 0.25, 0.5, 0.75, 1].map((t) => bezier(base, mid, tip, t)),
        0.003,
        12,
        5,
      ),
    );
    for (let k = 0; k < 9; k++) {
      const t = 0.35 + 0.65 * (k / 8);
      const yaw = a + (k % 2 === 0 ? 1.4 : -1.4);
      leaves.push(
        paint(
          place(leaf(0.035, 0.03, 0.1, 0.3), bezier(base, mid, tip, t), [0.9, yaw, 0]),
          shade('#7d9a86', (ctx.rand() - 0.5) * 0.2),
        ),
      );
    }
  }
  piece.add(merge(twigs), mats.make('wood', '#5a4632', { textured: false }), [0, 0, 0], { name: 'branches' });
  const leafMaterial = new THREE.MeshStandardMaterial({
    color: '#ffffff',
    vertexColors: true,
    roughness: 0.6,
    side: THREE.DoubleSide,
  });
  leafMaterial.name = 'leaves';
  leafMaterial.userData.role = 'detail';
  piece.add(merge(leaves), leafMaterial, [0, 0, 0], { name: 'leaves' });
  return piece.group;
}

// ---------------------------------------------------------------------------------------------------------------
// Wall pieces.

type Outline = 'rect' | 'round' | 'arch';

function outlineShape(kind: Outline, w: number, h: number, radius = 0.01): THREE.Shape | THREE.Path {
  const s = new THREE.Shape();
  if (kind === 'round') {
    s.absellipse(0, h / 2, w / 2, h / 2, 0, Math.PI * 2, false, 0);
    return s;
  }
  if (kind === 'arch') {
    s.moveTo(-w / 2, 0);
    s.lineTo(w / 2, 0);
    s.lineTo(w / 2, h - w / 2);
    s.absarc(0, h - w / 2, w / 2, 0, Math.PI, false);
    s.lineTo(-w / 2, 0);
    return s;
  }
  const r = Math.min(radius, w / 2, h / 2);
  s.moveTo(-w / 2 + r, 0);
  s.lineTo(w / 2 - r, 0);
  s.quadraticCurveTo(w / 2, 0, w / 2, r);
  s.lineTo(w / 2, h - r);
  s.quadraticCurveTo(w / 2, h, w / 2 - r, h);
  s.lineTo(-w / 2 + r, h);
  s.quadraticCurveTo(-w / 2, h, -w / 2, h - r);
  s.lineTo(-w / 2, r);
  s.quadraticCurveTo(-w / 2, 0, -w / 2 + r, 0);
  return s;
}

/** Frame widths by style: ornate classic, slim modern, hairline minimal, chunky cozy (wood or rattan). */
const FRAME_WIDTH: Record<BuildContext['style'], number> = {
  classic: 0.06,
  modern: 0.018,
  minimal: 0.008,
  cozy: 0.045,
};

export function mirror(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats, style } = ctx;
  const piece = new Piece('mirror');
  const kind: Outline =
    Math.abs(W - H) < 0.04 ? 'round' : style === 'modern' && H > W * 1.3 ? 'arch' : 'rect';
  const fw = Math.min(FRAME_WIDTH[style], W * 0.12);
  const outer = outlineShape(kind, W, H, style === 'modern' ? 0.04 : 0.005) as THREE.Shape;
  const innerPath = (): THREE.Path => {
    const inner = outlineShape(kind, W - 2 * fw, H - 2 * fw, style === 'modern' ? 0.03 : 0.003);
    // Re-centre the inner outline on the frame's opening.
    const path = new THREE.Path(inner.getPoints(24).map((p) => new THREE.Vector2(p.x, p.y + fw)));
    return path;
  };
  outer.holes.push(innerPath());
  const bevel = Math.min(0.006, fw * 0.3, D * 0.3);
  const frame = new THREE.ExtrudeGeometry(outer, {
    depth: D - 2 * bevel,
    bevelEnabled: true,
    bevelThickness: bevel,
    bevelSize: bevel * 0.6,
    bevelSegments: 2,
    curveSegments: 32,
  });
  frame.translate(0, 0, -D / 2 + bevel);
  piece.add(frame, mats.main(), [0, 0, 0], { name: 'frame' });
  const glassShape = new THREE.Shape(innerPath().getPoints(32));
  piece.add(new THREE.ShapeGeometry(glassShape, 32), mirrorGlass(), [0, 0, D * 0.1], {
    name: 'glass',
    keepUv: true,
  });
  return piece.group;
}

export function artwork(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats, style } = ctx;
  const piece = new Piece('artwork');
  const fw = Math.min(style === 'classic' ? 0.045 : 0.022, W * 0.1, H * 0.1);
  const frameMaterial =
    mats.kind === 'wood' || mats.kind === 'metal' || mats.kind === 'lacquer'
      ? mats.make(mats.kind, mats.hex(1, mats.kind === 'metal' ? '#2b2b2b' : '#c9a77c'), {
          role: 'secondary',
        })
      : mats.make('wood', mats.hex(1, '#1f1f1f'), { role: 'secondary', textured: false });
  const bars = merge([
    rbox(W, fw, D, 0.003).translate(0, fw / 2, 0),
    rbox(W, fw, D, 0.003).translate(0, H - fw / 2, 0),
    rbox(fw, H - 2 * fw, D, 0.003).translate(-W / 2 + fw / 2, H / 2, 0),
    rbox(fw, H - 2 * fw, D, 0.003).translate(W / 2 - fw / 2, H / 2, 0),
  ]);
  piece.add(bars, frameMaterial, [0, 0, 0], { name: 'frame' });
  // Passe-partout (mat board) and the picture itself, slightly recessed.
  const matW = W - 2 * fw;
  const matH = H - 2 * fw;
  const margin = style === 'minimal' || style === 'modern' ? Math.min(matW, matH) * 0.1 : 0;
  piece.add(
    new THREE.BoxGeometry(matW, matH, D * 0.5),
    mats.make('paper', '#f4f1ea', { textured: false }),
    [0, H / 2, -D * 0.2],
    { name: 'mat-board' },
  );
  const picture = new THREE.MeshStandardMaterial({
    color: '#ffffff',
    map: abstractArt(ctx.spec.colors, ctx.seed),
    roughness: 0.85,
    metalness: 0,
  });
  picture.name = 'picture';
  picture.userData = { role: 'main', hex: mats.mainHex, patterned: true, kind: 'paper' };
  piece.add(new THREE.PlaneGeometry(matW - 2 * margin, matH - 2 * margin), picture, [0, H / 2, D * 0.06], {
    name: 'picture',
    keepUv: true,
  });
  // A thin glazing over the picture catches a reflection.
  const glaze = new THREE.MeshPhysicalMaterial({
    color: '#ffffff',
    roughness: 0.05,
    transparent: true,
    opacity: 0.08,
    depthWrite: false,
  });
  glaze.name = 'glazing';
  glaze.userData.role = 'detail';
  piece.add(new THREE.PlaneGeometry(matW, matH), glaze, [0, H / 2, D * 0.3], {
    name: 'glazing',
    keepUv: true,
  });
  return piece.group;
}

// ---------------------------------------------------------------------------------------------------------------
// Bathroom.

export function towelLadder(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats } = ctx;
  const piece = new Piece('towelLadder');
  const frame = mats.soft ? mats.frame() : mats.main();
  const metal = mats.kind === 'metal';
  const railR = metal ? 0.01 : 0.016;
  const rungs = Math.max(3, Math.round(H / 0.32));
  // Leaning against the wall: feet at the front, top at the back.
  const bottomZ = D / 2 - railR;
  const topZ = -D / 2 + railR;
  const railX = W / 2 - railR;
  const parts: THREE.BufferGeometry[] = [];
  for (const side of [-1, 1]) {
    parts.push(
      metal
        ? rod([side * railX, 0, bottomZ], [side * railX, H, topZ], railR, 10)
        : place(
            rbox(railR * 2, Math.hypot(H, D - 2 * railR), railR * 2.6, 0.004),
            [side * railX, H / 2, 0],
            [Math.atan2(D - 2 * railR, H), 0, 0],
          ),
    );
  }
  for (let i = 0; i < rungs; i++) {
    const t = (i + 0.7) / (rungs + 0.2);
    parts.push(
      rod(
        [-railX, H * t, bottomZ + (topZ - bottomZ) * t],
        [railX, H * t, bottomZ + (topZ - bottomZ) * t],
        metal ? 0.008 : 0.012,
        10,
      ),
    );
  }
  piece.add(merge(parts), frame, [0, 0, 0], { name: 'ladder' });
  // A towel folded over the second rung from the top, hanging at front and back.
  const t = (rungs - 2 + 0.7) / (rungs + 0.2);
  const y = H * t;
  const z = bottomZ + (topZ - bottomZ) * t;
  const towelW = W * 0.72;
  const towel = mats.make('terry', mats.hex(1, '#f1ede6'), { role: 'secondary' });
  const hangFront = Math.min(0.45, y * 0.6);
  piece.add(
    merge([
      rbox(towelW, hangFront, 0.012, 0.005).translate(0, y - hangFront / 2, z + 0.02),
      rbox(towelW, hangFront * 0.75, 0.012, 0.005).translate(0, y - hangFront * 0.375, z - 0.02),
      new THREE.CylinderGeometry(0.026, 0.026, towelW, 16, 1, true).rotateZ(Math.PI / 2).translate(0, y, z),
    ]),
    towel,
    [0, 0, 0],
    { name: 'towel' },
  );
  return piece.group;
}

export function laundryBasket(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats } = ctx;
  const piece = new Piece('laundryBasket');
  const body = mats.main();
  const wall = 0.008;
  const bodyH = H * 0.96;
  // Unit profile, scaled to the oval footprint; double wall so the open top shows thickness.
  const profile: [number, number][] = [
    [0, 0],
    [0.86, 0],
    [0.9, 0.02],
    [1, 1],
    [1 - wall * 2, 1],
    [0.88 - wall, 0.03],
    [0, 0.03],
  ];
  const geometry = lathe(profile, 40).scale(W / 2, bodyH, D / 2);
  piece.add(geometry, body, [0, 0, 0], { name: 'basket' });
  // Fabric liner folded over the rim.
  const liner = mats.make('fabric', mats.hex(1, '#e9e3d8'), { role: 'secondary', side: THREE.DoubleSide });
  const fold = Math.min(0.08, H * 0.15);
  piece.add(
    lathe(
      [
        [1.005, 1 - fold / bodyH],
        [1.02, 1 - (fold / bodyH) * 0.3],
        [1.005, 1.02],
        [0.96, 1.02],
        [0.95, 0.9],
      ],
      40,
    ).scale(W / 2 - 0.006, bodyH, D / 2 - 0.006),
    liner,
    [0, 0, 0],
    { name: 'liner' },
  );
  // Rope handles on the short sides.
  for (const side of [-1, 1]) {
    const x = side * (W / 2 - 0.002);
    piece.add(
      tube(
        [
          [x, H * 0.82, -0.06],
          [x + side * 0.025, H * 0.86, -0.03],
          [x + side * 0.03, H * 0.87, 0],
          [x + side * 0.025, H * 0.86, 0.03],
          [x, H * 0.82, 0.06],
        ],
        0.007,
        16,
        6,
      ),
      liner,
      [0, 0, 0],
      { name: 'handle' },
    );
  }
  return piece.group;
}
