// Seating: upholstered sofas and armchairs (arms, back and seat cushions on legs or a plinth), dining chairs,
// bar stools, office chairs and benches. Seat heights and cushion thicknesses follow real products (seat ≈ 45 cm
// for chairs, ≈ 42–46 cm for sofas) and scale with the spec's height.
import * as THREE from 'three';
import { clamp, type BuildContext } from './context';
import { addEndFrames, addLegs } from './parts';
import { cylinder, lathe, merge, pillow, place, rbox, rod, Piece, tube } from './shapes';

/** Upholstery proportions relative to the piece's height and depth. */
const UPHOLSTERY = {
  legShare: 0.12,
  seatShare: 0.54,
  armShare: 0.74,
  backFrameShare: 0.82,
  backDepthShare: 0.2,
} as const;

/** A sofa (seats ≥ 2) or an armchair (seats = 1): base, arms, back frame, seat and back cushions, legs. */
function upholstered(ctx: BuildContext, seats: number): THREE.Group {
  const { W, D, H, mats, style } = ctx;
  const piece = new Piece(seats > 1 ? 'sofa' : 'armchair');
  const cover = mats.main();
  const legH = clamp(H * UPHOLSTERY.legShare, 0.04, 0.14);
  const seatTop = H * UPHOLSTERY.seatShare;
  const cushionT = clamp(H * 0.16, 0.09, 0.16);
  const baseTop = seatTop - cushionT;
  const armW = seats > 1 ? clamp(W * 0.085, 0.1, 0.2) : clamp(W * 0.15, 0.09, 0.17);
  const armTop = H * UPHOLSTERY.armShare;
  const backD = clamp(D * UPHOLSTERY.backDepthShare, 0.12, 0.24);
  const soft = style === 'cozy' || style === 'classic';
  const round = soft ? 0.05 : 0.025;

  // Base under the seat cushions, between the arms.
  const innerW = W - 2 * armW;
  piece.add(rbox(innerW + 0.02, baseTop - legH, D - 0.01, 0.02), cover, [0, (legH + baseTop) / 2, 0.005], {
    name: 'base',
  });
  // Arms: full depth; rounded generously for cozy and classic pieces so the light rolls over them.
  for (const side of [-1, 1]) {
    const armGeometry = rbox(armW, armTop - legH, D, Math.min(armW * (soft ? 0.45 : 0.25), 0.08), 3);
    piece.add(armGeometry, cover, [side * (W / 2 - armW / 2), (legH + armTop) / 2, 0], { name: 'arm' });
  }
  // Back frame between the arms.
  const backFrameTop = H * UPHOLSTERY.backFrameShare;
  piece.add(
    rbox(innerW + 0.02, backFrameTop - legH, backD, round, 3),
    cover,
    [0, (legH + backFrameTop) / 2, -D / 2 + backD / 2],
    { name: 'back' },
  );

  // Seat cushions: box cushions with a slight crown.
  const cushionD = D - backD - 0.01;
  const cw = innerW / seats;
  for (let i = 0; i < seats; i++) {
    const x = -innerW / 2 + cw * (i + 0.5);
    piece.add(
      pillow(cw - 0.006, cushionD, cushionT, 0.72, 10),
      cover,
      [x, baseTop + cushionT / 2, D / 2 - cushionD / 2],
      {
        rotation: [-Math.PI / 2, 0, 0],
        name: 'seat-cushion',
      },
    );
  }
  // Back cushions lean back against the frame and reach the full height.
  const backCT = clamp(D * 0.2, 0.12, 0.2);
  const backCH = H - seatTop - 0.01;
  const lean = 0.16;
  for (let i = 0; i < seats; i++) {
    const x = -innerW / 2 + cw * (i + 0.5);
    piece.add(
      pillow(cw - 0.01, backCH, backCT, 0.45, 10),
      cover,
      [x, seatTop + backCH / 2 - 0.005, -D / 2 + backD + backCT / 2 - 0.03],
      {
        rotation: [-lean, 0, 0],
        name: 'back-cushion',
      },
    );
  }

  if (style === 'minimal') {
    // A recessed dark plinth instead of legs.
    piece.add(
      rbox(W - 0.1, legH, D - 0.1, 0.005),
      mats.make('wood', '#2a2622', { textured: false }),
      [0, legH / 2, 0],
      { name: 'plinth' },
    );
  } else {
    addLegs(piece, mats.frame(), style, W, D, legH, 0.03, seats > 1 ? 1 : 0.85);
  }
  return piece.group;
}

