// Beds: a frame on legs (or a plinth for minimal), an upholstered or wooden headboard at the back (−Z), a
// mattress, a duvet that drapes over the sides and the foot end with soft folds, pillows against the headboard and,
// for cozy and classic beds, a throw across the foot. The frame wears the product colour; bedding is linen.
import * as THREE from 'three';
import { clamp, type BuildContext } from './context';
import { addLegs } from './parts';
import { merge, pillow, place, rbox, Piece } from './shapes';

/** Bed proportions: frame rail 25 cm, mattress 20 cm, headboard to the full height. */
const BED = { legH: 0.1, railH: 0.16, mattressH: 0.2, headboardD: 0.08, drop: 0.2, corner: 0.05 } as const;

/**
 * A duvet as a draped sheet: a grid over the top of the mattress that rolls over the side and foot edges with a
 * radius and hangs down by `drop`, rippling where it hangs. Width and length are of the top surface.
 */
export function drapedSheet(
  width: number,
  length: number,
  drop: number,
  thickness: number,
  seed: number,
): THREE.BufferGeometry {
  const reachX = width / 2 + drop + BED.corner;
  const reachZ = length + drop + BED.corner;
  const geometry = new THREE.PlaneGeometry(2 * reachX, reachZ, 40, 40).rotateX(-Math.PI / 2);
  const position = geometry.getAttribute('position') as THREE.BufferAttribute;
  const roll = BED.corner;
  for (let i = 0; i < position.count; i++) {
    const u = position.getX(i);
    const v = position.getZ(i) + reachZ / 2; // 0 at the head end, reachZ at the foot
    let x = u;
    let y = thickness;
    let z = v;
    // Over the side edges.
    const overX = Math.abs(u) - width / 2;
    let hang = 0;
    if (overX > 0) {
      const s = overX;
      const quarter = (Math.PI / 2) * roll;
      if (s < quarter) {
        const a = s / roll;
        x = Math.sign(u) * (width / 2 + Math.sin(a) * roll);
        y -= (1 - Math.cos(a)) * roll;
      } else {
        x = Math.sign(u) * (width / 2 + roll);
        y -= roll + (s - quarter);
        hang = s - quarter;
      }
    }
    // Over the foot edge.
    const overZ = v - length;
    if (overZ > 0) {
      const quarter = (Math.PI / 2) * roll;
      if (overZ < quarter) {
        const a = overZ / roll;
        z = length + Math.sin(a) * roll;
        y -= (1 - Math.cos(a)) * roll;
      } else {
        z = length + roll;
        y -= roll + (overZ - quarter);
        hang = Math.max(hang, overZ - quarter);
      }
    }
    // Soft folds where it hangs, a faint wave across the top.
    const ripple =
      Math.sin(v * 9 + seed) * 0.012 * Math.min(1, hang / 0.1) +
      Math.sin(u * 7 + seed) * 0.01 * Math.min(1, Math.max(0, overZ) / 0.1);
    if (overX > 0) x += Math.sign(u) * ripple;
    if (overZ > 0) z += ripple;
    if (overX <= 0 && overZ <= 0) y += Math.sin(u * 5 + v * 3 + seed) * 0.006 + Math.sin(v * 2.1) * 0.01;
    position.setXYZ(i, x, Math.max(y, -drop - roll), z);
  }
  geometry.computeVertexNormals();
  return geometry;
}

