// The builtin (offline) staging renderer: the chosen products' own drawings placed on the photo's floor at the
// scale of a listing camera (core/staging/compose.ts), with contact shadows. The floor comes from the room
// detector's standing furniture (floorFromDetections) or, without it, the lower third. Honest about what it is:
// the description says it is a drawn visualisation and how many pieces found a place. The detector and the
// composition (compose.ts) run in the server's image pool (server/pool), off the event loop.
import type { Detection } from '../../../core/analysis/room/types';
import { defaultFloor, floorFromDetections, type FloorEstimate } from '../../../core/staging';
import type { RgbaImage } from '../../../core/imaging/types';
import type { Logger } from '../../logger';
import { imagePool } from '../../pool/imagePool';
import { AiError } from '../errors';
import type { StagingRenderer } from './types';

/** Longest side of a builtin staging: listing photos need no more, and composing stays under a few seconds. */
export const STAGING_MAX_SIDE = 2560;

/** What the renderer needs of the room detector: the boxes of what stands in the photo (image fractions). */
export type FurnitureDetector = (image: RgbaImage) => Promise<readonly Detection[]>;

/** The server's room detector, in a worker of the image pool. */
const poolFurnitureDetector: FurnitureDetector = (image) => imagePool.run('detectObjects', { image });

export interface BuiltinStagingOptions {
  /** Default: the server's room detector (tfjs, loaded on a worker's first use). null: always the default floor. */
  detectFurniture?: FurnitureDetector | null;
  logger?: Logger;
}

function pieces(n: number): string {
  return n === 1 ? '1 Möbelstück' : `${n} Möbelstücke`;
}

export function builtinStagingRenderer(options: BuiltinStagingOptions = {}): StagingRenderer {
  const detect = options.detectFurniture === undefined ? poolFurnitureDetector : options.detectFurniture;

  async function floorOf(photo: RgbaImage): Promise<{ floor: FloorEstimate; evidence: boolean }> {
    if (detect) {
      try {
        const detections = await detect(photo);
        const floor = floorFromDetections(photo.width, photo.height, detections);
        return { floor, evidence: (floor.obstacles?.length ?? 0) > 0 };
      } catch (error) {
        options.logger?.warn({ err: error }, 'staging: room detector failed; using the default floor');
      }
    }
    return { floor: defaultFloor(photo.width, photo.height), evidence: false };
  }

  return {
    name: 'builtin',
    async render({ image, lines, signal }) {
      const photo = await image.rgba(STAGING_MAX_SIDE);
      if (signal.aborted) throw new AiError('aborted', 'Cancelled');
      const { floor, evidence } = await floorOf(photo);
      if (signal.aborted) throw new AiError('aborted', 'Cancelled');
      const result = await imagePool.run('stage', {
        image: photo,
        lines: lines.map(({ item, quantity }) => ({ item, quantity })),
        floor,
      });
      const drawn = result.placements.filter((p) => p.drawn).length;
      const missing = result.placements.length - drawn;
      const parts = [
        `Visualisierung ohne KI (raumglanz builtin): ${pieces(drawn)} als Zeichnung in das Foto gesetzt`,
        evidence ? 'Boden nach den erkannten Möbeln geschätzt' : 'Boden im unteren Bilddrittel angenommen',
      ];
      if (missing > 0) parts.push(`${pieces(missing)} fand${missing === 1 ? '' : 'en'} keinen Platz`);
      return {
        image: { kind: 'rgba', image: result.image },
        description: `${parts.join('; ')}. Das ist eine Visualisierung, kein Foto der echten Einrichtung.`,
        changedBoxes: result.placements.flatMap((p) => p.boxes),
      };
    },
  };
}
