// Outdoor pieces: the bistro set (round café table with two slatted folding chairs), the sun lounger (frame,
// slats or cushion, raised backrest, wheels) and the planter (large pot with an olive tree or grasses). They use
// weatherproof looks: powder-coated metal, acacia/teak, fibre-clay.
import * as THREE from 'three';
import { clamp, type BuildContext } from './context';
import { pottedPlant } from './decor';
import { cylinder, merge, pillow, place, rbox, rod, Piece } from './shapes';
import { cafeTable } from './tables';

/** Bistro chair proportions (a French folding chair): seat 45 cm high, 40 cm square. */
const BISTRO_CHAIR = { seatH: 0.45, seat: 0.4, slat: 0.035 } as const;

/** One bistro chair facing +Z, as frame and slat geometries in its own frame of reference. */
function bistroChair(
  h: number,
  width: number,
  depth: number,
): { frame: THREE.BufferGeometry[]; slats: THREE.BufferGeometry[] } {
  const frame: THREE.BufferGeometry[] = [];
  const slats: THREE.BufferGeometry[] = [];
  const r = 0.009;
  const hw = width / 2 - r;
  const hd = depth / 2 - r;
  const seatY = Math.min(BISTRO_CHAIR.seatH, h * 0.55);
  for (const side of [-1, 1]) {
    // Crossed folding legs seen from the side, and the back posts.
    frame.push(rod([side * hw, 0, hd], [side * hw, seatY, -hd * 0.7], r, 8));
    frame.push(rod([side * hw, 0, -hd], [side * hw, h, -hd], r, 8));
  }
  frame.push(rod([-hw, seatY, hd * 0.9], [hw, seatY, hd * 0.9], r * 0.8, 8));
  frame.push(rod([-hw, h, -hd], [hw, h, -hd], r * 0.8, 8));
  const seatSlats = Math.floor((depth * 0.9) / (BISTRO_CHAIR.slat + 0.008));
  for (let i = 0; i < seatSlats; i++) {
    const z = hd * 0.9 - i * (BISTRO_CHAIR.slat + 0.008) - BISTRO_CHAIR.slat / 2;
    slats.push(rbox(width - 0.01, 0.012, BISTRO_CHAIR.slat, 0.004).translate(0, seatY + 0.008, z));
  }
  for (let i = 0; i < 3; i++) {
    const y = h - 0.03 - i * 0.07;
    slats.push(place(rbox(width - 0.02, 0.05, 0.012, 0.004), [0, y, -hd + 0.012], [-0.08, 0, 0]));
  }
  return { frame, slats };
}

export function bistroSet(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats } = ctx;
  const piece = new Piece('bistroSet');
  const chairW = Math.min(BISTRO_CHAIR.seat, D * 0.9);
  const chairD = clamp((W - Math.min(D, 0.6)) / 2 + 0.12, 0.3, 0.45);
  const tableR = clamp(Math.min(D, W - 2 * chairD + 0.24) / 2, 0.2, 0.35);
  cafeTable(ctx, piece, 0, tableR, Math.min(0.72, H * 0.88));
  const frames: THREE.BufferGeometry[] = [];
  const slats: THREE.BufferGeometry[] = [];
  for (const side of [-1, 1]) {
    const chair = bistroChair(H, chairW, chairD);
    // Chairs face the table from both ends, seats partly tucked under its top.
    const x = side * (W / 2 - chairD / 2);
    for (const g of chair.frame) frames.push(place(g, [x, 0, 0], [0, side * (Math.PI / 2), 0]));
    for (const g of chair.slats) slats.push(place(g, [x, 0, 0], [0, side * (Math.PI / 2), 0]));
  }
  const wood = mats.kind === 'wood';
  piece.add(merge(frames), wood ? mats.make('metal', mats.hex(1, '#2b2b2b')) : mats.main(), [0, 0, 0], {
    name: 'chair-frames',
  });
  piece.add(merge(slats), mats.main(), [0, 0, 0], { name: 'chair-slats' });
  return piece.group;
}

