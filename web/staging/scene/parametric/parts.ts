// Parts that many pieces share: legs in the four styles, end frames, handles and knobs, and cabinet fronts
// (doors, drawers) with their shadow gaps. Keeping them here means a sideboard, a nightstand and a desk read as one
// furniture line.
import type * as THREE from 'three';
import type { BuildContext, ParametricStyle } from './context';
import type { PbrMaterial } from './materials';
import { cylinder, lathe, merge, place, rbox, rod, type Piece, type Triple } from './shapes';

/** Leg proportions in metres: real furniture legs are 3–5 cm thick whatever the piece's size. */
const LEG = { slimRadius: 0.014, roundRadius: 0.022, square: 0.04, turnedRadius: 0.026 } as const;

/** One leg standing on the floor at (x, z), reaching up to height h, in the style's shape. */
export function legGeometry(style: ParametricStyle, h: number, scale = 1): THREE.BufferGeometry {
  switch (style) {
    case 'modern':
      return cylinder(LEG.slimRadius * scale, LEG.slimRadius * 0.75 * scale, h, 14).translate(0, h / 2, 0);
    case 'minimal':
      return rbox(LEG.square * scale, h, LEG.square * scale, 0.004).translate(0, h / 2, 0);
    case 'classic': {
      const r = LEG.turnedRadius * scale;
      // A turned leg: a square-ish top block, a bead, a long taper and a small foot.
      return lathe(
        [
          [0, 0],
          [r * 0.55, 0],
          [r * 0.6, h * 0.04],
          [r * 0.5, h * 0.08],
          [r * 0.75, h * 0.55],
          [r * 1.0, h * 0.72],
          [r * 0.8, h * 0.78],
          [r * 1.05, h * 0.84],
          [r * 1.05, h],
          [0, h],
        ],
        16,
      );
    }
    case 'cozy':
      return cylinder(LEG.roundRadius * scale, LEG.roundRadius * 0.65 * scale, h, 14).translate(0, h / 2, 0);
  }
}

/**
 * Four legs under a rectangle of w × d (their outer faces flush with it, or inset), one merged mesh. Cozy legs
 * splay outwards a little, like mid-century pieces.
 */
export function addLegs(
  piece: Piece,
  material: PbrMaterial,
  style: ParametricStyle,
  w: number,
  d: number,
  h: number,
  inset: number,
  scale = 1,
): void {
  const half = LEG.roundRadius * scale;
  const xs = [-(w / 2 - inset - half), w / 2 - inset - half];
  const zs = [-(d / 2 - inset - half), d / 2 - inset - half];
  const legs: THREE.BufferGeometry[] = [];
  for (const x of xs) {
    for (const z of zs) {
      if (style === 'cozy') {
        const splay = Math.min(0.04, h * 0.12);
        legs.push(
          rod(
            [x, h, z],
            [x + Math.sign(x) * splay * 0.6, 0.0, z + Math.sign(z) * splay * 0.6],
            LEG.roundRadius * scale,
            12,
            LEG.roundRadius * 0.6 * scale,
          ),
        );
      } else {
        legs.push(place(legGeometry(style, h, scale), [x, 0, z]));
      }
    }
  }
  piece.add(merge(legs), material, [0, 0, 0], { name: 'legs' });
}

/** One frame at each end of a piece, at x = ±offset (steel runners, sled legs): `parts` builds it at its x. */
export function addEndFrames(
  piece: Piece,
  material: PbrMaterial,
  name: string,
  offset: number,
  parts: (x: number) => THREE.BufferGeometry[],
): void {
  for (const side of [-1, 1]) piece.add(merge(parts(side * offset)), material, [0, 0, 0], { name });
}

