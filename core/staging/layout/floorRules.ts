// The stager's rules for pieces on the floor: big pieces back to a wall facing the room, companions beside what
// they serve (nightstands, coffee table, armchair, lamps, chairs, stools), our own pieces first, else the furniture
// already there; small pieces in a free corner; rugs and mats centred under what they belong to, or in front of
// existing furniture. Each rule returns a spot or why there is none.
import type { FloorPoint } from '../room/types';
import type { CategoryId } from '../types';
import { canStand, visibleShare } from './constraints';
import {
  add,
  centroid,
  dot,
  footprint,
  fromLocal,
  frontOf,
  length,
  normalize,
  rightOf,
  rotationFacing,
  scale,
  sub,
} from './geometry';
import { existingOf, hasExisting } from './existing';
import { againstWall, bestWallSpot, cornerSpots, inCorner, nearestFitting, type WallFrame } from './spots';
import type { PlacedPiece } from './types';
import {
  anchorsOf,
  besideAnchor,
  chosen,
  draftOf,
  firstPlaced,
  firstStanding,
  placedOf,
  type Outcome,
  type RuleContext,
  type Anchor,
  type Try,
  type Unit,
} from './unit';

const NIGHTSTAND_GAPS_M = [0.05, 0.1, 0.15, 0.2];
/** Existing furniture's footprint is rough: beside it we also try a little further out. */
const EXISTING_EXTRA_GAPS_M = [0.3];
/** Gap between a rug and the existing furniture it lies in front of or beside. */
const RUG_GAP_M = 0.1;
/**
 * How far a rug by existing furniture may move to fit: the photo shows the floor as a wedge turned against the
 * room's axes, so the nearest fitting spot is often a little off the ideal; it still lies by the same furniture.
 */
const EXISTING_RUG_SLACK_M = 0.9;
const COFFEE_TABLE_GAPS_M = [0.45, 0.4, 0.5, 0.35, 0.55];
const ARMCHAIR_GAPS_M = [0.45, 0.35, 0.6];
const SEAT_SHIFTS_M = [0, 0.2, -0.2];
const FOOT_GAPS_M = [0.1, 0.2, 0.05];
const CHAIR_GAP_M = 0.05;
const SEAT_WIDTH_M = 0.6;
const STOOL_SPACING_M = 0.6;
/** How much of the sofa's front stands on the rug. */
const SOFA_ON_RUG_M = 0.3;
/** How far a rug may move from its ideal spot to fit and still belong to its group. */
const RUG_SLACK_M = 0.5;
/** Weight of being seen whole against the other spot scores. */
const VISIBLE_WEIGHT = 2;

/** ADE20K names of what bar stools stand at. */
const COUNTER_LABELS = ['cabinet', 'counter', 'countertop', 'kitchen island'];
/** ADE20K names of what a bath mat lies in front of. */
const BATH_LABELS = ['bathtub', 'tub', 'shower', 'sink'];

interface WallOptions {
  /** A larger box that must fit first (the bed with its nightstands), then the piece alone. */
  envelopes?: { w: number; d: number }[];
  walls?: (frame: WallFrame) => boolean;
  bonus?: (frame: WallFrame, t: number) => number;
}

/** Back to a wall, facing the room: the longest free stretch of a wall facing the camera, centred on it. */
export function atWall(ctx: RuleContext, unit: Unit, options: WallOptions = {}): Outcome {
  const size = unit.product.sizeM;
  for (const box of [...(options.envelopes ?? []), size]) {
    const boxAt = (f: WallFrame, t: number): Try => ({
      ...againstWall(f, t, box.d),
      rotationDeg: f.rotationDeg,
    });
    const pieceAt = (f: WallFrame, t: number): Try => ({
      ...againstWall(f, t, size.d),
      rotationDeg: f.rotationDeg,
    });
    const spot = bestWallSpot(ctx.scene, {
      width: box.w,
      fits: (f, t) => canStand(ctx.scene, draftOf(unit, boxAt(f, t), { sizeM: { ...size, ...box } })),
      ...(options.walls ? { walls: options.walls } : {}),
      bonus: (f, t) =>
        VISIBLE_WEIGHT * visibleShare(ctx.scene.room, { ...pieceAt(f, t), sizeM: size }, 0) +
        (options.bonus ? options.bonus(f, t) : 0),
    });
    if (spot && canStand(ctx.scene, draftOf(unit, pieceAt(spot.frame, spot.t))))
      return pieceAt(spot.frame, spot.t);
  }
  return 'noSpace';
}

