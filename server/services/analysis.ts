// Room analysis on the server: checks the photos, asks the provider for one analysis per photo, and combines
// them with the catalogue's rules (core/catalog: combineRoomTypes, recommendModes) so the recommendation is the
// same whichever provider analysed.
import {
  combineRoomTypes,
  NO_VISIBLE_ELEMENTS,
  recommendModes,
  ROOM_TYPE_LABELS,
  type RoomType,
  type VisibleElements,
} from '../../core/catalog';
import type { AnalyzeResponse, ImageAnalysis } from '../../core/contract/analyze';
import { toApiError } from '../ai/errors';
import type { AiProvider } from '../ai/types';
import { checkAll } from './enhancement';

export interface AnalysisService {
  analyze(images: readonly Buffer[], signal: AbortSignal): Promise<AnalyzeResponse>;
}

/** Any image showing an element makes it visible for the set. */
export function mergeVisibleElements(perImage: readonly VisibleElements[]): VisibleElements {
  const merged: VisibleElements = { ...NO_VISIBLE_ELEMENTS };
  for (const elements of perImage) {
    for (const key of Object.keys(merged) as (keyof VisibleElements)[]) merged[key] ||= elements[key];
  }
  return merged;
}

/** 'Erkannt: Küche (2 Bilder), Schlafzimmer.' in the order the rooms were first seen. */
export function describeRooms(perImage: readonly RoomType[]): string {
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
  const rooms = combineRoomTypes(roomTypes);
  const visibleElements = mergeVisibleElements(perImage.map((a) => a.visibleElements));
  return {
    analysis: {
      ...rooms,
      recommendedModes: recommendModes(rooms.roomType, visibleElements),
      visibleElements,
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
      const checked = await checkAll(images);
      try {
        return combineAnalyses(await provider.analyze(checked, signal), provider.name);
      } catch (error) {
        throw toApiError(error);
      }
    },
  };
}
