// Virtual staging's layout: where a professional stager would put each chosen product in the room the photo
// shows, and what is wrong with a piece the host moved by hand. Pure and deterministic.
export type { LayoutProduct, LayoutResult, LeftOutPiece, PlacedPiece, PlacementProblem } from './types';
export { layoutWithSpares } from './spares';
export { placementProblems } from './constraints';
export { existingObstacleOf } from './existing';