export const sofa = (ctx: BuildContext): THREE.Group =>
  upholstered(ctx, ctx.W > 1.9 ? 3 : ctx.W > 1.15 ? 2 : 1);
export const armchair = (ctx: BuildContext): THREE.Group => upholstered(ctx, 1);

/** Chair proportions: seat at 53 % of the height, seat 4 cm (wood) or 7 cm (upholstered) thick. */
const CHAIR = { seatShare: 0.53, woodSeat: 0.035, softSeat: 0.07, legInset: 0.02 } as const;

export function diningChair(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats, style } = ctx;
  const piece = new Piece('diningChair');
  const seatTop = H * CHAIR.seatShare;
  const upholstered = mats.soft;
  const seatT = upholstered ? CHAIR.softSeat : CHAIR.woodSeat;
  const frame = upholstered ? mats.frame() : mats.main();
  const body = mats.main();
  const legR = style === 'modern' ? 0.013 : 0.018;
  const seatD = D * 0.88;
  // Front legs under the seat, back legs rake back and rise to the top rail.
  const fx = W / 2 - legR - CHAIR.legInset;
  const frontZ = D / 2 - (D - seatD) - legR - 0.02;
  const backZ = -D / 2 + legR;
  const legs: THREE.BufferGeometry[] = [];
  for (const side of [-1, 1]) {
    legs.push(
      rod([side * fx, 0, frontZ + 0.01], [side * fx, seatTop - seatT, frontZ], legR, 12, legR * 0.85),
    );
    legs.push(rod([side * fx, 0, backZ], [side * fx, seatTop - seatT, backZ + 0.04], legR, 12));
    legs.push(
      rod([side * fx, seatTop - seatT, backZ + 0.04], [side * fx, H - 0.02, backZ + 0.005], legR * 0.9, 12),
    );
  }
  // Stretchers keep the chair rigid and read as joinery.
  legs.push(rod([-fx, 0.16, frontZ], [fx, 0.16, frontZ], legR * 0.5, 8));
  legs.push(rod([-fx, 0.16, backZ + 0.01], [fx, 0.16, backZ + 0.01], legR * 0.5, 8));
  piece.add(merge(legs), frame, [0, 0, 0], { name: 'frame' });
  const seatZ = D / 2 - seatD / 2 - 0.01;
  if (upholstered) {
    piece.add(pillow(W - 0.01, seatD, seatT, 0.6, 10), body, [0, seatTop - seatT / 2, seatZ], {
      rotation: [-Math.PI / 2, 0, 0],
      name: 'seat',
    });
  } else {
    piece.add(rbox(W - 0.01, seatT, seatD, 0.012, 3), body, [0, seatTop - seatT / 2, seatZ], {
      name: 'seat',
    });
  }
  // Backrest by style.
  const backTop = H;
  const backW = 2 * fx;
  if (upholstered || style === 'modern') {
    const backH = (backTop - seatTop) * 0.5;
    const geometry = upholstered
      ? pillow(backW + 0.02, backH, 0.05, 0.5, 8)
      : rbox(backW + 0.02, backH, 0.02, 0.008);
    piece.add(geometry, body, [0, backTop - backH / 2 - 0.01, backZ + 0.025], {
      rotation: [-0.08, 0, 0],
      name: 'backrest',
    });
  } else if (style === 'classic' || style === 'cozy') {
    const rails: THREE.BufferGeometry[] = [
      place(rbox(backW, 0.07, 0.025, 0.008), [0, backTop - 0.05, backZ + 0.01]),
    ];
    const slats = style === 'classic' ? 3 : 5;
    for (let i = 0; i < slats; i++) {
      const x = -backW / 2 + (backW / (slats + 1)) * (i + 1);
      rails.push(
        rod(
          [x, seatTop + 0.02, backZ + 0.035],
          [x, backTop - 0.07, backZ + 0.012],
          style === 'classic' ? 0.012 : 0.008,
          8,
        ),
      );
    }
    piece.add(merge(rails), body, [0, 0, 0], { name: 'backrest' });
  } else {
    piece.add(rbox(backW, 0.1, 0.022, 0.008), body, [0, backTop - 0.08, backZ + 0.012], { name: 'backrest' });
  }
  return piece.group;
}

