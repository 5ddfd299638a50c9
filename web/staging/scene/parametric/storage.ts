// Case furniture: nightstands, sideboards, TV lowboards, wardrobes, bookshelves and the kitchen trolley. Cabinets
// are built from real panels (sides, top, bottom, back, dividers) so open compartments are actually open, with
// doors and drawers as separate fronts with shadow gaps and handles, on legs or a recessed plinth.
import * as THREE from 'three';
import { clamp, type BuildContext } from './context';
import { surface } from './materials';
import { addFronts, addLegs, handleMaterialOf, type Front } from './parts';
import { cylinder, merge, paint, place, rbox, rod, Piece } from './shapes';

/** Board thickness of case furniture (18 mm chipboard or solid wood). */
const PANEL = 0.018;

type Cell = 'drawer' | 'door' | 'flap' | 'open';

interface Row {
  cell: Cell;
  share: number;
}

interface CabinetPlan {
  base: 'legs' | 'plinth';
  baseH: number;
  columns: Row[][];
  /** Fill open compartments with books and a few objects (bookshelves). */
  books?: boolean;
}

/** Muted spine colours of a styled bookshelf. */
const BOOK_COLOURS = [
  '#7b2e2e',
  '#2e4a6b',
  '#c9b58f',
  '#3f5e4a',
  '#e3ddd0',
  '#8a6d4a',
  '#2b2b2b',
  '#a65f3f',
  '#5d6770',
];

function cabinet(ctx: BuildContext, name: string, plan: CabinetPlan): THREE.Group {
  const { W, D, H, mats, style } = ctx;
  const piece = new Piece(name);
  const body = mats.main();
  const baseH = plan.baseH;
  const faceZ = D / 2 - PANEL;
  const depth = D - PANEL;
  const centreZ = -PANEL / 2;
  const innerW = W - 2 * PANEL;
  const boxH = H - baseH;
  const panels: THREE.BufferGeometry[] = [
    place(rbox(PANEL, boxH, depth, 0.002), [-W / 2 + PANEL / 2, baseH + boxH / 2, centreZ]),
    place(rbox(PANEL, boxH, depth, 0.002), [W / 2 - PANEL / 2, baseH + boxH / 2, centreZ]),
    place(rbox(W, PANEL, depth + (style === 'minimal' ? 0 : PANEL), 0.003), [
      0,
      H - PANEL / 2,
      style === 'minimal' ? centreZ : 0,
    ]),
    place(rbox(innerW, PANEL, depth, 0.001), [0, baseH + PANEL / 2, centreZ]),
    place(rbox(innerW, boxH - 2 * PANEL, 0.008, 0), [0, baseH + boxH / 2, -D / 2 + 0.004]),
  ];
  const fronts: Front[] = [];
  const openCells: { x: number; y: number; w: number; h: number }[] = [];
  const columns = plan.columns.length;
  const colW = innerW / columns;
  const interiorBottom = baseH + PANEL;
  const interiorH = boxH - 2 * PANEL;
  plan.columns.forEach((rows, c) => {
    const x = -innerW / 2 + colW * (c + 0.5);
    if (c > 0)
      panels.push(
        place(rbox(PANEL, interiorH, depth - 0.01, 0.001), [
          -innerW / 2 + colW * c,
          interiorBottom + interiorH / 2,
          centreZ,
        ]),
      );
    const total = rows.reduce((sum, r) => sum + r.share, 0);
    let top = interiorBottom + interiorH;
    rows.forEach((row, r) => {
      const h = (interiorH * row.share) / total;
      const y = top - h / 2;
      if (r > 0)
        panels.push(place(rbox(colW, PANEL, depth - 0.01, 0.001), [x, top + PANEL / 2 - PANEL / 2, centreZ]));
      if (row.cell === 'open') openCells.push({ x, y, w: colW - PANEL, h: h - PANEL });
      else {
        // Doors of neighbouring columns open away from each other.
        const kind = row.cell === 'door' ? (c % 2 === 0 ? 'door-left' : 'door-right') : row.cell;
        // Fronts cover the panel edges (overlay doors), as in most flat-pack and modern furniture.
        const frontW = colW + (c === 0 || c === columns - 1 ? PANEL : 0);
        const fx = x + (c === 0 ? -PANEL / 2 : 0) + (c === columns - 1 ? PANEL / 2 : 0);
        const frontTop = r === 0 ? top + PANEL : top;
        const frontBottom = r === rows.length - 1 ? top - h - PANEL : top - h;
        fronts.push({
          x: fx,
          y: (frontTop + frontBottom) / 2,
          w: columns === 1 ? W : frontW,
          h: frontTop - frontBottom,
          kind,
        });
      }
      top -= h;
    });
  });
  piece.add(merge(panels), body, [0, 0, 0], { name: 'carcass' });
  // Fronts share the carcass material: the second colour belongs to legs and the third to handles.
  if (fronts.length > 0) addFronts(piece, fronts, faceZ, body, handleMaterialOf(ctx), style);
  if (plan.books) addBooks(ctx, piece, openCells, D - PANEL - 0.02);
  if (plan.base === 'legs') {
    addLegs(piece, mats.frame(), style, W, D, baseH, 0.03, W > 1 ? 1.1 : 0.9);
  } else if (baseH > 0) {
    piece.add(rbox(W - 0.04, baseH, D - 0.06, 0.002), body, [0, baseH / 2, -0.02], { name: 'plinth' });
  }
  return piece.group;
}

