// The stager's rules for what does not stand on the floor: lamps and vases on a table top, textiles on the sofa
// or bed, art and mirrors on the wall above the sofa or headboard (ours, else one already there), a pendant above
// the table. Each needs a piece to go with; without one it is left out 'noAnchor'. Tabletop pieces go only on our
// own pieces (a real table's top may hold things the photo shows); cushions and a throw may also go on a real
// sofa, armchair or bed, as a stager dresses what is there, when its estimate is believable as one.
import { NEEDS_ONE_OF } from '../categories';
import type { CategoryId } from '../types';
import { LABEL_NAMES } from '../room/labels';
import { baseGrid, shareOnClass } from '../room/support';
import { canHang } from './constraints';
import { existingObstacleOf, existingOf, type ExistingAnchor } from './existing';
import { add, dot, fromLocal, frontOf, pointSegmentDistance, rightOf, scale } from './geometry';
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

/**
 * Which real furniture a textile may dress. Not bed linen (it would cover the real duvet) and no cushions on a
 * real bed (a made bed has its pillows).
 */
const EXISTING_TEXTILE_HOSTS: Partial<Record<CategoryId, readonly CategoryId[]>> = {
  cushions: ['sofa', 'armchair'],
  throw: ['bed', 'sofa', 'armchair'],
};

/**
 * The least width, depth and height (metres) of a real piece's estimate for a textile to go on it: smaller ones
 * are fragments of a segmentation (an armrest, a bed's corner), on which the textile would hang in the air.
 */
const BELIEVABLE_HOST: Partial<Record<CategoryId, { w: number; d: number; h: number }>> = {
  sofa: { w: 1.0, d: 0.5, h: 0.5 },
  armchair: { w: 0.5, d: 0.5, h: 0.5 },
  bed: { w: 0.9, d: 1.4, h: 0.35 },
};

function believable(host: PlacedPiece): boolean {
  const least = BELIEVABLE_HOST[host.category];
  const { w, d, h } = host.sizeM;
  return least !== undefined && w >= least.w && d >= least.d && h >= least.h;
}

/** A throw lies folded in three along its length; see the scene's models.ts. */
const THROW_FOLDS = 3;
/** Just above the floor, where the real piece's lowest pixels are. */
const FLOOR_PROBE_M = 0.05;
/** Share of a textile's base that must land on the real host's pixels. */
const ON_HOST_SHARE = 0.9;

/**
 * Whether a textile at `spot` lands on the real piece's pixels in the photo (its base and, for cushions, their
 * top against the backrest). Without the photo's classes nothing is put on real furniture.
 */
function landsOnHost(ctx: RuleContext, unit: Unit, host: ExistingAnchor, spot: Spot): boolean {
  const { labels, room } = ctx.scene;
  if (!labels) return false;
  const id = LABEL_NAMES.indexOf(room.obstacles[host.obstacle]!.label);
  const { w, d, h } = unit.product.sizeM;
  const throwLike = unit.product.category === 'throw';
  const y = spot.elevationM ?? 0;
  const grid = (at: number) =>
    baseGrid(
      spot,
      rightOf(spot.rotationDeg),
      frontOf(spot.rotationDeg),
      w,
      throwLike ? h / THROW_FOLDS : d,
      at,
    );
  // Its base, and the floor under it, which the real piece hides if it stands there: a pose past the real
  // piece's end would show floor below.
  const points = [...grid(y), ...grid(FLOOR_PROBE_M)];
  if (!throwLike) points.push({ x: spot.x, y: y + h * 0.9, z: spot.z });
  return id >= 0 && shareOnClass(room.camera, labels, points, id) >= ON_HOST_SHARE;
}

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

/** On the first free top of the hosts the category goes with (one piece per top, and it must fit on it). */
export function tabletop(ctx: RuleContext, unit: Unit): Outcome {
  const hosts = hostsOf(ctx, NEEDS_ONE_OF[unit.product.category] ?? []);
  if (!hosts.length) return 'noAnchor';
  const { w, d } = unit.product.sizeM;
  for (const host of hosts) {
    const taken = ctx.scene.placed.some((p) => p.on === host.key);
    if (taken || w > host.sizeM.w || d > host.sizeM.d) continue;
    const { lx, lz } = onTop(host, unit);
    return {
      ...fromLocal(host, lx, lz),
      rotationDeg: host.rotationDeg,
      elevationM: host.elevationM + host.sizeM.h,
      on: host.key,
    };
  }
  return 'noSpace';
}

function textileHeight(host: PlacedPiece): number {
  if (host.category === 'bed') return Math.min(MATTRESS_TOP_M, host.sizeM.h);
  if (host.category === 'towelLadder') return host.sizeM.h / 2;
  return Math.min(SEAT_HEIGHT_M, host.sizeM.h);
}

/** How far a throw on a real bed keeps from the foot of its footprint: a footboard may stand there. */
const FOOTBOARD_M = 0.25;

/**
 * Cushions against the back (the headboard on a bed), a throw over one end or across the foot (on a real bed, short
 * of its footboard), linen in the middle.
 */
function textileOffset(
  category: CategoryId,
  host: PlacedPiece,
  size: { h: number },
): { lx: number; lz: number } {
  const { w, d } = host.sizeM;
  const onBed = host.category === 'bed';
  if (category === 'throw' && onBed && existingObstacleOf(host.key) !== null)
    return { lx: 0, lz: d / 2 - size.h / THROW_FOLDS / 2 - FOOTBOARD_M };
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
  const spotOn = (host: PlacedPiece): Spot => {
    const { lx, lz } = textileOffset(category, host, unit.product.sizeM);
    return {
      ...fromLocal(host, lx, lz),
      rotationDeg: host.rotationDeg,
      elevationM: textileHeight(host),
      on: host.key,
    };
  };
  const ours = hostsOf(ctx, TEXTILE_HOSTS[category] ?? []);
  const host = ours.find((h) => !carries(ctx, h, category)) ?? ours[0];
  if (host && !carries(ctx, host, category)) return spotOn(host);
  const existing = (EXISTING_TEXTILE_HOSTS[category] ?? [])
    .flatMap((c) => existingOf(ctx.scene, c))
    .filter((h) => believable(h) && !carries(ctx, h, category));
  for (const real of existing) {
    const spot = spotOn(real);
    if (landsOnHost(ctx, unit, real, spot)) return spot;
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
    if (canHang(ctx.scene, draft, elevationM)) return { ...at, elevationM };
  }
  const hangAt = (f: WallFrame, t: number): Try => ({ ...againstWall(f, t, d), rotationDeg: f.rotationDeg });
  const spot = bestWallSpot(ctx.scene, {
    width: unit.product.sizeM.w,
    fits: (f, t) => canHang(ctx.scene, draftOf(unit, hangAt(f, t)), eyeLevel),
  });
  return spot ? { ...hangAt(spot.frame, spot.t), elevationM: eyeLevel } : 'noSpace';
}

/** Centred above the dining table, else the coffee table; one per table, so the n-th pendant takes the n-th. */
export function pendant(ctx: RuleContext, unit: Unit): Outcome {
  const hosts = hostsOf(ctx, PENDANT_HOSTS);
  if (!hosts.length) return 'noAnchor';
  const host = hosts[placedOf(ctx, unit.product.category).length];
  if (!host) return 'noSpace';
  return { x: host.x, z: host.z, rotationDeg: host.rotationDeg, elevationM: PENDANT_BOTTOM_M };
}