export function barStool(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats, style } = ctx;
  const piece = new Piece('barStool');
  const seatR = (Math.min(W, D) / 2) * 0.82;
  const seatT = mats.soft ? 0.07 : 0.04;
  const frame = mats.soft
    ? mats.frame()
    : style === 'modern' || style === 'minimal'
      ? mats.make('metal', mats.hex(1, '#2b2b2b'))
      : mats.main();
  // Seat: a dished disc with a soft rounded rim.
  const seat = lathe(
    [
      [0, 0],
      [seatR * 0.92, 0],
      [seatR, seatT * 0.35],
      [seatR * 0.98, seatT * 0.85],
      [seatR * 0.9, seatT],
      [seatR * 0.5, seatT * (mats.soft ? 1.05 : 0.88)],
      [0, seatT * (mats.soft ? 1.05 : 0.88)],
    ],
    40,
  );
  piece.add(seat, mats.main(), [0, H - seatT * (mats.soft ? 1.05 : 1), 0], { name: 'seat' });
  const under = H - seatT;
  if (style === 'minimal') {
    // Pedestal: column on a heavy disc base.
    piece.add(
      merge([
        cylinder(0.022, 0.022, under, 16).translate(0, under / 2, 0),
        lathe(
          [
            [0, 0],
            [W / 2 - 0.005, 0],
            [W / 2, 0.01],
            [W / 2 - 0.04, 0.025],
            [0, 0.03],
          ],
          40,
        ),
      ]),
      frame,
      [0, 0, 0],
      { name: 'pedestal' },
    );
    piece.add(
      new THREE.TorusGeometry(seatR * 0.7, 0.008, 8, 40).rotateX(Math.PI / 2),
      frame,
      [0, H * 0.35, 0],
      { name: 'footrest' },
    );
    return piece.group;
  }
  const legR = style === 'modern' ? 0.012 : 0.018;
  const footR = Math.min(W, D) / 2 - legR;
  const topR = seatR * 0.55;
  const legs: THREE.BufferGeometry[] = [];
  const corner = Math.SQRT1_2;
  for (const [sx, sz] of [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ] as const) {
    legs.push(
      rod(
        [sx * footR, 0, sz * footR],
        [sx * topR * corner, under, sz * topR * corner],
        legR,
        10,
        legR * 0.85,
      ),
    );
  }
  // Footrest ring a third of the way up, touching the legs.
  const ringY = H * 0.33;
  const ringR = (footR + (topR * corner - footR) * (ringY / under)) * Math.SQRT2;
  piece.add(merge(legs), frame, [0, 0, 0], { name: 'legs' });
  piece.add(new THREE.TorusGeometry(ringR, 0.008, 8, 48).rotateX(Math.PI / 2), frame, [0, ringY, 0], {
    name: 'footrest',
  });
  return piece.group;
}

