// What `npm run stage` (scripts/stage.ts) hands the staging page in headless Chromium and what the page answers:
// the products to place, and the staged photo with the camera and each placed piece's box in output pixels.
import type { StagingProduct } from '../../../core/contract/staging';
import type { LeftOutPiece } from '../../../core/staging/layout';

export interface StagePageInput {
  /** Same-origin URL of the photo's bytes. */
  photoUrl: string;
  /** The ticked products, as the analysis answers them. */
  products: StagingProduct[];
  /** The analysis' unticked products, which a furnished room may get instead of ticked ones that find no place. */
  spares: StagingProduct[];
  /** Draw the room model (floor, walls, keep-free zones, existing furniture) over the result. */
  drawRoom?: boolean;
}

export interface StagePageResult {
  jpegBase64: string;
  width: number;
  height: number;
  camera: { focalPx: number; pitchDeg: number; rollDeg: number; horizonY: number };
  pieces: { id: string; category: string; onFloor: boolean; box: [number, number, number, number] }[];
  leftOut: LeftOutPiece[];
}
