// Lighting: floor and table lamps (base, stem, fabric shade that glows faintly as if switched on), pendants
// (canopy, cord, shade) and lanterns (frame, glass, candle). Shades are open lathed profiles rendered from both
// sides, so one sees the lit inside from below.
import * as THREE from 'three';
import { clamp, type BuildContext } from './context';
import type { PbrMaterial } from './materials';
import { cylinder, lathe, merge, place, rbox, rod, Piece } from './shapes';

/** How brightly shades glow: enough to read as lit, not enough to blow out in a daylight photo. */
const SHADE_GLOW = 0.35;

/** The shade material: the product's fabric/paper if it is one, else natural linen (or colors[1]). */
function shadeMaterial(ctx: BuildContext): PbrMaterial {
  const { mats } = ctx;
  if (mats.soft || mats.kind === 'paper' || mats.kind === 'rattan') {
    return mats.main({ glow: mats.kind === 'rattan' ? 0.15 : SHADE_GLOW, side: THREE.DoubleSide });
  }
  return mats.second('fabric', '#efe8dc', { glow: SHADE_GLOW, side: THREE.DoubleSide });
}

/** The body (base, stem) material: the product's material unless that is the shade's fabric. */
function bodyMaterial(ctx: BuildContext): PbrMaterial {
  const { mats } = ctx;
  if (mats.soft || mats.kind === 'paper' || mats.kind === 'rattan')
    return mats.second('metal', ctx.style === 'classic' ? '#b08d57' : '#2b2b2b');
  return mats.main();
}

/** A drum (modern, minimal) or tapered empire (classic, cozy) shade of the given bottom radius and height. */
function shadeGeometry(style: BuildContext['style'], r: number, h: number): THREE.BufferGeometry {
  const topR = style === 'classic' || style === 'cozy' ? r * 0.72 : r * 0.96;
  return lathe(
    [
      [r, 0],
      [r * 0.995, h * 0.02],
      [topR * 1.005, h * 0.98],
      [topR, h],
    ],
    48,
  );
}

function bulb(piece: Piece, y: number): void {
  const light = new THREE.MeshStandardMaterial({
    color: '#fff4e0',
    emissive: new THREE.Color('#ffd9a0'),
    emissiveIntensity: 1.2,
    roughness: 0.4,
  });
  light.name = 'bulb';
  light.userData.role = 'detail';
  piece.add(new THREE.SphereGeometry(0.03, 16, 12), light, [0, y, 0], { name: 'bulb' });
}

/** A lamp whose fabric shade sits on top of what carries it (floor and table lamps), as it is being built. */
interface ShadedLamp {
  piece: Piece;
  /** Radius of the footprint, in metres. */
  r: number;
  shadeH: number;
  /** Where the shade's bottom edge is, the top of what carries it. */
  shadeY: number;
  /** The material of what carries the shade. */
  body: PbrMaterial;
}

/** Starts a shaded lamp: the shade's height follows from the footprint's radius and the lamp's height. */
function startShadedLamp(ctx: BuildContext, name: string, shadeHeight: (r: number) => number): ShadedLamp {
  const piece = new Piece(name);
  const r = Math.min(ctx.W, ctx.D) / 2;
  const shadeH = shadeHeight(r);
  return { piece, r, shadeH, shadeY: ctx.H - shadeH, body: bodyMaterial(ctx) };
}

/** Puts the shade on top and the bulb inside it, `bulbAt` of the shade's height up. */
function finishShadedLamp(ctx: BuildContext, lamp: ShadedLamp, bulbAt: number): THREE.Group {
  const { piece, r, shadeH, shadeY } = lamp;
  piece.add(shadeGeometry(ctx.style, r, shadeH), shadeMaterial(ctx), [0, shadeY, 0], { name: 'shade' });
  bulb(piece, shadeY + shadeH * bulbAt);
  return piece.group;
}

