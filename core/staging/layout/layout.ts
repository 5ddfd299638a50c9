// The layout's entry point: every unit of every chosen product, in the order a stager works (the bed or sofa
// first, then what goes with it, then the rest, rugs, things on tops and walls last), gets the spot its rule finds
// or is left out with the reason. Deterministic: no randomness, fixed grids and fixed tie-breaks.
import type { RoomModel } from '../room/types';
import type { CategoryId } from '../types';
import { makeScene, standsOnFloor, type PhotoEvidence } from './constraints';
import * as decor from './decorRules';
import * as floor from './floorRules';
import { normalizeDeg } from './geometry';
import type { LayoutProduct, LayoutResult, LeftOutReason, PlacedPiece } from './types';
import type { Outcome, RuleContext, Unit } from './unit';

type Rule = (ctx: RuleContext, unit: Unit) => Outcome;

/**
 * Working order and rule per category. Each anchor comes right before its companions so that a sideboard never
 * takes the place beside the bed the nightstands need.
 */
const RULES: readonly (readonly [CategoryId, Rule])[] = [
  ['bed', floor.bed],
  ['nightstand', floor.nightstand],
  ['bench', floor.bench],
  ['sofa', floor.anchorAtWall],
  ['coffeeTable', floor.coffeeTable],
  ['armchair', floor.armchair],
  ['sideTable', floor.sideTable],
  ['floorLamp', floor.floorLamp],
  ['tvBoard', floor.tvBoard],
  ['diningTable', floor.anchorAtWall],
  ['diningChair', floor.diningChair],
  ['desk', floor.anchorAtWall],
  ['officeChair', floor.officeChair],
  ['wardrobe', floor.atWall],
  ['sideboard', floor.atWall],
  ['shelf', floor.atWall],
  ['barStool', floor.barStool],
  ['kitchenCart', floor.atWall],
  ['bistroSet', floor.atWall],
  ['lounger', floor.atWall],
  ['towelLadder', floor.atWall],
  ['laundryBasket', floor.inCornerOrAtWall],
  ['plant', floor.inCornerOrAtWall],
  ['planter', floor.inCornerOrAtWall],
  ['lantern', floor.inCornerOrAtWall],
  ['rug', floor.rug],
  ['outdoorRug', floor.rug],
  ['bathMat', floor.bathMat],
  ['tableLamp', decor.tabletop],
  ['vase', decor.tabletop],
  ['cushions', decor.textile],
  ['throw', decor.textile],
  ['bedLinen', decor.textile],
  ['towels', decor.textile],
  ['artwork', decor.wallPiece],
  ['mirror', decor.wallPiece],
  ['pendant', decor.pendant],
];

const ORDER = new Map(RULES.map(([category], i) => [category, i]));
const RULE = new Map<CategoryId, Rule>(RULES);

interface Job extends Unit {
  productIndex: number;
}

function jobsOf(products: readonly LayoutProduct[]): Job[] {
  const jobs: Job[] = [];
  products.forEach((product, productIndex) => {
    const count = Math.max(0, Math.floor(product.quantity));
    for (let unit = 0; unit < count; unit++)
      jobs.push({ product, unit, key: `${product.id}#${unit}`, productIndex });
  });
  const rank = (j: Job) => ORDER.get(j.product.category) ?? RULES.length;
  return jobs.sort((a, b) => rank(a) - rank(b) || a.productIndex - b.productIndex || a.unit - b.unit);
}

/** Tenth of a millimetre: enough for any renderer, and free of float noise in the output. */
function round(v: number): number {
  const r = Math.round(v * 1e4) / 1e4;
  return r === 0 ? 0 : r;
}

function pieceOf(job: Job, spot: Exclude<Outcome, LeftOutReason>): PlacedPiece {
  const { product } = job;
  return {
    key: job.key,
    id: product.id,
    category: product.category,
    unit: job.unit,
    x: round(spot.x),
    z: round(spot.z),
    rotationDeg: normalizeDeg(spot.rotationDeg),
    elevationM: round(spot.elevationM ?? 0),
    sizeM: { ...(spot.sizeM ?? product.sizeM) },
    onFloor: standsOnFloor(product.category),
    ...(spot.on !== undefined ? { on: spot.on } : {}),
  };
}

/**
 * Where a stager would put each unit of the chosen products in this room; what finds no place is left out. With
 * what the photo shows, textiles and tabletop pieces may also go on real furniture (onRealFurniture.ts).
 */
export function layoutRoom(
  room: RoomModel,
  products: readonly LayoutProduct[],
  photo: PhotoEvidence | null = null,
): LayoutResult {
  const ctx: RuleContext = { scene: makeScene(room, photo), products };
  const placed: { job: Job; piece: PlacedPiece }[] = [];
  const left: { job: Job; reason: LeftOutReason }[] = [];
  for (const job of jobsOf(products)) {
    const rule = RULE.get(job.product.category);
    const outcome = rule ? rule(ctx, job) : 'noSpace';
    if (typeof outcome === 'string') {
      left.push({ job, reason: outcome });
      continue;
    }
    const piece = pieceOf(job, outcome);
    ctx.scene.placed.push(piece);
    if (outcome.group) ctx.scene.groups.set(piece.key, outcome.group);
    placed.push({ job, piece });
  }
  // Report in the caller's order, whatever order the stager worked in.
  const byInput = (a: { job: Job }, b: { job: Job }) =>
    a.job.productIndex - b.job.productIndex || a.job.unit - b.job.unit;
  return {
    pieces: placed.sort(byInput).map((p) => p.piece),
    leftOut: left
      .sort(byInput)
      .map(({ job, reason }) => ({ id: job.product.id, category: job.product.category, reason })),
  };
}
