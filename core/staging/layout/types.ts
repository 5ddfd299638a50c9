// The layout's input and output: the products chosen for a room and where each unit of them ends up, on the
// floor, on another piece, on a wall or under the ceiling, or why it was left out. Metres and degrees, in the
// room model's three.js axes.
import type { CategoryId } from '../types';

export interface LayoutProduct {
  id: string;
  category: CategoryId;
  quantity: number;
  /** w along the piece's X, d along its Z (front = +Z), h up. */
  sizeM: { w: number; d: number; h: number };
}

export interface PlacedPiece {
  /** `${id}#${unit}`, unit 0..quantity-1. */
  key: string;
  id: string;
  category: CategoryId;
  unit: number;
  /** The footprint's centre on the floor, metres. */
  x: number;
  z: number;
  /**
   * About +Y; 0 = the piece's front faces +Z (towards a camera behind it). A piece against a wall with inward
   * normal n has rotationDeg = atan2(n.x, n.z) in degrees.
   */
  rotationDeg: number;
  /** 0 on the floor; the top of what it stands on for tabletop pieces; the hanging height (bottom edge) for wall and ceiling pieces. */
  elevationM: number;
  sizeM: { w: number; d: number; h: number };
  /** Stands on the floor (floor and flat placements). */
  onFloor: boolean;
  /** Key of the placed piece it stands or lies on (a lamp on a nightstand, cushions on the sofa). */
  on?: string;
}

export type LeftOutReason = 'noSpace' | 'noAnchor';

/** A unit that found no place, with why; one entry per unit, so 2 nightstands left out are 2 entries. */
export interface LeftOutPiece {
  id: string;
  category: CategoryId;
  reason: LeftOutReason;
}

export interface LayoutResult {
  pieces: PlacedPiece[];
  leftOut: LeftOutPiece[];
}

/** For a piece the host moves by hand: what is wrong with it where it is now. */
export type PlacementProblem = 'offFloor' | 'obstacle' | 'keepFree' | 'overlap';