export function officeChair(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats } = ctx;
  const piece = new Piece('officeChair');
  const cover = mats.main();
  const frame = mats.make('metal', mats.hex(1, '#2b2b2b'));
  const plastic = mats.make('plastic', '#222222');
  const casterR = 0.025;
  const baseR = Math.min(W, D) / 2 - casterR;
  const armsY = 0.09;
  // Five-star base with casters.
  const star: THREE.BufferGeometry[] = [];
  const casters: THREE.BufferGeometry[] = [];
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2 + Math.PI / 2;
    const x = Math.cos(a) * baseR;
    const z = Math.sin(a) * baseR;
    star.push(rod([0, armsY + 0.02, 0], [x, armsY, z], 0.02, 8, 0.014));
    casters.push(
      place(cylinder(casterR, casterR, 0.022, 14).rotateX(Math.PI / 2), [x, casterR, z], [0, -a, 0]),
    );
    casters.push(rod([x, armsY, z], [x, casterR * 1.6, z], 0.008, 8));
  }
  piece.add(merge(star), frame, [0, 0, 0], { name: 'base' });
  piece.add(merge(casters), plastic, [0, 0, 0], { name: 'casters' });
  const seatY = H * 0.47;
  piece.add(
    cylinder(0.024, 0.028, seatY - armsY - 0.04, 16),
    frame,
    [0, armsY + (seatY - armsY - 0.04) / 2 + 0.02, 0],
    { name: 'column' },
  );
  const seatW = W * 0.78;
  const seatD = D * 0.76;
  const seatT = 0.08;
  piece.add(rbox(seatW * 0.7, 0.03, seatD * 0.6, 0.01), plastic, [0, seatY - 0.02, 0.02], {
    name: 'mechanism',
  });
  piece.add(pillow(seatW, seatD, seatT, 0.55, 10), cover, [0, seatY + seatT / 2, D / 2 - seatD / 2 - 0.02], {
    rotation: [-Math.PI / 2, 0, 0],
    name: 'seat',
  });
  // Backrest on a curved spine; slightly tilted.
  const backH = H - seatY - 0.16;
  const backZ = -D / 2 + 0.06;
  piece.add(
    tube(
      [
        [0, seatY, -0.02],
        [0, seatY + 0.05, backZ - 0.02],
        [0, seatY + 0.2, backZ - 0.035],
      ],
      0.018,
      16,
      8,
    ),
    frame,
    [0, 0, 0],
    { name: 'spine' },
  );
  piece.add(pillow(seatW * 0.92, backH, 0.07, 0.5, 10), cover, [0, H - backH / 2 - 0.01, backZ], {
    rotation: [-0.12, 0, 0],
    name: 'backrest',
  });
  // Armrests: post and pad on each side.
  for (const side of [-1, 1]) {
    const x = side * (seatW / 2 + 0.02);
    piece.add(
      tube(
        [
          [side * seatW * 0.3, seatY, 0],
          [x, seatY + 0.02, 0],
          [x, seatY + 0.2, -0.02],
        ],
        0.012,
        12,
        8,
      ),
      frame,
      [0, 0, 0],
      { name: 'arm-post' },
    );
    piece.add(rbox(0.06, 0.025, seatD * 0.45, 0.01), plastic, [x, seatY + 0.21, -0.02], { name: 'arm-pad' });
  }
  return piece.group;
}

export function bench(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats, style } = ctx;
  const piece = new Piece('bench');
  const soft = mats.soft;
  const topT = soft ? 0.1 : 0.04;
  const frame = soft ? mats.frame() : mats.main();
  const top = mats.main();
  const legH = H - topT;
  if (soft) {
    piece.add(rbox(W, 0.03, D, 0.005), frame, [0, legH - 0.015, 0], { name: 'board' });
    piece.add(pillow(W - 0.01, D - 0.01, topT - 0.01, 0.75, 12), top, [0, H - (topT - 0.01) / 2, 0], {
      rotation: [-Math.PI / 2, 0, 0],
      name: 'cushion',
    });
  } else {
    piece.add(rbox(W, topT, D, 0.008, 3), top, [0, H - topT / 2, 0], { name: 'seat' });
  }
  const support = soft ? legH - 0.03 : legH;
  if (style === 'minimal') {
    // Two slab ends.
    for (const side of [-1, 1])
      piece.add(rbox(0.035, support, D - 0.02, 0.004), frame, [side * (W / 2 - 0.08), support / 2, 0], {
        name: 'slab-leg',
      });
  } else if (style === 'modern') {
    // Two U-shaped steel runners.
    const metal = soft ? frame : mats.make('metal', mats.hex(1, '#2b2b2b'));
    addEndFrames(piece, metal, 'runner', W / 2 - 0.09, (x) => [
      rbox(0.02, support, 0.02, 0.003).translate(x, support / 2, D / 2 - 0.05),
      rbox(0.02, support, 0.02, 0.003).translate(x, support / 2, -D / 2 + 0.05),
      rbox(0.02, 0.02, D - 0.08, 0.003).translate(x, 0.01, 0),
    ]);
  } else {
    addLegs(piece, frame, style, W - 0.04, D - 0.02, support, 0.02, 0.9);
    piece.add(rbox(W - 0.16, 0.02, 0.02, 0.003), frame, [0, 0.12, 0], { name: 'stretcher' });
  }
  return piece.group;
}