/** Room the bed's nightstands, the sofa's coffee table, the table's chairs or the desk's chair will need. */
function envelopesFor(ctx: RuleContext, unit: Unit): { w: number; d: number }[] {
  const { w, d } = unit.product.sizeM;
  const companion = (category: CategoryId) => chosen(ctx, category)?.sizeM;
  switch (unit.product.category) {
    case 'bed': {
      const ns = companion('nightstand');
      return ns ? [{ w: w + 2 * (ns.w + NIGHTSTAND_GAPS_M[0]!), d }] : [];
    }
    case 'sofa': {
      const ct = companion('coffeeTable');
      return ct ? [{ w: Math.max(w, ct.w), d: d + COFFEE_TABLE_GAPS_M[0]! + ct.d }] : [];
    }
    case 'diningTable': {
      const chair = companion('diningChair');
      return chair ? [{ w: w + 2 * (chair.d + CHAIR_GAP_M), d: d + chair.d + CHAIR_GAP_M }] : [];
    }
    case 'desk': {
      const chair = companion('officeChair');
      return chair ? [{ w, d: d + FOOT_GAPS_M[0]! + chair.d }] : [];
    }
    default:
      return [];
  }
}

export function anchorAtWall(ctx: RuleContext, unit: Unit): Outcome {
  return atWall(ctx, unit, { envelopes: envelopesFor(ctx, unit) });
}

/** A bedroom has one bed: with one there already, ours stays out. */
export function bed(ctx: RuleContext, unit: Unit): Outcome {
  return hasExisting(ctx.scene, 'bed') ? 'noSpace' : anchorAtWall(ctx, unit);
}

function gapsFor(anchor: Anchor, gaps: readonly number[]): number[] {
  return anchor.extra.servesObstacle === undefined ? [...gaps] : [...gaps, ...EXISTING_EXTRA_GAPS_M];
}

/** The first anchor, in the stager's order, that has a standing spot among its tries. */
function firstAround(
  ctx: RuleContext,
  unit: Unit,
  anchors: readonly Anchor[],
  triesFor: (anchor: Anchor) => Try[],
): Outcome {
  if (!anchors.length) return 'noAnchor';
  for (const anchor of anchors) {
    const spot = firstStanding(ctx, unit, triesFor(anchor), anchor.extra);
    if (spot) return spot;
  }
  return 'noSpace';
}

/** Opposite the sofa and in line with it; failing that on a side wall; never on the sofa's own wall. */
export function tvBoard(ctx: RuleContext, unit: Unit): Outcome {
  const sofa = firstPlaced(ctx, ['sofa']);
  if (!sofa) return atWall(ctx, unit);
  const sofaFront = frontOf(sofa.rotationDeg);
  // In line with the sofa counts twice as much as centring on the wall.
  const inLine = (f: WallFrame, t: number) => -2 * Math.abs(dot(sub(sofa, f.a), f.u) - t);
  const opposite = atWall(ctx, unit, { walls: (f) => dot(f.n, sofaFront) < -0.9, bonus: inLine });
  if (opposite !== 'noSpace') return opposite;
  return atWall(ctx, unit, { walls: (f) => Math.abs(dot(f.n, sofaFront)) < 0.1 });
}

/** Both sides of the bed, backs in line with the headboard; the first unit takes the left side. */
export function nightstand(ctx: RuleContext, unit: Unit): Outcome {
  const { w, d } = unit.product.sizeM;
  const sides = unit.unit % 2 === 0 ? [-1, 1] : [1, -1];
  return firstAround(ctx, unit, anchorsOf(ctx, ['bed']), (anchor) => {
    const bed = anchor.piece;
    return sides.flatMap((s) =>
      gapsFor(anchor, NIGHTSTAND_GAPS_M).map((gap) =>
        besideAnchor(bed, s * (bed.sizeM.w / 2 + gap + w / 2), -bed.sizeM.d / 2 + d / 2),
      ),
    );
  });
}

