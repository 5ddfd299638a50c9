// The builtin renderer's composition on synthetic photos and pictures: pieces land on the floor at a scale that
// grows towards the camera, big pieces against the back wall and smaller ones in front without overlapping,
// with contact shadows, alpha-composited, and every pixel outside what was placed left exactly as it was.
import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../../core/imaging/types';
import {
  catalogItemById,
  composeStaging,
  defaultFloor,
  pieceFromItem,
  resizeRgba,
  type PixelBox,
  type PlacedUnit,
  type StagingPiece,
} from '../../../core/staging';

const W = 480;
const H = 360;

/** A photo with a gradient, so a pixel copied from the wrong place would show. */
function photo(): RgbaImage {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      data[i] = 120 + (x % 50);
      data[i + 1] = 140 + (y % 40);
      data[i + 2] = 160;
      data[i + 3] = 255;
    }
  }
  return { width: W, height: H, data };
}

/** A picture: a solid colour block with a transparent margin above it; the block stands on the bottom edge. */
function picture(width: number, height: number, rgb: [number, number, number], alpha = 255): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = Math.floor(height * 0.1); y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data.set([...rgb, alpha], i);
    }
  }
  return { width, height, data };
}

function piece(id: string, rgb: [number, number, number], quantity = 1, alpha = 255): StagingPiece {
  const item = catalogItemById(id);
  if (!item) throw new Error(id);
  const frame = pieceFromItem(item, picture(1, 1, rgb)).frame;
  return pieceFromItem(
    item,
    picture(Math.round(frame.widthCm), Math.round(frame.heightCm), rgb, alpha),
    quantity,
  );
}

/** Byte equality of two pixel buffers; vitest's deep equality is too slow for arrays of this size. */
const sameBytes = (a: Uint8ClampedArray, b: Uint8ClampedArray): boolean =>
  Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));

const inside = (x: number, y: number, boxes: PixelBox[]): boolean =>
  boxes.some((b) => x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height);

function changedOutside(before: RgbaImage, after: RgbaImage, placements: PlacedUnit[]): number {
  const boxes = placements.flatMap((p) => p.boxes);
  let changed = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (inside(x, y, boxes)) continue;
      const i = (y * W + x) * 4;
      for (let c = 0; c < 4; c++) if (before.data[i + c] !== after.data[i + c]) changed++;
    }
  }
  return changed;
}

const pixel = (image: RgbaImage, x: number, y: number): number[] => {
  const i = (Math.round(y) * image.width + Math.round(x)) * 4;
  return Array.from(image.data.slice(i, i + 4));
};

const find = (placements: PlacedUnit[], category: string): PlacedUnit => {
  const hit = placements.find((p) => p.category === category);
  if (!hit) throw new Error(`no ${category}`);
  return hit;
};

const RED: [number, number, number] = [220, 20, 30];
const BLUE: [number, number, number] = [20, 40, 220];
const GREEN: [number, number, number] = [20, 200, 40];

