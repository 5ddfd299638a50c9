// Room analysis on the server: checks the photos, asks the provider for one analysis per photo, and combines
// them with core's rules (core/analysis/room/combine.ts, which recommends through core/catalog) so the
// recommendation is the same whichever provider analysed.
import { mergeVisibleElements, roomAnalysisOf } from '../../core/analysis/room/combine';
import type { AnalyzeResponse, ImageAnalysis } from '../../core/contract/analyze';
import { toApiError } from '../ai/errors';
import type { AiProvider } from '../ai/types';
import type { ImagePool } from '../pool/imagePool';
import { ANALYSIS_MAX_PIXELS, checkAll } from '../pool/images';

export interface AnalysisService {
  analyze(images: readonly Buffer[], signal: AbortSignal): Promise<AnalyzeResponse>;
}

/** The answer: the provider's per-photo analyses and their combination by core's rules, as data the client words. */
function analyzeResponseOf(
  perImage: readonly ImageAnalysis[],
  provider: AiProvider['name'],
): AnalyzeResponse {
  const roomTypes = perImage.map((a) => a.roomType);
  return {
    analysis: roomAnalysisOf(roomTypes, mergeVisibleElements(perImage.map((a) => a.visibleElements))),
    individualAnalyses: [...perImage],
    provider,
  };
}

export function createAnalysisService(deps: { provider: AiProvider; imagePool: ImagePool }): AnalysisService {
  const { provider, imagePool } = deps;
  return {
    async analyze(images, signal) {
      // Analysis needs ~1 MP a photo (the device sends them downscaled): more is refused before any decode.
      const checked = await checkAll(imagePool, images, { maxPixels: ANALYSIS_MAX_PIXELS });
      try {
        return analyzeResponseOf(await provider.analyze(checked, signal), provider.name);
      } catch (error) {
        throw toApiError(error);
      }
    },
  };
}
