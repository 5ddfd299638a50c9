// The stager's rules for what does not stand on the floor: lamps and vases on a table top, textiles on the sofa
// or bed, art and mirrors on the wall above the sofa or headboard (ours, else one already there), a pendant above
// the table. Each needs a piece to go with; without one it is left out 'noAnchor'. Our own pieces come first;
// then, where the photo's classes confirm it (onRealFurniture.ts), the real sofa, bed or side table.
import { NEEDS_ONE_OF } from '../categories';
import type { CategoryId } from '../types';
import { canHang, coversOpening } from './constraints';
import { existingObstacleOf } from './existing';
import { DOOR_LABELS, WALL, WINDOW_LABELS } from '../room/labels';
import { faceGrid, faceRing, graySpread, shareOnClass, shareOnClasses } from '../room/support';
import { add, dot, fromLocal, frontOf, pointSegmentDistance, rightOf, scale } from './geometry';
import { landsOnHost, realTextileHosts, realTopSpot } from './onRealFurniture';
import { againstWall, bestWallSpot, wallFrames, type WallFrame } from './spots';
import type { PlacedPiece } from './types';
import {
  anchorsOf,
  draftOf,
  placedOf,
  type Outcome,
  type RuleContext,
  type Spot,
  type Try,
  type Unit,
} from './unit';

/** The middle of a picture hangs at eye level... */
const EYE_LEVEL_M = 1.45;
/** ...unless the piece under it is tall: then its bottom edge keeps this much above it. */
const ABOVE_PIECE_M = 0.3;
const PENDANT_BOTTOM_M = 2.0;
const SEAT_HEIGHT_M = 0.45;
const MATTRESS_TOP_M = 0.55;
/** A piece this close to a wall's foot, with its back to it, can carry a picture above it. */
const BACK_ON_WALL_M = 0.05;
/** No picture's top above this: rooms are about 2.5 m high and a four-poster bed leaves no wall above it. */
const PICTURE_TOP_MAX_M = 2.3;

const TEXTILE_HOSTS: Partial<Record<CategoryId, readonly CategoryId[]>> = {
  cushions: NEEDS_ONE_OF.cushions ?? [],
  throw: NEEDS_ONE_OF.throw ?? [],
  bedLinen: NEEDS_ONE_OF.bedLinen ?? [],
  towels: ['towelLadder', 'bed'],
};

const WALL_ANCHORS: Partial<Record<CategoryId, readonly CategoryId[]>> = {
  artwork: ['sofa', 'bed', 'sideboard', 'desk', 'diningTable'],
  mirror: ['sideboard', 'sofa', 'bed', 'desk'],
};

const PENDANT_HOSTS: readonly CategoryId[] = ['diningTable', 'coffeeTable'];

function hostsOf(ctx: RuleContext, categories: readonly CategoryId[]): PlacedPiece[] {
  return categories.flatMap((c) => placedOf(ctx, c));
}

function carries(ctx: RuleContext, host: PlacedPiece, category: CategoryId): boolean {
  return ctx.scene.placed.some((p) => p.on === host.key && p.category === category);
}

/** Where on its host a tabletop piece stands: a lamp at the back corner of a long top, else the middle. */
function onTop(host: PlacedPiece, unit: Unit): { lx: number; lz: number } {
  const { w, d } = unit.product.sizeM;
  const long = host.category === 'desk' || host.category === 'sideboard';
  if (unit.product.category !== 'tableLamp' || !long) return { lx: 0, lz: 0 };
  return {
    lx: Math.max(0, host.sizeM.w / 2 - w / 2 - 0.05),
    lz: Math.min(0, -host.sizeM.d / 2 + d / 2 + 0.05),
  };
}

/**
 * On the first free top of the hosts the category goes with (one piece per top, it must fit on it, and it must not
 * rise in front of a window or door as the photo shows it).
 */
export function tabletop(ctx: RuleContext, unit: Unit): Outcome {
  const hosts = hostsOf(ctx, NEEDS_ONE_OF[unit.product.category] ?? []);
  if (!hosts.length) return realTopSpot(ctx, unit) ?? 'noAnchor';
  const { w, d } = unit.product.sizeM;
  for (const host of hosts) {
    const taken = ctx.scene.placed.some((p) => p.on === host.key);
    if (taken || w > host.sizeM.w || d > host.sizeM.d) continue;
    const { lx, lz } = onTop(host, unit);
    const at = { ...fromLocal(host, lx, lz), rotationDeg: host.rotationDeg };
    const elevationM = host.elevationM + host.sizeM.h;
    if (coversOpening(ctx.scene, { ...at, sizeM: unit.product.sizeM }, elevationM)) continue;
    return { ...at, elevationM, on: host.key };
  }
  return realTopSpot(ctx, unit) ?? 'noSpace';
}

function textileHeight(host: PlacedPiece): number {
  if (host.category === 'bed') return Math.min(MATTRESS_TOP_M, host.sizeM.h);
  if (host.category === 'towelLadder') return host.sizeM.h / 2;
  return Math.min(SEAT_HEIGHT_M, host.sizeM.h);
}

