// Tables: coffee, side and dining tables and desks. A square-ish footprint becomes a round table on a pedestal or
// tripod; rectangles get a top with softened edges, an apron where the style has one, and legs in the style's
// shape. Desks add a drawer with a handle; coffee tables of the cozy line a lower shelf.
import type * as THREE from 'three';
import { clamp, type BuildContext } from './context';
import { addEndFrames, addFronts, addLegs, handleMaterialOf } from './parts';
import { cylinder, lathe, merge, place, rbox, rod, Piece } from './shapes';

/** Typical top thicknesses in metres (wood 3–4 cm, stone and glass thinner-looking). */
const TOP = { wood: 0.035, thin: 0.02, edgeRadius: 0.006 } as const;

/** True when a footprint is close enough to square that a round table reads better. */
function roundish(ctx: BuildContext): boolean {
  return Math.abs(ctx.W - ctx.D) < 0.04 && ctx.W <= 1.3;
}

function topThickness(ctx: BuildContext): number {
  const kind = ctx.mats.kind;
  return kind === 'glass' || kind === 'stone' || kind === 'metal' ? TOP.thin : TOP.wood;
}

function roundTable(ctx: BuildContext, name: string): THREE.Group {
  const { W, D, H, mats, style } = ctx;
  const piece = new Piece(name);
  const r = Math.min(W, D) / 2;
  const t = topThickness(ctx);
  piece.add(
    lathe(
      [
        [0, 0],
        [r - t * 0.4, 0],
        [r, t * 0.4],
        [r, t * 0.7],
        [r - t * 0.3, t],
        [0, t],
      ],
      64,
    ),
    mats.main(),
    [0, H - t, 0],
    { name: 'top' },
  );
  const frame = mats.frame();
  const under = H - t;
  if (style === 'modern' || style === 'minimal') {
    // Pedestal: column on a flat foot.
    const foot = r * 0.6;
    piece.add(
      merge([
        cylinder(r * 0.09, r * 0.09, under, 24).translate(0, under / 2, 0),
        lathe(
          [
            [0, 0],
            [foot, 0],
            [foot, 0.012],
            [foot * 0.6, 0.03],
            [0, 0.035],
          ],
          40,
        ),
      ]),
      frame,
      [0, 0, 0],
      { name: 'pedestal' },
    );
  } else {
    // Three splayed legs.
    const legs: THREE.BufferGeometry[] = [];
    for (let i = 0; i < 3; i++) {
      const a = (i / 3) * Math.PI * 2 + Math.PI / 6;
      legs.push(
        rod(
          [Math.cos(a) * r * 0.85, 0, Math.sin(a) * r * 0.85],
          [Math.cos(a) * r * 0.4, under, Math.sin(a) * r * 0.4],
          0.014,
          12,
          0.02,
        ),
      );
    }
    if (ctx.H < 0.65) legs.push(cylinder(r * 0.65, r * 0.65, 0.018, 40).translate(0, under * 0.4, 0));
    piece.add(merge(legs), frame, [0, 0, 0], { name: 'legs' });
  }
  return piece.group;
}

interface RectOptions {
  apron: boolean;
  shelf: boolean;
  drawer: boolean;
}

