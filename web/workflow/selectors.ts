// Pure questions about the workflow state: which step and view to show, what may be applied, what a batch
// will process. Screens and effects ask these instead of re-deriving them from raw fields, so the answer is
// the same everywhere (and the machine uses the same ones for its guards).

import { PROGRESS_MIN_PERCENT, WORKFLOW_STEPS } from '../../core/catalog/limits';
import { modeFitsRoom, preselectModes } from '../../core/catalog/recommendations';
import type { AiCapabilities, RoomType } from '../../core/catalog/types';
import type { Suggestion } from '../../core/text/suggestionTypes';
import type { MessageKey } from '../i18n/de';
import type { StagingProduct } from '../../core/contract/staging';
import type { ImageItem, WorkflowAnalysis, StagingSession, WorkflowState } from './state';

/** The steps of the progress indicator, 1..WORKFLOW_STEPS (core/catalog/limits). */
export type Step = 1 | 2 | 3 | 4 | 5;

/** What the main area shows. Finer than the step: analysis lives in step 1, results and modes in step 3. */
export type View = 'upload' | 'analysis' | 'modes' | 'processing' | 'results' | 'suggestions' | 'final';

const isRunning = (image: ImageItem) => image.status === 'pending' || image.status === 'enhancing';

/** The image currently being worked on, or any one waiting for it, means processing is on screen. */
const isProcessing = (state: WorkflowState): boolean =>
  state.batch !== null || state.images.some((image) => image.status === 'enhancing');

/**
 * SPEC section 4: when several hold, the final result wins, then suggestions, then processing, then mode
 * selection. (The machine hides the options while a batch runs, so processing and options never overlap in
 * a reachable state; the order only matters for hand-made ones.)
 */
export function currentStep(state: WorkflowState): Step {
  if (state.finalResult) return 5;
  if (state.suggestions.length > 0 || state.implementing) return 4;
  if (isProcessing(state)) return 2;
  if (state.showOptions || state.suggestionsLoading) return 3;
  return 1;
}

/** Fill of the progress bar in percent: step 1 is the start (shown as the minimum), the last step is full. */
export function progressPercent(step: number): number {
  const raw = ((step - 1) / (WORKFLOW_STEPS - 1)) * 100;
  return Math.min(100, Math.max(PROGRESS_MIN_PERCENT, Math.round(raw)));
}

export function currentView(state: WorkflowState): View {
  if (state.finalResult) return 'final';
  if (state.suggestions.length > 0 || state.implementing) return 'suggestions';
  if (isProcessing(state)) return 'processing';
  if (state.analysisStatus === 'running') return 'analysis';
  if (state.showOptions && state.resultsVisible) return 'results';
  if (state.showOptions) return 'modes';
  return 'upload';
}

/**
 * The loading flag of SPEC section 3 ('step number plus a loading flag').
 * @internal For the machine's tests: whether any spinner is up.
 */
export const isLoading = (state: WorkflowState): boolean =>
  state.analysisStatus === 'running' ||
  state.batch !== null ||
  state.suggestionsLoading ||
  state.implementing ||
  state.images.some(isRunning);

/** Images can be added, removed or cleared only on the idle upload page (where the grid and import form are). */
export const canEditImages = (state: WorkflowState): boolean => currentView(state) === 'upload';

/** Analysis runs again unless it succeeded for exactly the images held now. */
export const needsAnalysis = (state: WorkflowState): boolean =>
  state.analysisStatus !== 'done' || state.images.some((image) => !state.analysedImageIds.includes(image.id));

/**
 * The modes one photo gets. In 'Alle gleich' a room's own modes apply only to the photos of that room (a
 * kitchen's 'Arbeitsflächen freiräumen' means nothing for the bedroom); 'Einzeln' is taken as chosen.
 */
export function selectedModesFor(state: WorkflowState, imageId: string): string[] {
  const selection = state.modeSelection;
  if (selection.kind === 'individual') return selection.perImage[imageId] ?? [];
  const room = roomTypeFor(state, imageId);
  return selection.uniform.filter((id) => modeFitsRoom(id, room));
}

export interface PlannedJob {
  imageId: string;
  modes: string[];
}

/** What 'Optimierungen anwenden' will process, in image order. In individual mode, images without modes are skipped. */
export function plannedJobs(state: WorkflowState): PlannedJob[] {
  return state.images
    .map((image) => ({ imageId: image.id, modes: selectedModesFor(state, image.id) }))
    .filter((job) => job.modes.length > 0);
}

/** The count in the sticky bar: modes chosen, summed over images in individual mode. */
export function selectedModeCount(state: WorkflowState): number {
  if (state.modeSelection.kind === 'uniform') return state.modeSelection.uniform.length;
  return plannedJobs(state).reduce((sum, job) => sum + job.modes.length, 0);
}

/**
 * Credits a run costs. The price of one mode comes from the caller (core/catalog), so this module holds no
 * prices; SPEC section 9 charges per image per selected mode.
 */