export function lounger(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats, style } = ctx;
  const piece = new Piece('lounger');
  const wood = mats.kind === 'wood' || mats.kind === 'rattan';
  const frame = mats.soft ? mats.frame() : mats.main();
  const railH = 0.06;
  const deckY = clamp(H * 0.62, 0.18, 0.36);
  const backLen = clamp(W * 0.32, 0.45, 0.7);
  const wheelR = clamp(deckY * 0.35, 0.05, 0.09);
  const parts: THREE.BufferGeometry[] = [];
  // Side rails along the length, legs at the foot, wheels at the head.
  for (const side of [-1, 1]) {
    parts.push(
      rbox(W - wheelR, railH, 0.035, 0.006).translate(wheelR / 2, deckY - railH / 2, side * (D / 2 - 0.0175)),
    );
    parts.push(
      rbox(0.04, deckY - railH, 0.04, 0.005).translate(
        W / 2 - 0.05,
        (deckY - railH) / 2,
        side * (D / 2 - 0.03),
      ),
    );
    parts.push(
      rbox(0.04, deckY - railH - wheelR, 0.04, 0.005).translate(
        -W / 2 + wheelR + 0.04,
        wheelR + (deckY - railH - wheelR) / 2,
        side * (D / 2 - 0.03),
      ),
    );
  }
  piece.add(merge(parts), frame, [0, 0, 0], { name: 'frame' });
  const wheels: THREE.BufferGeometry[] = [];
  for (const side of [-1, 1])
    wheels.push(
      place(
        cylinder(wheelR, wheelR, 0.03, 20),
        [-W / 2 + wheelR, wheelR, side * (D / 2 - 0.02)],
        [Math.PI / 2, 0, 0],
      ),
    );
  piece.add(merge(wheels), mats.make('plastic', '#2a2a2a'), [0, 0, 0], { name: 'wheels' });
  // Lying surface: slats across the width (wood) or a woven panel, flat part and raised backrest.
  const flatLen = W - backLen - 0.02;
  const rise = H - deckY;
  const backAngle = Math.asin(clamp(rise / backLen, 0, 0.95));
  const hinge = -W / 2 + backLen * Math.cos(backAngle) + 0.01;
  const surface = wood ? mats.main() : mats.make('rattan', mats.hex(1, '#c49a62'));
  const deck: THREE.BufferGeometry[] = [];
  const slat = 0.06;
  const slatT = 0.018;
  const flatCount = Math.floor(flatLen / (slat + 0.012));
  for (let i = 0; i < flatCount; i++) {
    deck.push(
      rbox(slat, slatT, D - 0.07, 0.004).translate(hinge + (slat + 0.012) * (i + 0.5), deckY + slatT / 2, 0),
    );
  }
  const backCount = Math.floor(backLen / (slat + 0.012));
  for (let i = 0; i < backCount; i++) {
    const s = (slat + 0.012) * (i + 0.5);
    deck.push(
      place(
        rbox(slat, slatT, D - 0.07, 0.004),
        [hinge - Math.cos(backAngle) * s, deckY + slatT / 2 + Math.sin(backAngle) * s, 0],
        [0, 0, -backAngle],
      ),
    );
  }
  piece.add(merge(deck), surface, [0, 0, 0], { name: 'deck' });
  if (mats.soft || style === 'cozy') {
    // A cushion pad following the deck.
    const pad = mats.soft ? mats.main() : mats.make('fabric', mats.hex(1, '#e8e1d4'), { role: 'secondary' });
    const t = Math.min(0.05, rise * 0.5);
    piece.add(
      pillow(flatLen - 0.02, D - 0.1, t, 0.7, 10),
      pad,
      [hinge + flatLen / 2, deckY + slatT + t / 2, 0],
      { rotation: [-Math.PI / 2, 0, 0], name: 'cushion' },
    );
    const backPad = pillow(backLen - 0.04, D - 0.1, t, 0.7, 8)
      .rotateX(-Math.PI / 2)
      .rotateZ(-backAngle);
    piece.add(
      backPad,
      pad,
      [
        hinge - (Math.cos(backAngle) * backLen) / 2,
        deckY + slatT + t / 2 + (Math.sin(backAngle) * backLen) / 2,
        0,
      ],
      { name: 'cushion' },
    );
  }
  return piece.group;
}

export function planter(ctx: BuildContext): THREE.Group {
  const { W, D, H, style } = ctx;
  const pot = { r: (Math.min(W, D) / 2) * 0.8, h: clamp(H * 0.45, 0.2, 0.6) };
  return pottedPlant(ctx, 'planter', pot, style === 'modern' || style === 'minimal' ? 'grass' : 'olive');
}
