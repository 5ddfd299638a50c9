// The builtin renderer's pure part: places the chosen products' pictures into a room photo on the floor, at the
// scale a simple pinhole camera gives (camera at CAMERA_HEIGHT_CM, horizon and back floor line from the caller or
// a fallback), big pieces against the back wall, companions beside or in front of their anchor, rugs under them,
// pictures and mirrors on the wall, lamps hanging above; with soft contact shadows, alpha-composited. Pixels
// outside the placed pictures, their shadows and pendant cords are left exactly as they were.
import type { RgbaImage } from '../imaging/types';
import { pictureFrame, type PictureFrame } from './art';
import { resizeRgba } from './resample';
import type { CatalogItem, CategoryId, Dimensions } from './types';

/** Where a camera is held when photographing a room for a listing, in centimetres above the floor. */
export const CAMERA_HEIGHT_CM = 140;
/**
 * Focal length as a share of the image width: about 78 degrees horizontal view, between a phone's main camera
 * (about 69) and the wide-angle lenses listing photographers use (75 to 95), so a back wall lands 4 to 6 m away.
 */
export const FOCAL_SHARE = 0.62;
/** Free space kept between pieces on the floor, centimetres. */
export const GAP_CM = 12;
/** The most of a placed piece's picture that a piece put in front of it may cover. */
export const MAX_HIDDEN_SHARE = 0.3;

/** A box in pixels, top-left origin. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the caller knows about the floor, in pixels of the photo. */
export interface FloorEstimate {
  /** The line where the floor meets the back wall. */
  backLineY: number;
  /** The free floor's left and right ends along the back line. */
  left: number;
  right: number;
  /** Eye level (where the floor would vanish); default 0.42 of the height, and always above the back line. */
  horizonY?: number;
  /** The nearest usable floor row; default the image's bottom edge. */
  frontY?: number;
  /** Things already in the room (the detector's furniture boxes) that new pieces should not cover. */
  obstacles?: PixelBox[];
}

/** The fallback when the caller has no floor evidence: the floor is the lower third of the frame. */
export function defaultFloor(width: number, height: number): FloorEstimate {
  return {
    backLineY: Math.round((height * 2) / 3),
    left: Math.round(width * 0.08),
    right: Math.round(width * 0.92),
    horizonY: Math.round(height * 0.42),
    frontY: height,
  };
}

/** One product to place: its catalogue facts, how many, and its picture (any resolution, transparent around). */
export interface StagingPiece {
  id: string;
  category: CategoryId;
  dimensions: Dimensions;
  frame: PictureFrame;
  quantity: number;
  picture: RgbaImage;
}

export function pieceFromItem(item: CatalogItem, picture: RgbaImage, quantity = 1): StagingPiece {
  return {
    id: item.id,
    category: item.category,
    dimensions: item.dimensions,
    frame: pictureFrame(item),
    quantity,
    picture,
  };
}

export type NotDrawnReason = 'noSpace' | 'noAnchor';

export interface PlacedUnit {
  id: string;
  category: CategoryId;
  /** 0-based unit of a piece bought several times (4 chairs). */
  unit: number;
  drawn: boolean;
  reason?: NotDrawnReason;
  /** Every pixel the unit changed lies inside these boxes (picture, shadow, cord). */
  boxes: PixelBox[];
  /** The picture's box. */
  box?: PixelBox;
  /** Room position: centre across (0 = floor centre) and the back face's distance from the back wall, cm. */
  xCm?: number;
  zCm?: number;
}

export interface ComposeResult {
  image: RgbaImage;
  placements: PlacedUnit[];
}

// --- relations between pieces: who stands beside, in front of, under, on or above whom ---