export function bed(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats, style } = ctx;
  const piece = new Piece('bed');
  const frame = mats.main();
  const linen = mats.second('fabric', '#efece6', { side: THREE.DoubleSide });
  const legH = style === 'minimal' ? 0.06 : BED.legH;
  const railTop = legH + BED.railH;
  const headD = clamp(BED.headboardD, 0.04, D * 0.1);
  const bodyD = D - headD;
  const bodyZ = -D / 2 + headD + bodyD / 2;
  // Frame: a box of side and foot rails around the slatted base.
  const soft = mats.soft;
  piece.add(rbox(W, BED.railH, bodyD, soft ? 0.03 : 0.008, 3), frame, [0, legH + BED.railH / 2, bodyZ], {
    name: 'frame',
  });
  if (style === 'minimal') {
    piece.add(
      rbox(W - 0.2, legH, bodyD - 0.2, 0.003),
      mats.make('wood', '#2a2622', { textured: false }),
      [0, legH / 2, bodyZ],
      { name: 'plinth' },
    );
  } else {
    addLegs(piece, mats.frame(), style, W, D, legH, 0.04, 1.1);
  }
  // Headboard: upholstered channels for fabric beds, a framed panel for wood.
  const headTop = H;
  const headH = headTop - legH;
  if (soft) {
    const channels = Math.max(3, Math.round(W / 0.28));
    const cw = W / channels;
    piece.add(rbox(W, headH, headD * 0.5, 0.01), frame, [0, legH + headH / 2, -D / 2 + headD * 0.25], {
      name: 'headboard-back',
    });
    const padH = headTop - railTop;
    for (let i = 0; i < channels; i++) {
      piece.add(
        pillow(cw - 0.004, padH, headD * 0.55, 0.55, 8),
        frame,
        [-W / 2 + cw * (i + 0.5), railTop + padH / 2, -D / 2 + headD * 0.5 + headD * 0.22],
        { name: 'headboard-channel' },
      );
    }
  } else {
    piece.add(rbox(W, headH, headD * 0.6, 0.01, 3), frame, [0, legH + headH / 2, -D / 2 + headD * 0.3], {
      name: 'headboard',
    });
    const inset = 0.06;
    piece.add(
      rbox(W - 2 * inset, headH * 0.5, 0.015, 0.004),
      frame,
      [0, headTop - inset - headH * 0.25, -D / 2 + headD * 0.6 + 0.007],
      { name: 'headboard-panel' },
    );
  }
  // Mattress and bedding.
  const matW = W - 0.06;
  const matD = bodyD - 0.04;
  const matTop = railTop + BED.mattressH * 0.7;
  piece.add(
    rbox(matW, BED.mattressH, matD, 0.04, 3),
    mats.make('fabric', '#f4f2ee'),
    [0, matTop - BED.mattressH / 2, bodyZ],
    { name: 'mattress' },
  );
  const duvetLength = matD * 0.72;
  const drop = Math.min(BED.drop, matTop - legH - 0.04);
  // The duvet's top is a little narrower than the mattress so its rolled edge hangs flush with the frame.
  const footEdge = bodyZ + matD / 2 - 0.02;
  const duvet = drapedSheet(matW - 0.04, duvetLength, drop, 0.05, ctx.seed);
  piece.add(duvet, linen, [0, matTop, footEdge - duvetLength], { name: 'duvet' });
  // A turned-down cuff at the head end of the duvet.
  piece.add(
    rbox(matW - 0.02, 0.04, 0.3, 0.02, 3),
    linen,
    [0, matTop + 0.045, footEdge - duvetLength + 0.14],
    { name: 'duvet-cuff' },
  );
  // Pillows lean against the headboard.
  const pillows = W > 1.3 ? 2 : 1;
  const pw = Math.min(0.8, (matW - 0.08) / pillows);
  const pillowParts: THREE.BufferGeometry[] = [];
  for (let i = 0; i < pillows; i++) {
    const x = pillows === 1 ? 0 : (i === 0 ? -1 : 1) * (pw / 2 + 0.02);
    pillowParts.push(
      place(pillow(pw, 0.5, 0.16, 0.12, 12), [x, matTop + 0.16, -D / 2 + headD + 0.14], [-1.15, 0, 0]),
    );
  }
  piece.add(merge(pillowParts), mats.make('fabric', mats.hex(2, '#f6f4ef')), [0, 0, 0], { name: 'pillows' });
  if (style === 'cozy' || style === 'classic') {
    // A throw folded across the foot end.
    const throwLength = 0.45;
    piece.add(
      drapedSheet(matW - 0.03, throwLength, drop * 0.8, 0.075, ctx.seed + 1),
      mats.make('wool', mats.hex(2, '#b79f86')),
      [0, matTop, footEdge + 0.005 - throwLength],
      { name: 'throw' },
    );
  }
  return piece.group;
}