export function coffeeTable(ctx: RuleContext, unit: Unit): Outcome {
  const d = unit.product.sizeM.d;
  return firstAround(ctx, unit, anchorsOf(ctx, ['sofa']), ({ piece: sofa }) =>
    COFFEE_TABLE_GAPS_M.map((gap) => besideAnchor(sofa, 0, sofa.sizeM.d / 2 + gap + d / 2)),
  );
}

/**
 * The sides of the sofa in the order a stager tries an armchair there: where the chair, turned to the table,
 * faces the camera (the photo shows its front, not its back), then the side towards the middle of the floor.
 */
function armchairSides(ctx: RuleContext, sofa: PlacedPiece): number[] {
  // The chair on side s looks along -s times the sofa's width axis.
  const facing = (s: number) => -s * dot(rightOf(sofa.rotationDeg), ctx.scene.toCamera);
  const middle = centroid(ctx.scene.room.floor);
  const away = (s: number) => length(sub(fromLocal(sofa, s, 0), middle));
  const key = (s: number) => [Math.round(facing(s) * 1e6), -away(s)] as const;
  const [a, b] = [key(1), key(-1)];
  return a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]) ? [1, -1] : [-1, 1];
}

/** The coffee table standing in front of this sofa, if any: a table elsewhere in the room is not its table. */
function tableOf(ctx: RuleContext, sofa: PlacedPiece): PlacedPiece | undefined {
  return placedOf(ctx, 'coffeeTable').find((t) => {
    const rel = sub(t, sofa);
    return dot(rel, frontOf(sofa.rotationDeg)) > 0 && Math.abs(dot(rel, rightOf(sofa.rotationDeg))) < 0.3;
  });
}

/** At the side of the coffee table, turned towards it; without a sofa, back to a wall like any chair. */
export function armchair(ctx: RuleContext, unit: Unit): Outcome {
  const sofas = anchorsOf(ctx, ['sofa']);
  if (!sofas.length) return atWall(ctx, unit);
  const { d } = unit.product.sizeM;
  return firstAround(ctx, unit, sofas, ({ piece: sofa }) => {
    const table = tableOf(ctx, sofa);
    // Without a coffee table the chair still sits where the table's side would be.
    const tableW = table?.sizeM.w ?? 1;
    const tableZ = table
      ? dot(sub(table, sofa), frontOf(sofa.rotationDeg))
      : sofa.sizeM.d / 2 + COFFEE_TABLE_GAPS_M[0]! + 0.3;
    const tries: Try[] = [];
    for (const s of armchairSides(ctx, sofa)) {
      for (const gap of ARMCHAIR_GAPS_M) {
        for (const shift of SEAT_SHIFTS_M) {
          // Facing the table: the chair on the sofa's +X side looks along -X.
          tries.push(besideAnchor(sofa, s * (tableW / 2 + gap + d / 2), tableZ + shift, s > 0 ? -90 : 90));
        }
      }
    }
    return tries;
  });
}

/** Our sofa and armchairs, then the existing ones: what a side table or a floor lamp goes beside. */
function seatAnchors(ctx: RuleContext): Anchor[] {
  const ours = anchorsOf(ctx, ['sofa', 'armchair'], Infinity).filter((a) => a.extra.group === undefined);
  const sofa = ours.filter((a) => a.piece.category === 'sofa').slice(0, 1);
  const chairs = ours.filter((a) => a.piece.category === 'armchair');
  const existing = anchorsOf(ctx, ['sofa', 'armchair'], 0);
  return [...sofa, ...chairs, ...existing];
}

/** Beside a sofa end, back in line with the sofa's, or beside an armchair. */
export function sideTable(ctx: RuleContext, unit: Unit): Outcome {
  const { w, d } = unit.product.sizeM;
  return firstAround(ctx, unit, seatAnchors(ctx), (anchor) => {
    const seat = anchor.piece;
    return gapsFor(anchor, [0.05]).flatMap((gap) =>
      [1, -1].map((s) =>
        seat.category === 'sofa'
          ? besideAnchor(seat, s * (seat.sizeM.w / 2 + gap + w / 2), -seat.sizeM.d / 2 + d / 2)
          : besideAnchor(seat, s * (seat.sizeM.w / 2 + gap + w / 2), 0),
      ),
    );
  });
}