describe('#composeStaging', () => {
  const living = [
    piece('sofa-modern-mid', RED),
    piece('coffeeTable-modern-mid', BLUE),
    piece('plant-modern-mid', GREEN),
    piece('rug-modern-mid', [200, 200, 200]),
    piece('artwork-modern-mid', [10, 10, 10]),
    piece('pendant-modern-mid', [250, 250, 0]),
    piece('vase-modern-mid', [255, 0, 255]),
  ];

  it('changes no pixel outside the placed pictures, shadows and cords, and not the input photo', () => {
    const before = photo();
    const copy = before.data.slice();
    const { image, placements } = composeStaging(before, living);
    expect(sameBytes(before.data, copy)).toBe(true);
    expect(placements.every((p) => p.drawn)).toBe(true);
    expect(changedOutside(before, image, placements)).toBe(0);
    expect(changedOutside(before, image, [])).toBeGreaterThan(1000);
  });

  it('stands the sofa against the back wall on the fallback floor (lower third) and draws its colour', () => {
    const { image, placements } = composeStaging(photo(), living);
    const sofa = find(placements, 'sofa');
    expect(sofa.zCm).toBe(0);
    expect(sofa.xCm).toBe(0);
    const box = sofa.box as PixelBox;
    // The front face of a 92 cm deep sofa stands a little in front of the back floor line at 2/3 of the height.
    expect(box.y + box.height).toBeGreaterThan(defaultFloor(W, H).backLineY);
    expect(box.y + box.height).toBeLessThan(defaultFloor(W, H).backLineY + 40);
    expect(pixel(image, box.x + box.width * 0.15, box.y + box.height * 0.6)).toEqual([...RED, 255]);
  });

  it('puts the coffee table in front of the sofa, larger per centimetre, and the rug under it', () => {
    const { image, placements } = composeStaging(photo(), living);
    const sofa = find(placements, 'sofa');
    const table = find(placements, 'coffeeTable');
    const rug = find(placements, 'rug');
    expect(table.zCm).toBeGreaterThan((sofa.zCm ?? 0) + 92);
    const sofaBox = sofa.box as PixelBox;
    const tableBox = table.box as PixelBox;
    expect(tableBox.y + tableBox.height).toBeGreaterThan(sofaBox.y + sofaBox.height);
    expect(tableBox.width / 100).toBeGreaterThan(sofaBox.width / 210);
    // The table is drawn over the rug: the table's colour shows where both are.
    const rugBox = rug.box as PixelBox;
    expect(rugBox.y).toBeLessThan(tableBox.y + tableBox.height);
    expect(pixel(image, tableBox.x + 2, tableBox.y + tableBox.height * 0.5)[2]).toBeGreaterThan(150);
  });

  it('hangs the artwork on the wall above the sofa and the pendant from the top edge', () => {
    const { image, placements } = composeStaging(photo(), living);
    const art = find(placements, 'artwork').box as PixelBox;
    const sofa = find(placements, 'sofa').box as PixelBox;
    expect(art.y + art.height).toBeLessThan(sofa.y);
    const pendant = find(placements, 'pendant');
    expect(pendant.boxes.some((b) => b.y === 0)).toBe(true);
    const cordX = (pendant.box as PixelBox).x + (pendant.box as PixelBox).width / 2;
    expect(pixel(image, cordX, 1).slice(0, 3)).toEqual([40, 40, 40]);
  });

  it('stands the vase on the coffee table top', () => {
    const { placements } = composeStaging(photo(), living);
    const vase = find(placements, 'vase').box as PixelBox;
    const table = find(placements, 'coffeeTable').box as PixelBox;
    expect(Math.abs(vase.y + vase.height - table.y)).toBeLessThan(3);
  });

  it('darkens the floor just in front of a piece: a contact shadow', () => {
    const before = photo();
    const { image, placements } = composeStaging(before, [piece('sofa-modern-mid', RED)]);
    const box = find(placements, 'sofa').box as PixelBox;
    const x = box.x + box.width / 2;
    const y = box.y + box.height + 1;
    const lum = (p: number[]) => p[0] + p[1] + p[2];
    expect(lum(pixel(image, x, y))).toBeLessThan(lum(pixel(before, x, y)) - 10);
  });

  it('places several pieces without overlapping footprints', () => {
    const many = [
      piece('bed-cozy-mid', RED),
      piece('nightstand-cozy-mid', BLUE, 2),
      piece('wardrobe-cozy-mid', GREEN),
      piece('floorLamp-cozy-mid', [9, 9, 9]),
      piece('bench-cozy-mid', [99, 9, 9]),
    ];
    const { placements } = composeStaging(photo(), many);
    const drawn = placements.filter((p) => p.drawn);
    expect(drawn.length).toBeGreaterThanOrEqual(4);
    const dims = new Map(many.map((p) => [p.category, p.dimensions]));
    for (let i = 0; i < drawn.length; i++) {
      for (let j = i + 1; j < drawn.length; j++) {
        const a = drawn[i];
        const b = drawn[j];
        const da = dims.get(a.category)!;
        const db = dims.get(b.category)!;
        const apartX = Math.abs((a.xCm ?? 0) - (b.xCm ?? 0)) * 2 >= da.w + db.w;
        const apartZ = (a.zCm ?? 0) + da.d <= (b.zCm ?? 0) || (b.zCm ?? 0) + db.d <= (a.zCm ?? 0);
        expect(apartX || apartZ, `${a.category}#${a.unit} and ${b.category}#${b.unit}`).toBe(true);
      }
    }
    // The nightstands flank the bed.
    const bed = find(placements, 'bed');
    const stands = placements.filter((p) => p.category === 'nightstand');
    expect(stands.map((s) => Math.sign((s.xCm ?? 0) - (bed.xCm ?? 0))).sort()).toEqual([-1, 1]);
  });

  it('reports pieces that find no floor or nothing to stand on, and draws nothing for them', () => {
    const before = photo();
    const narrow = { ...defaultFloor(W, H), left: 220, right: 260 };
    const { image, placements } = composeStaging(
      before,
      [piece('sofa-modern-mid', RED), piece('tableLamp-modern-mid', BLUE)],
      narrow,
    );
    expect(find(placements, 'sofa')).toMatchObject({ drawn: false, reason: 'noSpace' });
    expect(find(placements, 'tableLamp')).toMatchObject({ drawn: false, reason: 'noAnchor' });
    expect(sameBytes(image.data, before.data)).toBe(true);
  });

  it('keeps off the boxes of furniture already in the room', () => {
    const floor = { ...defaultFloor(W, H), obstacles: [{ x: 140, y: 150, width: 200, height: 110 }] };
    const { placements } = composeStaging(photo(), [piece('sofa-modern-mid', RED)], floor);
    const sofa = find(placements, 'sofa');
    expect(sofa.drawn).toBe(true);
    expect(sofa.xCm).not.toBe(0);
  });

  it('blends half-transparent picture pixels with the photo', () => {
    const before = photo();
    const { image, placements } = composeStaging(before, [piece('sofa-modern-mid', RED, 1, 128)]);
    const box = find(placements, 'sofa').box as PixelBox;
    const x = box.x + box.width / 2;
    const y = box.y + box.height * 0.5;
    const [r, g] = pixel(image, x, y);
    const [r0, g0] = pixel(before, x, y);
    expect(r).toBeGreaterThan(Math.min(r0, RED[0]) - 1);
    expect(r).toBeLessThan(RED[0]);
    expect(g).toBeLessThan(g0);
    expect(g).toBeGreaterThan(RED[1]);
  });

  it('is deterministic', () => {
    const a = composeStaging(photo(), living);
    const b = composeStaging(photo(), living);
    expect(b.placements).toEqual(a.placements);
    expect(sameBytes(b.image.data, a.image.data)).toBe(true);
  });
});