export function creditsNeeded(state: WorkflowState, costOf: (modeId: string) => number): number {
  return plannedJobs(state).reduce(
    (sum, job) => sum + job.modes.reduce((perImage, modeId) => perImage + costOf(modeId), 0),
    0,
  );
}

/** The message under a disabled apply button, as an i18n key, or null when applying is allowed. */
export function applyValidation(state: WorkflowState): MessageKey | null {
  // 'Wähle mindestens eine Optimierung'
  return plannedJobs(state).length === 0 ? 'modes.pickAtLeastOne' : null;
}

export const canApply = (state: WorkflowState): boolean => applyValidation(state) === null;

/** Finished images of the running batch, successful or not ('x von n Bildern fertig'). 0 without a batch. */
export const doneCount = (state: WorkflowState): number =>
  state.batch ? state.batch.done + state.batch.failed : 0;

/**
 * The images sent to suggestion generation (the enhanced ones), in this order: a suggestion's 'Bild n:' refers
 * to the n-th of them, and the machine ties it to that image's id.
 */
export const suggestionSourceImages = (state: WorkflowState): ImageItem[] =>
  state.images.filter((image) => image.status === 'enhanced' && image.enhancedKey !== undefined);

/** The ticked suggestions; a tip the server cannot carry out never counts, even if a saved state ticked it. */
export const selectedSuggestions = (state: WorkflowState): Suggestion[] =>
  state.suggestions.filter((suggestion) => suggestion.selected && !suggestion.tipOnly);

/** One line sent to be implemented, and how 'Angewendete Verbesserungen' names it. */
export interface ImplementLine {
  line: string;
  label: string;
}

export interface PhotoImplementPlan {
  imageId: string;
  /** Empty: nothing is meant for this photo, it is not sent. */
  lines: ImplementLine[];
}

/**
 * What 'Vorschläge umsetzen' sends, per photo in suggestion order: the ticked suggestions made for that photo or
 * for all ('Titel: Beschreibung'), then the custom text, which is meant for every photo.
 */
export function implementPlan(state: WorkflowState): PhotoImplementPlan[] {
  const custom = state.customSuggestion.trim();
  const ticked = selectedSuggestions(state);
  return suggestionSourceImages(state).map((image) => ({
    imageId: image.id,
    lines: [
      ...ticked
        .filter((suggestion) => suggestion.imageId === undefined || suggestion.imageId === image.id)
        .map((suggestion) => ({
          line: `${suggestion.title}: ${suggestion.description}`,
          label: suggestion.title,
        })),
      ...(custom ? [{ line: custom, label: custom }] : []),
    ],
  }));
}

export function roomTypeFor(state: WorkflowState, imageId: string): RoomType | undefined {
  return state.analysis?.perImage[imageId];
}

/** Every photo's detected room (once each); empty when the analysis did not say. */
export function analysedRooms(analysis: Pick<WorkflowAnalysis, 'roomType' | 'perImage'> | null): RoomType[] {
  if (!analysis) return [];
  const rooms = unique(Object.values(analysis.perImage ?? {}));
  if (rooms.length > 0) return rooms;
  return analysis.roomType === 'mixed' ? [] : [analysis.roomType];
}

/**
 * The preselection: the analysis's recommended modes, or the first two room modes when there are none (SPEC
 * section 4), cut to what runs here and does something on the photos' rooms, to what the user can run now (free
 * modes unless `canRunPaid`: device modes, and the server modes the server's `capabilities` make free) and never
 * two modes that do the same thing (core/catalog's preselectModes). Until the server said what it can do, no
 * server mode is preselected.
 */
export function defaultModes(
  analysis: WorkflowAnalysis | null,
  roomModeIds: readonly string[],
  canRunPaid: boolean,
  capabilities?: AiCapabilities,
): string[] {
  const recommended = analysis ? unique(analysis.recommendedModes) : [];
  const candidates = recommended.length > 0 ? recommended : unique(roomModeIds).slice(0, 2);
  return preselectModes(candidates, canRunPaid, capabilities, analysedRooms(analysis));
}

export function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/** One product of the arrangement: how many of its pieces stand in the photo and what they cost, euro cents. */
export interface ArrangedLine {
  product: StagingProduct;
  quantity: number;
  totalCents: number;
}

/**
 * The shopping list of what is placed now, in the order the pieces were placed: it follows every move, removal
 * and swap in the arranging step, and is what the finish pays for.
 */
export function stagingLines(session: StagingSession): { lines: ArrangedLine[]; totalCents: number } {
  const byId = new Map([...session.alternatives, ...session.products].map((p) => [p.id, p]));
  const lines = new Map<string, ArrangedLine>();
  for (const piece of session.pieces) {
    const product = byId.get(piece.id);
    if (!product) continue;
    const line = lines.get(piece.id) ?? { product, quantity: 0, totalCents: 0 };
    line.quantity += 1;
    line.totalCents += product.product.price;
    lines.set(piece.id, line);
  }
  const list = [...lines.values()];
  return { lines: list, totalCents: list.reduce((sum, line) => sum + line.totalCents, 0) };
}