const BESIDE: Partial<Record<CategoryId, CategoryId[]>> = {
  nightstand: ['bed'],
  diningChair: ['diningTable'],
  armchair: ['sofa'],
  sideTable: ['sofa', 'armchair', 'lounger'],
  lantern: ['lounger', 'bistroSet', 'sofa'],
  plant: ['sofa', 'sideboard', 'tvBoard', 'desk', 'bed'],
  floorLamp: ['armchair', 'sofa', 'bed'],
};
const IN_FRONT: Partial<Record<CategoryId, [CategoryId[], number]>> = {
  coffeeTable: [['sofa', 'armchair'], 40],
  officeChair: [['desk'], -15],
  bench: [['bed'], 10],
  diningChair: [['diningTable'], -20],
};
const UNDER: Partial<Record<CategoryId, CategoryId[]>> = {
  rug: ['coffeeTable', 'diningTable', 'bed', 'sofa', 'desk'],
  outdoorRug: ['bistroSet', 'lounger'],
};
/** Sits on the anchor at this height above the floor (cm); negative means the anchor's own height. */
const ON: Partial<Record<CategoryId, [CategoryId[], number]>> = {
  tableLamp: [['nightstand', 'sideTable', 'desk', 'sideboard'], -1],
  vase: [['diningTable', 'coffeeTable', 'sideboard', 'sideTable', 'kitchenCart', 'tvBoard'], -1],
  cushions: [['sofa', 'armchair', 'bed', 'bench'], 40],
  throw: [['sofa', 'armchair', 'bed'], 42],
  bedLinen: [['bed'], 56],
  towels: [['towelLadder', 'laundryBasket'], 70],
};
const WALL_ABOVE: CategoryId[] = ['sofa', 'bed', 'sideboard', 'tvBoard', 'desk', 'bench', 'diningTable'];
const CEILING_ABOVE: CategoryId[] = ['diningTable', 'coffeeTable', 'bistroSet', 'desk'];

// --- the camera ---

interface Camera {
  horizon: number;
  focal: number;
  backDistance: number;
  centreX: number;
  halfWidthCm: number;
  zMax: number;
}

function cameraFor(photo: RgbaImage, floor: FloorEstimate): Camera {
  const backLineY = Math.min(photo.height - 2, Math.max(2, floor.backLineY));
  const horizon = Math.min(
    floor.horizonY ?? photo.height * 0.42,
    backLineY - Math.max(4, photo.height * 0.05),
  );
  const frontY = Math.max(backLineY + 1, Math.min(photo.height, floor.frontY ?? photo.height));
  const backScale = (backLineY - horizon) / CAMERA_HEIGHT_CM;
  const focal = FOCAL_SHARE * photo.width;
  const backDistance = focal / backScale;
  const nearest = (focal * CAMERA_HEIGHT_CM) / (frontY - horizon);
  return {
    horizon,
    focal,
    backDistance,
    centreX: (floor.left + floor.right) / 2,
    halfWidthCm: Math.max(0, (floor.right - floor.left) / 2 / backScale),
    zMax: Math.max(0, backDistance - Math.max(nearest, 80)),
  };
}

/** Pixels per centimetre at z cm in front of the back wall. */
const scaleAt = (cam: Camera, z: number): number => cam.focal / (cam.backDistance - z);
/** The image row of the floor at z cm in front of the back wall. */
const floorY = (cam: Camera, z: number): number => cam.horizon + scaleAt(cam, z) * CAMERA_HEIGHT_CM;
const columnX = (cam: Camera, xCm: number, z: number): number => cam.centreX + xCm * scaleAt(cam, z);

// --- layout in room coordinates ---

interface Footprint {
  x: number;
  z: number;
  w: number;
  d: number;
  h: number;
  category: CategoryId;
  /** The picture's box in the photo. */
  box: PixelBox;
}

interface Unit {
  piece: StagingPiece;
  unit: number;
}

function overlaps(a: Footprint, b: { x: number; z: number; w: number; d: number }, gap: number): boolean {
  return (
    Math.abs(a.x - b.x) * 2 < a.w + b.w + 2 * gap - 1e-6 &&
    a.z < b.z + b.d + gap - 1e-6 &&
    b.z < a.z + a.d + gap - 1e-6
  );
}

function boxOverlapShare(a: PixelBox, b: PixelBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? (w * h) / Math.max(1, a.width * a.height) : 0;
}