/** How far a throw on a real bed keeps from the foot of its footprint: a footboard may stand there. */
const FOOTBOARD_M = 0.25;
/** A throw on a seat or bed lies folded in three along its length (a 170 cm throw would hang off a seat)... */
const THROW_FOLDS = 3;
/** ...and in half across where it is wider than its host; each layer is this thick. */
const THROW_LAYER_M = 0.009;
/** Above its layers, the room its wrinkles and lumps take: cloth lying on something is not a board. */
const THROW_RELIEF_M = 0.03;
/** How far a throw on a real bed may be moved from the foot towards the head to find bed under it, in steps. */
const REAL_BED_STEPS_M = [0, 0.3, 0.6, 0.9];
/**
 * A real bed's estimate longer than this ran past its foot (a footboard, a bench, a chest there is bed-coloured
 * in the classes too): its head, against the wall, is the surer end, so the throw is measured from there.
 */
const BED_LENGTH_MAX_M = 2.2;

/** The size a throw takes folded on its host: w across the host, d its folded length, h its layers and relief. */
export function foldedThrow(
  size: { w: number; h: number },
  host: PlacedPiece,
): { w: number; d: number; h: number } {
  const halved = size.w > host.sizeM.w;
  return {
    w: halved ? size.w / 2 : size.w,
    d: size.h / THROW_FOLDS,
    h: THROW_LAYER_M * THROW_FOLDS * (halved ? 2 : 1) + THROW_RELIEF_M,
  };
}

/**
 * Cushions against the back (the headboard on a bed), a throw over one end or across the foot (on a real bed, short
 * of its footboard), linen in the middle.
 */
function textileOffset(
  category: CategoryId,
  host: PlacedPiece,
  size: { d: number },
): { lx: number; lz: number } {
  const { w, d } = host.sizeM;
  const onBed = host.category === 'bed';
  if (category === 'throw' && onBed && existingObstacleOf(host.key) !== null)
    return { lx: 0, lz: d / 2 - size.d / 2 - FOOTBOARD_M };
  if (category === 'cushions')
    return { lx: 0, lz: onBed ? -d / 2 + 0.3 : host.category === 'bench' ? 0 : -d / 4 };
  if (category === 'throw')
    return onBed ? { lx: 0, lz: d / 3 } : { lx: host.category === 'sofa' ? w / 4 : 0, lz: 0 };
  if (category === 'towels' && onBed) return { lx: 0, lz: d / 3 };
  return { lx: 0, lz: 0 };
}

/**
 * On the sofa, armchair or bed (ours first, then a real one); a second set of the same goes to the next host that
 * has none yet.
 */
export function textile(ctx: RuleContext, unit: Unit): Outcome {
  const category = unit.product.category;
  const spotOn = (host: PlacedPiece, towardsHeadM = 0): Spot => {
    const sizeM = category === 'throw' ? foldedThrow(unit.product.sizeM, host) : undefined;
    const { lx, lz } = textileOffset(category, host, sizeM ?? unit.product.sizeM);
    return {
      ...fromLocal(host, lx, lz - towardsHeadM),
      rotationDeg: host.rotationDeg,
      elevationM: textileHeight(host),
      on: host.key,
      ...(sizeM ? { sizeM } : {}),
    };
  };
  const ours = hostsOf(ctx, TEXTILE_HOSTS[category] ?? []);
  const host = ours.find((h) => !carries(ctx, h, category)) ?? ours[0];
  if (host && !carries(ctx, host, category)) return spotOn(host);
  const existing = realTextileHosts(ctx, category).filter((h) => !carries(ctx, h, category));
  for (const real of existing) {
    // A real bed's foot is the least sure part of its estimate: further towards the head, the duvet is surer.
    const pastFoot = Math.max(0, real.sizeM.d - BED_LENGTH_MAX_M);
    const steps =
      real.category === 'bed' && category === 'throw' ? REAL_BED_STEPS_M.map((s) => s + pastFoot) : [0];
    for (const step of steps) {
      const spot = spotOn(real, step);
      if (landsOnHost(ctx, unit, real, spot)) return spot;
    }
  }
  if (host) return spotOn(host);
  return existing.length ? 'noSpace' : 'noAnchor';
}

/** The wall a piece has its back on, if any. */
function wallBehind(ctx: RuleContext, piece: PlacedPiece): WallFrame | undefined {
  const backMid = fromLocal(piece, 0, -piece.sizeM.d / 2);
  const front = frontOf(piece.rotationDeg);
  return wallFrames(ctx.scene).find((f) => {
    const wall = ctx.scene.room.walls[f.index]!;
    return dot(f.n, front) > 0.99 && pointSegmentDistance(backMid, wall.a, wall.b) <= BACK_ON_WALL_M;
  });
}