function rectTable(ctx: BuildContext, name: string, options: RectOptions): THREE.Group {
  const { W, D, H, mats, style } = ctx;
  const piece = new Piece(name);
  const t = topThickness(ctx);
  const top = mats.main();
  piece.add(rbox(W, t, D, style === 'minimal' ? 0.002 : TOP.edgeRadius, 3), top, [0, H - t / 2, 0], {
    name: 'top',
  });
  const frame = mats.frame();
  const legH = H - t;
  const inset = style === 'classic' ? 0.04 : style === 'minimal' ? 0.0 : 0.03;
  const scale = W > 1.3 ? 1.2 : 1;
  if (
    style === 'modern' &&
    (mats.kind === 'wood' || mats.kind === 'stone' || mats.kind === 'glass' || mats.kind === 'lacquer') &&
    W > 0.9
  ) {
    // Sled frames of flat steel at both ends.
    const metal = mats.make('metal', mats.hex(1, '#2b2b2b'));
    addEndFrames(piece, metal, 'sled', W / 2 - 0.08, (x) => [
      rbox(0.03, legH, 0.03, 0.004).translate(x, legH / 2, D / 2 - 0.07),
      rbox(0.03, legH, 0.03, 0.004).translate(x, legH / 2, -D / 2 + 0.07),
      rbox(0.03, 0.03, D - 0.14, 0.004).translate(x, legH - 0.015, 0),
      rbox(0.03, 0.015, D - 0.1, 0.004).translate(x, 0.0075, 0),
    ]);
  } else {
    addLegs(piece, frame, style, W, D, legH, inset, scale);
  }
  const apronH = clamp(H * 0.12, 0.05, 0.1);
  if (options.apron && (style === 'classic' || style === 'cozy')) {
    const aw = W - 2 * inset - 0.05;
    const ad = D - 2 * inset - 0.05;
    piece.add(
      merge([
        rbox(aw, apronH, 0.02, 0.003).translate(0, legH - apronH / 2, ad / 2),
        rbox(aw, apronH, 0.02, 0.003).translate(0, legH - apronH / 2, -ad / 2),
        rbox(0.02, apronH, ad, 0.003).translate(aw / 2, legH - apronH / 2, 0),
        rbox(0.02, apronH, ad, 0.003).translate(-aw / 2, legH - apronH / 2, 0),
      ]),
      frame,
      [0, 0, 0],
      { name: 'apron' },
    );
  }
  if (options.shelf) {
    piece.add(rbox(W - 2 * inset - 0.06, 0.02, D - 2 * inset - 0.06, 0.004), top, [0, legH * 0.3, 0], {
      name: 'shelf',
    });
  }
  if (options.drawer) {
    // A shallow drawer box under the top on the right, with its front flush with the top's front edge.
    const dw = clamp(W * 0.35, 0.35, 0.5);
    const dh = 0.1;
    const x = W / 2 - dw / 2 - 0.06;
    const y = legH - dh / 2;
    piece.add(rbox(dw, dh, D - 0.1, 0.003), frame, [x, y, -0.04], { name: 'drawer-box' });
    addFronts(
      piece,
      [{ x, y, w: dw, h: dh, kind: 'drawer' }],
      D / 2 - 0.05,
      top,
      handleMaterialOf(ctx),
      style,
    );
    // A modesty panel at the back keeps cables out of view.
    piece.add(rbox(W - 0.14, legH * 0.35, 0.018, 0.003), frame, [0, legH - legH * 0.175, -D / 2 + 0.05], {
      name: 'modesty',
    });
  }
  return piece.group;
}

export const coffeeTable = (ctx: BuildContext): THREE.Group =>
  roundish(ctx)
    ? roundTable(ctx, 'coffeeTable')
    : rectTable(ctx, 'coffeeTable', {
        apron: false,
        shelf: ctx.style === 'cozy' || ctx.style === 'classic',
        drawer: false,
      });

export const sideTable = (ctx: BuildContext): THREE.Group =>
  roundish(ctx)
    ? roundTable(ctx, 'sideTable')
    : rectTable(ctx, 'sideTable', { apron: false, shelf: true, drawer: false });

export const diningTable = (ctx: BuildContext): THREE.Group =>
  roundish(ctx)
    ? roundTable(ctx, 'diningTable')
    : rectTable(ctx, 'diningTable', { apron: true, shelf: false, drawer: false });

export const desk = (ctx: BuildContext): THREE.Group =>
  rectTable(ctx, 'desk', { apron: false, shelf: false, drawer: true });

/** A small round café table for the bistro set, standing at x. */
export function cafeTable(ctx: BuildContext, piece: Piece, x: number, r: number, h: number): void {
  const { mats } = ctx;
  const t = 0.02;
  piece.add(
    lathe(
      [
        [0, 0],
        [r - 0.008, 0],
        [r, 0.006],
        [r, t - 0.004],
        [r - 0.006, t],
        [0, t],
      ],
      48,
    ),
    mats.main(),
    [x, h - t, 0],
    { name: 'table-top' },
  );
  const frame = mats.frame();
  const legs: THREE.BufferGeometry[] = [];
  for (let i = 0; i < 3; i++) {
    const a = (i / 3) * Math.PI * 2 + Math.PI / 2;
    legs.push(
      rod(
        [x + Math.cos(a) * r * 0.8, 0, Math.sin(a) * r * 0.8],
        [x + Math.cos(a) * 0.05, h - t, Math.sin(a) * 0.05],
        0.011,
        10,
      ),
    );
  }
  legs.push(place(cylinder(r * 0.55, r * 0.55, 0.006, 32, true), [x, h * 0.35, 0]));
  piece.add(merge(legs), frame, [0, 0, 0], { name: 'table-legs' });
}