export function floorLamp(ctx: BuildContext): THREE.Group {
  const lamp = startShadedLamp(ctx, 'floorLamp', (r) => clamp(r * 1.1, 0.18, 0.4));
  const { piece, r, shadeH, shadeY, body } = lamp;
  if (ctx.style === 'cozy') {
    // Tripod of wooden legs meeting under the shade.
    const legs: THREE.BufferGeometry[] = [];
    for (let i = 0; i < 3; i++) {
      const a = (i / 3) * Math.PI * 2 + Math.PI / 2;
      legs.push(
        rod(
          [Math.cos(a) * r * 0.85, 0, Math.sin(a) * r * 0.85],
          [0, shadeY + shadeH * 0.3, 0],
          0.012,
          10,
          0.009,
        ),
      );
    }
    piece.add(merge(legs), body, [0, 0, 0], { name: 'tripod' });
  } else {
    const baseR = Math.min(r * 0.7, 0.16);
    piece.add(
      lathe(
        [
          [0, 0],
          [baseR, 0],
          [baseR, 0.012],
          [baseR * 0.8, 0.025],
          [0, 0.028],
        ],
        40,
      ),
      body,
      [0, 0, 0],
      { name: 'base' },
    );
    piece.add(cylinder(0.01, 0.011, shadeY + shadeH * 0.4, 12), body, [0, (shadeY + shadeH * 0.4) / 2, 0], {
      name: 'stem',
    });
  }
  return finishShadedLamp(ctx, lamp, 0.45);
}

/** A table lamp's turned ceramic or metal column ([radius, y] points): slim foot, gentle belly, neck. */
function columnBase(r: number, baseH: number): [number, number][] {
  const br = r * 0.45;
  return [
    [0, 0],
    [br * 0.8, 0],
    [br, baseH * 0.08],
    [br * 1.05, baseH * 0.35],
    [br * 0.5, baseH * 0.8],
    [br * 0.2, baseH * 0.9],
    [0.008, baseH],
  ];
}

/** A table lamp's round gourd base ([radius, y] points): the classic ceramic table lamp. */
function gourdBase(r: number, baseH: number): [number, number][] {
  const br = r * 0.55;
  const belly = baseH * 0.55;
  return [
    [0, 0],
    [br * 0.55, 0],
    [br * 0.9, belly * 0.3],
    [br, belly * 0.6],
    [br * 0.85, belly],
    [br * 0.3, belly * 1.2],
    [br * 0.18, belly * 1.35],
    [br * 0.22, belly * 1.45],
    [0.008, baseH],
  ];
}

export function tableLamp(ctx: BuildContext): THREE.Group {
  const lamp = startShadedLamp(ctx, 'tableLamp', () => clamp(ctx.H * 0.4, 0.1, 0.3));
  const { r, shadeH, shadeY } = lamp;
  const baseH = shadeY + shadeH * 0.1;
  const profile =
    ctx.style === 'minimal' || ctx.style === 'modern' ? columnBase(r, baseH) : gourdBase(r, baseH);
  lamp.piece.add(lathe(profile, 40), lamp.body, [0, 0, 0], { name: 'base' });
  return finishShadedLamp(ctx, lamp, 0.4);
}