/** Beside a sofa end (the other end from the side table), else behind an armchair's side, else in a corner. */
export function floorLamp(ctx: RuleContext, unit: Unit): Outcome {
  const { w, d } = unit.product.sizeM;
  const outcome = firstAround(ctx, unit, seatAnchors(ctx), (anchor) => {
    const seat = anchor.piece;
    return gapsFor(anchor, [0.1]).flatMap((gap) =>
      [-1, 1].map((s) => besideAnchor(seat, s * (seat.sizeM.w / 2 + gap + w / 2), -seat.sizeM.d / 2 + d / 2)),
    );
  });
  return typeof outcome === 'string' ? inCornerOrAtWall(ctx, unit) : outcome;
}

/** At the foot of the bed, facing the room like the bed; without a bed, against a wall. */
export function bench(ctx: RuleContext, unit: Unit): Outcome {
  const beds = anchorsOf(ctx, ['bed']);
  if (!beds.length) return atWall(ctx, unit);
  const d = unit.product.sizeM.d;
  return firstAround(ctx, unit, beds, (anchor) =>
    gapsFor(anchor, FOOT_GAPS_M).map((gap) =>
      besideAnchor(anchor.piece, 0, anchor.piece.sizeM.d / 2 + gap + d / 2),
    ),
  );
}

/**
 * The seats around a table that has its back to a wall: along the free long side, then one at each end, all
 * turned to the table.
 */
export function diningChair(ctx: RuleContext, unit: Unit): Outcome {
  const table = firstPlaced(ctx, ['diningTable']);
  if (!table) return 'noAnchor';
  const { w: tw, d: td } = table.sizeM;
  const d = unit.product.sizeM.d;
  const front = Math.max(1, Math.floor(tw / SEAT_WIDTH_M));
  const tries: Try[] = [];
  for (let i = 0; i < front; i++) {
    tries.push(besideAnchor(table, -tw / 2 + (tw * (i + 0.5)) / front, td / 2 + CHAIR_GAP_M + d / 2, 180));
  }
  tries.push(besideAnchor(table, -(tw / 2 + CHAIR_GAP_M + d / 2), 0, 90));
  tries.push(besideAnchor(table, tw / 2 + CHAIR_GAP_M + d / 2, 0, -90));
  return firstStanding(ctx, unit, tries) ?? 'noSpace';
}

/** In front of the desk, turned to it. */
export function officeChair(ctx: RuleContext, unit: Unit): Outcome {
  const desk = firstPlaced(ctx, ['desk']);
  if (!desk) return 'noAnchor';
  const d = unit.product.sizeM.d;
  const tries = FOOT_GAPS_M.map((gap) => besideAnchor(desk, 0, desk.sizeM.d / 2 + gap + d / 2, 180));
  return firstStanding(ctx, unit, tries) ?? 'noSpace';
}

interface ObstacleSide {
  obstacle: number;
  mid: FloorPoint;
  /** Unit vector along the side. */
  along: FloorPoint;
  /** Unit vector out of the obstacle. */
  out: FloorPoint;
  len: number;
}

/** The sides of the named obstacles, the ones facing the camera first. */
function obstacleSides(ctx: RuleContext, labels: readonly string[]): ObstacleSide[] {
  const sides: ObstacleSide[] = [];
  ctx.scene.room.obstacles.forEach((o, obstacle) => {
    if (!labels.includes(o.label.toLowerCase())) return;
    const middle = centroid(o.polygon);
    o.polygon.forEach((a, i) => {
      const b = o.polygon[(i + 1) % o.polygon.length]!;
      const along = normalize(sub(b, a));
      const mid = scale(add(a, b), 0.5);
      let out = { x: along.z, z: -along.x };
      if (dot(out, sub(mid, middle)) < 0) out = scale(out, -1);
      sides.push({ obstacle, mid, along, out, len: length(sub(b, a)) });
    });
  });
  const facing = (s: ObstacleSide) => dot(s.out, ctx.scene.toCamera);
  return sides
    .map((s, i) => ({ s, i }))
    .sort((p, q) => facing(q.s) - facing(p.s) || p.i - q.i)
    .map((p) => p.s);
}

