// Everything that can happen to the workflow, as plain data: the user's presses and the effects' reports.
// Ids and timestamps arrive in the events, so the machine (machine.ts and steps/) never reads a clock.

import type { AiCapabilities, RoomType } from '../../core/catalog/types';
import type { StagingStyle } from '../../core/catalog/limits';
import type { StagingProduct } from '../../core/contract/staging';
import type { LeftOutPiece, PlacedPiece } from '../../core/staging/layout';
import type { Suggestion } from '../../core/text/suggestionTypes';
import type {
  AppliedToPhoto,
  ModeSelection,
  NoticeContent,
  NoticeDetail,
  WorkflowAnalysis,
  FinalShoppingList,
  WorkflowState,
} from './state';

/** A file the effect layer has accepted (see core/upload) and stored; its blob is in IndexedDB under `id`. */
export interface NewImage {
  id: string;
  name: string;
  size: number;
  type: string;
  pixels?: number;
  originalUrl?: string;
}

export type WorkflowEvent =
  // Upload page
  | {
      type: 'imagesAdded';
      images: NewImage[];
      /** Files the upload check refused, each with its i18n reason key (e.g. 'upload.tooLarge'). */
      rejected?: NoticeDetail[];
      source: 'upload' | 'import';
    }
  | { type: 'imageRemoved'; imageId: string }
  | { type: 'allImagesCleared' }
  // Analysis
  | { type: 'analysisStarted' }
  | { type: 'imageAnalysed'; imageId: string }
  /**
   * `canRunPaid`: signed in and online, so paid modes may be preselected; otherwise only free modes are.
   * `capabilities`: the server's (core/catalog AiCapabilities) when it can be reached now, so the server modes it
   * runs for free are preselected too; absent, every server mode counts as paid.
   * `roomModeIds`: the detected (or, on failure, the fallback 'general') room's modes.
   */
  | {
      type: 'analysisSucceeded';
      analysis: WorkflowAnalysis;
      roomModeIds: string[];
      canRunPaid: boolean;
      capabilities?: AiCapabilities;
    }
  | { type: 'analysisFailed'; roomModeIds: string[]; canRunPaid: boolean; capabilities?: AiCapabilities }
  /** 'Optimieren' pressed when `needsAnalysis` is false: straight to mode selection. */
  | { type: 'optionsOpened'; roomModeIds: string[]; canRunPaid: boolean; capabilities?: AiCapabilities }
  // Mode selection
  | { type: 'modeToggled'; modeId: string; imageId?: string }
  | { type: 'selectionKindChanged'; kind: ModeSelection['kind'] }
  // Processing
  | { type: 'enhancementStarted'; price: number; startedAt: number }
  | { type: 'imageEnhancing'; imageId: string }
  /** `error`: the photo kept what worked, but these modes did not run (German: which and why). */
  | { type: 'imageEnhanced'; imageId: string; enhancedKey: string; description?: string; error?: string }
  | { type: 'imageFailed'; imageId: string; error: string }
  /** The retouch brush's result replaced an enhanced photo's result (stored under `enhancedKey`). */
  | { type: 'imageRetouched'; imageId: string; enhancedKey: string; description: string }
  | { type: 'batchFinished' }
  /** The photo's server job went to the outbox (offline, server down): `message` is 'Wartet auf Verbindung'. */
  | { type: 'imageQueued'; imageId: string; message: string }
  /** A queued job's result arrived (any step, any time), stored under `enhancedKey`. */
  | { type: 'queuedResultLanded'; imageId: string; enhancedKey: string; description: string }
  /** A queued job left the outbox without a result: cancelled (no `error`) or refused for good. */
  | { type: 'queuedJobDropped'; imageIds: string[]; error?: string }
  /** The whole batch broke off: 'error' is the unexpected failure of SPEC section 8, 'cancelled' the user's. */
  | { type: 'batchAborted'; reason: 'error' | 'cancelled' }
  | { type: 'insufficientCredits'; needed: number; current: number }
  /** The server's staging redirect, or the cozyFurnishing mode chosen. */
  | { type: 'stagingRedirect' }
  | { type: 'creditsLoaded'; credits: number }
  // Suggestions and final result
  | { type: 'suggestionsRequested' }
  | { type: 'suggestionsReceived'; suggestions: Suggestion[] }
  | { type: 'suggestionsFailed' }
  | { type: 'suggestionToggled'; suggestionId: string }
  | { type: 'customSuggestionChanged'; text: string }
  | { type: 'implementRequested' }
  /** Photo `current` (1-based) of `total` is being worked on. */
  | { type: 'implementProgressed'; current: number; total: number }
  | { type: 'finalReceived'; images: { imageId: string; resultKey: string }[]; applied: AppliedToPhoto[] }
  | { type: 'implementFailed' }
  // The staging dialog (steps/staging.ts)
  | { type: 'stagingOptionsChanged'; style?: StagingStyle; budget?: { min: number; max: number } }
  | { type: 'stagingAnalysisStarted' }
  | {
      type: 'stagingAnalysed';
      products: StagingProduct[];
      alternatives: StagingProduct[];
      roomType: RoomType;
    }
  | { type: 'stagingAnalysisFailed' }
  | { type: 'stagingProductToggled'; productId: string }
  | { type: 'stagingPlacementStarted' }
  | { type: 'stagingPlaced'; pieces: PlacedPiece[]; leftOut: LeftOutPiece[] }
  | { type: 'stagingPlacementFailed' }
  | { type: 'stagingPieceActivated'; key: string | null }
  | { type: 'stagingPieceMoved'; key: string; x: number; z: number }
  | { type: 'stagingPieceTurned'; key: string; rotationDeg: number }
  | { type: 'stagingPieceRemoved'; key: string }
  /** The piece becomes another product of its category (`sizeM`: the new product's size in metres). */
  | { type: 'stagingPieceSwapped'; key: string; productId: string; sizeM: PlacedPiece['sizeM'] }
  | { type: 'stagingStepBack' }
  | { type: 'stagingFinishStarted' }
  | { type: 'stagingFinishFailed' }
  | { type: 'stagingCompleted'; imageId: string; stagedKey: string; shoppingList: FinalShoppingList }
  // Overlays, toasts, navigation
  | { type: 'compareOpened'; imageId: string }
  | { type: 'overlayClosed' }
  /** A toast from an effect (download failed, import error, ...); replaces the current one. */
  | { type: 'noticeShown'; notice: NoticeContent }
  | { type: 'noticeDismissed'; id: number }
  | { type: 'back' }
  | { type: 'reset' };

export type EventType = WorkflowEvent['type'];
type EventOf<T extends EventType> = Extract<WorkflowEvent, { type: T }>;

/**
 * The rules of one step: one pure handler per event it owns. An event that does not fit the state returns the
 * same state object, so a late answer from a cancelled job changes nothing.
 */
export type StepRules<T extends EventType> = {
  [K in T]: (state: WorkflowState, event: EventOf<K>) => WorkflowState;
};