describe('#resizeRgba', () => {
  it('averages when shrinking and keeps transparent black out of the colour', () => {
    const src: RgbaImage = { width: 4, height: 2, data: new Uint8ClampedArray(4 * 2 * 4) };
    for (let y = 0; y < 2; y++) {
      src.data.set([255, 0, 0, 255], (y * 4 + 0) * 4);
      src.data.set([255, 0, 0, 255], (y * 4 + 1) * 4);
      src.data.set([0, 0, 255, 255], (y * 4 + 2) * 4);
      // pixel 3 stays transparent black
    }
    const out = resizeRgba(src, 2, 1);
    expect(Array.from(out.data.slice(0, 4))).toEqual([255, 0, 0, 255]);
    // Blue and transparent: the colour stays pure blue, only the alpha halves.
    expect(Array.from(out.data.slice(4, 8))).toEqual([0, 0, 255, 128]);
  });

  it('enlarges by interpolation within the source range', () => {
    const src: RgbaImage = {
      width: 2,
      height: 1,
      data: new Uint8ClampedArray([0, 0, 0, 255, 200, 200, 200, 255]),
    };
    const out = resizeRgba(src, 4, 1);
    const reds = [0, 1, 2, 3].map((i) => out.data[i * 4]);
    expect(reds).toEqual([...reds].sort((a, b) => a - b));
    expect(reds[0]).toBe(0);
    expect(reds[3]).toBe(200);
  });
});