/** Along a counter, turned to it, a stool's width apart, from the middle of the side outwards. */
export function barStool(ctx: RuleContext, unit: Unit): Outcome {
  const sides = obstacleSides(ctx, COUNTER_LABELS);
  if (!sides.length) return 'noAnchor';
  const { w, d } = unit.product.sizeM;
  const spacing = Math.max(STOOL_SPACING_M, w + 0.1);
  const count = chosen(ctx, unit.product.category)?.quantity ?? 1;
  for (const side of sides) {
    const base = count % 2 === 0 ? spacing / 2 : 0;
    const offsets: number[] = [];
    for (let off = base; off + w / 2 <= side.len / 2 + 1e-9; off += spacing)
      offsets.push(...(off === 0 ? [0] : [-off, off]));
    const rotationDeg = rotationFacing(scale(side.out, -1));
    const tries = offsets.map((off) => ({
      ...add(add(side.mid, scale(side.along, off)), scale(side.out, d / 2 + CHAIR_GAP_M)),
      rotationDeg,
    }));
    const spot = firstStanding(ctx, unit, tries, {
      group: `counter:${side.obstacle}`,
      servesObstacle: side.obstacle,
    });
    if (spot) return spot;
  }
  return 'noSpace';
}

/** In a free corner: facing the camera, seen whole, away from what stands there already; else along a wall. */
export function inCornerOrAtWall(ctx: RuleContext, unit: Unit): Outcome {
  const size = unit.product.sizeM;
  let best: Try | null = null;
  let bestScore = -Infinity;
  for (const spot of cornerSpots(ctx.scene)) {
    const at = { ...inCorner(spot, size), rotationDeg: spot.back.rotationDeg };
    if (!canStand(ctx.scene, draftOf(unit, at))) continue;
    const score =
      3 * spot.back.facing +
      VISIBLE_WEIGHT * visibleShare(ctx.scene.room, { ...at, sizeM: size }, 0) +
      roomAround(ctx, at);
    if (score > bestScore + 1e-9) {
      bestScore = score;
      best = at;
    }
  }
  return best ?? atWall(ctx, unit);
}

/** Distance to the nearest of our standing pieces, capped: a plant belongs in a corner nobody uses yet. */
function roomAround(ctx: RuleContext, at: FloorPoint): number {
  const gaps = ctx.scene.placed
    .filter((p) => p.onFloor && p.sizeM.h > 0.05)
    .map((p) => Math.min(...footprint(p).map((c) => length(sub(c, at)))));
  return Math.min(2, ...gaps);
}

/** The rug's turns: its long side along `rotationDeg`'s width first, then across. */
function rugTurns(unit: Unit, rotationDeg: number): number[] {
  const { w, d } = unit.product.sizeM;
  return w >= d ? [rotationDeg, rotationDeg + 90] : [rotationDeg + 90, rotationDeg];
}

function rugNear(ctx: RuleContext, unit: Unit, target: FloorPoint, turns: number[], slackM: number): Outcome {
  for (const rotationDeg of turns) {
    const p = nearestFitting(target, slackM, (q) =>
      canStand(ctx.scene, draftOf(unit, { ...q, rotationDeg })),
    );
    if (p) return { ...p, rotationDeg };
  }
  return 'noSpace';
}

/**
 * Under the bed's lower two-thirds, across it; under the seating group (the sofa's front and the coffee table);
 * under the dining table and its chairs; else in the middle of the visible floor.
 */