export function pendant(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats, style } = ctx;
  const piece = new Piece('pendant');
  const r = Math.min(W, D) / 2;
  const shadeH = clamp(r * (style === 'minimal' ? 1.0 : 0.75), 0.1, H * 0.7);
  const shell =
    mats.kind === 'glass' || mats.soft || mats.kind === 'rattan' || mats.kind === 'paper'
      ? mats.main({ side: THREE.DoubleSide, glow: mats.kind === 'glass' ? 0 : 0.2 })
      : mats.main({ side: THREE.DoubleSide });
  const fitting = mats.make('metal', mats.hex(1, style === 'classic' ? '#b08d57' : '#2b2b2b'), {
    role: 'secondary',
  });
  // Canopy at the ceiling (the top of the bounding box) and the cord down to the shade.
  piece.add(cylinder(0.05, 0.055, 0.02, 24), fitting, [0, H - 0.01, 0], { name: 'canopy' });
  piece.add(cylinder(0.003, 0.003, H - shadeH - 0.02, 6), fitting, [0, shadeH + (H - shadeH - 0.02) / 2, 0], {
    name: 'cord',
  });
  let profile: [number, number][];
  if (style === 'minimal') {
    // Cone.
    profile = [
      [r, 0],
      [r * 0.98, 0.004],
      [0.03, shadeH * 0.96],
      [0.02, shadeH],
    ];
  } else if (style === 'classic') {
    // Bell.
    profile = [
      [r, 0],
      [r * 0.95, shadeH * 0.08],
      [r * 0.7, shadeH * 0.35],
      [r * 0.42, shadeH * 0.7],
      [r * 0.3, shadeH * 0.92],
      [0.02, shadeH],
    ];
  } else {
    // Dome.
    profile = Array.from({ length: 12 }, (_, i) => {
      const a = (i / 11) * (Math.PI / 2);
      return [Math.max(0.02, Math.cos(a) * r), Math.sin(a) * shadeH] as [number, number];
    });
  }
  piece.add(lathe(profile, 48), shell, [0, 0, 0], { name: 'shade' });
  piece.add(cylinder(0.02, 0.02, 0.05, 16), fitting, [0, shadeH - 0.02, 0], { name: 'socket' });
  bulb(piece, shadeH * 0.35);
  return piece.group;
}

export function lantern(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats, style } = ctx;
  const piece = new Piece('lantern');
  const frame = mats.soft || mats.kind === 'glass' ? mats.second('metal', '#2b2b2b') : mats.main();
  const glass = mats.make('glass', '#e8f0ee', { role: 'detail' });
  const bar = mats.kind === 'wood' ? 0.02 : 0.008;
  const ringH = clamp(H * 0.12, 0.03, 0.08);
  const bodyH = H - ringH;
  const baseH = 0.025;
  const roofH = 0.03;
  const frameParts: THREE.BufferGeometry[] = [
    rbox(W, baseH, D, 0.003).translate(0, baseH / 2, 0),
    rbox(W * 0.92, roofH, D * 0.92, 0.004).translate(0, bodyH - roofH / 2, 0),
  ];
  for (const sx of [-1, 1]) {
    for (const sz of [-1, 1]) {
      frameParts.push(
        rbox(bar, bodyH - baseH - roofH, bar, 0.002).translate(
          sx * (W * 0.44 - bar / 2),
          baseH + (bodyH - baseH - roofH) / 2,
          sz * (D * 0.44 - bar / 2),
        ),
      );
    }
  }
  if (style === 'classic')
    frameParts.push(rbox(W * 0.6, 0.02, D * 0.6, 0.005).translate(0, bodyH + 0.004, 0));
  // Carrying ring on top.
  frameParts.push(place(new THREE.TorusGeometry(ringH * 0.5, 0.005, 8, 24), [0, bodyH + ringH * 0.5, 0]));
  piece.add(merge(frameParts), frame, [0, 0, 0], { name: 'frame' });
  piece.add(
    rbox(W * 0.86, bodyH - baseH - roofH, D * 0.86, 0.002),
    glass,
    [0, baseH + (bodyH - baseH - roofH) / 2, 0],
    { name: 'glass' },
  );
  // Pillar candle with a glowing flame.
  const candleH = Math.min(0.12, bodyH * 0.4);
  piece.add(
    cylinder(Math.min(W, D) * 0.18, Math.min(W, D) * 0.18, candleH, 24),
    mats.make('paper', '#f3ede0', { glow: 0.15 }),
    [0, baseH + candleH / 2, 0],
    { name: 'candle' },
  );
  const flame = new THREE.MeshStandardMaterial({
    color: '#ffcc77',
    emissive: new THREE.Color('#ffb347'),
    emissiveIntensity: 2,
  });
  flame.name = 'flame';
  flame.userData.role = 'detail';
  piece.add(new THREE.SphereGeometry(0.008, 8, 8).scale(1, 2.2, 1), flame, [0, baseH + candleH + 0.02, 0], {
    name: 'flame',
  });
  return piece.group;
}