/** The picture box of a floor piece whose back face is z cm from the wall. */
function floorBox(cam: Camera, piece: StagingPiece, x: number, z: number): PixelBox {
  const front = z + piece.dimensions.d;
  const s = scaleAt(cam, front);
  const width = piece.frame.widthCm * s;
  const height = piece.frame.heightCm * s;
  const bottom = floorY(cam, front);
  return { x: columnX(cam, x, front) - width / 2, y: bottom - height, width, height };
}

function fits(
  cam: Camera,
  photo: RgbaImage,
  piece: StagingPiece,
  x: number,
  z: number,
  placed: Footprint[],
  obstacles: PixelBox[],
): boolean {
  const { w, d } = piece.dimensions;
  if (z < 0 || z + d > cam.zMax) return false;
  if (Math.abs(x) + w / 2 > cam.halfWidthCm + 1e-6) return false;
  const probe = { x, z, w, d };
  if (placed.some((p) => overlaps(p, probe, GAP_CM))) return false;
  const box = floorBox(cam, piece, x, z);
  if (box.x < 0 || box.x + box.width > photo.width || box.y < 0) return false;
  if (obstacles.some((o) => boxOverlapShare(box, o) > 0.25)) return false;
  // A piece in front must not hide much of one behind it (a coffee table in front of the sofa is low enough).
  return !placed.some((p) => p.z + p.d <= z && boxOverlapShare(p.box, box) > MAX_HIDDEN_SHARE);
}

/** The free spot nearest the back wall and the floor's centre line, on a 10 cm grid. */
function freeSpot(
  cam: Camera,
  photo: RgbaImage,
  piece: StagingPiece,
  placed: Footprint[],
  obstacles: PixelBox[],
): { x: number; z: number } | null {
  const step = 10;
  for (let z = 0; z + piece.dimensions.d <= cam.zMax; z += 20) {
    for (let k = 0; k * step <= cam.halfWidthCm; k++) {
      for (const x of k === 0 ? [0] : [k * step, -k * step]) {
        if (fits(cam, photo, piece, x, z, placed, obstacles)) return { x, z };
      }
    }
  }
  return null;
}

function findAnchor(
  placed: Footprint[],
  categories: readonly CategoryId[] | undefined,
): Footprint | undefined {
  if (!categories) return undefined;
  for (const category of categories) {
    const hit = placed.find((p) => p.category === category);
    if (hit) return hit;
  }
  return undefined;
}

// --- pixels ---

/** Darkens an elliptical soft spot: the contact shadow. Returns the box it may have changed. */
function shadowEllipse(
  image: RgbaImage,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  strength: number,
): PixelBox {
  const x0 = Math.max(0, Math.floor(cx - rx));
  const x1 = Math.min(image.width - 1, Math.ceil(cx + rx));
  const y0 = Math.max(0, Math.floor(cy - ry));
  const y1 = Math.min(image.height - 1, Math.ceil(cy + ry));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = (x + 0.5 - cx) / rx;
      const dy = (y + 0.5 - cy) / ry;
      const t = dx * dx + dy * dy;
      if (t >= 1) continue;
      const k = 1 - strength * (1 - t) * (1 - t);
      const i = (y * image.width + x) * 4;
      image.data[i] *= k;
      image.data[i + 1] *= k;
      image.data[i + 2] *= k;
    }
  }
  return { x: x0, y: y0, width: Math.max(0, x1 - x0 + 1), height: Math.max(0, y1 - y0 + 1) };
}

/** Alpha-composites `src` over `dst` with its top-left at (left, top); returns the box it may have changed. */
function drawOver(dst: RgbaImage, src: RgbaImage, left: number, top: number): PixelBox {
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(dst.width, left + src.width);
  const y1 = Math.min(dst.height, top + src.height);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const s = ((y - top) * src.width + (x - left)) * 4;
      const a = src.data[s + 3] / 255;
      if (a === 0) continue;
      const d = (y * dst.width + x) * 4;
      const da = dst.data[d + 3] / 255;
      const outA = a + da * (1 - a);
      for (let c = 0; c < 3; c++) {
        dst.data[d + c] = (src.data[s + c] * a + dst.data[d + c] * da * (1 - a)) / outA;
      }
      dst.data[d + 3] = outA * 255;
    }
  }
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