export function rug(ctx: RuleContext, unit: Unit): Outcome {
  const bed = firstPlaced(ctx, ['bed']);
  if (bed)
    return rugNear(
      ctx,
      unit,
      fromLocal(bed, 0, bed.sizeM.d / 6),
      rugTurns(unit, bed.rotationDeg),
      RUG_SLACK_M,
    );
  const sofa = firstPlaced(ctx, ['sofa']);
  if (sofa) {
    const table = placedOf(ctx, 'coffeeTable')[0];
    const back = sofa.sizeM.d / 2 - SOFA_ON_RUG_M;
    const front = table
      ? dot(sub(table, sofa), frontOf(sofa.rotationDeg)) + table.sizeM.d / 2
      : sofa.sizeM.d / 2 + 1;
    return rugNear(
      ctx,
      unit,
      fromLocal(sofa, 0, (back + front) / 2),
      rugTurns(unit, sofa.rotationDeg),
      RUG_SLACK_M,
    );
  }
  const table = firstPlaced(ctx, ['diningTable']);
  if (table) {
    const chairD = chosen(ctx, 'diningChair')?.sizeM.d ?? 0;
    const target = fromLocal(table, 0, (CHAIR_GAP_M + chairD) / 2);
    return rugNear(ctx, unit, target, rugTurns(unit, table.rotationDeg), RUG_SLACK_M);
  }
  const existing = rugByExisting(ctx, unit);
  return existing === 'noSpace' ? openFloor(ctx, unit) : existing;
}

/**
 * Next to furniture already there, never under it (we would draw over it): across the foot of an existing bed,
 * else along one of its sides; in front of an existing sofa, where its coffee table stands.
 */
function rugByExisting(ctx: RuleContext, unit: Unit): Outcome {
  const { w, d } = unit.product.sizeM;
  // How deep the rug is along `front` of an anchor turned `turnDeg` from it.
  const depthAt = (turnDeg: number) => (Math.abs(Math.sin((turnDeg * Math.PI) / 180)) > 0.5 ? w : d);
  for (const bedAt of existingOf(ctx.scene, 'bed')) {
    const across = rugTurns(unit, bedAt.rotationDeg);
    for (const rotationDeg of across) {
      const lz = bedAt.sizeM.d / 2 + RUG_GAP_M + depthAt(rotationDeg - bedAt.rotationDeg) / 2;
      const spot = rugNear(ctx, unit, fromLocal(bedAt, 0, lz), [rotationDeg], EXISTING_RUG_SLACK_M);
      if (spot !== 'noSpace') return spot;
    }
    // Along a side: turned a quarter, the rug's depth lies across the bed's width.
    for (const rotationDeg of [...across].reverse()) {
      const sideways = depthAt(rotationDeg - bedAt.rotationDeg - 90);
      for (const s of [-1, 1]) {
        const lx = s * (bedAt.sizeM.w / 2 + RUG_GAP_M + sideways / 2);
        const spot = rugNear(ctx, unit, fromLocal(bedAt, lx, 0), [rotationDeg], EXISTING_RUG_SLACK_M);
        if (spot !== 'noSpace') return spot;
      }
    }
  }
  for (const sofaAt of existingOf(ctx.scene, 'sofa')) {
    for (const rotationDeg of rugTurns(unit, sofaAt.rotationDeg)) {
      const lz = sofaAt.sizeM.d / 2 + RUG_GAP_M + depthAt(rotationDeg - sofaAt.rotationDeg) / 2;
      const spot = rugNear(ctx, unit, fromLocal(sofaAt, 0, lz), [rotationDeg], EXISTING_RUG_SLACK_M);
      if (spot !== 'noSpace') return spot;
    }
  }
  return 'noSpace';
}

/** Nearest the middle of the visible floor, turned along the room's axes. */
function openFloor(ctx: RuleContext, unit: Unit): Outcome {
  const floor = ctx.scene.room.floor;
  const middle = centroid(floor);
  const reach = Math.max(...floor.map((p) => length(sub(p, middle))));
  const wall = ctx.scene.room.walls[0];
  const axis = wall ? rotationFacing(normalize(wall.normal)) : 0;
  return rugNear(ctx, unit, middle, rugTurns(unit, axis), reach);
}

/** In front of the bathtub, shower or basin, along it; else in the middle of the floor. */
export function bathMat(ctx: RuleContext, unit: Unit): Outcome {
  const d = unit.product.sizeM.d;
  for (const side of obstacleSides(ctx, BATH_LABELS)) {
    const target = add(side.mid, scale(side.out, d / 2 + 0.05));
    const spot = rugNear(ctx, unit, target, [rotationFacing(side.out)], 0.3);
    if (spot !== 'noSpace') return spot;
  }
  return openFloor(ctx, unit);
}