/** How far beyond a wall's seen foot a picture may hang, where the photo shows bare wall (a bed hides the foot). */
const HANG_REACH_M = 1.5;
/** Share of a picture's face that must show bare wall in the photo. */
const BARE_WALL_SHARE = 0.85;
/**
 * The most the grey levels over that face may spread: a wall with its shading. A thin bedpost or a lamp's stem in
 * front of the wall escapes the segmentation, not the grey levels, and a picture drawn over it would hang in
 * front of the post.
 */
const BARE_WALL_SPREAD = 18;
/**
 * A picture keeps this far from a window's or door's frame, metres: the face grown by it on every side must show
 * none. The share of bare wall alone let a picture hang over the edge of a shutter.
 */
const OPENING_CLEARANCE_M = 0.1;
const OPENING_LABELS: ReadonlySet<number> = new Set([...WINDOW_LABELS, ...DOOR_LABELS]);

/**
 * Whether the photo shows bare wall where a picture would hang: not a window, a picture already there, or real
 * furniture standing in front of a wall whose estimate is too close. True without the photo's classes.
 */
function showsBareWall(ctx: RuleContext, unit: Unit, at: Try, elevationM: number): boolean {
  const { photo, room } = ctx.scene;
  if (!photo) return true;
  const { w, h } = unit.product.sizeM;
  const right = rightOf(at.rotationDeg);
  const face = faceGrid(at, right, w, elevationM, h);
  const c = OPENING_CLEARANCE_M;
  const around = [...face, ...faceRing(at, right, w + 2 * c, elevationM - c, h + 2 * c)];
  return (
    shareOnClass(room.camera, photo.labels, face, WALL) >= BARE_WALL_SHARE &&
    shareOnClasses(room.camera, photo.labels, around, OPENING_LABELS) === 0 &&
    graySpread(room.camera, photo.gray, face) <= BARE_WALL_SPREAD
  );
}

/**
 * Above the sofa or the bed's headboard (or a sideboard, desk, table at a wall), centred on it; else centred on
 * the longest free stretch of a wall facing the camera. Never over a window or door, never behind tall furniture.
 */
export function wallPiece(ctx: RuleContext, unit: Unit): Outcome {
  const { d, h } = unit.product.sizeM;
  const eyeLevel = EYE_LEVEL_M - h / 2;
  for (const { piece: anchor, extra } of anchorsOf(
    ctx,
    WALL_ANCHORS[unit.product.category] ?? [],
    Infinity,
  )) {
    const frame = wallBehind(ctx, anchor);
    if (!frame) continue;
    const backMid = fromLocal(anchor, 0, -anchor.sizeM.d / 2);
    const at: Try = { ...add(backMid, scale(frame.n, d / 2)), rotationDeg: frame.rotationDeg };
    const elevationM = Math.max(eyeLevel, anchor.elevationM + anchor.sizeM.h + ABOVE_PIECE_M);
    if (elevationM + h > PICTURE_TOP_MAX_M) continue;
    // Hanging above existing furniture, the picture is clear of it by its height, so that footprint may lie under it.
    const draft = draftOf(
      unit,
      at,
      extra.servesObstacle === undefined ? {} : { servesObstacle: extra.servesObstacle },
    );
    if (canHang(ctx.scene, draft, elevationM) && showsBareWall(ctx, unit, at, elevationM))
      return { ...at, elevationM };
  }
  const hangAt = (f: WallFrame, t: number): Try => ({ ...againstWall(f, t, d), rotationDeg: f.rotationDeg });
  const spot = bestWallSpot(ctx.scene, {
    width: unit.product.sizeM.w,
    ...(ctx.scene.photo ? { reachM: HANG_REACH_M } : {}),
    fits: (f, t) =>
      canHang(ctx.scene, draftOf(unit, hangAt(f, t)), eyeLevel) &&
      showsBareWall(ctx, unit, hangAt(f, t), eyeLevel),
  });
  return spot ? { ...hangAt(spot.frame, spot.t), elevationM: eyeLevel } : 'noSpace';
}

/** Centred above the dining table, else the coffee table; one per table, so the n-th pendant takes the n-th. */
export function pendant(ctx: RuleContext, unit: Unit): Outcome {
  const hosts = hostsOf(ctx, PENDANT_HOSTS);
  if (!hosts.length) return 'noAnchor';
  const host = hosts[placedOf(ctx, unit.product.category).length];
  if (!host) return 'noSpace';
  // Where the photo shows the ceiling, the cord reaches it: a canopy in mid-air gives the sticker away.
  const ceiling = ctx.scene.room.ceilingM;
  const { sizeM } = unit.product;
  const drop = ceiling === undefined ? sizeM.h : Math.max(sizeM.h, ceiling - PENDANT_BOTTOM_M);
  return {
    x: host.x,
    z: host.z,
    rotationDeg: host.rotationDeg,
    elevationM: PENDANT_BOTTOM_M,
    ...(drop > sizeM.h ? { sizeM: { ...sizeM, h: drop } } : {}),
  };
}