function drawPicture(image: RgbaImage, picture: RgbaImage, box: PixelBox): PixelBox {
  const left = Math.round(box.x);
  const top = Math.round(box.y);
  const width = Math.max(1, Math.round(box.x + box.width) - left);
  const height = Math.max(1, Math.round(box.y + box.height) - top);
  return drawOver(image, resizeRgba(picture, width, height), left, top);
}

/** A thin dark vertical line from the top edge down to y: a pendant's cord. */
function drawCord(image: RgbaImage, x: number, toY: number, widthPx: number): PixelBox {
  const x0 = Math.max(0, Math.round(x - widthPx / 2));
  const x1 = Math.min(image.width, x0 + Math.max(1, Math.round(widthPx)));
  const y1 = Math.min(image.height, Math.max(0, Math.round(toY)));
  for (let y = 0; y < y1; y++) {
    for (let px = x0; px < x1; px++) {
      const i = (y * image.width + px) * 4;
      image.data[i] = image.data[i + 1] = image.data[i + 2] = 40;
    }
  }
  return { x: x0, y: 0, width: x1 - x0, height: y1 };
}

// --- the composition ---

interface Draw {
  key: number;
  run: () => PixelBox[];
  unit: PlacedUnit;
}

/**
 * The photo with the pieces placed; the input photo is not changed. Pieces that find no place (no free floor,
 * or a lamp without a table to stand on) are listed with drawn false and the reason.
 */