/** A handle on a front whose face is at z = faceZ, centred at (x, y); horizontal bar unless vertical is set. */
export function handleGeometry(
  style: ParametricStyle,
  frontWidth: number,
  vertical = false,
  length?: number,
): THREE.BufferGeometry {
  const standOff = 0.025;
  switch (style) {
    case 'classic': {
      // A turned knob.
      const knob = lathe(
        [
          [0.006, 0],
          [0.006, standOff * 0.6],
          [0.016, standOff * 0.85],
          [0.013, standOff * 1.15],
          [0, standOff * 1.2],
        ],
        16,
      );
      return knob.rotateX(Math.PI / 2);
    }
    case 'cozy': {
      const knob = lathe(
        [
          [0.012, 0],
          [0.014, standOff * 0.5],
          [0.016, standOff * 0.9],
          [0, standOff],
        ],
        16,
      );
      return knob.rotateX(Math.PI / 2);
    }
    case 'minimal': {
      // A slim edge pull: a thin lip the fingers catch.
      const len = length ?? Math.min(0.12, frontWidth * 0.5);
      return vertical
        ? rbox(0.012, len, 0.018, 0.003).translate(0, 0, 0.009)
        : rbox(len, 0.012, 0.018, 0.003).translate(0, 0, 0.009);
    }
    case 'modern': {
      const len = length ?? Math.min(0.22, Math.max(0.1, frontWidth * 0.4));
      const bar = merge([
        rod([-len / 2, 0, standOff], [len / 2, 0, standOff], 0.006, 10),
        rod([-len / 2 + 0.01, 0, 0], [-len / 2 + 0.01, 0, standOff], 0.005, 8),
        rod([len / 2 - 0.01, 0, 0], [len / 2 - 0.01, 0, standOff], 0.005, 8),
      ]);
      return vertical ? bar.rotateZ(Math.PI / 2) : bar;
    }
  }
}

export interface Front {
  /** Centre and size of the front on the cabinet's face plane. */
  x: number;
  y: number;
  w: number;
  h: number;
  kind: 'drawer' | 'door-left' | 'door-right' | 'flap';
}

/** Gap between fronts: the dark shadow line that makes doors and drawers read as separate parts. */
export const FRONT_GAP = 0.004;
const FRONT_THICKNESS = 0.018;

/**
 * Cabinet fronts on the face plane z = faceZ, each slightly proud of the carcass, and a handle per front: drawers
 * centred high, doors beside the meeting stile.
 */
export function addFronts(
  piece: Piece,
  fronts: readonly Front[],
  faceZ: number,
  frontMaterial: PbrMaterial,
  handleMaterial: PbrMaterial,
  style: ParametricStyle,
): void {
  const panels: THREE.BufferGeometry[] = [];
  const handles: THREE.BufferGeometry[] = [];
  for (const f of fronts) {
    const w = f.w - FRONT_GAP;
    const h = f.h - FRONT_GAP;
    panels.push(place(rbox(w, h, FRONT_THICKNESS, 0.003), [f.x, f.y, faceZ + FRONT_THICKNESS / 2]));
    const z = faceZ + FRONT_THICKNESS;
    let at: Triple;
    let vertical = false;
    if (f.kind === 'drawer' || f.kind === 'flap') {
      at = [
        f.x,
        f.kind === 'drawer' && f.h < 0.3
          ? f.y + (style === 'minimal' ? h / 2 - 0.012 : 0)
          : f.y + h / 2 - 0.05,
        z,
      ];
    } else {
      const side = f.kind === 'door-left' ? 1 : -1;
      vertical = style === 'modern' || style === 'minimal';
      const handleY = f.h > 1 ? f.y + Math.min(0.1, f.h * 0.05) : f.y + h / 2 - 0.08;
      at = [
        f.x + side * (w / 2 - (style === 'minimal' ? 0.008 : 0.045)),
        style === 'minimal' ? f.y : handleY,
        z,
      ];
    }
    handles.push(
      place(
        handleGeometry(style, f.w, vertical, f.h > 1 && vertical ? Math.min(0.4, f.h * 0.25) : undefined),
        at,
      ),
    );
  }
  piece.add(merge(panels), frontMaterial, [0, 0, 0], { name: 'fronts' });
  piece.add(merge(handles), handleMaterial, [0, 0, 0], { name: 'handles' });
}

/** Handles by style: brass knobs (classic), black bars (modern), self-coloured pulls (minimal), wood knobs (cozy). */
export function handleMaterialOf(ctx: BuildContext): PbrMaterial {
  const { mats } = ctx;
  switch (ctx.style) {
    case 'classic':
      return mats.make('metal', mats.hex(2, '#b08d57'), { role: 'accent' });
    case 'modern':
      return mats.make('metal', mats.hex(2, '#2b2b2b'), { role: 'accent' });
    case 'minimal':
      return mats.main();
    case 'cozy':
      return mats.make('wood', mats.hex(2, '#6b4a2e'), { role: 'accent' });
  }
}
