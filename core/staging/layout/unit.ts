// What every stager rule works with: one unit of a chosen product, the spot a rule finds for it, and small
// helpers to try spots in a fixed order and to find the anchors a companion goes with (the pieces placed so far,
// then the furniture already in the room). Shared by the floor and decor rules.
import type { CategoryId } from '../types';
import { canStand, type Draft, type Scene } from './constraints';
import { existingOf } from './existing';
import { fromLocal } from './geometry';
import type { LayoutProduct, LeftOutReason, PlacedPiece } from './types';

export interface Unit {
  product: LayoutProduct;
  unit: number;
  key: string;
}

export interface Spot {
  x: number;
  z: number;
  rotationDeg: number;
  elevationM?: number;
  on?: string;
  /** The walkway group when it is not the category's (bar stools join their counter). */
  group?: string;
  /** The size it takes where it lies, when not the product's: a throw folded on a seat. */
  sizeM?: { w: number; d: number; h: number };
}

export type Outcome = Spot | LeftOutReason;

export interface RuleContext {
  scene: Scene;
  products: readonly LayoutProduct[];
}

/** A place to try, in the frame of an anchor piece (lx along its width, lz towards its front) or the world. */
export interface Try {
  x: number;
  z: number;
  rotationDeg: number;
}

export function draftOf(unit: Unit, at: Try, extra: Partial<Draft> = {}): Draft {
  return {
    key: unit.key,
    category: unit.product.category,
    sizeM: unit.product.sizeM,
    x: at.x,
    z: at.z,
    rotationDeg: at.rotationDeg,
    ...extra,
  };
}

/** The first of the tries where the unit may stand; the order of the list is the stager's preference. */
export function firstStanding(
  ctx: RuleContext,
  unit: Unit,
  tries: readonly Try[],
  extra: Partial<Draft> = {},
): Spot | null {
  for (const at of tries) {
    if (canStand(ctx.scene, draftOf(unit, at, extra))) {
      return extra.group ? { ...at, group: extra.group } : { ...at };
    }
  }
  return null;
}

/** A try given in the anchor's own frame, turned by `turnDeg` relative to the anchor. */
export function besideAnchor(anchor: PlacedPiece, lx: number, lz: number, turnDeg = 0): Try {
  return { ...fromLocal(anchor, lx, lz), rotationDeg: anchor.rotationDeg + turnDeg };
}

export function placedOf(ctx: RuleContext, category: CategoryId): PlacedPiece[] {
  return ctx.scene.placed.filter((p) => p.category === category);
}

/** The first placed piece of the first of `categories` that has one. */
export function firstPlaced(ctx: RuleContext, categories: readonly CategoryId[]): PlacedPiece | undefined {
  for (const category of categories) {
    const piece = placedOf(ctx, category)[0];
    if (piece) return piece;
  }
  return undefined;
}

export function chosen(ctx: RuleContext, category: CategoryId): LayoutProduct | undefined {
  return ctx.products.find((p) => p.category === category && p.quantity >= 1);
}

/** A piece a companion may go with, and what a companion of it must say when tried (serving existing furniture). */
export interface Anchor {
  piece: PlacedPiece;
  extra: Partial<Draft>;
}

/**
 * What companions may go with, in the stager's order: the first of our own pieces of the categories, then the
 * furniture already in the room of those categories. A companion of existing furniture joins its walkway group and
 * may stand close to it, as our nightstand stands beside our bed.
 */
export function anchorsOf(ctx: RuleContext, categories: readonly CategoryId[], ours = 1): Anchor[] {
  const own = categories.flatMap((c) => placedOf(ctx, c).slice(0, ours));
  const existing = categories.flatMap((c) => existingOf(ctx.scene, c));
  return [
    ...own.map((piece) => ({ piece, extra: {} })),
    ...existing.map((piece) => ({
      piece,
      extra: { group: piece.key, servesObstacle: piece.obstacle },
    })),
  ];
}
