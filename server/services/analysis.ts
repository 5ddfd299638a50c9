// Room analysis on the server: checks the photos, asks the provider for one analysis per photo, and combines
// them with core's rules (core/analysis/room/combine.ts, which recommends through core/catalog) so the
// recommendation is the same whichever provider analysed.
import { mergeVisibleElements, roomAnalysisOf } from '../../core/analysis/room/combine';
import { ROOM_TYPE_LABELS, type RoomType } from '../../core/catalog';
import type { AnalyzeResponse, ImageAnalysis } from '../../core/contract/analyze';
import { toApiError } from '../ai/errors';
import type { AiProvider } from '../ai/types';
import { ANALYSIS_MAX_PIXELS, checkAll } from './images';

export interface AnalysisService {
  analyze(images: readonly Buffer[], signal: AbortSignal): Promise<AnalyzeResponse>;
}

/** 'Erkannt: Küche (2 Bilder), Schlafzimmer.' in the order the rooms were first seen. */
function describeRooms(perImage: readonly RoomType[]): string {
  const counts = new Map<RoomType, number>();
  for (const room of perImage) counts.set(room, (counts.get(room) ?? 0) + 1);
  const parts = [...counts].map(([room, n]) =>
    n > 1 ? `${ROOM_TYPE_LABELS[room]} (${n} Bilder)` : ROOM_TYPE_LABELS[room],
  );
  return `Erkannt: ${parts.join(', ')}.`;
}

const PROVIDER_NOTE = {
  openai: 'KI-Analyse mit OpenAI.',
  builtin: 'Offline-Analyse ohne KI (raumglanz builtin).',
} as const;

export function combineAnalyses(
  perImage: readonly ImageAnalysis[],
  provider: AiProvider['name'],
): AnalyzeResponse {
  const roomTypes = perImage.map((a) => a.roomType);
  return {
    analysis: {
      ...roomAnalysisOf(roomTypes, mergeVisibleElements(perImage.map((a) => a.visibleElements))),
      description: `${describeRooms(roomTypes)} ${PROVIDER_NOTE[provider]}`,
    },
    individualAnalyses: [...perImage],
    provider,
  };
}

export function createAnalysisService(deps: { provider: AiProvider }): AnalysisService {
  const { provider } = deps;
  return {
    async analyze(images, signal) {
      // Analysis needs ~1 MP a photo (the device sends them downscaled): more is refused before any decode.
      const checked = await checkAll(images, { maxPixels: ANALYSIS_MAX_PIXELS });
      try {
        return combineAnalyses(await provider.analyze(checked, signal), provider.name);
      } catch (error) {
        throw toApiError(error);
      }
    },
  };
}
