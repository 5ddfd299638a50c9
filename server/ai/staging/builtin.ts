// The builtin staging renderer: the device renders the staging itself (three.js, web/staging) and sends it with
// 'apply'; this hands that picture back, decoded and re-encoded as a JPEG without metadata through the image pool
// like every result. It never draws anything: without the device's picture there is nothing to answer (the
// service refuses such a call with 422 STAGING_RENDERS_ON_DEVICE before charging).
import { ApiError } from '../../errors';
import { AiError } from '../errors';
import type { StagingRenderer } from './types';

/** Longest side of a staging answered: listing photos need no more. */
export const STAGING_MAX_SIDE = 2560;

function pieces(n: number): string {
  return n === 1 ? '1 Möbelstück' : `${n} Möbelstücken`;
}

export function builtinStagingRenderer(): StagingRenderer {
  return {
    name: 'builtin',
    async render({ stagedImage, lines, signal }) {
      if (!stagedImage) {
        throw new ApiError(
          422,
          'STAGING_RENDERS_ON_DEVICE',
          'Staging is rendered on the device; send stagedImageBase64',
        );
      }
      const pixels = await stagedImage.rgba(STAGING_MAX_SIDE);
      if (signal.aborted) throw new AiError('aborted', 'Cancelled');
      const count = lines.reduce((sum, line) => sum + line.quantity, 0);
      return {
        image: { kind: 'rgba', image: pixels },
        description:
          `3D-Visualisierung auf deinem Gerät: Raum virtuell mit ${pieces(count)} eingerichtet. ` +
          'Das ist eine Visualisierung, kein Foto der echten Einrichtung.',
      };
    },
  };
}