/** Books standing in rows, a few leaning, with a gap for a small vase in some compartments. */
function addBooks(
  ctx: BuildContext,
  piece: Piece,
  cells: readonly { x: number; y: number; w: number; h: number }[],
  depth: number,
): void {
  const books: THREE.BufferGeometry[] = [];
  const objects: THREE.BufferGeometry[] = [];
  // Plain boxes: a shelf holds a hundred books, and rounded spines would cost 100 triangles each.
  cells.forEach((cell, index) => {
    const floor = cell.y - cell.h / 2;
    const fillShare = index % 3 === 1 ? 0.45 : 0.8;
    let x = cell.x - cell.w / 2 + 0.01 + (index % 2) * cell.w * 0.15;
    const end = x + cell.w * fillShare;
    while (x < end) {
      const thick = 0.018 + ctx.rand() * 0.025;
      const h = Math.min(cell.h - 0.02, 0.18 + ctx.rand() * 0.1);
      const d = Math.min(depth, 0.15 + ctx.rand() * 0.07);
      const colour = BOOK_COLOURS[Math.floor(ctx.rand() * BOOK_COLOURS.length)] ?? '#8a6d4a';
      books.push(
        paint(
          place(new THREE.BoxGeometry(thick, h, d), [x + thick / 2, floor + h / 2, depth / 2 - d / 2 - 0.01]),
          colour,
        ),
      );
      x += thick + 0.001;
    }
    if (index % 3 === 1 && cell.h > 0.18) {
      // A small stoneware vase in the free space.
      const r = Math.min(0.05, cell.w * 0.1);
      objects.push(
        place(cylinder(r * 0.7, r, Math.min(0.16, cell.h * 0.6), 20), [
          cell.x + cell.w * 0.28,
          floor + Math.min(0.16, cell.h * 0.6) / 2,
          0,
        ]),
      );
    }
  });
  if (books.length > 0) {
    const material = new THREE.MeshStandardMaterial({ vertexColors: true, roughness: 0.75, metalness: 0 });
    material.name = 'books';
    material.userData.role = 'detail';
    piece.add(merge(books), material, [0, 0, 0], { name: 'books' });
  }
  if (objects.length > 0)
    piece.add(merge(objects), surface('ceramic', '#d9d3c7', { finish: 'matt' }), [0, 0, 0], {
      name: 'decor',
    });
}

function legsOrPlinth(ctx: BuildContext, legShare: number): Pick<CabinetPlan, 'base' | 'baseH'> {
  if (ctx.style === 'minimal') return { base: 'plinth', baseH: clamp(ctx.H * 0.05, 0.02, 0.08) };
  return { base: 'legs', baseH: clamp(ctx.H * legShare, 0.06, 0.2) };
}

export function nightstand(ctx: BuildContext): THREE.Group {
  const twoDrawers = ctx.style === 'classic' || ctx.style === 'cozy';
  return cabinet(ctx, 'nightstand', {
    ...legsOrPlinth(ctx, 0.28),
    columns: [
      twoDrawers
        ? [
            { cell: 'drawer', share: 1 },
            { cell: 'drawer', share: 1 },
          ]
        : [
            { cell: 'drawer', share: 1 },
            { cell: 'open', share: 1.2 },
          ],
    ],
  });
}

export function sideboard(ctx: BuildContext): THREE.Group {
  const n = Math.max(2, Math.round(ctx.W / 0.42));
  const withDrawers = ctx.style === 'classic' || ctx.style === 'cozy';
  const columns: Row[][] = Array.from({ length: n }, () =>
    withDrawers
      ? [
          { cell: 'drawer', share: 0.35 },
          { cell: 'door', share: 1 },
        ]
      : [{ cell: 'door', share: 1 }],
  );
  return cabinet(ctx, 'sideboard', { ...legsOrPlinth(ctx, 0.2), columns });
}