export function composeStaging(
  photo: RgbaImage,
  pieces: readonly StagingPiece[],
  floorEstimate: FloorEstimate = defaultFloor(photo.width, photo.height),
): ComposeResult {
  const image: RgbaImage = { width: photo.width, height: photo.height, data: photo.data.slice() };
  const cam = cameraFor(photo, floorEstimate);
  const obstacles = floorEstimate.obstacles ?? [];
  const units: Unit[] = pieces.flatMap((piece) =>
    Array.from({ length: Math.max(1, Math.floor(piece.quantity)) }, (_, unit) => ({ piece, unit })),
  );
  const placed: Footprint[] = [];
  const draws: Draw[] = [];
  const notDrawn: PlacedUnit[] = [];
  const base = (u: Unit): PlacedUnit => ({
    id: u.piece.id,
    category: u.piece.category,
    unit: u.unit,
    drawn: true,
    boxes: [],
  });
  const skip = (u: Unit, reason: NotDrawnReason): void => {
    notDrawn.push({ ...base(u), drawn: false, reason });
  };

  const placeFloor = (u: Unit, x: number, z: number): void => {
    const { piece } = u;
    const { w, d, h } = piece.dimensions;
    const footprint: Footprint = { x, z, w, d, h, category: piece.category, box: floorBox(cam, piece, x, z) };
    placed.push(footprint);
    const unit = { ...base(u), xCm: x, zCm: z };
    draws.push({
      key: z + d,
      unit,
      run: () => {
        const box = floorBox(cam, piece, x, z);
        const sBack = scaleAt(cam, z);
        const sFront = scaleAt(cam, z + d);
        const yBack = floorY(cam, z);
        const yFront = floorY(cam, z + d);
        const cx = columnX(cam, x, z + d / 2);
        const spread = Math.max(sBack, sFront);
        const boxes = [
          shadowEllipse(
            image,
            cx,
            (yBack + yFront) / 2,
            (w / 2 + 6) * spread,
            Math.max(2, (yFront - yBack) / 2 + 3),
            0.35,
          ),
          shadowEllipse(
            image,
            columnX(cam, x, z + d),
            yFront - 1,
            (w / 2) * sFront,
            Math.max(2, 4 * sFront),
            0.3,
          ),
          drawPicture(image, piece.picture, box),
        ];
        unit.box = box;
        return boxes;
      },
    });
  };

  const isFloor = (u: Unit): boolean => u.piece.frame.placement === 'floor';
  const targets = (c: CategoryId): CategoryId[] => [...(BESIDE[c] ?? []), ...(IN_FRONT[c]?.[0] ?? [])];
  const area = (p: StagingPiece): number => p.dimensions.w * p.dimensions.h;
  // Anchors first, biggest first, so they take the back wall; each followed by the pieces that go beside or in
  // front of it, before the next anchor can take their spot.
  const floorUnits = units.filter(isFloor);
  const anchors = floorUnits
    .filter((u) => targets(u.piece.category).length === 0)
    .sort((a, b) => area(b.piece) - area(a.piece));
  const queue: Unit[] = [];
  for (const anchor of anchors) {
    if (!queue.includes(anchor)) queue.push(anchor);
    for (const u of floorUnits) {
      if (!queue.includes(u) && targets(u.piece.category).includes(anchor.piece.category)) queue.push(u);
    }
  }
  for (const u of floorUnits) if (!queue.includes(u)) queue.push(u);
  for (const u of queue) {
    const related = targets(u.piece.category).length > 0;
    if (!related) {
      const spot = freeSpot(cam, photo, u.piece, placed, obstacles);
      if (spot) placeFloor(u, spot.x, spot.z);
      else skip(u, 'noSpace');
      continue;
    }
    const { w, d } = u.piece.dimensions;
    const tries: Array<{ x: number; z: number }> = [];
    const beside = findAnchor(placed, BESIDE[u.piece.category]);
    if (beside) {
      const z = beside.z + Math.max(0, (beside.d - d) / 2) * (beside.category === 'bed' ? 0 : 1);
      const offset = beside.w / 2 + GAP_CM + w / 2;
      tries.push({ x: beside.x + offset, z }, { x: beside.x - offset, z });
    }
    const front = IN_FRONT[u.piece.category];
    const before = front ? findAnchor(placed, front[0]) : undefined;
    if (front && before) {
      const z = before.z + before.d + Math.max(GAP_CM, front[1]);
      for (const dx of [0, -(w + GAP_CM), w + GAP_CM, -2 * (w + GAP_CM), 2 * (w + GAP_CM)])
        tries.push({ x: before.x + dx, z });
    }
    const spot =
      tries.find((t) => fits(cam, photo, u.piece, t.x, t.z, placed, obstacles)) ??
      freeSpot(cam, photo, u.piece, placed, obstacles);
    if (spot) placeFloor(u, spot.x, spot.z);
    else skip(u, 'noSpace');
  }

  for (const u of units) {
    const { piece } = u;
    const { w, d, h } = piece.dimensions;
    const placement = piece.frame.placement;
    if (placement === 'floor') continue;
    if (placement === 'flat') {
      const anchor = findAnchor(placed, UNDER[piece.category]);
      const zCentre = anchor ? anchor.z + anchor.d / 2 : Math.min(cam.zMax / 2, 150);
      const z = Math.max(0, Math.min(cam.zMax - d, zCentre - d / 2));
      const x = Math.max(-cam.halfWidthCm + w / 2, Math.min(cam.halfWidthCm - w / 2, anchor?.x ?? 0));
      if (z + d > cam.zMax || w > 2 * cam.halfWidthCm) {
        skip(u, 'noSpace');
        continue;
      }
      const unit = { ...base(u), xCm: x, zCm: z };
      draws.push({
        key: -1, // under everything standing
        unit,
        run: () => {
          const s = scaleAt(cam, z + d);
          const top = floorY(cam, z);
          const bottom = floorY(cam, z + d);
          const box = {
            x: columnX(cam, x, z + d) - (w * s) / 2,
            y: top,
            width: w * s,
            height: Math.max(2, bottom - top),
          };
          unit.box = box;
          return [drawPicture(image, piece.picture, box)];
        },
      });
      continue;
    }
    if (placement === 'wall') {
      const anchor = findAnchor(
        placed,
        WALL_ABOVE.filter((c) => placed.some((p) => p.category === c && p.z < 30)),
      );
      const bottomCm = anchor ? anchor.h + 25 : Math.max(60, 150 - h / 2);
      const taken = draws.filter((dr) => dr.key === -2).map((dr) => dr.unit.xCm ?? 0);
      const xs = [anchor?.x ?? 0];
      for (let k = 1; k * 20 <= cam.halfWidthCm; k++) xs.push(k * 20, -k * 20);
      const x = xs.find(
        (cand) =>
          Math.abs(cand) + w / 2 <= cam.halfWidthCm &&
          taken.every((other) => Math.abs(other - cand) > w + 20) &&
          !placed.some((p) => p.z < 30 && p.h > bottomCm && Math.abs(p.x - cand) * 2 < p.w + w),
      );
      if (x === undefined) {
        skip(u, 'noSpace');
        continue;
      }
      const unit = { ...base(u), xCm: x, zCm: 0 };
      draws.push({
        key: -2, // on the wall, behind everything
        unit,
        run: () => {
          const s = scaleAt(cam, 0);
          const bottom = floorY(cam, 0) - bottomCm * s;
          const box = { x: columnX(cam, x, 0) - (w * s) / 2, y: bottom - h * s, width: w * s, height: h * s };
          unit.box = box;
          const shadow = shadowEllipse(
            image,
            box.x + box.width / 2 + 2 * s,
            box.y + box.height / 2 + 3 * s,
            box.width / 2 + 3 * s,
            box.height / 2 + 3 * s,
            0.18,
          );
          return [shadow, drawPicture(image, piece.picture, box)];
        },
      });
      continue;
    }
    if (placement === 'ceiling') {
      const anchor = findAnchor(placed, CEILING_ABOVE);
      const z = anchor ? anchor.z + anchor.d / 2 : Math.min(cam.zMax / 2, 120);
      const x = anchor?.x ?? 0;
      const bottomCm = anchor?.category === 'diningTable' ? 150 : 185;
      const unit = { ...base(u), xCm: x, zCm: z };
      draws.push({
        key: z,
        unit,
        run: () => {
          const s = scaleAt(cam, z);
          const bottom = floorY(cam, z) - bottomCm * s;
          const box = {
            x: columnX(cam, x, z) - (piece.frame.widthCm * s) / 2,
            y: bottom - piece.frame.heightCm * s,
            width: piece.frame.widthCm * s,
            height: piece.frame.heightCm * s,
          };
          unit.box = box;
          return [
            drawCord(image, box.x + box.width / 2, box.y + 1, Math.max(1, 0.8 * s)),
            drawPicture(image, piece.picture, box),
          ];
        },
      });
      continue;
    }
    // tabletop and textile: on an anchor, or not drawn.
    const on = ON[piece.category];
    const anchor = on ? findAnchor(placed, on[0]) : undefined;
    if (!on || !anchor) {
      skip(u, 'noAnchor');
      continue;
    }
    const heightCm = on[1] < 0 ? anchor.h : Math.min(on[1], anchor.h);
    // A front view shows no table top: a lamp or vase stands on the top's front edge, so it visibly rests on it.
    const z = anchor.z + anchor.d * (placement === 'textile' ? 0.75 : 1);
    const x =
      anchor.x +
      (piece.category === 'throw' ? anchor.w / 2 - 25 : piece.category === 'cushions' ? -anchor.w / 4 : 0);
    const unit = { ...base(u), xCm: x, zCm: z };
    draws.push({
      key: anchor.z + anchor.d + 0.5,
      unit,
      run: () => {
        const s = scaleAt(cam, z);
        const bottom = floorY(cam, z) - heightCm * s;
        const fw = piece.frame.widthCm * s;
        const box = {
          x: columnX(cam, x, z) - fw / 2,
          y: bottom - piece.frame.heightCm * s,
          width: fw,
          height: piece.frame.heightCm * s,
        };
        unit.box = box;
        const boxes =
          placement === 'tabletop'
            ? [shadowEllipse(image, box.x + fw / 2, bottom, fw * 0.45, Math.max(1.5, 2 * s), 0.3)]
            : [];
        return [...boxes, drawPicture(image, piece.picture, box)];
      },
    });
  }

  // Painter's order: wall, rugs, then standing pieces from the back to the front.
  const ordered = draws.map((dr, i) => ({ dr, i })).sort((a, b) => a.dr.key - b.dr.key || a.i - b.i);
  for (const { dr } of ordered) dr.unit.boxes = dr.run().filter((b) => b.width > 0 && b.height > 0);
  return { image, placements: [...draws.map((dr) => dr.unit), ...notDrawn] };
}