export function tvBoard(ctx: BuildContext): THREE.Group {
  const n = Math.max(2, Math.round(ctx.W / 0.5));
  // Closed flaps on the outside, one open compartment in the middle for the receiver.
  const columns: Row[][] = Array.from({ length: n }, (_, i) =>
    i === Math.floor(n / 2) && n >= 3 ? [{ cell: 'open', share: 1 }] : [{ cell: 'flap', share: 1 }],
  );
  return cabinet(ctx, 'tvBoard', { ...legsOrPlinth(ctx, 0.25), columns });
}

export function wardrobe(ctx: BuildContext): THREE.Group {
  const group = cabinet(ctx, 'wardrobe', {
    base: 'plinth',
    baseH: 0.06,
    columns: Array.from({ length: Math.max(2, Math.round(ctx.W / 0.5)) }, () => [{ cell: 'door', share: 1 }]),
  });
  return group;
}

export function shelf(ctx: BuildContext): THREE.Group {
  const rows = Math.max(2, Math.round((ctx.H - 0.08) / 0.33));
  const columns = Math.max(1, Math.round(ctx.W / 0.85));
  return cabinet(ctx, 'shelf', {
    ...(ctx.style === 'modern'
      ? { base: 'legs' as const, baseH: 0.08 }
      : { base: 'plinth' as const, baseH: 0.06 }),
    columns: Array.from({ length: columns }, () =>
      Array.from({ length: rows }, () => ({ cell: 'open' as const, share: 1 })),
    ),
    books: true,
  });
}

export function kitchenCart(ctx: BuildContext): THREE.Group {
  const { W, D, H, mats } = ctx;
  const piece = new Piece('kitchenCart');
  const woodTop = mats.kind === 'wood';
  const trays = mats.main();
  const frame = woodTop ? mats.make('metal', mats.hex(1, '#2b2b2b')) : mats.main();
  const casterH = 0.05;
  const handleOut = 0.05;
  const bodyW = W - handleOut;
  const cx = -handleOut / 2;
  const post = 0.012;
  const levels = [casterH + 0.08, (casterH + H) / 2 - 0.02, H - 0.03];
  const frameParts: THREE.BufferGeometry[] = [];
  for (const sx of [-1, 1]) {
    for (const sz of [-1, 1]) {
      frameParts.push(
        rod(
          [cx + sx * (bodyW / 2 - post), casterH, sz * (D / 2 - post)],
          [cx + sx * (bodyW / 2 - post), H - 0.03, sz * (D / 2 - post)],
          post,
          10,
        ),
      );
    }
  }
  // Side handle bar.
  frameParts.push(
    rod([W / 2 - 0.012, H - 0.08, -D / 2 + 0.06], [W / 2 - 0.012, H - 0.08, D / 2 - 0.06], 0.012, 12),
  );
  for (const sz of [-1, 1])
    frameParts.push(
      rod(
        [cx + bodyW / 2 - post, H - 0.08, sz * (D / 2 - 0.06)],
        [W / 2 - 0.012, H - 0.08, sz * (D / 2 - 0.06)],
        0.009,
        8,
      ),
    );
  piece.add(merge(frameParts), frame, [0, 0, 0], { name: 'frame' });
  levels.forEach((y, i) => {
    const top = i === levels.length - 1;
    const tray = top && woodTop ? rbox(bodyW, 0.03, D, 0.004) : rbox(bodyW - 0.01, 0.012, D - 0.01, 0.003);
    piece.add(tray, top ? trays : woodTop ? trays : frame, [cx, y + (top ? 0.015 : 0.006), 0], {
      name: 'tray',
    });
    if (!top) {
      // Lips around the lower trays stop jars sliding off.
      const lip = 0.04;
      piece.add(
        merge([
          rbox(bodyW - 0.01, lip, 0.006, 0.002).translate(0, lip / 2, D / 2 - 0.008),
          rbox(bodyW - 0.01, lip, 0.006, 0.002).translate(0, lip / 2, -D / 2 + 0.008),
          rbox(0.006, lip, D - 0.01, 0.002).translate(bodyW / 2 - 0.008, lip / 2, 0),
          rbox(0.006, lip, D - 0.01, 0.002).translate(-bodyW / 2 + 0.008, lip / 2, 0),
        ]),
        frame,
        [cx, y, 0],
        { name: 'lip' },
      );
    }
  });
  const wheels: THREE.BufferGeometry[] = [];
  for (const sx of [-1, 1]) {
    for (const sz of [-1, 1]) {
      wheels.push(
        place(cylinder(casterH * 0.42, casterH * 0.42, 0.02, 16).rotateZ(Math.PI / 2), [
          cx + sx * (bodyW / 2 - post),
          casterH * 0.42,
          sz * (D / 2 - post - 0.01),
        ]),
      );
    }
  }
  piece.add(merge(wheels), mats.make('plastic', '#262626'), [0, 0, 0], { name: 'casters' });
  return piece.group;
}
